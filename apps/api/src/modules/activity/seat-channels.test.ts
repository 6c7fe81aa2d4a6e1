import type { AddressInfo } from 'node:net';
import { NOTICE_PUSH_MSG } from '@alumni/domain';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../core/time.js';
import { seedId } from '../../seed/menu-tree.js';
import { localMailSetting, standInWebDir, startLocalSmtp, type LocalSmtp } from '../../test-support/local-mail.js';
import { LOCAL_SERVICES } from '../../test-support/local-services.js';
import { portalHeaders, signInAlumnusForTest } from '../../test-support/portal-calls.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { waitFor } from '../../test-support/wait-for.js';
import { onSeatTaken } from './activity-seats.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

const ACTIVITY = '/api/blade-activity/activity';
const APPLIST = '/api/blade-actApplist/actApplist';
const PUSH = '/api/blade-noticePush/noticePush';
const PORTAL = '/api/blade-portal';
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000));

/**
 * Issue 31, decision 274: a seat taken tells the alumnus through every channel they consented to and
 * have an address for — the ticket on applying, the seat and the ticket on a promotion from the
 * waitlist — in-app at once, by e-mail (read from a real SMTP server) and by SMS (the recording
 * provider's send records) after the write commits, each link absolute and opening the ticket; and
 * a write that rolls back sends nothing.
 */
