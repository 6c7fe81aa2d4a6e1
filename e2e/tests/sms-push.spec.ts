import { expect, test } from '@playwright/test';
import { button, formDialog, openPage, region, row, search, signInTo } from '../support/crud';
import { toast } from '../support/session';
import { setLook } from '../support/shell';

const tag = Date.now().toString(36).toUpperCase();

test('an SMS push: recipients from the alumni library, sent, finished, failures resent', async ({ page }) => {
  test.setTimeout(240_000);
  await signInTo(page, '/message/smspush', { account: 'office' });
  const pushes = region(page, '短信推送');
  // The demo pushes: one delivered, one partly failed, one draft (found by name: tickets sent by SMS
  // earlier add pushes of their own).
  await search(pushes, { 任务名称: '十周年返校提醒' });
  await expect(row(pushes, '十周年返校提醒')).toContainText('部分失败');

  await button(pushes, '新增').click();
  const dialog = formDialog(page);
  await dialog.getByLabel('任务名称', { exact: true }).fill(`返校日提醒${tag}`);
  await dialog.getByLabel('短信配置', { exact: true }).fill('demo-sms');
  await dialog.getByLabel('服务商模板编号', { exact: true }).fill('SMS_900000009');
  await dialog.getByLabel('短信签名', { exact: true }).fill('示范大学');
  await dialog.getByLabel('短信内容', { exact: true }).fill('${name}校友您好，返校日将于本周六举行，欢迎回家！拒收请回复R');
  await expect(dialog.getByTestId('sms-length')).toContainText('按 1 条计费');
  await page.screenshot({ path: 'screenshots/sms-push-form-zh.png' });
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();

  await search(pushes, { 任务名称: `返校日提醒${tag}` });
  await expect(row(pushes, `返校日提醒${tag}`)).toContainText('草稿');
  await button(row(pushes, `返校日提醒${tag}`), '推送对象').click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: `返校日提醒${tag}` });
  await button(drawer, '从校友库添加').first().click();
  const adding = page.getByRole('dialog', { name: '从校友库添加' });
  await adding.getByLabel('起').fill('1952');
  await adding.getByLabel('止').fill('2100');
  await button(adding, '添加').click();
  const counts = adding.getByTestId('add-counts');
  await expect(counts).toContainText('已添加');
  await page.screenshot({ path: 'screenshots/sms-push-add-zh.png' });
  await adding.getByRole('button', { name: 'Close' }).or(adding.locator('.ant-modal-close')).first().click();

  // One number of the development provider's failing range, added by hand.
  const all = region(page, '全部');
  await button(all, '新增').click();
  const one = page.getByRole('dialog', { name: '新增推送对象' });
  await one.getByLabel('手机号码', { exact: true }).fill('19900000007');
  await one.getByLabel('姓名', { exact: true }).fill('失败测试');
  await button(one, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await drawer.locator('.ant-drawer-close').click();

  await button(row(pushes, `返校日提醒${tag}`), '发送').click();
  await button(page.locator('.ant-modal-confirm'), '确定').click();
  await expect(row(pushes, `返校日提醒${tag}`)).toContainText('部分失败', { timeout: 120_000 });
  await page.screenshot({ path: 'screenshots/sms-push-sent-zh.png' });

  await button(row(pushes, `返校日提醒${tag}`), '推送对象').click();
  await drawer.getByRole('tab', { name: '失败' }).click();
  const failed = region(page, '失败');
  await expect(row(failed, '失败测试')).toContainText('用户关机或停机');
  await button(failed, '全部失败重发').click();
  await button(page.locator('.ant-modal-confirm'), '确定').click();
  await expect(toast(page, '已重发 1 个，跳过 0 个')).toBeVisible();

  await setLook(page, 'en', 'theme-default');
  await openPage(page, '/message/smspush');
  const pushesEn = region(page, 'SMS push');
  await search(pushesEn, { 'Task name': '十周年返校提醒' }, 'Search');
  await expect(row(pushesEn, '十周年返校提醒')).toContainText('Partly failed');
  await page.screenshot({ path: 'screenshots/sms-push-en.png' });
});
