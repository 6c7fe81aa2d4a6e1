import { expect, test } from '@playwright/test';
import { button, confirmDelete, formDialog, openPage, region, row, search } from '../support/crud';
import { signIn, toast } from '../support/session';

test('a data scope added under a menu is listed there and offered in the grant dialog of a role', async ({ page }) => {
  const tag = Date.now().toString(36).slice(-6);
  const name = `端到端范围${tag}`;
  await signIn(page, undefined, '/authority/datascope/index');
  const list = region(page, '数据权限');
  await expect(list.getByText('请在左侧选择菜单')).toBeVisible();
  await page.locator('.user-dept-tree').getByText('岗位管理', { exact: true }).click();
  await expect(list.getByText('数据权限: 岗位管理')).toBeVisible();
  await button(list, '新增').click();
  const dialog = formDialog(page);
  await dialog.getByLabel('权限名称', { exact: true }).fill(name);
  await dialog.getByLabel('权限字段', { exact: true }).fill('create_user');
  await dialog.getByLabel('规则类型', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '本人可见' }).click();
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(list, name)).toHaveCount(1);
  await expect(row(list, name)).toContainText('post');
  // Another menu does not list it.
  await page.locator('.user-dept-tree').getByText('部门管理', { exact: true }).click();
  await expect(list.getByText('数据权限: 部门管理')).toBeVisible();
  await expect(row(list, '本机构及子级可见')).toHaveCount(1);
  await expect(row(list, name)).toHaveCount(0);

  await openPage(page, '/authority/role/index');
  const roles = region(page, '角色');
  await search(roles, { 角色名称: '校友办管理员' });
  await button(row(roles, '校友办管理员'), '权限设置').click();
  const grant = page.getByRole('dialog').filter({ hasText: '权限设置: 校友办管理员' });
  await expect(grant.getByRole('tab', { name: '菜单权限' })).toBeVisible();
  await grant.getByRole('tab', { name: '数据权限' }).click();
  const scopes = grant.getByLabel('数据权限');
  await expect(scopes.locator('.ant-tree-treenode').filter({ hasText: /^岗位管理$/ })).toHaveCount(1);
  await expect(scopes.locator('.ant-tree-treenode').filter({ hasText: name })).toHaveCount(1);
  await grant.getByRole('tab', { name: '接口权限' }).click();
  await expect(grant.getByText('暂无可授予的权限')).toBeVisible();
  await button(grant, '取消').click();
  await expect(grant).toBeHidden();

  await page.goto('/authority/datascope/index');
  await page.locator('.user-dept-tree').getByText('岗位管理', { exact: true }).click();
  await button(row(list, name), '删除').click();
  await confirmDelete(page);
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(row(list, name)).toHaveCount(0);
});
