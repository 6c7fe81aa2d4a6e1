import { expect, test } from '@playwright/test';
import { button, region, row, signInTo } from '../support/crud';
import { signIn } from '../support/session';

test('office sees parameters without add or delete buttons', async ({ page }) => {
  await signInTo(page, '/system/param/index', { account: 'office' });
  const list = region(page, '参数');
  await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(button(list, '新增')).toHaveCount(0);
  await expect(button(list.locator('.entity-toolbar'), '删除')).toHaveCount(0);
  const first = list.locator('tbody tr.ant-table-row').first();
  await expect(button(first, '编辑')).toBeVisible();
  await expect(button(first, '删除')).toHaveCount(0);
});

test('office has every button of the business dictionary', async ({ page }) => {
  await signInTo(page, '/system/dictbiz/index', { account: 'office' });
  const parents = region(page, '字典列表');
  await expect(button(parents, '新增')).toBeVisible();
  await expect(button(parents.locator('.entity-toolbar'), '删除')).toBeVisible();
  const first = parents.locator('tbody tr.ant-table-row').first();
  for (const name of ['查看', '编辑', '删除']) await expect(button(first, name)).toBeVisible();
  await expect(row(parents, '')).not.toHaveCount(0);
});

test('the menus follow the user: office has no tenant packages', async ({ page }) => {
  await signIn(page, { account: 'office' });
  const menu = page.getByRole('complementary').getByRole('menu');
  await expect(menu.getByText('业务字典')).toBeVisible();
  await expect(menu.getByText('租户产品包')).toHaveCount(0);
});
