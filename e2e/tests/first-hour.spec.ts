import { expect, test } from '@playwright/test';
import { button, formDialog, openPage, region, row, search, signInTo } from '../support/crud';
import { signIn, toast } from '../support/session';
import { chooseInTabMenu, expectTabs, openFromSideMenu, tab } from '../support/shell';

test('right-click 关闭 on an inactive tab closes that tab and leaves the active one', async ({ page }) => {
  await signIn(page);
  for (const name of ['参数管理', '字典管理', '岗位管理']) {
    await openFromSideMenu(page, '系统管理', name);
    await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
  }
  await chooseInTabMenu(page, '字典管理', '关闭');
  await expectTabs(page, ['首页', '参数管理', '岗位管理']);
  await expect(tab(page, '岗位管理')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/system\/post\/index$/);
});

test('the side menu scrolls on its own: the header and the tabs stay at the top, pages open at their top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 520 });
  await signIn(page);
  const sider = page.locator('.app-sider');
  // Open every group so the menu is taller than the window.
  for (const group of await sider.locator('.ant-menu-submenu-title').all()) {
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  }
  const scrolled = await sider.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
    return el.scrollTop;
  });
  expect(scrolled).toBeGreaterThan(0);
  await sider.getByRole('menuitem', { name: /接口日志/ }).click();
  await expect(page).toHaveURL(/\/monitor\/log\/api\/index$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const header = await page.locator('.app-header').boundingBox();
  expect(header?.y).toBe(0);
  await expect(page.getByTestId('tab-bar')).toBeInViewport();
  expect(await page.locator('.app-content').evaluate((el) => el.scrollTop)).toBe(0);
});

test('an empty lock password is a form message, not an error in the log', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: '锁屏' }).click();
  const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
  await dialog.getByRole('button', { name: /锁\s*屏/ }).click();
  await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible();
  await page.waitForTimeout(300);
  await expect(page.locator('.log-badge .ant-badge-count')).toHaveCount(0);
});

test('the user form refuses what the personal-info form refuses; views read as text; types show their names', async ({ page }) => {
  await signInTo(page, '/system/user/index');
  const users = region(page, '用户');
  await button(users, '新增').click();
  const dialog = formDialog(page);
  await dialog.getByLabel('手机号码', { exact: true }).fill('12345678901');
  await dialog.getByLabel('邮箱', { exact: true }).fill('中文@x.com');
  await button(dialog, '保存').click();
  await expect(dialog.locator('.ant-form-item-explain-error').filter({ hasText: '请输入正确的手机号码' })).toBeVisible();
  await expect(dialog.locator('.ant-form-item-explain-error').filter({ hasText: '格式不正确,不能包含中文' })).toBeVisible();
  await page.keyboard.press('Escape');

  await search(users, { 登录账号: 'office' });
  await button(row(users, 'office'), '查看').click();
  const view = formDialog(page);
  await expect(view.locator('.ant-descriptions')).toBeVisible();
  await expect(view.locator('input:disabled')).toHaveCount(0);
  const shown = (label: string) => view.locator('.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::td[1]');
  await expect(shown('用户平台')).toHaveText('WEB');
  await expect(shown('性别')).toHaveText(/^(男|女)$/);
  await page.keyboard.press('Escape');

  await openPage(page, '/system/menu/index');
  const menus = region(page, '菜单');
  await search(menus, { 菜单名称: '用户管理' });
  await expect(row(menus, '/system/user')).toContainText('菜单');
});

test('the user form uploads an avatar with a preview, and the view shows the picture', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 401) refused.push(res.url());
  });
  await signInTo(page, '/system/user/index');
  const users = region(page, '用户');
  await search(users, { 登录账号: 'foundation' });
  await button(row(users, 'foundation'), '编辑').click();
  const dialog = formDialog(page);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png });
  const preview = dialog.locator('img.avatar-image');
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await button(dialog, '修改').click();
  await expect(toast(page, /成功/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await button(row(users, 'foundation'), '查看').click();
  const view = formDialog(page);
  const shown = view.locator('.ant-descriptions-item-label', { hasText: '头像' }).locator('xpath=following-sibling::td[1]').locator('img');
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  expect(refused).toEqual([]);
});

test('menus and departments are tree tables: the top level first, children when a row is expanded', async ({ page }) => {
  await signInTo(page, '/system/menu/index');
  const menus = region(page, '菜单');
  const system = menus.locator('tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name: '系统管理', exact: true }) });
  await expect(system).toBeVisible();
  await expect(row(menus, '/system/user')).toHaveCount(0);
  await expect(menus.locator('.ant-pagination')).toHaveCount(0);
  await system.locator('.ant-table-row-expand-icon').click();
  await expect(row(menus, '/system/user')).toBeVisible();

  await openPage(page, '/system/dept/index');
  const depts = region(page, '部门');
  const root = depts.locator('tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name: '示范大学', exact: true }) }).first();
  await expect(root).toBeVisible();
  await expect(row(depts, '校友工作办公室')).toHaveCount(0);
  await root.locator('.ant-table-row-expand-icon').click();
  await expect(row(depts, '校友工作办公室').first()).toBeVisible();
});

test('an uploaded avatar shows, after a reload too, without a refused image', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 401) refused.push(res.url());
  });
  // The second tenant's administrator: no other test signs in as, locks or edits this account.
  await signIn(page, { tenantId: '100001', account: 'admin' }, '/info/index');
  // The form shows the account's details first: a picture chosen before they arrive would be replaced by them.
  await expect(page.getByLabel('姓名')).not.toHaveValue('');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await page.locator('input[type=file]').first().setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
  const avatar = page.locator('img.avatar-image');
  await expect(avatar).toBeVisible();
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await page.getByRole('button', { name: /提\s*交/ }).first().click();
  await expect(toast(page, /成功/)).toBeVisible();
  await page.reload();
  await expect.poll(() => page.locator('img.avatar-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expect.poll(() => page.getByTestId('user-menu').locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  expect(refused).toEqual([]);
});
