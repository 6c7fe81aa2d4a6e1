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

/** The language and theme the application shows, as its settings store keeps them. */
export interface Look {
  lang?: 'zh' | 'en';
  theme?: string;
}

/** Writes the look into the settings the application reads when it loads (the page must be on its origin). */
export async function writeLook(page: Page, look: Look): Promise<void> {
  await page.evaluate((l) => {
    const raw = JSON.parse(localStorage.getItem('saber-settings') ?? '{"state":{},"version":0}') as { state: Record<string, unknown> };
    if (l.lang) raw.state.lang = l.lang;
    if (l.theme) raw.state.theme = l.theme;
    localStorage.setItem('saber-settings', JSON.stringify(raw));
  }, look);
}

/**
 * Opens /login and fills the form; the captcha is typed right unless `captcha` is given. With `landing`,
 * the login page is opened as a signed-out visit to that address leaves it (`?redirect=`); with `look`,
 * the language and theme are chosen before the sign-in, so the application loads once, in them.
 */
export async function fillLogin(page: Page, creds: Credentials, captcha?: string, landing?: string, look?: Look): Promise<void> {
  const watcher = watchCaptcha(page);
  await page.goto(landing ? `/login?redirect=${encodeURIComponent(landing)}` : '/login');
  if (look) {
    await writeLook(page, look);
    await page.reload();
  }
  const key = await watcher.key();
  const code = captcha ?? (await captchaText(key));
  // The form speaks the language chosen last (a `look`, or the switch on the login page).
  await page.getByLabel(/^(租户编号|Tenant ID)$/).fill(creds.tenantId ?? '000000');
  await page.getByLabel(/^(账号|Account)$/).fill(creds.account);
  await page.getByLabel(/^(密码|Password)$/).fill(creds.password ?? DEMO_PASSWORD);
  await page.getByLabel(/^(验证码|Captcha)$/).fill(code);
}

export const submitLogin = (page: Page) => page.getByRole('button', { name: /^(登\s*录|Sign in)$/ }).click();

/** Where a sign-in lands (a path of the application) and in which look. */
export interface Landing extends Look {
  to?: string;
}

/**
 * Signs in through the login page and waits for the home page, or for `where` (a path, or a path and a
 * look) when given: the sign-in goes straight there, as after opening a link signed out, sparing the
 * home page and a second load of the application.
 */
export async function signIn(page: Page, creds: Credentials = { account: 'admin' }, where?: string | Landing): Promise<void> {
  const { to, ...look } = typeof where === 'string' ? { to: where } : where ?? {};
  await fillLogin(page, creds, undefined, to, look.lang || look.theme ? look : undefined);
  await submitLogin(page);
  const target = to ? new URL(to, 'http://x').pathname : '/wel/index';
  await page.waitForURL((url) => url.pathname.startsWith(target));
  await expect(page.getByTestId('user-menu')).toBeVisible();
  if (look.theme) await expect(page.locator('.app-layout').first()).toHaveAttribute('data-theme', look.theme);
}

/** The newest toast with the given text (an earlier one may still be fading out). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice:not(.ant-message-fade-leave)').filter({ hasText: text }).last();

/** Forgets the signed-in user (cookies and the browser's storage), so another can sign in. */
export async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
}
