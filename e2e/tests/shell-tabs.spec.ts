import { expect, test } from '@playwright/test';
import { signIn, toast } from '../support/session';
import { chooseInTabMenu, confirm, openFromSideMenu, expectTabs, tab, tabBar, visit } from '../support/shell';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('pages open as tabs once each, and the tabs survive a reload', async ({ page }) => {
  await expect(tab(page, '首页')).toBeVisible();
  // Each page is let open (its tab shown and active) before the next click, as a user would see it.
  const open = async (name: string) => {
    await openFromSideMenu(page, '系统管理', name);
    await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
  };
  await open('参数管理');
  await expect(page).toHaveURL(/\/system\/param\/index$/);
  await open('字典管理');
  await open('参数管理');
  await expectTabs(page, ['首页', '参数管理', '字典管理']);
  await expect(tab(page, '参数管理')).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expectTabs(page, ['首页', '参数管理', '字典管理']);
  await tab(page, '首页').click();
  await expect(page).toHaveURL(/\/wel\/index$/);
});

test('the home tab and a lone tab cannot be closed; closing the active tab shows the previous one', async ({ page }) => {
  const homeClose = tab(page, '首页').locator('..').getByRole('button', { name: /remove|close/i });
  await expect(homeClose).toHaveCount(0);
  await visit(page, '/system/param/index', '参数管理');
  await visit(page, '/system/dict/index', '字典管理');
  await visit(page, '/test/index', '测试页');
  await expect(tab(page, '首页').locator('xpath=ancestor::div[contains(@class,"ant-tabs-tab")][1]').locator('.ant-tabs-tab-remove')).toHaveCount(0);
  await tabBar(page).locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
  await expect(page).toHaveURL(/\/system\/dict\/index$/);
  await expectTabs(page, ['首页', '参数管理', '字典管理']);
});

test('the right-click menu closes others (keeping home) and all (back to home)', async ({ page }) => {
  await visit(page, '/system/param/index', '参数管理');
  await visit(page, '/system/dict/index', '字典管理');
  await visit(page, '/test/index', '测试页');
  await chooseInTabMenu(page, '字典管理', '关闭其他');
  await expect(page).toHaveURL(/\/system\/dict\/index$/);
  await expectTabs(page, ['首页', '字典管理']);
  await chooseInTabMenu(page, '字典管理', '关闭全部');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expectTabs(page, ['首页']);
});

test('the tab search jumps to an open tab', async ({ page }) => {
  await visit(page, '/system/param/index', '参数管理');
  await visit(page, '/test/index', '测试页');
  await tabBar(page).getByRole('combobox', { name: '搜索标签' }).fill('参数');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '参数管理' }).click();
  await expect(page).toHaveURL(/\/system\/param\/index$/);
});

test('clear cache asks first, calls the server and confirms', async ({ page }) => {
  await tabBar(page).getByRole('button', { name: /更多/ }).click();
  const call = page.waitForResponse((res) => res.url().includes('/api/blade-auth/oauth/clear-cache'));
  await page.getByRole('menuitem', { name: '清除缓存' }).click();
  await confirm(page, '是否需要清除缓存?');
  expect((await call).status()).toBe(200);
  await expect(toast(page, '清除完毕')).toBeVisible();
});
