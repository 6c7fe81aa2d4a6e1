import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { region, row, search, signInTo } from '../support/crud';
import { apiToken, CLIENT, DEMO_PASSWORD } from '../support/session';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

test('the usual log shows the sign-in that just happened', async ({ page }) => {
  await signInTo(page, '/monitor/log/usual/index');
  const list = region(page, '通用日志');
  await search(list, { 操作人: 'admin' });
  await expect(row(list, 'sign_in').first()).toBeVisible();
  await expect(row(list, 'sign_in').first()).toContainText('/api/blade-auth/oauth/token');
});

test('the API log shows the sign-in call, with the password masked in its detail', async ({ page }) => {
  await signInTo(page, '/monitor/log/api/index');
  const list = region(page, '接口日志');
  await search(list, { 请求地址: '/blade-auth/oauth/token' });
  const first = row(list, '/api/blade-auth/oauth/token').first();
  await expect(first).toBeVisible();
  await first.getByRole('button', { name: /查\s*看/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/\*\*\*\*\*\*/).first()).toBeVisible();
  await expect(dialog.getByText(md5(DEMO_PASSWORD))).toHaveCount(0);
});

test('the error log shows a client error uploaded to the server', async ({ page, request }) => {
  const token = await apiToken(request);
  const message = `e2e client failure ${Date.now()}`;
  const res = await request.post('/api/blade-log/error/client', {
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}` },
    data: [{ type: 'error', url: 'http://localhost/wel/index', message, stack: 'Error: e2e\n    at test', info: 'e2e', time: Date.now() }],
  });
  expect((await res.json()).success).toBe(true);
  await signInTo(page, '/monitor/log/error/index');
  const list = region(page, '错误日志');
  await search(list, { 异常信息: message });
  await expect(row(list, message)).toHaveCount(1);
  await expect(row(list, message)).toContainText('client');
});