describe.each(testDialects())('a seat taken tells the alumnus through their channels on %s (issue 31)', (dialect) => {
  let t: TestApp;
  let office: string;
  let smtp: LocalSmtp;
  let web: ReturnType<typeof standInWebDir>;
  let origin: string;
  let alumni: Row[];
  const tokens: string[] = [];

  beforeAll(async () => {
    web = standInWebDir();
    smtp = await startLocalSmtp();
    t = await startTestApp(dialect, { ...LOCAL_SERVICES, WEB_DIR: web.dir });
    office = await t.signIn('office');
    expect((await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', office, localMailSetting(smtp.port))).statusCode).toBe(200);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect((await t.call('PUT', '/api/blade-emailSetting/emailSetting/public-base', office, { publicBaseUrl: origin })).statusCode).toBe(200);
    const list = (await t.call('GET', '/api/blade-basicInfo/basicInfo/list?size=60&status=1&isDeceased=0', office)).json().data.records as Row[];
    const seen = new Set<string>();
    alumni = list.filter((a) => typeof a.phone === 'string' && /^1[3-8]\d{9}$/.test(a.phone) && !seen.has(a.phone) && seen.add(a.phone)).slice(0, 4);
    expect(alumni).toHaveLength(4);
    for (const [i, a] of alumni.entries()) {
      const updated = await t.call('POST', '/api/blade-basicInfo/basicInfo/submit', office, { id: a.id, allowEmail: 1, allowSms: 1, email: `seat-${i}@example.com` });
      expect(updated.statusCode, updated.body).toBe(200);
      tokens.push(await signInAlumnusForTest(t.app, '000000', String(a.id)));
    }
    await t.app.services.jobs.start();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    web?.remove();
  });

  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<Row> => {
    const res = await t.call(method, url, office, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as Row;
  };
  const portal = (method: 'GET' | 'POST' | 'PUT', url: string, who: number, body?: unknown) =>
    t.call(method, `${PORTAL}${url}`, null, body ?? (method === 'GET' ? undefined : {}), portalHeaders(tokens[who] as string));
  const apply = async (activityId: string, who: number): Promise<string> => {
    const res = await portal('POST', `/activities/${activityId}/apply`, who);
    expect(res.statusCode, res.body).toBe(200);
    return String(res.json().data.id);
  };
  /** A published activity taking applications now, seated without staff confirmation. */
  const newActivity = async (capacity = 5, needConfirm = 0): Promise<{ id: string; title: string }> => {
    const title = `渠道测试${Math.random().toString(36).slice(2, 8)}`;
    const made = await ok('POST', `${ACTIVITY}/submit`, {
      title, activityType: '3', departmentId: seedId(1, 1), startTime: at(90), endTime: at(240), location: '图书馆报告厅', needSignup: 1,
      signupStartTime: at(-60), signupEndTime: at(80), capacity, needConfirm, allowCompanion: 0, targetScope: '1', content: '<p>详情</p>',
      contactName: '王老师', contactPhone: '010-62780001',
    });
    await ok('PUT', `${ACTIVITY}/enabled?id=${String(made.id)}&enabled=1`);
    return { id: String(made.id), title };
  };
  const ticketLink = (applicationId: string) => `${origin}/portal/ticket/${applicationId}?tenant=000000`;
  /** The texts the recording SMS provider was given for an application's ticket link. */
  const smsFor = async (applicationId: string) => (await t.app.services.database.db.selectFrom('blade_send_record').select(['template', 'params', 'status'])
    .where('channel', '=', 'sms').execute()).filter((r) => String(r.params).includes(`/portal/ticket/${applicationId}?`));
  const waitSms = (applicationId: string) => waitFor(`the SMS of ${applicationId}`, () => smsFor(applicationId), (rows) => rows.length > 0, 30_000);
  /** The push that told the alumnus about the application, as the staff push pages show it, once ended. */
  const pushAbout = async (title: string) => {
    const list = await waitFor(`the push about ${title}`, async () => ((await ok('GET', `${PUSH}/list?size=100`)).records as Row[]).filter((r) => String(r.title).includes(title)),
      (rows) => rows.length > 0 && rows.every((r) => Number(r.pushStatus) >= 3), 30_000);
    expect(list).toHaveLength(1);
    const detail = await ok('GET', `${PUSH}/detail?id=${String(list[0]?.id)}`);
    const records = (await ok('GET', `${PUSH}/record/list?pushId=${String(detail.id)}&size=10`)).records as Row[];
    const stat = (channel: string) => (detail.channelStats as Row[]).find((c) => c.channel === channel) as Row;
    return { detail, records, stat };
  };
  /** The link a mail's text carries to a ticket, and that it opens: the portal's page, and the ticket of the signed-in alumnus. */
  const opensTicket = async (mail: ParsedMail, applicationId: string, who: number) => {
    const link = ticketLink(applicationId);
    expect(String(mail.text)).toContain(link);
    expect(String(mail.html)).toContain(link);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('alumni portal');
    const ticket = await portal('GET', `/tickets/${applicationId}`, who);
    expect(ticket.statusCode, ticket.body).toBe(200);
    expect(ticket.json().data).toMatchObject({ id: applicationId, revoked: false, link });
  };

  it('sends the ticket of an application that takes a seat in-app, by e-mail and by SMS, each with the absolute link that opens it', async () => {
    const activity = await newActivity();
    const applicationId = await apply(activity.id, 0);
    const mail = await smtp.mailTo((m) => String(m.subject).startsWith(`您的活动门票：${activity.title}`));
    expect(mail.to && 'value' in mail.to ? mail.to.value[0]?.address : null).toBe('seat-0@example.com');
    await opensTicket(mail, applicationId, 0);
    const sms = await waitSms(applicationId);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.template).toBe('SMS_900000010');
    expect(JSON.parse(String(sms[0]?.params))).toMatchObject({ activityTitle: activity.title, ticketUrl: ticketLink(applicationId) });
    const messages = (await portal('GET', '/messages?size=50', 0)).json().data.records as Row[];
    expect(messages.filter((m) => String(m.title).includes(activity.title))).toHaveLength(1);
    // The staff push pages show it as any push: one recipient, each channel delivered.
    const { detail, records, stat } = await pushAbout(activity.title);
    expect(detail).toMatchObject({ pushStatus: 3, successCount: 3, failCount: 0, targetScope: '5' });
    for (const channel of ['1', '2', '3']) expect(stat(channel), channel).toMatchObject({ successCount: 1, targetCount: 1 });
    expect(records.map((r) => r.channel).sort()).toEqual(['1', '3']);
  });

  it('tells a promoted alumnus of the seat and the ticket by e-mail and SMS, with the link that opens it', async () => {
    const activity = await newActivity(1);
    const first = await apply(activity.id, 1);
    const waiting = await apply(activity.id, 2);
    await smtp.mailTo((m) => String(m.subject).startsWith(`您的活动门票：${activity.title}`));
    expect((await portal('POST', `/applications/${first}/cancel`, 1)).statusCode).toBe(200);
    const mail = await smtp.mailTo((m) => String(m.subject).startsWith(`候补成功：${activity.title}`));
    expect(mail.to && 'value' in mail.to ? mail.to.value[0]?.address : null).toBe('seat-2@example.com');
    expect(String(mail.text)).toContain('a seat came free');
    await opensTicket(mail, waiting, 2);
    const sms = await waitSms(waiting);
    expect(sms[0]?.template).toBe('SMS_900000011');
  });

  it('sends no e-mail once the alumnus withdrew e-mail consent in the portal, and still the SMS and the in-app message', async () => {
    expect((await portal('PUT', '/me/consent', 3, { email: false })).statusCode).toBe(200);
    const activity = await newActivity();
    const applicationId = await apply(activity.id, 3);
    await waitSms(applicationId);
    const { records, stat } = await pushAbout(activity.title);
    expect(records.find((r) => r.channel === '3')).toMatchObject({ status: 4, failReason: '校友未授权接收该渠道消息' });
    expect(stat('1')).toMatchObject({ successCount: 1 });
    expect(stat('2')).toMatchObject({ successCount: 1 });
    expect(smtp.received.some((m) => String(m.subject).includes(activity.title))).toBe(false);
    const messages = (await portal('GET', '/messages?size=50', 3)).json().data.records as Row[];
    expect(messages.some((m) => String(m.title).includes(activity.title))).toBe(true);
    await portal('PUT', '/me/consent', 3, { email: true });
  });

  it('sends the ticket when staff confirm an application awaiting confirmation, and nothing before', async () => {
    const activity = await newActivity(5, 1);
    const applicationId = await apply(activity.id, 2);
    const db = t.app.services.database.db;
    expect(await db.selectFrom('alumni_notice_push').select('id').where('title', 'like', `%${activity.title}%`).execute()).toHaveLength(0);
    await ok('POST', `${APPLIST}/submit`, { id: applicationId, applyStatus: 1 });
    const mail = await smtp.mailTo((m) => String(m.subject).startsWith(`您的活动门票：${activity.title}`));
    expect(mail.to && 'value' in mail.to ? mail.to.value[0]?.address : null).toBe('seat-2@example.com');
    await opensTicket(mail, applicationId, 2);
    expect((await waitSms(applicationId))[0]?.template).toBe('SMS_900000010');
  });

  it('sends no text message once the alumnus withdrew SMS consent, and still the e-mail and the in-app message', async () => {
    expect((await portal('PUT', '/me/consent', 0, { sms: false })).statusCode).toBe(200);
    try {
      const activity = await newActivity();
      const applicationId = await apply(activity.id, 0);
      const mail = await smtp.mailTo((m) => String(m.subject).startsWith(`您的活动门票：${activity.title}`));
      await opensTicket(mail, applicationId, 0);
      const { stat } = await pushAbout(activity.title);
      expect(stat('2')).toMatchObject({ successCount: 0, skipCount: 1 });
      expect(await smsFor(applicationId)).toHaveLength(0);
      const smsPushes = await t.app.services.database.db.selectFrom('alumni_sms_push').select('id').where('title', 'like', `%${activity.title}%`).execute();
      expect(smsPushes).toHaveLength(0);
    } finally {
      await portal('PUT', '/me/consent', 0, { sms: true });
    }
  });

  it('tells in-app only while the public base address is empty, records why, and the application still takes its seat', async () => {
    const db = t.app.services.database.db;
    const base = () => db.updateTable('blade_param').where('param_key', '=', 'alumni.publicBaseUrl');
    await base().set({ param_value: '' }).execute();
    try {
      const activity = await newActivity();
      const res = await portal('POST', `/activities/${activity.id}/apply`, 2);
      expect(res.statusCode, res.body).toBe(200);
      const applicationId = String(res.json().data.id);
      expect(res.json().data.state).toBe(1);
      const { records, stat } = await pushAbout(activity.title);
      expect(stat('1')).toMatchObject({ successCount: 1 });
      const reason = NOTICE_PUSH_MSG.baseUrlRequired.zh;
      expect(records.find((r) => r.channel === '3')).toMatchObject({ status: 3, failReason: reason });
      expect(records.find((r) => r.channel === '2')).toMatchObject({ status: 3, failReason: reason });
      const messages = (await portal('GET', '/messages?size=50', 2)).json().data.records as Row[];
      expect(messages.filter((m) => String(m.title).includes(activity.title))).toHaveLength(1);
      expect(smtp.received.some((m) => String(m.subject).includes(activity.title))).toBe(false);
      expect(await smsFor(applicationId)).toHaveLength(0);
      expect(await db.selectFrom('alumni_sms_push').select('id').where('title', 'like', `%${activity.title}%`).execute()).toHaveLength(0);
    } finally {
      await base().set({ param_value: origin }).execute();
    }
  });

  it('skips a channel the alumnus has no address for', async () => {
    expect((await t.call('POST', '/api/blade-basicInfo/basicInfo/submit', office, { id: alumni[1]?.id, email: '' })).statusCode).toBe(200);
    const activity = await newActivity();
    const applicationId = await apply(activity.id, 1);
    await waitSms(applicationId);
    const { records } = await pushAbout(activity.title);
    expect(records.find((r) => r.channel === '3')).toMatchObject({ status: 4, failReason: '无有效的联系方式' });
    expect(records.find((r) => r.channel === '1')).toMatchObject({ status: 2 });
    expect(smtp.received.some((m) => String(m.subject).includes(activity.title))).toBe(false);
  });

  it('sends nothing when the write that took the seat rolls back', async () => {
    const activity = await newActivity();
    // A later listener of the same transaction fails: the application, its ticket and its message all roll back.
    const stop = onSeatTaken(async (_tx, event) => {
      if (event.activityId === activity.id) throw new Error('refused after the seat was taken');
    });
    try {
      expect((await portal('POST', `/activities/${activity.id}/apply`, 0)).statusCode).toBe(500);
    } finally {
      stop();
    }
    const db = t.app.services.database.db;
    expect(await db.selectFrom('alumni_act_applist').select('id').where('activity_id', '=', activity.id).execute()).toHaveLength(0);
    expect(await db.selectFrom('alumni_notice_push').select('id').where('title', 'like', `%${activity.title}%`).execute()).toHaveLength(0);
    expect(await db.selectFrom('alumni_sms_push').select('id').where('title', 'like', `%${activity.title}%`).execute()).toHaveLength(0);
    // Another seat taken after it is sent: the jobs ran, and nothing of the rolled-back one came with them.
    const after = await apply(activity.id, 0);
    await smtp.mailTo((m) => String(m.text).includes(ticketLink(after)));
    await waitSms(after);
    expect(smtp.received.filter((m) => String(m.subject).includes(activity.title))).toHaveLength(1);
    expect((await db.selectFrom('blade_send_record').select('params').where('channel', '=', 'sms').execute())
      .filter((r) => String(r.params).includes(activity.title))).toHaveLength(1);
  });
});
