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

/** What the token endpoint answers a sign-in (the fields the application keeps of it). */
export type TokenAnswer = Record<string, unknown> & { access_token: string };

/** Signs in through the API by the captcha grant, as the login page does, and answers the token endpoint's answer. */
export async function tokenAnswer(request: APIRequestContext, creds: Credentials): Promise<TokenAnswer> {
  const tenantId = creds.tenantId ?? '000000';
  const captcha = await (await request.get('/api/blade-auth/oauth/captcha')).json() as { key: string };
  const code = await captchaText(captcha.key);
  const md5 = createHash('md5').update(creds.password ?? DEMO_PASSWORD).digest('hex');
  const query = new URLSearchParams({ tenantId, username: creds.account, password: md5, grant_type: 'captcha', scope: 'all', type: 'account' });
  const res = await request.post(`/api/blade-auth/oauth/token?${query}`, {
    headers: { Authorization: CLIENT, 'Tenant-Id': tenantId, 'Captcha-Key': captcha.key, 'Captcha-Code': code },
  });
  const answer = await res.json() as TokenAnswer;
  if (!answer.access_token) throw new Error(`sign-in of ${creds.account} failed: ${res.status()} ${JSON.stringify(answer)}`);
  return answer;
}

/** A token of the demo administrator (or `account`) through the API, by the captcha grant as the login page does. */
export async function apiToken(request: APIRequestContext, account = 'admin', password = DEMO_PASSWORD): Promise<string> {
  return (await tokenAnswer(request, { account, password })).access_token;
}

/**
 * Gives the product its public address (the run's own) where it has none yet: links in e-mail and SMS
 * are absolute, so sending or previewing one needs it. A sign-in through the form sets it on a fresh
 * product; the API sign-in of the tests does not, so a test run alone would meet a product without it.
 */
export async function ensurePublicBase(request: APIRequestContext, account = 'admin'): Promise<void> {
  const headers = { 'Blade-Auth': `bearer ${await apiToken(request, account)}` };
  const path = '/api/blade-emailSetting/emailSetting/public-base';
  const current = await (await request.get(path, { headers })).json() as { data?: { publicBaseUrl?: string } };
  if (current.data?.publicBaseUrl) return;
  const origin = new URL(process.env.E2E_BASE_URL ?? '').origin;
  const saved = await (await request.put(path, { headers, data: { publicBaseUrl: origin } })).json() as { code: number };
  expect(saved.code, JSON.stringify(saved)).toBe(200);
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
 * Signs in and waits for the home page, or for `where` (a path, or a path and a look) when given. The
 * token is taken through the API as the login page takes it (same grant, same captcha check, same
 * session record) and kept in the browser's storage as the login page keeps it, so the application
 * loads once, on the page asked for: the form itself is tried by the tests of the login page
 * (`fillLogin` and `submitLogin`).
 */
export async function signIn(page: Page, creds: Credentials = { account: 'admin' }, where?: string | Landing): Promise<void> {
  const { to, ...look } = typeof where === 'string' ? { to: where } : where ?? {};
  const answer = await tokenAnswer(page.request, creds);
  const origin = new URL(process.env.E2E_BASE_URL ?? page.url()).origin;
  // The storage belongs to the application's origin: an empty page of it, answered in the browser,
  // opens it without loading the application or calling the server.
  if (!page.url().startsWith(origin)) {
    const blank = `${origin}/signing-in`;
    await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title></title>' }));
    await page.goto(blank);
    await page.unroute(blank);
  }
  await page.evaluate(({ answer: a, look: l }) => {
    const session = {
      token: a.access_token, refreshToken: a.refresh_token, tenantId: a.tenant_id, tokenTime: Date.now(),
      mustChangePassword: a.must_change_password === true,
      user: {
        userId: a.user_id, tenantId: a.tenant_id, account: a.account, userName: a.user_name, nickName: a.nick_name ?? '',
        realName: a.real_name ?? '', roleId: a.role_id, roleName: a.role_name ?? '', deptId: a.dept_id ?? '', avatar: a.avatar ?? '',
      },
    };
    localStorage.setItem('saber-session', JSON.stringify({ state: session, version: 0 }));
    // A new sign-in starts without the tabs and the lock of an earlier one, as the login page clears them.
    localStorage.removeItem('saber-tabs');
    localStorage.removeItem('saber-menu');
    sessionStorage.removeItem('saber-lock');
    localStorage.removeItem('saber-lock');
    if (l.lang || l.theme) {
      const raw = JSON.parse(localStorage.getItem('saber-settings') ?? '{"state":{},"version":0}') as { state: Record<string, unknown> };
      if (l.lang) raw.state.lang = l.lang;
      if (l.theme) raw.state.theme = l.theme;
      localStorage.setItem('saber-settings', JSON.stringify(raw));
    }
  }, { answer: answer as Record<string, string | boolean | undefined>, look });
  const target = to ?? '/wel/index';
  await page.goto(target);
  const path = new URL(target, 'http://x').pathname;
  await page.waitForURL((url) => url.pathname.startsWith(path));
  // The application's first load in a test: as long as openPage's first wait, for the same reason.
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 40_000 });
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
