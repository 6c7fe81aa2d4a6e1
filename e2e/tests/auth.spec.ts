import { expect, test, type Page } from '@playwright/test';
import { button, label, openPage } from '../support/crud';
import { CLIENT, apiToken, fillLogin, signIn, submitLogin, toast } from '../support/session';

test('the login page shows the product and a captcha', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: '校友管理后台' })).toBeVisible();
  await expect(page.getByLabel('租户编号')).toHaveValue('000000');
  await expect(page.getByRole('img', { name: '验证码' })).toBeVisible();
  await expect(page).toHaveTitle(/登录/);
  await page.screenshot({ path: 'screenshots/login.png' });
});

/** Opens /login with the app's scripts held back until `release` is called: what shows is the index page alone. */
async function loginWithScriptsHeld(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  return release;
}

test('the login page shows before its scripts have run, with its captcha, which the page then takes', async ({ page }) => {
  const release = await loginWithScriptsHeld(page);
  const standIn = page.locator('#login-stand-in');
  await expect(standIn.locator('h1')).toHaveText('校友管理后台');
  const early = standIn.locator('img');
  await expect(early).toBeVisible();
  await expect.poll(() => early.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(130);
  const image = await early.getAttribute('src');
  await page.screenshot({ path: 'screenshots/login-stand-in.png' });
  release();
  // The page replaces the stand-in and shows the same captcha: the one the server put in the page.
  await expect(page.getByRole('img', { name: '验证码' })).toHaveAttribute('src', image ?? '');
  await expect(standIn).toHaveCount(0);
  await expect(page.getByLabel('租户编号')).toHaveValue('000000');
});

test('the stand-in speaks the language chosen last time', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('saber-settings', JSON.stringify({ state: { lang: 'en' }, version: 0 })));
  const release = await loginWithScriptsHeld(page);
  await expect(page.locator('#login-stand-in h1')).toHaveText('Alumni back-office');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  release();
  await expect(page.getByRole('heading', { name: 'Alumni back-office' })).toBeVisible();
  await expect(page.locator('#login-stand-in')).toHaveCount(0);
});

test('the login form asks for the empty fields', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page);
  await expect(page.getByText('请输入账号')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
  await expect(page.getByText('请输入验证码')).toBeVisible();
});

test('the administrator signs in and sees the menus from the server', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('dashboard-greeting')).toContainText(/(上午好|下午好|晚上好)，系统管理员/);
  const menu = page.getByRole('complementary').getByRole('menu');
  await expect(menu.getByText('系统管理')).toBeVisible();
  for (const name of ['字典管理', '业务字典', '参数管理', '租户产品包']) await expect(menu.getByText(name)).toBeVisible();
  await expect(page).toHaveTitle(/首页/);
});

test('a wrong password shows 用户名或密码错误', async ({ page }) => {
  await fillLogin(page, { account: 'college', password: 'Wrong@123456' });
  await submitLogin(page);
  await expect(toast(page, '用户名或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong captcha shows 验证码不正确', async ({ page }) => {
  await fillLogin(page, { account: 'college' }, 'zzzz');
  await submitLogin(page);
  await expect(toast(page, '验证码不正确')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('five wrong passwords make this address wait, and the answer says how long', async ({ page, request }) => {
  for (let i = 0; i < 5; i++) {
    await fillLogin(page, { account: 'leader', password: `Wrong@${i}23456` });
    await submitLogin(page);
    await expect(toast(page, '用户名或密码错误')).toBeVisible();
  }
  await fillLogin(page, { account: 'leader' });
  await submitLogin(page);
  await expect(toast(page, '登录错误次数过多,请1分钟后再试')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Left as found: other tests sign in as the leader.
  const headers = { Authorization: CLIENT, 'Blade-Auth': `bearer ${await apiToken(request)}` };
  const users = (await (await request.get('/api/blade-user/page?account=leader', { headers })).json()).data.records as { id: string; account: string }[];
  const leader = users.find((u) => u.account === 'leader');
  expect(leader).toBeTruthy();
  expect((await request.post(`/api/blade-user/unlock?userIds=${leader!.id}`, { headers })).ok()).toBe(true);
});

test('logging out asks first, then returns to the login page', async ({ page }) => {
  await signIn(page);
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '退出系统, 是否继续?' });
  await button(confirm, '确定').click();
  await page.waitForURL('**/login');
  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/login$/);
});

test('the language switch turns the interface to English', async ({ page }) => {
  await signIn(page);
  await page.getByText('EN', { exact: true }).click();
  await expect(page.getByRole('complementary').getByRole('menu').getByText('System')).toBeVisible();
  // A first visit of a page loads its code and its English texts (openPage's longer wait).
  await openPage(page, '/system/param/index');
  await expect(page.getByRole('button', { name: label('Add') })).toBeVisible();
  await page.getByText('中文', { exact: true }).click();
  await expect(page.getByRole('complementary').getByRole('menu').getByText('系统管理')).toBeVisible();
});
