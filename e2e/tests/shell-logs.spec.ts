import { expect, test } from '@playwright/test';
import { signIn, toast } from '../support/session';
import { confirm, tokenOf } from '../support/shell';

test('an uncaught error is recorded, counted, listed with its stack, uploaded to the server and cleared', async ({ page, request }) => {
  await signIn(page, undefined, '/test/index');
  const logs = page.getByRole('button', { name: '日志' });
  const badge = page.locator('.log-badge .ant-badge-count');
  await expect(badge).toHaveCount(0);
  await page.getByRole('button', { name: '触发一个未捕获的错误' }).click();
  await expect(badge).toHaveText('1');
  await page.getByRole('button', { name: '触发一个渲染错误' }).click();
  await expect(page.getByText('Rendering error raised on the test page')).toBeVisible();
  await expect(badge).toHaveText('2');
  await page.goto('/test/index');

  await logs.click();
  const dialog = page.locator('.log-dialog');
  const first = dialog.locator('tbody tr.ant-table-row').filter({ hasText: 'Uncaught error raised on the test page' });
  await expect(first).toContainText('/test/index');
  await first.getByRole('button', { name: /expand|展开/i }).click();
  await expect(dialog.getByLabel('错误堆栈').first()).toContainText('Error');

  const upload = page.waitForRequest((req) => req.url().endsWith('/api/blade-log/error/client') && req.method() === 'POST');
  await dialog.getByRole('button', { name: '上传服务器' }).click();
  await confirm(page, '确定上传本地日志到服务器?');
  const sent = (await upload).postDataJSON() as { type: string; url: string; message: string; stack: string; time: string }[];
  expect(sent).toHaveLength(2);
  expect(sent[0]).toMatchObject({ type: 'error' });
  expect(sent[0]?.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(toast(page, '发送成功!')).toBeVisible();
  await expect(badge).toHaveCount(0);

  const token = await tokenOf(page);
  const res = await request.get('/api/blade-log/error/list?current=1&size=50', { headers: { 'Blade-Auth': `bearer ${token}`, Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` } });
  expect(res.status()).toBe(200);
  expect(JSON.stringify(await res.json())).toContain('Uncaught error raised on the test page');
});

test('clearing the local logs asks first', async ({ page }) => {
  await signIn(page, undefined, '/test/index');
  await page.getByRole('button', { name: '触发一个未捕获的错误' }).click();
  await expect(page.locator('.log-badge .ant-badge-count')).toHaveText('1');
  await page.getByRole('button', { name: '日志' }).click();
  await page.locator('.log-dialog').getByRole('button', { name: '清空本地日志' }).click();
  await confirm(page, '确定清空本地日志记录?');
  await expect(toast(page, '清空成功!')).toBeVisible();
  await expect(page.locator('.log-badge .ant-badge-count')).toHaveCount(0);
});

test('the badge shows at most 99', async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => {
    const logs = Array.from({ length: 120 }, (_, i) => ({ type: 'error', url: '/x', message: `e${i}`, stack: '', info: '', time: '2025-01-01 00:00:00' }));
    localStorage.setItem('saber-logs', JSON.stringify({ state: { logs }, version: 0 }));
  });
  await page.reload();
  await expect(page.locator('.log-badge .ant-badge-count')).toHaveText('99+');
  await page.evaluate(() => localStorage.removeItem('saber-logs'));
});
