import { expect, test, type Page, type Response } from '@playwright/test';
import { region, search } from '../support/crud';
import { signIn } from '../support/session';
import { withClientConfig } from '../support/shell';

const isRefresh = (res: Response) =>
  res.url().includes('/api/blade-auth/oauth/token') && res.url().includes('grant_type=refresh_token');

/** Every refresh answer a page receives, by status. */
function watchRefreshes(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (res) => { if (isRefresh(res)) statuses.push(res.status()); });
  return statuses;
}

test('two tabs of one browser share one session: one refresh at a time, both stay signed in, sign-out ends both', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  // A token time of 2 s: every tab's 10-second check finds the token due.
  await withClientConfig(first, { tokenTime: 2 });
  await withClientConfig(second, { tokenTime: 2 });
  const firstRefreshes = watchRefreshes(first);
  const secondRefreshes = watchRefreshes(second);

  await signIn(first);
  await second.goto('/system/param/index');
  await expect(second.locator('.ant-table').first()).toBeVisible();

  // Several refresh cycles of both tabs: only one tab spends each refresh token, the other adopts
  // the pair it stored, so no refresh is refused.
  await expect.poll(() => firstRefreshes.length + secondRefreshes.length, { timeout: 75_000, intervals: [1_000] }).toBeGreaterThanOrEqual(4);
  expect([...firstRefreshes, ...secondRefreshes].filter((status) => status !== 200)).toEqual([]);

  // Both tabs hold the same, current session and load data with it.
  const held = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('saber-session') ?? '{}').state?.token as string);
  const stored = await held(first);
  expect(stored).not.toBe('');
  for (const page of [first, second]) {
    const answer = page.waitForResponse((res) => res.url().includes('/api/blade-system/param/list'));
    await page.goto('/system/param/index');
    expect((await answer).status()).toBe(200);
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await expect(page).toHaveURL(/\/system\/param\/index$/);
  }
  expect([...firstRefreshes, ...secondRefreshes].filter((status) => status !== 200)).toEqual([]);

  // Signing out in one tab signs out the other.
  await first.getByTestId('user-menu').hover();
  await first.locator('.ant-dropdown:visible').getByRole('menuitem', { name: /退出登录/ }).click();
  await first.getByRole('dialog').filter({ hasText: '退出系统, 是否继续?' }).getByRole('button', { name: /确\s*定/ }).click();
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
  expect(await held(second)).toBe('');
});

test('a call refused for a token another tab has replaced is sent again with the stored token, not signed out', async ({ context }) => {
  const page = await context.newPage();
  await signIn(page, undefined, '/system/param/index');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  // Another tab refreshes: the stored session now holds a new pair this tab has not read yet.
  const current = await page.evaluate(() => JSON.parse(localStorage.getItem('saber-session') ?? '{}').state as { refreshToken: string; tenantId: string });
  const other = await context.newPage();
  await other.goto('/login');
  const pair = await other.evaluate(async ({ refreshToken, tenantId }) => {
    const res = await fetch(`/api/blade-auth/oauth/token?tenantId=${tenantId}&refresh_token=${encodeURIComponent(refreshToken)}&grant_type=refresh_token&scope=all`, {
      method: 'POST', headers: { Authorization: `Basic ${btoa('saber:saber_secret')}`, 'Tenant-Id': tenantId },
    });
    return (await res.json()) as { access_token: string; refresh_token: string };
  }, current);
  await other.close();
  // The new pair is written the way a tab writes it, without this tab's storage event (as when the
  // event comes late); the old access token is then refused once.
  const oldToken = await page.evaluate((pairIn) => {
    const key = 'saber-session';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as { state: Record<string, unknown>; version: number };
    const old = saved.state.token as string;
    saved.state = { ...saved.state, token: pairIn.access_token, refreshToken: pairIn.refresh_token, tokenTime: Date.now() };
    localStorage.setItem(key, JSON.stringify(saved));
    return old;
  }, pair);
  const sent: string[] = [];
  await page.route('**/api/blade-system/param/list**', async (route) => {
    const header = Object.values(route.request().headers()).join(' ');
    sent.push(header);
    if (header.includes(oldToken)) {
      await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 401, success: false, data: null, msg: '令牌已失效' }) });
    } else {
      await route.continue();
    }
  });
  await search(region(page, '参数'), { 参数名称: '账号' });
  await expect.poll(() => sent.length).toBeGreaterThanOrEqual(2);
  expect(sent.at(-1)).toContain(pair.access_token);
  // Still on the list, with the search kept in its address: not sent to the sign-in.
  await expect(page).toHaveURL(/\/system\/param\/index\?paramName=/);
  await expect(page.locator('.ant-table').first()).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('saber-session') ?? '{}').state?.token as string)).toBe(pair.access_token);
});
