import { expect, test } from '@playwright/test';
import { captchaText, signIn, toast, watchCaptcha } from '../support/session';
import { withClientConfig } from '../support/shell';

test('the token is refreshed when its age reaches the configured token time, and the lock is cleared', async ({ page }) => {
  await withClientConfig(page, { tokenTime: 2 });
  await signIn(page);
  const before = await page.evaluate(() => localStorage.getItem('saber-session'));
  await page.evaluate(() => sessionStorage.setItem('saber-lock', JSON.stringify({ state: { locked: false, password: 'kept', returnTo: '' }, version: 0 })));
  const refresh = await page.waitForRequest((req) => req.url().includes('/api/blade-auth/oauth/token') && req.url().includes('grant_type=refresh_token'), { timeout: 25_000 });
  expect((await refresh.response())?.status()).toBe(200);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('saber-session'))).not.toBe(before);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('saber-lock'))).toContain('"password":""');
  await page.goto('/system/param/index');
  await expect(page.locator('.ant-table').first()).toBeVisible();
});

test('a 401 anywhere logs out locally and goes to /login', async ({ page }) => {
  await signIn(page);
  await page.route('**/api/blade-system/param/list**', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 401, success: false, data: null, msg: '令牌已失效' }) }));
  await page.goto('/system/param/index');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('saber-session') ?? '{}').state?.token)).toBe('');
});

test('in switch mode the user switches department and role; the token follows and the app goes home', async ({ page }) => {
  await withClientConfig(page, { switchMode: true });
  await signIn(page, undefined, '/system/param/index');
  // A hover that lands while the page is still drawing opens nothing: hover until the menu shows.
  const switchItem = page.getByRole('menuitem', { name: '切换部门' });
  await expect(async () => {
    await page.mouse.move(0, 0);
    await page.getByTestId('user-menu').hover();
    await expect(switchItem).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await switchItem.click();
  const dialog = page.getByRole('dialog', { name: '切换部门' });
  await dialog.getByRole('button', { name: /切\s*换/ }).click();
  await expect(dialog.getByText('请选择部门', { exact: true }).last()).toBeVisible();
  await expect(dialog.locator('.ant-form-item-explain-error').filter({ hasText: '请选择角色' })).toBeVisible();
  // Each select is opened and its first (active) option chosen with the keyboard: no reliance on
  // which drop-down is still animating out.
  for (const index of [0, 1]) {
    const select = dialog.getByRole('combobox').nth(index);
    await select.click();
    await expect(select).toHaveAttribute('aria-expanded', 'true');
    await select.press('Enter');
    await expect(select).toHaveAttribute('aria-expanded', 'false');
  }
  const token = page.waitForRequest((req) => req.url().includes('grant_type=refresh_token'));
  await dialog.getByRole('button', { name: /切\s*换/ }).click();
  const sent = await token;
  expect(sent.headers()['dept-id']).toMatch(/^\d+$/);
  expect(sent.headers()['role-id']).toMatch(/^\d+$/);
  const answer = (await (await sent.response())?.json()) as { dept_id: string; role_id: string };
  expect(answer.dept_id).toBe(sent.headers()['dept-id']);
  expect(answer.role_id).toBe(sent.headers()['role-id']);
  await expect(page).toHaveURL(/\/wel\/index$/);
});

test('a social sign-in without a local account opens the register dialog, which registers a waiting user', async ({ page }) => {
  // The identity provider is outside the product: the token answer of such a sign-in is stood in for.
  await page.route('**/api/blade-auth/oauth/token**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 999, success: false, msg: '用户未注册', data: { oauthId: 'gh-900001', account: 'octo_guest', name: '新校友' } }) }));
  const watcher = watchCaptcha(page);
  await page.goto('/login');
  const code = await captchaText(await watcher.key());
  await page.getByLabel('账号').fill('octo_guest');
  await page.getByLabel('密码').fill('whatever');
  await page.getByLabel('验证码').fill(code);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  const dialog = page.getByRole('dialog', { name: '账号注册' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('账号名称')).toHaveValue('octo_guest');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('租户编号').fill('');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(toast(page, '请先输入租户编号')).toBeVisible();
  await dialog.getByLabel('租户编号').fill('000000');
  await dialog.getByLabel('账号名称').fill('');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(toast(page, '请先输入账号名称')).toBeVisible();
  await dialog.getByLabel('账号名称').fill('octo_guest');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(toast(page, '请先输入密码')).toBeVisible();
  await dialog.getByLabel('密码', { exact: true }).fill('Guest@1234');
  await dialog.getByLabel('确认密码').fill('Guest@9999');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(toast(page, '两次密码输入不一致')).toBeVisible();
  await dialog.getByLabel('确认密码').fill('Guest@1234');
  const register = page.waitForResponse((res) => res.url().includes('/api/blade-user/register-guest'));
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  expect((await register).status()).toBe(200);
  const done = page.getByRole('dialog').filter({ hasText: '注册申请已提交,请耐心等待管理员通过!' });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);

  // Registering the same account again answers as a new application does, so no answer tells
  // that an account exists; the server writes nothing for it.
  await page.unroute('**/api/blade-auth/oauth/token**');
  const again = await page.request.post('/api/blade-user/register-guest?tenantId=000000&account=octo_guest&password=0123456789abcdef0123456789abcdef');
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ code: 200, success: true });
});
