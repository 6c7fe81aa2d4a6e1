import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../../../test-support/test-app.js';
import { LOCAL_SERVICES } from '../../../test-support/local-services.js';

describe.each(testDialects())('e-mail settings and test mail through a real SMTP server on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let smtp: SMTPServer;
  let port: number;
  const received: ParsedMail[] = [];
  const logins: { user: string; pass: string }[] = [];
  let settingId: string;

  beforeAll(async () => {
    smtp = new SMTPServer({
      secure: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, logger: false,
      onAuth(auth, _session, done) {
        logins.push({ user: String(auth.username), pass: String(auth.password) });
        done(null, { user: auth.username });
      },
      onData(stream, _session, done) {
        simpleParser(stream).then((mail) => { received.push(mail); done(); }, done);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
    t = await startTestApp(dialect, LOCAL_SERVICES);
    admin = await t.signIn('admin');
    const res = await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', admin, {
      settingName: '测试邮箱', smtpHost: '127.0.0.1', smtpPort: port, encryption: '0', username: 'mailer', password: 'p@ss-秘密',
      senderAddress: 'alumni@example.com', senderName: '示范大学校友总会', dailyLimit: 500, isDefault: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    settingId = res.json().data.id;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const test = (to: string) => t.call('POST', '/api/blade-emailSetting/emailSetting/test', admin, { id: settingId, to });

  it('sends the test mail, which arrives with a UTF-8 subject, body and sender name', async () => {
    const res = await test('zhang@example.com');
    expect(res.json()).toMatchObject({ code: 200, data: true });
    const mail = received.at(-1) as ParsedMail;
    expect(mail.subject).toBe('测试邮件 / Test mail — 测试邮箱');
    expect(mail.text).toContain('这是一封来自校友管理平台的测试邮件。');
    expect(mail.from?.value[0]).toEqual({ name: '示范大学校友总会', address: 'alumni@example.com' });
    expect(logins.at(-1)).toEqual({ user: 'mailer', pass: 'p@ss-秘密' });
  });

  it('records the send', async () => {
    await test('records@example.com');
    const page = (await t.call('GET', '/api/blade-resource/send-record/list?channel=mail', admin)).json().data;
    expect(page.records[0]).toMatchObject({ channel: 'mail', target: 'r***@example.com', status: 1, provider: 'smtp' });
  });

  it('never answers the password, and an edit that sends the mask keeps it', async () => {
    const detail = (await t.call('GET', `/api/blade-emailSetting/emailSetting/detail?id=${settingId}`, admin)).json().data;
    expect(detail.password).toBe('******');
    const list = (await t.call('GET', '/api/blade-emailSetting/emailSetting/list?size=100', admin)).json().data.records;
    expect(list.every((r: { password: string }) => r.password === '******')).toBe(true);
    expect((await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', admin, { ...detail, senderName: '校友会' })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', admin, { id: settingId, password: '' })).statusCode).toBe(200);
    await test('after-edit@example.com');
    expect(logins.at(-1)).toEqual({ user: 'mailer', pass: 'p@ss-秘密' });
  });

  it('answers 400 发送失败 with the reason in general words when the server cannot be reached', async () => {
    const bad = (await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', admin, {
      settingName: '坏邮箱', smtpHost: '127.0.0.1', smtpPort: 1, encryption: '0', username: 'x', password: 'x',
      senderAddress: 'x@example.com', senderName: 'x', dailyLimit: 1, isDefault: 0,
    })).json().data;
    const res = await t.call('POST', '/api/blade-emailSetting/emailSetting/test', admin, { id: bad.id, to: 'a@example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('发送失败：连接被拒绝（127.0.0.1）');
  });

  it('stops at the setting\'s daily limit of accepted mails, with nothing sent past it', async () => {
    const limited = (await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', admin, {
      settingName: '限额邮箱', smtpHost: '127.0.0.1', smtpPort: port, encryption: '0', username: 'mailer', password: 'x',
      senderAddress: 'limit@example.com', senderName: '限额', dailyLimit: 2, isDefault: 0,
    })).json().data;
    const send = (to: string) => t.call('POST', '/api/blade-emailSetting/emailSetting/test', admin, { id: limited.id, to });
    const before = received.length;
    expect((await send('one@example.com')).json()).toMatchObject({ code: 200, data: true });
    expect((await send('two@example.com')).json()).toMatchObject({ code: 200, data: true });
    const third = await send('three@example.com');
    expect(third.statusCode).toBe(400);
    expect(third.json().msg).toBe('今日已发送 2 封，已达每日上限 2 封');
    expect(received.length).toBe(before + 2);
    // Other settings keep their own count.
    expect((await test('other@example.com')).json()).toMatchObject({ code: 200, data: true });
    // A higher limit lets the next mail through the same day.
    await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', admin, { id: limited.id, dailyLimit: 3 });
    expect((await send('three@example.com')).json()).toMatchObject({ code: 200, data: true });
  });

  it('refuses a malformed recipient and a malformed sender address (400)', async () => {
    expect((await test('not-an-address')).statusCode).toBe(400);
    const res = await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', admin, { id: settingId, senderAddress: '校友@例子' });
    expect(res.json().data.errors).toHaveProperty('senderAddress');
  });

  it('keeps exactly one default per tenant and refuses to remove the default', async () => {
    await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', admin, { id: settingId, isDefault: 1 });
    const rows = (await t.call('GET', '/api/blade-emailSetting/emailSetting/list?size=100', admin)).json().data.records as { id: string; isDefault: number }[];
    expect(rows.filter((r) => r.isDefault === 1).map((r) => r.id)).toEqual([settingId]);
    const res = await t.call('POST', `/api/blade-emailSetting/emailSetting/remove?ids=${settingId}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('默认发件配置不能停用或删除');
  });

  it('refuses the test mail to a caller without emailsetting_test (403)', async () => {
    const leader = await t.signIn('leader');
    expect((await t.call('POST', '/api/blade-emailSetting/emailSetting/test', leader, { id: settingId, to: 'a@example.com' })).statusCode).toBe(403);
  });
});
