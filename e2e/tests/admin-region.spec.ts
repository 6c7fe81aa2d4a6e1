import { expect, test } from '@playwright/test';
import { button, confirmDelete, fieldError, formDialog, region, row, search } from '../support/crud';
import { signIn, toast } from '../support/session';
import { openFromSideMenu } from '../support/shell';

test('a district is added below 广州市 in the region tree, found and deleted', async ({ page }) => {
  test.setTimeout(120_000);
  // A retry after a failure half-way does not meet the row the failed try left behind.
  const code = `4401${99 - test.info().retry}`;
  const name = '端到端区';
  await signIn(page);
  await openFromSideMenu(page, '基础配置', '行政区划');

  const tree = page.getByRole('tree', { name: '行政区划树' });
  const list = region(page, '下级区划');
  // Nothing picked: the provinces are listed.
  // The page's chunk loads with its first visit, which takes long on a busy machine.
  await expect(list.getByText('省级区划(全部省份)')).toBeVisible({ timeout: 30_000 });
  await expect(list.getByText('共 34 条')).toBeVisible();

  const guangdong = tree.locator('.ant-tree-treenode').filter({ hasText: /^广东省$/ });
  await guangdong.locator('.ant-tree-switcher').click();
  const guangzhou = tree.locator('.ant-tree-treenode').filter({ hasText: /^广州市$/ });
  await expect(guangzhou).toBeVisible();
  await expect(tree.locator('.ant-tree-treenode').filter({ hasText: /^深圳市$/ })).toBeVisible();
  // 广州市 has nothing below it yet: a leaf without a switcher to open.
  await expect(guangzhou.locator('.ant-tree-switcher-noop')).toHaveCount(1);

  await guangzhou.getByText('广州市', { exact: true }).click();
  await expect(list.getByText('广州市(440100)的下级区划')).toBeVisible();
  await expect(list.locator('.ant-table-placeholder')).toBeVisible();

  await button(list, '新增').click();
  const dialog = formDialog(page);
  await expect(dialog.getByLabel('上级区划编号')).toHaveValue('440100');
  await expect(dialog.getByLabel('上级区划编号')).toBeDisabled();
  // A code of the wrong shape is refused by the server, shown under the field.
  await dialog.getByLabel('区划编号', { exact: true }).fill('4401');
  await dialog.getByLabel('区划名称').fill(name);
  await button(dialog, '保存').click();
  await expect(fieldError(dialog, '区划编号须为6位数字')).toBeVisible();
  await dialog.getByLabel('区划编号', { exact: true }).fill(code);
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(row(list, code)).toContainText(name);
  await expect(row(list, code)).toContainText('区县');
  // The tree learns that 广州市 now has a region below it.
  await expect(guangzhou.locator('.ant-tree-switcher-noop')).toHaveCount(0);

  await search(list, { 区划名称: '端到端' });
  await expect(list.getByText('共 1 条')).toBeVisible();
  await button(row(list, code), '查看').click();
  await expect(formDialog(page).locator('.ant-descriptions')).toContainText('广州市');
  await page.keyboard.press('Escape');
  await expect(formDialog(page)).toBeHidden();

  await button(row(list, code), '删除').click();
  await confirmDelete(page);
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(row(list, code)).toHaveCount(0);
  await expect(list.locator('.ant-table-placeholder')).toBeVisible();
  await expect(guangzhou.locator('.ant-tree-switcher-noop')).toHaveCount(1);
});
