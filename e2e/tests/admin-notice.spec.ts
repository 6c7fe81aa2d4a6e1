import { expect, test } from '@playwright/test';
import { button, fieldError, formDialog, region, row, search, signInTo } from '../support/crud';
import { apiToken, CLIENT, toast } from '../support/session';


test('a notice is written with the rich-text toolbar, viewed with its formatting, and its script stripped', async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = `富文本通知${Date.now().toString(36)}`;
  await signInTo(page, '/desk/notice');
  const list = region(page, '通知公告');
  await button(list, '新增').click();
  const dialog = formDialog(page);

  // The editor loads with the form; the title is required, the body is not (as in BladeX).
  const editor = dialog.getByRole('textbox', { name: '通知内容编辑器' });
  await expect(editor).toBeVisible();
  await button(dialog, '保存').click();
  await expect(fieldError(dialog, '请输入通知标题')).toBeVisible();
  await expect(fieldError(dialog, '请输入通知内容')).toBeHidden();

  await dialog.getByLabel('通知标题').fill(title);
  await dialog.getByLabel('通知类型').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await dialog.getByLabel('通知日期').fill('2026-09-01 08:30:00');
  await dialog.getByLabel('通知日期').press('Enter');

  await editor.click();
  await page.keyboard.type('返校日安排 ');
  await dialog.getByRole('button', { name: '加粗' }).click();
  await expect(dialog.getByRole('button', { name: '加粗' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('九月一日报到');
  await dialog.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type(' 请准时。');
  await expect(editor.locator('strong')).toHaveText('九月一日报到');
  await expect(fieldError(dialog, '请输入通知内容')).toBeHidden();

  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await search(list, { 通知标题: title });
  await button(row(list, title), '查看').click();
  const view = dialog.getByTestId('notice-content-view');
  await expect(view.locator('strong')).toHaveText('九月一日报到');
  await expect(view).toContainText('返校日安排 九月一日报到 请准时。');
  await expect(view.getByRole('textbox')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A body sent with a script keeps its text and loses the script, in the answer and on the page.
  const token = await apiToken(request);
  const headers = { 'Blade-Auth': `bearer ${token}`, Authorization: CLIENT };
  const found = await (await request.get(`/api/blade-desk/notice/list?current=1&size=10&title=${encodeURIComponent(title)}`, { headers })).json();
  const notice = found.data.records[0] as { id: string; content: string };
  expect(notice.content).toContain('<strong>九月一日报到</strong>');
  const saved = await request.post('/api/blade-desk/notice/submit', {
    headers,
    data: { id: notice.id, content: '<p><strong>带脚本的通知</strong></p><script>window.__noticeScript = 1</script><img src="x" onerror="window.__noticeScript = 2">' },
  });
  expect(saved.status()).toBe(200);
  const stored = (await saved.json()).data.content as string;
  expect(stored).toContain('<strong>带脚本的通知</strong>');
  expect(stored).not.toMatch(/script|onerror/);

  await button(list, '搜索').click();
  await button(row(list, title), '查看').click();
  await expect(view.locator('strong')).toHaveText('带脚本的通知');
  await expect(view.locator('script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __noticeScript?: number }).__noticeScript)).toBeUndefined();

  // The edit form opens the stored body in the editor.
  await page.keyboard.press('Escape');
  await button(row(list, title), '编辑').click();
  await expect(dialog.getByRole('textbox', { name: '通知内容编辑器' }).locator('strong')).toHaveText('带脚本的通知');
});
