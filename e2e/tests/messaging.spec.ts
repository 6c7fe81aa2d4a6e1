import { expect, test } from '@playwright/test';
import { button, formDialog, openPage, region, row, search, signInTo, searchForm } from '../support/crud';
import { signOut, toast } from '../support/session';
import { setLook } from '../support/shell';

const tag = Date.now().toString(36).toUpperCase();

test('a message taken by phone is answered with a notice, which the jobs page shows sent', async ({ page }) => {
  test.setTimeout(150_000);
  await signInTo(page, '/engage/message', { account: 'office' });
  const board = region(page, '留言');
  await button(board, '新增').click();
  const dialog = formDialog(page);
  await dialog.getByLabel('主题', { exact: true }).fill(`校友卡补办${tag}`);
  await dialog.getByLabel('留言类型', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('咨询', { exact: true }).click();
  await dialog.getByLabel('留言人', { exact: true }).fill('电话留言人');
  await dialog.getByLabel('联系电话', { exact: true }).fill('139 0009 5555');
  await dialog.getByLabel('留言内容', { exact: true }).fill('校友卡丢失，如何补办？');
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();

  await search(board, { 主题: `校友卡补办${tag}` });
  await expect(row(board, `校友卡补办${tag}`)).toContainText('待回复');
  await expect(row(board, `校友卡补办${tag}`)).toContainText('电话/来访登记');
  await button(row(board, `校友卡补办${tag}`), '回复').click();
  const answer = page.getByRole('dialog').filter({ hasText: '回复留言' });
  await answer.getByLabel('回复内容').fill('请携带身份证到校友办补办，当天可取。');
  await answer.getByLabel('通知留言人（按其同意的渠道发送短信或邮件）').check();
  await page.screenshot({ path: 'screenshots/message-answer-zh.png' });
  await button(answer, '确定').click();
  await expect(toast(page, '已回复，通知正在后台发送')).toBeVisible();
  await expect(row(board, `校友卡补办${tag}`)).toContainText('已回复');

  await signOut(page);
  await signInTo(page, '/monitor/job', { account: 'admin' }, { lang: 'en', theme: 'theme-default' });
  const job = page.locator('tbody tr.ant-table-row').filter({ hasText: 'message-answer-notice' }).first();
  await expect(job).toContainText('Completed', { timeout: 20_000 });
  await job.getByRole('button', { name: 'View' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Job details' });
  await expect(drawer).toContainText('"channel": "sms"');
  await expect(drawer).toContainText('139****5555');
  await page.screenshot({ path: 'screenshots/jobs-en.png' });
});

test('a closed message keeps its reason; templates and texts list the demo school\'s', async ({ page }) => {
  await signInTo(page, '/engage/message', { account: 'office' });
  const board = region(page, '留言');
  await (await searchForm(board)).getByLabel('回复状态').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('待回复', { exact: true }).click();
  await button((await searchForm(board)), '搜索').click();
  const first = board.locator('tbody tr.ant-table-row').first();
  const title = (await first.locator('td').nth(1).innerText()).trim();
  await button(first, '关闭').click();
  const close = page.getByRole('dialog').filter({ hasText: '关闭留言' });
  await button(close, '确定').click();
  await expect(close.getByText('请填写关闭原因')).toBeVisible();
  await close.getByLabel('关闭原因').fill('留言人来电表示问题已解决');
  await button(close, '确定').click();
  await expect(toast(page, '留言已关闭')).toBeVisible();
  await expect(row(board, title)).toHaveCount(0);

  await openPage(page, '/message/noticetemplate');
  const templates = region(page, '通知模板');
  // The demo school has more templates than a page holds: found by its code.
  await search(templates, { 模板编码: 'REGIST_APPROVED' });
  await expect(row(templates, 'REGIST_APPROVED_SMS')).toContainText('SMS_900000001');
  await page.screenshot({ path: 'screenshots/notice-templates-zh.png' });
  await openPage(page, '/message/text');
  const texts = region(page, '文本');
  await expect(texts.locator('tbody tr.ant-table-row').filter({ hasText: 'REGIST_AGREEMENT' })).toHaveCount(2);
  await setLook(page, 'en', 'theme-default');
  await openPage(page, '/message/text');
  await expect(region(page, 'Text').locator('tbody tr.ant-table-row').filter({ hasText: 'PRIVACY_POLICY' })).toContainText('Privacy policy');
  await page.screenshot({ path: 'screenshots/texts-en.png' });
});
