import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { button, formDialog, openPage, region, row } from '../support/crud';
import { signIn, toast } from '../support/session';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('local storage is configured and enabled, and an uploaded avatar is listed and downloadable through a signed link', async ({ page }) => {
  await openPage(page, '/resource/oss/index');
  const list = region(page, '对象存储');
  await button(list, '新增').click();
  const dialog = formDialog(page);
  await dialog.getByLabel('分类').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '本地存储' }).click();
  await dialog.getByLabel('资源编号').fill('e2e-local');
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await button(row(list, 'e2e-local'), '启用').click();
  await expect(row(list, 'e2e-local')).toContainText('已启用');
  await expect(list.getByText('已启用')).toHaveCount(1);

  await openPage(page, '/resource/attach/index');
  const files = region(page, '附件');
  const uploaded = page.waitForResponse((r) => r.url().includes('/oss/endpoint/put-file'));
  await files.locator('input[type=file]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
  const answer = await (await uploaded).json() as { data: { link: string } };
  expect(answer.data.link).toContain('/api/blade-resource/oss/endpoint/get-file?name=');
  await expect(row(files, 'avatar.png')).toHaveCount(1);
  const download = row(files, 'avatar.png').getByRole('link', { name: /下\s*载/ });
  const href = await download.getAttribute('href');
  expect(href).toContain('signature=');
  expect(href).not.toContain('blade-auth');
  const withToken = await page.request.get(String(href));
  expect(withToken.status()).toBe(200);
  expect(Buffer.from(await withToken.body()).equals(PNG)).toBe(true);
  expect((await page.request.get(answer.data.link)).status()).toBe(401);
});

test('the log SMS provider is configured and a message is sent from the SMS page', async ({ page }) => {
  await openPage(page, '/resource/sms/index');
  const list = region(page, '短信配置');
  await button(list, '新增').click();
  const dialog = formDialog(page);
  await dialog.getByLabel('分类').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '开发日志' }).click();
  await dialog.getByLabel('资源编号').fill('e2e-log');
  await dialog.getByLabel('模板ID').fill('SMS_E2E');
  await dialog.getByLabel('短信签名').fill('示范大学');
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await button(row(list, 'e2e-log'), '启用').click();
  await expect(row(list, 'e2e-log')).toContainText('已启用');

  await button(list.locator('.entity-toolbar'), '发送测试').click();
  const send = page.getByRole('dialog').filter({ hasText: '发送短信' });
  await send.getByLabel('手机号码').fill('13900000002,12345');
  await send.getByLabel('模板参数(JSON)').fill('{"name":"王晓梅"}');
  const sent = page.waitForResponse((r) => r.url().includes('/sms/endpoint/send-message'));
  await button(send, '发送').click();
  const result = await (await sent).json() as { data: { sent: number; failed: number } };
  expect(result.data).toMatchObject({ sent: 1, failed: 1 });
  await expect(page.locator('.ant-modal-confirm-title').filter({ hasText: '发送成功 1 条,失败 1 条' })).toBeVisible();
  await expect(page.getByText('12345: 请输入正确的手机号码')).toBeVisible();
  await page.keyboard.press('Escape');
  // The demo school's own configuration is the enabled one again, as the SMS pushes expect.
  await button(row(list, 'demo-sms'), '启用').click();
  await expect(row(list, 'demo-sms')).toContainText('已启用');
});

test('SMTP is configured and a test mail is sent and received', async ({ page }) => {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    secure: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, authOptional: true, logger: false,
    onAuth: (auth, _s, done) => done(null, { user: auth.username }),
    onData: (stream, _s, done) => void simpleParser(stream).then((m) => { received.push(m); done(); }, done),
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  // Named per run: a retry does not meet the setting a failed try left behind.
  const name = `E2E 邮箱 ${Date.now().toString(36).slice(-5)}`;
  try {
    await openPage(page, '/message/emailsetting/index');
    const list = region(page, '邮件设置');
    await button(list, '新增').click();
    const dialog = formDialog(page);
    await dialog.getByLabel('配置名称').fill(name);
    await dialog.getByLabel('SMTP服务器').fill('127.0.0.1');
    await dialog.getByLabel('端口').fill(String(port));
    await dialog.getByLabel('加密方式').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '不加密' }).click();
    await dialog.getByLabel('账号').fill('mailer');
    await dialog.getByLabel('密码/授权码').fill('secret-code');
    await dialog.getByLabel('发件地址').fill('alumni@example.com');
    await dialog.getByLabel('发件人名称').fill('示范大学校友总会');
    await button(dialog, '保存').click();
    await expect(toast(page, '新增成功')).toBeVisible();

    await button(row(list, name), '发送测试邮件').click();
    const test = page.getByRole('dialog').filter({ hasText: '收件人' });
    await test.getByLabel('收件人').fill('office@example.com');
    const answered = page.waitForResponse((r) => r.url().includes('/emailSetting/test'));
    await button(test, '发送').click();
    expect(await (await answered).json()).toMatchObject({ code: 200, data: true });
    await expect(test).toBeHidden();
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]?.subject).toContain('测试邮件');
    expect(received[0]?.from?.value[0]?.name).toBe('示范大学校友总会');
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});
