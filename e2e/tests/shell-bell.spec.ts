import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, CLIENT, signIn } from '../support/session';

type Part = { total: number; records: { id?: string; taskId?: string; title?: string; taskName?: string }[] } | null;
interface Bell { total: number; notices: Part; messages: Part; todos: Part }

const headersOf = (token: string) => ({ 'Blade-Auth': `bearer ${token}`, Authorization: CLIENT });

/** What the bell call answers the administrator now. */
async function bellOf(request: APIRequestContext, token: string): Promise<Bell> {
  const res = await request.get('/api/blade-desk/notice/bell', { headers: headersOf(token) });
  expect(res.status()).toBe(200);
  return (await res.json()).data as Bell;
}

/** A desk notice released a minute ago (server time is ahead of UTC, so it is in the past there). */
async function addNotice(request: APIRequestContext, token: string, title: string): Promise<void> {
  const released = new Date(Date.now() - 60_000).toISOString().slice(0, 19).replace('T', ' ');
  const res = await request.post('/api/blade-desk/notice/submit', {
    headers: headersOf(token), data: { title, category: '1', releaseTime: released, content: `<p>${title}</p>` },
  });
  expect(res.status()).toBe(200);
}

const badge = (page: Page) => page.locator('.ant-badge', { has: page.getByTestId('notice-button') }).locator('sup.ant-badge-count');
const popover = (page: Page) => page.getByTestId('notice-popover');

async function openBell(page: Page): Promise<void> {
  await page.getByTestId('notice-button').click();
  await expect(popover(page)).toBeVisible();
}

test('the bell shows the unread notices, waiting messages and to-dos, with their count, each opening its page', async ({ page, request }) => {
  const token = await apiToken(request);
  const title = `返校日安排通知 ${Date.now()}`;
  await addNotice(request, token, title);
  const before = await bellOf(request, token);
  expect(before.notices?.records.map((r) => r.title)).toContain(title);

  await signIn(page);
  await expect(badge(page)).toHaveAttribute('title', String(before.total));
  await openBell(page);
  for (const name of ['通知', '留言', '待办']) await expect(popover(page).getByRole('tab', { name: new RegExp(name) })).toBeVisible();
  const notices = popover(page).getByRole('tabpanel');
  await expect(notices.getByRole('link')).toHaveCount(before.notices?.records.length ?? 0);
  await expect(notices.getByRole('link').filter({ hasText: title })).toBeVisible();
  await page.screenshot({ path: 'screenshots/shell-bell-zh.png' });

  // A notice opens in its page's view; once read it leaves the bell.
  await notices.getByRole('link').filter({ hasText: title }).click();
  await expect(page).toHaveURL(/\/desk\/notice/);
  const view = page.getByRole('dialog').filter({ hasText: title });
  await expect(view).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();
  await expect(page).not.toHaveURL(/view=/);
  // The count follows at once, without waiting for the bell's next round.
  await expect(badge(page)).toHaveAttribute('title', String(before.total - 1));
  await openBell(page);
  await expect(popover(page).getByRole('tabpanel').getByRole('link').filter({ hasText: title })).toHaveCount(0);

  // The messages waiting for an answer; one opens in the message board's view.
  await popover(page).getByRole('tab', { name: /留言/ }).click();
  const messages = popover(page).getByRole('tabpanel').filter({ visible: true });
  const firstMessage = before.messages?.records[0]?.title ?? '';
  expect(firstMessage).not.toBe('');
  await expect(messages.getByRole('link')).toHaveCount(before.messages?.records.length ?? 0);
  await messages.getByRole('link').filter({ hasText: firstMessage }).click();
  await expect(page).toHaveURL(/\/message/);
  await expect(page.getByRole('dialog').filter({ hasText: firstMessage })).toBeVisible();
  await page.keyboard.press('Escape');

  // The to-dos: the administrator's tasks, or the empty state.
  await openBell(page);
  await popover(page).getByRole('tab', { name: /待办/ }).click();
  const todos = popover(page).getByRole('tabpanel').filter({ visible: true });
  if ((before.todos?.total ?? 0) === 0) {
    await expect(todos).toContainText('没有待办事务');
  } else {
    await expect(todos.getByRole('link')).toHaveCount(before.todos?.records.length ?? 0);
    await todos.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/work\/process\//);
  }
});

test('the bell in English, with its empty states', async ({ page, request }) => {
  const token = await apiToken(request);
  await signIn(page);
  await page.locator('.ant-segmented').getByText('EN', { exact: true }).click();
  const shown = await bellOf(request, token);
  await expect(badge(page)).toHaveAttribute('title', String(shown.total));
  await openBell(page);
  for (const name of ['Notices', 'Messages', 'To-dos']) await expect(popover(page).getByRole('tab', { name: new RegExp(name) })).toBeVisible();
  await popover(page).getByRole('tab', { name: /To-dos/ }).click();
  const todos = popover(page).getByRole('tabpanel').filter({ visible: true });
  if ((shown.todos?.total ?? 0) === 0) await expect(todos).toContainText('Nothing to do');
  await popover(page).getByRole('tab', { name: /Messages/ }).click();
  await expect(popover(page).getByRole('tabpanel').filter({ visible: true }).getByRole('link')).toHaveCount(shown.messages?.records.length ?? 0);
  await page.screenshot({ path: 'screenshots/shell-bell-en.png' });

  // Every notice read: the notices tab shows its empty state.
  for (const notice of shown.notices?.records ?? []) {
    await request.get(`/api/blade-desk/notice/detail?id=${notice.id}`, { headers: headersOf(token) });
  }
  let left = await bellOf(request, token);
  for (let round = 0; (left.notices?.total ?? 0) > 0 && round < 20; round++) {
    for (const notice of left.notices?.records ?? []) await request.get(`/api/blade-desk/notice/detail?id=${notice.id}`, { headers: headersOf(token) });
    left = await bellOf(request, token);
  }
  expect(left.notices?.total).toBe(0);
  await page.keyboard.press('Escape');
  await openBell(page);
  await popover(page).getByRole('tab', { name: /Notices/ }).click();
  await expect(popover(page).getByRole('tabpanel').filter({ visible: true })).toContainText('No unread notices');
  await expect(badge(page)).toHaveAttribute('title', String(left.total));
  await page.screenshot({ path: 'screenshots/shell-bell-en-empty.png' });
});

test("a to-do in the bell opens its handling page (the office's leave request to approve)", async ({ page, request }) => {
  const token = await apiToken(request, 'office');
  const shown = await bellOf(request, token);
  const task = shown.todos?.records[0];
  expect(task?.taskName).toBeTruthy();
  await signIn(page, { account: 'office' });
  await openBell(page);
  await popover(page).getByRole('tab', { name: /待办/ }).click();
  const todos = popover(page).getByRole('tabpanel').filter({ visible: true });
  await expect(todos.getByRole('link')).toHaveCount(shown.todos?.records.length ?? 0);
  await page.screenshot({ path: 'screenshots/shell-bell-todos-zh.png' });
  await todos.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/work/process/leave/handle/${task?.taskId}/`));
});
