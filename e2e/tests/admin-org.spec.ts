import { expect, test, type Locator, type Page } from '@playwright/test';
import { button, formDialog, openPage, region, row, search, signInTo } from '../support/crud';
import { signIn, toast } from '../support/session';

/** Picks a node of a tree select by its title, typed into the field to filter the tree. */
async function pickInTree(page: Page, field: Locator, title: string): Promise<void> {
  await field.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown).toBeVisible();
  await field.pressSequentially(title);
  await dropdown.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: new RegExp(`^${title}$`) }).first().click();
  // A single choice closes the drop-down itself; a multiple one stays open for more (Escape closes
  // it — pressed on a closed one, Escape would close the dialog instead).
  if ((await field.getAttribute('aria-expanded')) === 'true') await field.press('Escape');
  await expect(dropdown).toBeHidden();
}

async function add(page: Page, list: Locator, fields: Record<string, string>, trees: Record<string, string> = {}): Promise<void> {
  await button(list, '新增').click();
  const dialog = formDialog(page);
  for (const [name, value] of Object.entries(fields)) await dialog.getByLabel(name, { exact: true }).fill(value);
  for (const [name, title] of Object.entries(trees)) await pickInTree(page, dialog.getByLabel(name, { exact: true }), title);
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a department, a post, a role granted one menu and a user with it: the user sees exactly that', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  await signInTo(page, '/system/dept/index');
  await add(page, region(page, '部门'), { 部门名称: `端到端部门${tag}` }, { 上级部门: '示范大学' });

  await openPage(page, '/system/post/index');
  await add(page, region(page, '岗位'), { 岗位编号: `p${tag}`, 岗位名称: `端到端岗位${tag}` });

  await openPage(page, '/authority/role/index');
  const roles = region(page, '角色');
  await add(page, roles, { 角色名称: `端到端角色${tag}`, 角色排序: '9', 角色别名: `e2e_${tag}` });
  await search(roles, { 角色名称: tag });
  await button(row(roles, `端到端角色${tag}`), '权限设置').click();
  const grant = page.getByRole('dialog').filter({ hasText: `权限设置: 端到端角色${tag}` });
  await grant.locator('.ant-tree-treenode').filter({ hasText: /^岗位管理$/ }).locator('.ant-tree-checkbox').click();
  await button(grant, '确定').click();
  await expect(toast(page, '操作成功!')).toBeVisible();

  await openPage(page, '/system/user/index');
  const users = region(page, '用户');
  await add(page, users, { 登录账号: `e2e${tag}`, 用户昵称: 'e2e', 用户姓名: '端到端' }, {
    所属角色: `端到端角色${tag}`, 所属部门: `端到端部门${tag}`, 所属岗位: `端到端岗位${tag}`,
  });
  await page.locator('.user-dept-tree').getByText(`端到端部门${tag}`).click();
  await expect(row(users, `e2e${tag}`)).toHaveCount(1);
  await expect(users.locator('tbody tr.ant-table-row')).toHaveCount(1);

  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await signIn(page, { account: `e2e${tag}` });
  const menu = page.getByRole('complementary');
  await expect(menu.getByText('系统管理')).toBeVisible();
  await expect(menu.getByText('岗位管理')).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveCount(3); // 首页, 系统管理, 岗位管理
  await expect(menu.getByText('用户管理')).toHaveCount(0);
  await expect(menu.getByText('部门管理')).toHaveCount(0);
  await openPage(page, '/system/post/index');
  const posts = region(page, '岗位');
  await expect(button(posts, '新增')).toBeVisible();
  await expect(button(row(posts, `端到端岗位${tag}`), '查看')).toBeVisible();
});

test('office may reset and unlock users but not give roles or delete them', async ({ page }) => {
  await signInTo(page, '/system/user/index', { account: 'office' });
  const leader = row(region(page, '用户'), 'leader');
  await expect(button(leader, '密码重置')).toBeVisible();
  await expect(button(leader, '账号解封')).toBeVisible();
  await expect(button(leader, '角色配置')).toHaveCount(0);
  await expect(button(leader, '删除')).toHaveCount(0);
  await button(leader, '账号解封').click();
  await button(page.getByRole('dialog').filter({ hasText: '确定将选择账号解封?' }), '确定').click();
  await expect(toast(page, '操作成功!')).toBeVisible();
});

test('a tenant created with a package: its administrator signs in and sees the package menus', async ({ page }) => {
  test.setTimeout(120_000);
  const code = `e${Date.now().toString(36).slice(-7)}`;
  await signInTo(page, '/system/tenant/index');
  const tenants = region(page, '租户');
  await add(page, tenants, { 租户编号: code, 租户名称: `端到端租户${code}` });
  await search(tenants, { 租户编号: code });
  await button(row(tenants, code), '产品包配置').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '产品包配置' });
  await dialog.getByLabel('产品包').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '校友基础版' }).click();
  await button(dialog, '确定').click();
  await expect(toast(page, '操作成功!')).toBeVisible();

  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await signIn(page, { tenantId: code, account: 'admin' });
  const menu = page.getByRole('complementary');
  await expect(menu.getByText('用户管理')).toBeVisible();
  await expect(menu.getByText('角色管理')).toBeVisible();
  await expect(menu.getByText('参数管理')).toHaveCount(0);
});
