import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { webDist } from './product';

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

/** The answer of the token call the login page makes (the fields the web client keeps). */
interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  tenant_id: string;
  user_id: string;
  account: string;
  user_name: string;
  nick_name?: string;
  real_name?: string;
  role_id: string;
  role_name?: string;
  dept_id?: string;
  avatar?: string;
  must_change_password?: boolean;
}

/**
 * A small file of the built web app, served as it is: a document of the app's origin (where its
 * storage can be written) that does not start the app. The smallest style sheet (a test may hold
 * the app's scripts back), found at each call, so a rebuild's new file names do not matter.
 */
function plainAppFile(): string {
  const assets = path.join(webDist, 'assets');
  const files = readdirSync(assets)
    .filter((name) => name.endsWith('.css'))
    .map((name) => ({ name, size: statSync(path.join(assets, name)).size }))
    .sort((a, b) => a.size - b.size);
  if (!files[0]) throw new Error(`no file of the built web app in ${assets}`);
  return `/assets/${files[0].name}`;
}

/**
 * Signs in and waits for the home page. The token is taken through the API as the login page takes
 * it (captcha grant, in the browser's context), and the session is stored where and as the web
 * client stores it; the opened tabs and the screen lock are cleared as the login page clears them
 * on sign-in. The login page itself is tested through `fillLogin` and `submitLogin`.
 */
export async function signIn(page: Page, creds: Credentials = { account: 'admin' }): Promise<void> {
  const tenantId = creds.tenantId ?? '000000';
  // A document of the app's origin, so its storage can be written; the app does not run there.
  await page.goto(plainAppFile());
  // The login page asks in the language chosen (the saved settings), as every call of the client does.
  const lang = await page.evaluate(() => {
    try {
      return (JSON.parse(localStorage.getItem('saber-settings') ?? 'null') as { state?: { lang?: string } } | null)?.state?.lang ?? 'zh';
    } catch {
      return 'zh';
    }
  });
  const acceptLanguage = lang === 'en' ? 'en' : 'zh-CN';
  const captchaRes = await page.request.get('/api/blade-auth/oauth/captcha', { headers: { 'Accept-Language': acceptLanguage } });
  if (!captchaRes.ok()) throw new Error(`sign-in of ${creds.account}: no captcha (HTTP ${captchaRes.status()})`);
  const captcha = await captchaRes.json() as { key: string };
  const code = await captchaText(captcha.key);
  const md5 = createHash('md5').update(creds.password ?? DEMO_PASSWORD).digest('hex');
  const query = new URLSearchParams({ tenantId, username: creds.account, password: md5, grant_type: 'captcha', scope: 'all', type: 'account' });
  const res = await page.request.post(`/api/blade-auth/oauth/token?${query}`, {
    headers: { Authorization: CLIENT, 'Accept-Language': acceptLanguage, 'Tenant-Id': tenantId, 'Captcha-Key': captcha.key, 'Captcha-Code': code },
  });
  const body = await res.json().catch(() => ({})) as Partial<TokenAnswer> & { msg?: string; error_description?: string };
  if (!res.ok() || !body.access_token) {
    throw new Error(`sign-in of ${creds.account} (tenant ${tenantId}) failed: HTTP ${res.status()}: ${body.msg ?? body.error_description ?? 'no token in the answer'}`);
  }
  const answer = body as TokenAnswer;
  // The session store's persisted form (zustand persist: {state, version}, key saber-session),
  // with the user as the store maps the token answer.
  const session = {
    token: answer.access_token,
    refreshToken: answer.refresh_token,
    tenantId: answer.tenant_id,
    user: {
      userId: answer.user_id,
      tenantId: answer.tenant_id,
      account: answer.account,
      userName: answer.user_name,
      nickName: answer.nick_name ?? '',
      realName: answer.real_name ?? '',
      roleId: answer.role_id,
      roleName: answer.role_name ?? '',
      deptId: answer.dept_id ?? '',
      avatar: answer.avatar ?? '',
    },
    mustChangePassword: answer.must_change_password === true,
  };
  await page.evaluate((state) => {
    localStorage.setItem('saber-session', JSON.stringify({ state: { ...state, tokenTime: Date.now() }, version: 0 }));
    // As the login page does on sign-in: the tabs back to the home tab alone, the screen lock off.
    localStorage.setItem('saber-tabs', JSON.stringify({ state: { tabs: [{ value: '/wel/index', label: 'menu.home' }] }, version: 0 }));
    let returnTo = '';
    try {
      returnTo = (JSON.parse(sessionStorage.getItem('saber-lock') ?? 'null') as { state?: { returnTo?: string } } | null)?.state?.returnTo ?? '';
    } catch {
      // an unreadable lock entry is replaced
    }
    sessionStorage.setItem('saber-lock', JSON.stringify({ state: { locked: false, password: '', returnTo }, version: 0 }));
  }, session);
  await page.goto('/wel/index');
  // The app's first start in a fresh browser (the home page's charts) can take long on a busy
  // machine: the wait is the one the login page's sign-in had, bounded by the test's own limit.
  await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 60_000 });
}

/** The newest toast with the given text (an earlier one may still be fading out). */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.ant-message-notice:not(.ant-message-fade-leave)').filter({ hasText: text }).last();

/** Forgets the signed-in user (cookies and the browser's storage), so another can sign in. */
export async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
}
