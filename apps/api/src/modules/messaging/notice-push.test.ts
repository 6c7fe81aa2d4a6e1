import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../core/time.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { LOCAL_SERVICES } from '../../test-support/local-services.js';

const BASE = '/api/blade-noticePush/noticePush';
type Json = Record<string, unknown>;

describe.each(testDialects())('notice pushes on %s (DOMAIN 8.3)', (dialect) => {
  let t: TestApp;
  let office: string;
  let college: string;
  let smtp: SMTPServer;
  const received: ParsedMail[] = [];
  /** Addresses the SMTP sink refuses while listed (a bounced e-mail). */
  const refused = new Set<string>();
  let alumni: Json[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      secure: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, logger: false,
      onAuth(auth, _session, done) { done(null, { user: auth.username }); },
      onRcptTo(address, _session, done) { done(refused.has(address.address) ? Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 }) : undefined); },
      onData(stream, _session, done) { simpleParser(stream).then((mail) => { received.push(mail); done(); }, done); },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    t = await startTestApp(dialect, LOCAL_SERVICES);
    office = await t.signIn('office');
    college = await t.signIn('college');
    const setting = await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', office, {
      settingName: '推送邮箱', smtpHost: '127.0.0.1', smtpPort: (smtp.server.address() as AddressInfo).port, encryption: '0', username: 'mailer', password: 'secret',
      senderAddress: 'alumni@example.com', senderName: '校友总会', dailyLimit: 10000, isDefault: 1,
    });
    expect(setting.statusCode, setting.body).toBe(200);
    // Links in e-mails are absolute: a push with links needs the public base address.
    expect((await t.call('PUT', '/api/blade-emailSetting/emailSetting/public-base', office, { publicBaseUrl: 'https://alumni.example.edu.cn' })).statusCode).toBe(200);
    alumni = (await t.call('GET', '/api/blade-basicInfo/basicInfo/list?size=3&status=1&isDeceased=0', office)).json().data.records as Json[];
    await t.app.services.jobs.start();
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const submit = (body: Json, token = office) => t.call('POST', `${BASE}/submit`, token, body);
  const push = (values: Json = {}): Json => ({
    title: '校庆通知推送', channels: '1,3', subject: '校庆公告', content: '${name}校友您好，校庆将至。', targetScope: '1', sendType: '1', ...values,
  });
  const until = async (id: string, done: (p: Json) => boolean): Promise<Json> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const detail = (await t.call('GET', `${BASE}/detail?id=${id}`, office)).json().data as Json;
      if (done(detail) || Date.now() > deadline) return detail;
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('refuses a push without a notice, a template or content: 请选择通知、模板或填写推送内容', async () => {
    const res = await submit(push({ content: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请选择通知、模板或填写推送内容');
  });

  it('needs a subject for e-mail and in-app, and an SMS template for SMS', async () => {
    expect((await submit(push({ subject: '' }))).json().msg).toBe('邮件和站内消息须填写标题');
    expect((await submit(push({ channels: '2' }))).json().msg).toBe('短信渠道须选择短信模板');
  });

  it('schedules only at least five minutes ahead, and cancels only before sending starts', async () => {
    const soon = await submit(push({ sendType: '2', planSendTime: '2000-01-01 00:00:00', pushStatus: 1 }));
    expect(soon.json().msg).toBe('计划发送时间须至少晚于当前时间5分钟');
    const draft = (await submit(push())).json().data as Json;
    expect(draft).toMatchObject({ pushStatus: 0, emailSettingId: expect.any(String) });
    expect((await submit({ id: draft.id, pushStatus: 6 })).json().msg).toBe('只有待发送的推送可以取消');
    const later = formatDateTime(new Date(Date.now() + 3_600_000));
    const queued = (await submit({ id: draft.id, sendType: '2', planSendTime: later, pushStatus: 1 })).json().data as Json;
    expect(queued.pushStatus).toBe(1);
    expect((await submit({ id: draft.id, pushStatus: 6 })).json().data.pushStatus).toBe(6);
    expect((await t.call('POST', `${BASE}/remove?ids=${String(draft.id)}`, office)).statusCode).toBe(200);
  });

  it('estimates the recipients per channel on the demo data', async () => {
    const res = await t.call('GET', `${BASE}/estimate?targetScope=1&channels=1,3`, office);
    const estimate = res.json().data as { total: number; perChannel: Record<string, number>; skipped: Record<string, number> };
    expect(estimate.total).toBeGreaterThan(100);
    expect(estimate.perChannel['1']).toBeLessThanOrEqual(estimate.total);
    expect(estimate.perChannel['3']).toBeLessThan(estimate.perChannel['1'] as number);
    const pairs = (estimate.perChannel['1'] as number) + (estimate.perChannel['3'] as number) + Object.values(estimate.skipped).reduce((a, b) => a + b, 0);
    expect(pairs).toBe(estimate.total * 2);
  });

  it('sends in-app and e-mail, skips a channel whose consent was withdrawn, and the unsubscribe link withdraws e-mail consent', async () => {
    const [first, second] = alumni as [Json, Json];
    await t.call('POST', '/api/blade-basicInfo/basicInfo/submit', office, { id: first.id, allowEmail: 0 });
    await t.call('POST', '/api/blade-basicInfo/basicInfo/submit', office, { id: second.id, allowEmail: 1, email: 'second-alumnus@example.com' });
    const sent = (await submit(push({ targetScope: '5', targetValue: JSON.stringify({ alumniIds: `${String(first.id)},${String(second.id)}` }), pushStatus: 1 }))).json().data as Json;
    const done = await until(String(sent.id), (p) => Number(p.pushStatus) >= 3);
    expect(done).toMatchObject({ pushStatus: 3, targetCount: 4, successCount: 3, skipCount: 1, failCount: 0 });
    const records = (await t.call('GET', `${BASE}/record/list?pushId=${String(sent.id)}&size=50`, office)).json().data.records as Json[];
    expect(records.find((r) => r.alumniId === first.id && r.channel === '3')).toMatchObject({ status: 4, failReason: '校友未授权接收该渠道消息' });
    const mail = received.find((m) => (m.to as { text: string } | undefined)?.text === 'second-alumnus@example.com') as ParsedMail;
    expect(mail.subject).toBe('校庆公告');
    const link = /href="([^"]*open\/unsubscribe\?token=[^"]+)"/.exec(String(mail.html))?.[1] as string;
    const page = await t.call('GET', link.slice(link.indexOf('/api/')));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('已退订');
    const alumnus = (await t.call('GET', `/api/blade-basicInfo/basicInfo/detail?id=${String(second.id)}`, office)).json().data as Json;
    expect(alumnus.allowEmail).toBe(0);
    expect((alumnus.consentLogs as Json[])[0]).toMatchObject({ channel: '3', allowed: 0, source: '2' });
    expect((await t.call('GET', `${BASE}/open/unsubscribe?token=1.AAAAAAAAAAAAAAAAAAAAAAAA`)).statusCode).toBe(400);
  });

  it('invites to a survey (发送邀请): the draft takes the survey\'s respondents and scene-7 template, and each e-mail carries a link signed for its alumnus', async () => {
    const surveys = (await t.call('GET', '/api/blade-questionnaireSurvey/questionnaireSurvey/list?size=10', office)).json().data.records as Json[];
    const collecting = surveys.find((s) => Number(s.surveyStatus) === 1) as Json;
    const draftSurvey = surveys.find((s) => Number(s.surveyStatus) === 0) as Json;
    expect((await t.call('GET', `${BASE}/survey-invitation?surveyId=${String(draftSurvey.id)}`, office)).json().msg).toBe('请选择收集中的问卷');
    expect((await t.call('GET', `${BASE}/survey-invitation?surveyId=x`, office)).statusCode).toBe(400);
    const draft = (await t.call('GET', `${BASE}/survey-invitation?surveyId=${String(collecting.id)}`, office)).json().data as Json;
    const templates = (await t.call('GET', '/api/blade-noticeTemplate/noticeTemplate/all?scene=7', office)).json().data as Json[];
    expect(draft).toMatchObject({ surveyId: collecting.id, channels: '3', templateId: templates.find((x) => x.channel === '3')?.id, targetScope: String(collecting.targetScope) });
    expect(String(draft.title)).toContain(String(collecting.title));
    // A push naming a survey that does not collect answers is refused.
    expect((await submit(push({ surveyId: draftSurvey.id }))).json().msg).toBe('请选择收集中的问卷');

    const [, second] = alumni as [Json, Json];
    await t.call('POST', '/api/blade-basicInfo/basicInfo/submit', office, { id: second.id, allowEmail: 1, email: 'invited-alumnus@example.com' });
    const sent = (await submit({ ...draft, channels: '3', targetScope: '5', targetValue: JSON.stringify({ alumniIds: String(second.id) }), sendType: '1', pushStatus: 1 })).json().data as Json;
    expect(sent.surveyId).toBe(collecting.id);
    expect(await until(String(sent.id), (p) => Number(p.pushStatus) >= 3)).toMatchObject({ pushStatus: 3, successCount: 1 });
    const mail = received.find((m) => (m.to as { text: string } | undefined)?.text === 'invited-alumnus@example.com') as ParsedMail;
    expect(mail.subject).toBe(`邀请您参加“${String(collecting.title)}”`);
    // The link passes through the click-through address, which names the answer page's path.
    const leadsTo = (html: string) => decodeURIComponent(/href="[^"]*\/open\/click\?token=[^"&]+&(?:amp;)?to=([^"&]+)"/.exec(html)?.[1] ?? '');
    const link = /^\/survey-answer\/(\d+)\?tenantId=000000&token=([^&]+)$/.exec(leadsTo(String(mail.html)));
    expect(link?.[1]).toBe(collecting.id);
    const view = await t.call('GET', `/api/blade-questionnaireSurvey/questionnaireSurvey/open/survey?id=${String(collecting.id)}&token=${link?.[2] ?? ''}`, undefined, undefined, { 'tenant-id': '000000' });
    expect(view.statusCode, view.body).toBe(200);
    // The preview fills the same link for the first recipient.
    const preview = (await t.call('POST', `${BASE}/preview`, office, { ...draft, channels: '3', targetScope: '5', targetValue: JSON.stringify({ alumniIds: String(second.id) }) })).json().data as Json;
    expect(leadsTo(String((preview.channels as Json[])[0]?.content))).toMatch(new RegExp(`^/survey-answer/${String(collecting.id)}\\?tenantId=000000&token=a${String(second.id)}\\.`));
  });

  it('carries the SMS channel out as one SMS push of the reachable recipients, and a rerun of the start job creates no second one', async () => {
    const [first, second, third] = alumni as [Json, Json, Json];
    await t.call('POST', '/api/blade-basicInfo/basicInfo/submit', office, { id: first.id, allowSms: 0 });
    for (const [alumnus, phone] of [[second, '13900009801'], [third, '13900009802']] as const) {
      const res = await t.call('POST', '/api/blade-basicInfo/basicInfo/submit', office, { id: alumnus.id, allowSms: 1, areaCode: '+86', phone });
      expect(res.statusCode, res.body).toBe(200);
    }
    const templates = (await t.call('GET', '/api/blade-noticeTemplate/noticeTemplate/all?channel=2&scene=8', office)).json().data as Json[];
    const smsTemplateId = String(templates[0]?.id);
    const ids = [first, second, third].map((a) => String(a.id)).join(',');
    const sent = (await submit(push({ channels: '1,2', smsTemplateId, targetScope: '5', targetValue: JSON.stringify({ alumniIds: ids }), pushStatus: 1 }))).json().data as Json;
    const done = await until(String(sent.id), (p) => Number(p.pushStatus) >= 3);
    expect(done.smsPushId).toBeTruthy();
    const targets = (await t.call('GET', `/api/smsPushTarget/smsPushTarget/page?smsPushId=${String(done.smsPushId)}&size=50`, office)).json().data.records as Json[];
    expect(targets.map((x) => x.alumniId).sort()).toEqual([String(second.id), String(third.id)].sort());
    expect(targets.every((x) => String(x.source) === '4' && Number(x.pushStatus) === 2)).toBe(true);
    // The shared values fill the SMS text as they fill the other channels'.
    const smsPush = (await t.call('GET', `/api/smsPush/smsPush/detail/${String(done.smsPushId)}`, office)).json().data as Json;
    expect(JSON.parse(String(smsPush.templateParams))).toMatchObject({ noticeTitle: '校庆公告' });
    const sms = (done.channelStats as Json[]).find((c) => c.channel === '2');
    expect(sms).toMatchObject({ targetCount: 3, successCount: 2, skipCount: 1, failCount: 0 });
    expect(done).toMatchObject({ pushStatus: 3, targetCount: 6, successCount: 5, skipCount: 1 });
    const records = (await t.call('GET', `${BASE}/record/list?pushId=${String(sent.id)}&channel_equal=2&size=50`, office)).json().data.records as Json[];
    expect(records.map((r) => r.alumniId)).toEqual([first.id]);

    // The start job run again (a retry after a crash): the push and its SMS push stay as they are.
    const db = t.app.services.database.db;
    await db.updateTable('alumni_notice_push').set({ push_status: 2, recipients_resolved: 0 }).where('id', '=', String(sent.id)).execute();
    const jobs = t.app.services.jobs;
    await jobs.send('notice-push-start', { data: { pushId: String(sent.id), planSendTime: null }, tenantId: '000000', createdBy: null });
    const again = await until(String(sent.id), (p) => Number(p.pushStatus) >= 3);
    expect(again.smsPushId).toBe(done.smsPushId);
    const smsPushes = await db.selectFrom('alumni_sms_push').select('id').where('notice_push_id', '=', String(sent.id)).execute();
    expect(smsPushes).toHaveLength(1);
    const after = (await t.call('GET', `/api/smsPushTarget/smsPushTarget/page?smsPushId=${String(done.smsPushId)}&size=50`, office)).json().data.records as Json[];
    expect(after).toHaveLength(2);
    expect(again).toMatchObject({ targetCount: 6, successCount: 5, skipCount: 1 });
  });

  it('shows a college user only the pushes of its own unit', async () => {
    const mine = (await submit(push({ title: '学院推送' }), college)).json().data as Json;
    const theirs = (await submit(push({ title: '校友办推送' }))).json().data as Json;
    const seen = ((await t.call('GET', `${BASE}/list?size=200`, college)).json().data.records as Json[]).map((r) => r.id);
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(theirs.id);
  });
  it('takes the channels as a list of keys, names them, and finds the pushes on any channel asked for', async () => {
    const both = (await submit(push({ title: '渠道列表推送', channels: ['3', '1', '3'] }))).json().data as Json;
    expect(both).toMatchObject({ channels: '1,3', channelsName: '站内消息、电子邮件' });
    const found = (ids: string) => t.call('GET', `${BASE}/list?size=200&channels_in=${ids}`, office).then((r) => (r.json().data.records as Json[]).map((x) => x.id));
    expect(await found('3')).toContain(both.id);
    expect(await found('2,4')).not.toContain(both.id);
    expect((await submit(push({ channels: '1,9' }))).statusCode).toBe(400);
  });

  it('offers the form the published notices and the e-mail settings, from the push\'s own calls', async () => {
    const notices = (await t.call('GET', `${BASE}/notice-select`, office)).json().data as Json[];
    const all = (await t.call('GET', '/api/blade-notice/notice/list?size=50', office)).json().data.records as Json[];
    const published = all.filter((n) => Number(n.publishStatus) === 1).map((n) => n.id);
    expect(notices.map((n) => n.id).sort()).toEqual([...published].sort());
    const senders = (await t.call('GET', `${BASE}/sender-select`, office)).json().data as Json[];
    expect(senders.find((s) => s.settingName === '推送邮箱')).toMatchObject({ isDefault: 1 });
  });

  it('previews each channel filled for the first recipient, as the sending fills it', async () => {
    const first = alumni[0] as Json;
    const templates = (await t.call('GET', '/api/blade-noticeTemplate/noticeTemplate/all?channel=2&scene=8', office)).json().data as Json[];
    const sms = templates[0] as Json;
    const res = await t.call('POST', `${BASE}/preview`, office, {
      title: '预览', channels: '1,2,3,4', subject: '致${name}', content: '${name}校友：${schoolName}欢迎您。', smsTemplateId: sms.id,
      targetScope: '5', targetValue: JSON.stringify({ alumniIds: String(first.id) }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data as { sample: Json; channels: Json[] };
    expect(preview.sample).toMatchObject({ alumniId: first.id, name: first.name });
    const byChannel = Object.fromEntries(preview.channels.map((c) => [c.channel, c]));
    expect(byChannel['1']).toMatchObject({ subject: `致${String(first.name)}`, html: false });
    expect(String(byChannel['1']?.content)).toMatch(new RegExp(`^${String(first.name)}校友：.+欢迎您。$`));
    expect(String(byChannel['1']?.content)).not.toContain('${schoolName}');
    expect(String(byChannel['3']?.content)).toContain('open/unsubscribe?token=');
    const smsText = String(byChannel['2']?.content);
    expect(smsText).toMatch(/^【.+】/);
    expect(smsText).toContain(String(first.name));
    expect(smsText).not.toContain('${noticeTitle}');
    expect(byChannel['2']).toMatchObject({ length: [...smsText].length, parts: [...smsText].length <= 70 ? 1 : Math.ceil([...smsText].length / 67) });
    expect(byChannel['4']).toMatchObject({ content: null, note: { zh: '微信渠道未配置，该渠道的对象将记为跳过' } });
    // No SMS template: the SMS channel says what it needs instead of a text.
    const bare = (await t.call('POST', `${BASE}/preview`, office, { channels: '2', content: 'x', targetScope: '1' })).json().data as { channels: Json[] };
    expect(bare.channels[0]).toMatchObject({ channel: '2', content: null, note: { zh: '短信渠道须选择短信模板' } });
  });

  it('resends a bounced e-mail once the address takes mail again, and the push ends completed', async () => {
    const [, , third] = alumni as [Json, Json, Json];
    const address = 'bounced-alumnus@example.com';
    expect((await t.call('POST', '/api/blade-basicInfo/basicInfo/submit', office, { id: third.id, allowEmail: 1, email: address })).statusCode).toBe(200);
    refused.add(address);
    const sent = (await submit(push({ channels: '3', targetScope: '5', targetValue: JSON.stringify({ alumniIds: String(third.id) }), pushStatus: 1 }))).json().data as Json;
    const failed = await until(String(sent.id), (p) => Number(p.pushStatus) >= 3);
    expect(failed).toMatchObject({ pushStatus: 5, failCount: 1, successCount: 0 });
    const records = (await t.call('GET', `${BASE}/record/list?pushId=${String(sent.id)}&status_equal=3`, office)).json().data.records as Json[];
    expect(records).toHaveLength(1);
    expect(String(records[0]?.failReason)).toContain('550');

    // Refused: a draft has nothing to resend, a record that did not fail is not resent, the viewer may not resend.
    const draft = (await submit(push({ title: '草稿推送' }))).json().data as Json;
    expect((await t.call('POST', `${BASE}/record/resend`, office, { pushId: draft.id })).json().msg).toBe('推送尚未发送或已取消，不能重发');
    const leader = await t.signIn('leader');
    expect((await t.call('POST', `${BASE}/record/resend`, leader, { pushId: sent.id })).statusCode).toBe(403);
    expect((await t.call('POST', `${BASE}/record/resend`, office, { pushId: sent.id, ids: 'x' })).statusCode).toBe(400);

    refused.delete(address);
    const resent = await t.call('POST', `${BASE}/record/resend`, office, { pushId: sent.id, ids: [records[0]?.id] });
    expect(resent.json().data).toEqual({ resent: 1, skipped: 0 });
    const done = await until(String(sent.id), (p) => Number(p.pushStatus) >= 3);
    expect(done).toMatchObject({ pushStatus: 3, failCount: 0, successCount: 1 });
    expect(received.some((m) => (m.to as { text: string } | undefined)?.text === address)).toBe(true);
    const again = await t.call('POST', `${BASE}/record/resend`, office, { pushId: sent.id, ids: String(records[0]?.id) });
    expect(again.json().msg).toBe('只能重发发送失败的邮件记录');
  });

  it('resends the failed SMS recipients through its SMS push, and the notice push ends again with the SMS push', async () => {
    const [, second] = alumni as [Json, Json];
    expect((await t.call('POST', '/api/blade-basicInfo/basicInfo/submit', office, { id: second.id, allowSms: 1, areaCode: '+86', phone: '19900000008' })).statusCode).toBe(200);
    const templates = (await t.call('GET', '/api/blade-noticeTemplate/noticeTemplate/all?channel=2&scene=8', office)).json().data as Json[];
    const sent = (await submit(push({ channels: '2', smsTemplateId: templates[0]?.id, targetScope: '5', targetValue: JSON.stringify({ alumniIds: String(second.id) }), pushStatus: 1 }))).json().data as Json;
    const failed = await until(String(sent.id), (p) => Number(p.pushStatus) >= 3);
    expect(failed).toMatchObject({ pushStatus: 5, failCount: 1 });
    const resent = await t.call('POST', `${BASE}/record/resend`, office, { pushId: sent.id });
    expect(resent.json().data).toEqual({ resent: 1, skipped: 0 });
    // Ended again by the SMS push's own sending, read straight from the table (no read settles it).
    const db = t.app.services.database.db;
    const deadline = Date.now() + 60_000;
    let row: Json | undefined;
    do {
      await new Promise((r) => setTimeout(r, 200));
      row = await db.selectFrom('alumni_notice_push').select(['push_status', 'fail_count']).where('id', '=', String(sent.id)).executeTakeFirst() as Json | undefined;
    } while (Number(row?.push_status) === 2 && Date.now() < deadline);
    expect(Number(row?.push_status)).toBe(5);
    const target = (await t.call('GET', `/api/smsPushTarget/smsPushTarget/page?smsPushId=${String(failed.smsPushId)}`, office)).json().data.records as Json[];
    expect(target[0]).toMatchObject({ pushStatus: 3, retryCount: 1 });
  });
});
