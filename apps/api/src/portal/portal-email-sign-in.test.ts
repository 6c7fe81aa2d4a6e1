import type { AddressInfo } from 'node:net';
import { basicInfoEntity } from '@alumni/domain';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SERVICES } from '../test-support/local-services.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { portalHeaders } from '../test-support/portal-calls.js';

const BASE = '/api/blade-portal';

describe.each(testDialects())('alumni portal sign-in by e-mail through a real SMTP server on %s', (dialect) => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: ParsedMail[] = [];
  let alumnus: { id: string; email: string };

  beforeAll(async () => {
    smtp = new SMTPServer({
      secure: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, logger: false,
      onAuth(auth, _session, done) { done(null, { user: auth.username }); },
      onData(stream, _session, done) { simpleParser(stream).then((mail) => { received.push(mail); done(); }, done); },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await startTestApp(dialect, LOCAL_SERVICES);
    const admin = await t.signIn('admin');
    const res = await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', admin, {
      settingName: '门户测试邮箱', smtpHost: '127.0.0.1', smtpPort: port, encryption: '0', username: 'mailer', password: 'secret',
      senderAddress: 'alumni@example.com', senderName: '示范大学校友总会', dailyLimit: 500, isDefault: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { db } = t.app.services.database;
    const rows = await db.selectFrom(basicInfoEntity.table).select(['id', 'email', 'email_hash'])
      .where('tenant_id', '=', '000000').where('is_deleted', '=', 0).where('status', '=', 1).where('is_deceased', '=', 0)
      .where('email', 'is not', null).orderBy('id').execute();
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(String(r.email_hash), (counts.get(String(r.email_hash)) ?? 0) + 1);
    const row = rows.find((r) => counts.get(String(r.email_hash)) === 1);
    expect(row).toBeDefined();
    alumnus = { id: String(row?.id), email: t.app.services.sealing.openColumn(basicInfoEntity, 'email', row?.email) as string };
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('mails a code in both languages, and signs in with it once', async () => {
    const captcha = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
    const key = (captcha.json() as { key: string }).key;
    const asked = await t.app.inject({
      method: 'POST', url: `${BASE}/auth/code`,
      payload: { tenantId: '000000', channel: 'email', target: alumnus.email.toUpperCase(), captchaKey: key, captchaCode: await t.app.services.captcha.peek(key) },
    });
    expect(asked.json(), asked.body).toMatchObject({ code: 200, data: { sent: true, registered: true } });
    const mail = received.at(-1) as ParsedMail;
    expect((mail.to as { value: { address: string }[] }).value[0]?.address).toBe(alumnus.email.toLowerCase());
    expect(mail.subject).toBe('校友门户登录验证码 / Your alumni portal sign-in code');
    const code = /验证码是 (\d{6})/.exec(mail.text ?? '')?.[1] as string;
    expect(mail.text).toContain(`Your alumni portal sign-in code is ${code}.`);
    const signIn = () => t.app.inject({ method: 'POST', url: `${BASE}/auth/sign-in`, payload: { tenantId: '000000', channel: 'email', target: alumnus.email, code } });
    const res = await signIn();
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.accessToken as string;
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/me`, headers: portalHeaders(token) })).json().data.id).toBe(alumnus.id);
    expect((await signIn()).statusCode).toBe(400);
  });
});
