import { expect, test } from '@playwright/test';
import { button, confirmDelete, fieldError, formDialog, pickPageSize, region, resetSearch, row, search, signInTo } from '../support/crud';
import { toast } from '../support/session';

test.beforeEach(async ({ page }) => {
  await signInTo(page, '/system/param/index');
});

test('a parameter is added, found, edited and deleted', async ({ page }) => {
  const list = region(page, '参数');
  await button(list, '新增').click();
  const dialog = formDialog(page);
  await expect(dialog.getByText('新增参数')).toBeVisible();
  await button(dialog, '保存').click();
  await expect(fieldError(dialog, '请输入参数名称')).toBeVisible();
  await expect(fieldError(dialog, '请输入参数键名')).toBeVisible();
  await expect(fieldError(dialog, '请输入参数键值')).toBeVisible();

  await dialog.getByLabel('参数名称').fill('证书有效期');
  await dialog.getByLabel('参数键名').fill('e2e.card.years');
  await dialog.getByLabel('参数键值').fill('5');
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await search(list, { 参数名称: '证书有效期' });
  await expect(list.getByText('共 1 条')).toBeVisible();
  await expect(row(list, 'e2e.card.years')).toHaveCount(1);

  await button(row(list, 'e2e.card.years'), '编辑').click();
  await expect(dialog.getByLabel('参数键值')).toHaveValue('5');
  await dialog.getByLabel('参数键值').fill('8');
  await button(dialog, '修改').click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(row(list, 'e2e.card.years')).toContainText('8');

  await button(row(list, 'e2e.card.years'), '删除').click();
  await confirmDelete(page);
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(row(list, 'e2e.card.years')).toHaveCount(0);
});

test('a duplicate key is refused with the server message', async ({ page }) => {
  const list = region(page, '参数');
  await button(list, '新增').click();
  const dialog = formDialog(page);
  await dialog.getByLabel('参数名称').fill('重复的键');
  await dialog.getByLabel('参数键名').fill('account.initPassword');
  await dialog.getByLabel('参数键值').fill('x');
  await button(dialog, '保存').click();
  await expect(toast(page, '参数键名已存在')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('the page size changes the rows asked for', async ({ page }) => {
  const list = region(page, '参数');
  await expect(list.getByText(/共 \d+ 条/)).toBeVisible();
  const asked = page.waitForRequest((r) => r.url().includes('/blade-system/param/list') && r.url().includes('size=30'));
  await pickPageSize(list, 30);
  await asked;
  await expect(list.locator('.ant-pagination-options')).toContainText('30 条/页');
});

test('bulk delete with nothing selected warns', async ({ page }) => {
  await button(region(page, '参数').locator('.entity-toolbar'), '删除').click();
  await expect(toast(page, '请选择至少一条数据')).toBeVisible();
});

test('bulk delete removes the selected rows after confirmation', async ({ page }) => {
  const list = region(page, '参数');
  for (const key of ['e2e.bulk.a', 'e2e.bulk.b']) {
    await button(list, '新增').click();
    const dialog = formDialog(page);
    await dialog.getByLabel('参数名称').fill(`批量${key}`);
    await dialog.getByLabel('参数键名').fill(key);
    await dialog.getByLabel('参数键值').fill('1');
    await button(dialog, '保存').click();
    await expect(dialog).toBeHidden();
  }
  await search(list, { 参数键名: 'e2e.bulk' });
  await expect(list.getByText('共 2 条')).toBeVisible();
  await list.locator('thead .ant-checkbox-input').check();
  await button(list.locator('.entity-toolbar'), '删除').click();
  await confirmDelete(page);
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(0);
  await resetSearch(list);
});
