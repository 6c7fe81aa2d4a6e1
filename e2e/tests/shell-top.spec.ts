import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('the full-screen menu search lists leaves by prefix and closes with Esc, backdrop or a choice', async ({ page }) => {
  await page.getByRole('button', { name: '菜单搜索' }).click();
  const overlay = page.getByRole('dialog', { name: '菜单搜索' });
  const input = overlay.getByRole('textbox', { name: '菜单搜索' });
  await input.fill('参数');
  await expect(overlay.getByRole('button')).toHaveText([/参数管理/]);
  await input.fill('管理');
  await expect(overlay.getByRole('button')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();

  await page.getByRole('button', { name: '菜单搜索' }).click();
  await overlay.click({ position: { x: 5, y: 5 } });
  await expect(overlay).toBeHidden();

  await page.getByRole('button', { name: '菜单搜索' }).click();
  await input.fill('字典');
  await overlay.getByRole('button', { name: /字典管理/ }).click();
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(/\/system\/dict\/index$/);
  await page.getByRole('button', { name: '菜单搜索' }).click();
  await expect(input).toHaveValue('');
});

test('the search ignores case (English names)', async ({ page }) => {
  await page.locator('.ant-segmented').getByText('EN', { exact: true }).click();
  const box = page.getByRole('combobox', { name: 'Search menus' });
  await box.fill('PARAM');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Parameters' }).click();
  await expect(page).toHaveURL(/\/system\/param\/index$/);
  await expect(box).toHaveValue('');
  await page.locator('.ant-segmented').getByText('中文', { exact: true }).click();
});

test('the top menu reloads the side menu for the chosen top menu', async ({ page }) => {
  const top = page.locator('.top-menu');
  const items = top.getByRole('menuitem');
  await expect(items.first()).toHaveText(/首页/);
  // 首页 is drawn before the top menus' answer adds the others.
  await expect.poll(() => items.count()).toBeGreaterThan(1);
  const second = items.nth(1);
  // The answer, not only the request: a click before it lands could be overtaken by it.
  const call = page.waitForResponse((res) => res.url().includes('/api/blade-system/menu/routes?topMenuId='));
  await second.click();
  await call;
  await items.first().click();
  await expect(page.locator('.app-sider').getByText('系统管理')).toBeVisible();
});

test('the notice popover has the unread notices, the messages waiting for an answer and the to-dos', async ({ page }) => {
  await page.getByRole('button', { name: '通知' }).click();
  for (const name of ['通知', '留言', '待办']) await expect(page.locator('.notice-popover').getByRole('tab', { name: new RegExp(name) })).toBeVisible();
  await page.locator('.notice-popover').getByRole('tab', { name: /留言/ }).click();
  // The board's messages waiting for an answer, each with who left it (no demo entries any more).
  const messages = page.locator('.notice-popover').getByRole('tabpanel').filter({ visible: true });
  await expect(messages.getByRole('link').first()).toContainText('留言人：');
  await expect(page.locator('.notice-popover')).not.toContainText('返校日活动报名已开放');
});

test('the user menu leads to the dashboard and user info, and logs out after confirmation', async ({ page }) => {
  await page.getByTestId('user-menu').hover();
  await expect(page.getByRole('menuitem', { name: '切换部门' })).toHaveCount(0);
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: /个人信息/ }).click();
  await expect(page).toHaveURL(/\/info\/index$/);
  await expect(page).toHaveTitle(/个人信息/);
  await page.getByTestId('user-menu').hover();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: /首页/ }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await page.getByTestId('user-menu').hover();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: /退出登录/ }).click();
  await page.getByRole('dialog').filter({ hasText: '退出系统, 是否继续?' }).getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('full screen toggles', async ({ page }) => {
  const button = page.getByRole('button', { name: '全屏' });
  await button.click();
  await expect(page.getByRole('button', { name: '退出全屏' })).toBeVisible();
  await page.getByRole('button', { name: '退出全屏' }).click();
  await expect(page.getByRole('button', { name: '全屏' })).toBeVisible();
});

test('fixed routes: test page, embedded page, target opens a new window, unknown is 404', async ({ page, context }) => {
  await page.goto('/test/index');
  await expect(page).toHaveTitle(/测试页/);
  await page.goto('/myiframe/site?name=示例&src=%2Fapi%2Fdoc.html');
  await expect(page.locator('iframe[title="示例"]')).toHaveAttribute('src', '/api/doc.html');
  await expect(page.getByTestId('tab-bar').getByRole('tab', { name: '示例' })).toBeVisible();
  await page.goto('/wel/index');
  const popup = context.waitForEvent('page');
  await page.goto('/test/index?target=_blank');
  const opened = await popup;
  await expect(opened).toHaveURL(/\/test\/index$/);
  await expect(page).toHaveURL(/\/wel\/index$/);
  await opened.close();
  await page.goto('/nothing/here');
  await expect(page).toHaveURL(/\/404$/);
});
