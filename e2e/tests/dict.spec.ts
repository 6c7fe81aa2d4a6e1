import { expect, test } from '@playwright/test';
import { button, openPage, pickPageSize, region, row, signInTo } from '../support/crud';
import { dictionaryRoundTrip } from '../support/dict';
import { toast } from '../support/session';

test('the system dictionary shows parents and the entries of the one picked', async ({ page }) => {
  await signInTo(page, '/system/dict/index');
  const parents = region(page, '字典列表');
  await expect(row(parents, 'sex')).toHaveCount(1);
  await button(row(parents, 'sex'), '字典配置').click();
  const children = region(page, '字典配置');
  await expect(row(children, '男')).toHaveCount(1);
  await expect(row(children, '女')).toHaveCount(1);
  await page.screenshot({ path: 'screenshots/dict.png', fullPage: true });
});

test('system dictionary: add, search, edit and delete a dictionary and its entries', async ({ page }) => {
  await signInTo(page, '/system/dict/index');
  await dictionaryRoundTrip(page, 'e2e_sys', '端到端字典');
});

test('system dictionary: page size and the empty bulk delete', async ({ page }) => {
  await signInTo(page, '/system/dict/index');
  const parents = region(page, '字典列表');
  await expect(parents.getByText(/共 \d+ 条/)).toBeVisible();
  const asked = page.waitForResponse((r) => r.url().includes('/blade-system/dict/parent-list') && r.url().includes('size=30'));
  await pickPageSize(parents, 30);
  await asked;
  await expect.poll(() => parents.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(10);
  await button(parents.locator('.entity-toolbar'), '删除').click();
  await expect(toast(page, '请选择至少一条数据')).toBeVisible();
});

test('the horizontal and vertical layouts show the system dictionary', async ({ page }) => {
  await signInTo(page, '/dict-horizontal/index');
  await expect(row(region(page, '字典列表'), 'sex')).toHaveCount(1);
  await expect(page.getByText('请在左侧字典列表中选择一个字典')).toBeVisible();
  await page.screenshot({ path: 'screenshots/dict-horizontal.png', fullPage: true });
  await openPage(page, '/dict-vertical/index');
  await expect(row(region(page, '字典列表'), 'sex')).toHaveCount(1);
  await expect(page.getByText('请在上方字典列表中选择一个字典')).toBeVisible();
});
