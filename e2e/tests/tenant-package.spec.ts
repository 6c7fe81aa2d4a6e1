import { expect, test } from '@playwright/test';
import { button, confirmDelete, fieldError, formDialog, pickPageSize, region, row, search, signInTo } from '../support/crud';
import { toast } from '../support/session';

test.beforeEach(async ({ page }) => {
  await signInTo(page, '/system/tenantpackage/index');
});

test('a tenant package is added with menus, found, edited and deleted', async ({ page }) => {
  const list = region(page, '租户产品包');
  await expect(row(list, '校友基础版')).toHaveCount(1);
  await expect(button(row(list, '校友基础版'), '查看')).toHaveCount(0);
  await expect(row(list, '校友基础版').locator('.ant-tree')).toContainText('业务字典');

  await button(list, '新增').click();
  const dialog = formDialog(page);
  await button(dialog, '保存').click();
  await expect(fieldError(dialog, '请输入产品包名称')).toBeVisible();
  await expect(fieldError(dialog, '请选择菜单')).toBeVisible();

  await dialog.getByLabel('产品包名称').fill('端到端产品包');
  await dialog.getByLabel('菜单列表').click();
  const tree = page.locator('.ant-select-dropdown:visible');
  const node = tree.locator('.ant-select-tree-treenode').filter({ hasText: '参数管理' }).first();
  const box = node.locator('.ant-select-tree-checkbox');
  // A click landing while the drop-down still slides in is lost; like a user, click again until it shows checked.
  await expect(async () => {
    if (!/checkbox-checked/.test((await box.getAttribute('class')) ?? '')) await box.click();
    await expect(box).toHaveClass(/ant-select-tree-checkbox-checked/, { timeout: 1_000 });
  }).toPass();
  await page.keyboard.press('Escape');
  await expect(tree).toBeHidden();
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();

  await search(list, { 产品包名称: '端到端' });
  await expect(row(list, '端到端产品包')).toHaveCount(1);
  await expect(row(list, '端到端产品包').locator('.ant-tree')).toContainText('参数管理');

  await button(row(list, '端到端产品包'), '编辑').click();
  await dialog.getByLabel('产品包名称').fill('端到端产品包二');
  await button(dialog, '修改').click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(row(list, '端到端产品包二')).toHaveCount(1);

  await button(row(list, '端到端产品包二'), '删除').click();
  await confirmDelete(page);
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(row(list, '端到端产品包二')).toHaveCount(0);
});

test('tenant packages: page size and the empty bulk delete', async ({ page }) => {
  const list = region(page, '租户产品包');
  const asked = page.waitForRequest((r) => r.url().includes('/tenant-package/list') && r.url().includes('size=50'));
  await pickPageSize(list, 50);
  await asked;
  await button(list.locator('.entity-toolbar'), '删除').click();
  await expect(toast(page, '请选择至少一条数据')).toBeVisible();
});
