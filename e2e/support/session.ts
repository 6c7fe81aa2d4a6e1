import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Xy@123456';

export interface Credentials {
  tenantId?: string;
  account: string;
  password?: string;
}

/** The text of a live captcha, from the harness's control server. */
export async function captchaText(key: string): Promise<string> {
  const res = await fetch(`${process.env.E2E_CONTROL_URL}/captcha/${encodeURIComponent(key)}`);
  if (!res.ok) throw new Error(`no live captcha ${key}`);
  return res.text();
}

/** The demo client's header; it signs in with the captcha grant only. */
export const CLIENT = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

/** A token of the demo administrator through the API, by the captcha grant as the login page does. */
export async function apiToken(request: APIRequestContext, account = 'admin', password = DEMO_PASSWORD): Promise<string> {
  const captcha = await (await request.get('/api/blade-auth/oauth/captcha')).json() as { key: string };
  const code = await captchaText(captcha.key);
  const md5 = createHash('md5').update(password).digest('hex');
  const query = new URLSearchParams({ tenantId: '000000', username: account, password: md5, grant_type: 'captcha', scope: 'all' });
  const res = await request.post(`/api/blade-auth/oauth/token?${query}`, {
    headers: { Authorization: CLIENT, 'Tenant-Id': '000000', 'Captcha-Key': captcha.key, 'Captcha-Code': code },
  });
  const token = (await res.json()).access_token as string | undefined;
  if (!token) throw new Error(`sign-in of ${account} failed: ${res.status()}`);
  return token;
}

/** Remembers the key of the captcha the login page shows last. */
export function watchCaptcha(page: Page): { key: () => Promise<string> } {
  let last: { key: string; image: string } | null = null;
  page.on('response', (res) => {
    if (!res.url().includes('/api/blade-auth/oauth/captcha')) return;
    void res.json().then((body: { key: string; image: string }) => {
      last = body;
    }, () => undefined);
  });
  return {
    key: async () => {
      const img = page.getByRole('img', { name: '验证码' }).or(page.getByRole('img', { name: 'Captcha' }));
      await expect(img).toBeVisible();
      // Wait until the picture shown is the one of the last captcha answer, or of the one the server
      // put in the sign-in page itself (a JSON script element, id login-captcha).
      let key = '';
      await expect.poll(async () => {
        const shown = await img.getAttribute('src');
        const inPage = await page.evaluate(() => document.getElementById('login-captcha')?.textContent ?? null);
        const embedded = inPage ? JSON.parse(inPage) as { key: string; image: string } : null;
        const match = [last, embedded].find((c) => c !== null && c.image === shown);
        key = match?.key ?? '';
        return key !== '';
      }).toBe(true);
      return key;
    },
  };
}

/** Opens /login and fills the form; the captcha is typed right unless `captcha` is given. */
export async function fillLogin(page: Page, creds: Credentials, captcha?: string): Promise<void> {
  const watcher = watchCaptcha(page);
  await page.goto('/login');
  const key = await watcher.key();
  const code = captcha ?? (await captchaText(key));
  await page.getByLabel('租户编号').fill(creds.tenantId ?? '000000');
  await page.getByLabel('账号').fill(creds.account);
  await page.getByLabel('密码').fill(creds.password ?? DEMO_PASSWORD);
  await page.getByLabel('验证码').fill(code);
}

export const submitLogin = (page: Page) => page.getByRole('button', { name: /登\s*录/ }).click();

/** Signs in through the login page and waits for the home page. */
export async function signIn(page: Page, creds: Credentials = { account: 'admin' }): Promise<void> {
  await fillLogin(page, creds);
  await submitLogin(page);
  await page.waitForURL('**/wel/index');
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** The newest toast with the given text (an earlier one may still be fading out). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice:not(.ant-message-fade-leave)').filter({ hasText: text }).last();

/** Forgets the signed-in user (cookies and the browser's storage), so another can sign in. */
export async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
}
