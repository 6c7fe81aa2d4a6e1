import { expect, test, type Browser, type Page } from '@playwright/test';
import { openPage } from '../support/crud';
import { signIn } from '../support/session';

/** A second browser with a session of its own, signed in as `account` and resting on its home page. */
async function secondBrowser(browser: Browser, account: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { account });
  return page;
}

const TEXTS = {
  zh: { account: '账号', search: /^查\s*询$/, current: '当前会话', question: '确定强制退出 office 的这个会话吗？', ok: /确\s*定/, done: '已强制退出 1 个会话' },
  en: { account: 'Account', search: /^Search$/, current: 'This session', question: 'Force this session of office to sign out?', ok: /OK/, done: 'Sessions signed out: 1' },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`在线用户 (${lang}): the own session is marked, another browser's session is forced out and lands on the sign-in page`, async ({ page, browser }) => {
    // Two browsers sign in through the login page: on a loaded machine that alone nears the usual limit.
    test.setTimeout(180_000);
    const texts = TEXTS[lang];
    const other = await secondBrowser(browser, 'office');
    await signIn(page);
    // The language is chosen as the settings store keeps it, before the page's scripts run.
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('saber-settings', JSON.stringify({ state: { lang: 'en' }, version: 0 })));
    await openPage(page, '/monitor/online/index');
    const table = page.locator('.ant-table').first();
    await expect(table.getByTestId('online-current')).toHaveText(texts.current);
    await expect(table.locator('tbody tr.ant-table-row').filter({ has: page.getByTestId('online-current') })).toContainText('admin');

    await page.getByLabel(texts.account, { exact: true }).fill('office');
    await page.getByRole('button', { name: texts.search }).click();
    const officeRow = table.locator('tbody tr.ant-table-row').filter({ hasText: 'office' }).first();
    await expect(officeRow).toContainText('127.0.0.1');
    await page.screenshot({ path: `screenshots/online-users-${lang}.png` });
    await officeRow.getByTestId('online-logout').click();
    const dialog = page.getByRole('dialog').filter({ hasText: texts.question });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: texts.ok }).click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: texts.done })).toBeVisible();

    // The forced-out browser's next request is refused, and it lands on the sign-in page.
    await other.reload();
    await other.waitForURL('**/login**');
    await expect(other.getByLabel('验证码')).toBeVisible();
    await other.context().close();
  });
}
