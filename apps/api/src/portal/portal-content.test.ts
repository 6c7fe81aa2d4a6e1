import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../core/time.js';
import { seedId } from '../seed/menu-tree.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { portalCalls, portalHeaders, signInAlumnusForTest } from '../test-support/portal-calls.js';

type Json = Record<string, unknown>;
const PORTAL = '/api/blade-portal';
const PUSH = '/api/blade-noticePush/noticePush';
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000));

describe.each(testDialects())('the portal\'s notices, messages, 留言, surveys, activities and gifts on %s (issue 28)', (dialect) => {
  let t: TestApp;
  let office: string;
  let me: Json;
  let other: Json;
  let mine: string;
  let theirs: string;
  let noticeId: string;
  let pushId: string;

  const { portal, data } = portalCalls(() => t);
  const pushDetail = async (id: string) => (await t.call('GET', `${PUSH}/detail?id=${id}`, office)).json().data as Json;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('office');
    const alumni = (await t.call('GET', '/api/blade-basicInfo/basicInfo/list?size=50&status=1&isDeceased=0', office)).json().data.records as Json[];
    const reachable = alumni.filter((a) => typeof a.phone === 'string' && /^1\d{10}$/.test(a.phone));
    [me, other] = reachable as [Json, Json];
    mine = await signInAlumnusForTest(t.app, '000000', String(me.id));
    theirs = await signInAlumnusForTest(t.app, '000000', String(other.id));
    // A notice of this test's own, published, that no push has carried yet.
    const drafted = await t.call('POST', '/api/blade-notice/notice/submit', office, { title: '门户测试通知', category: '2', content: '<p>欢迎<b>校友</b>返校</p>' });
    expect(drafted.statusCode, drafted.body).toBe(200);
    noticeId = String(drafted.json().data.id);
    expect((await t.call('POST', '/api/blade-notice/notice/submit', office, { id: noticeId, publishStatus: 1 })).statusCode).toBe(200);
    await t.app.services.jobs.start();
    // A notice pushed in-app to me alone.
    const made = await t.call('POST', `${PUSH}/submit`, office, {
      title: '门户通知推送', channels: '1', subject: '${name}校友：请阅读通知', content: '', noticeId, targetScope: '5',
      targetValue: JSON.stringify({ alumniIds: [String(me.id)] }), sendType: '1', pushStatus: 1,
    });
    expect(made.statusCode, made.body).toBe(200);
    pushId = String(made.json().data.id);
    const until = Date.now() + 60_000;
    while (Number((await pushDetail(pushId)).pushStatus) < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
  });
  afterAll(async () => t?.close());

  it('refuses every portal call without a portal token, and a staff token in its place', async () => {
    expect((await t.call('GET', `${PORTAL}/notices`, null)).statusCode).toBe(401);
    expect((await t.call('GET', `${PORTAL}/notices`, null, undefined, { 'portal-auth': `bearer ${office}` })).statusCode).toBe(401);
    expect((await t.call('GET', `${PORTAL}/gifts`, office)).statusCode).toBe(401);
  });

  it('lists the notice pushed to me unread, opens it, marks it read and raises the push\'s read count', async () => {
    expect(Number((await pushDetail(pushId)).readCount)).toBe(0);
    const list = await data('GET', '/notices?current=1&size=10', mine) as { records: Json[]; total: number };
    expect(list.records.find((n) => n.id === noticeId)).toMatchObject({ read: false });
    const opened = await data('GET', `/notices/${noticeId}`, mine) as Json;
    expect(opened).toMatchObject({ id: noticeId, title: expect.any(String) });
    expect(String(opened.content)).not.toMatch(/<script/i);
    expect(Number((await pushDetail(pushId)).readCount)).toBe(1);
    const again = await data('GET', '/notices', mine) as { records: Json[] };
    expect(again.records.find((n) => n.id === noticeId)).toMatchObject({ read: true });
    // Opening it again changes nothing.
    await data('GET', `/notices/${noticeId}`, mine);
    expect(Number((await pushDetail(pushId)).readCount)).toBe(1);
  });

  it('refuses another alumnus the notice and the message pushed to me, by id', async () => {
    expect((await data('GET', '/notices', theirs) as { records: Json[] }).records.some((n) => n.id === noticeId)).toBe(false);
    const refused = await portal('GET', `/notices/${noticeId}`, theirs, undefined, 'en');
    expect(refused.statusCode).toBe(404);
    const messages = await data('GET', '/messages', mine) as { records: Json[] };
    const message = messages.records.find((m) => m.pushId === pushId) as Json;
    expect(message).toMatchObject({ title: `${String(me.name)}校友：请阅读通知`, read: true });
    expect((await portal('GET', `/messages/${String(message.id)}`, theirs)).statusCode).toBe(404);
    expect((await data('GET', '/messages', theirs) as { records: Json[] }).records.some((m) => m.pushId === pushId)).toBe(false);
  });

  it('writes a 留言, shows the staff\'s reply, and keeps it from another alumnus', async () => {
    const bad = await portal('POST', '/texts', mine, { title: '短', content: '内容' }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/subject/i);
    const { id } = await data('POST', '/texts', mine, { title: '校友卡怎么办理', content: '请问校友卡如何办理？' }) as { id: string };
    const staffView = (await t.call('GET', `/api/blade-message/message/detail?id=${id}`, office)).json().data as Json;
    expect(staffView).toMatchObject({ alumniId: me.id, messageSource: '1', replyStatus: 0 });
    const answered = await t.call('PUT', '/api/blade-message/message/answer', office, { id, answerContent: '请到校友办领取申请表。' });
    expect(answered.statusCode, answered.body).toBe(200);
    const list = await data('GET', '/texts', mine) as { records: Json[] };
    expect(list.records.find((r) => r.id === id)).toMatchObject({ title: '校友卡怎么办理', reply: '请到校友办领取申请表。', replyTime: expect.any(String) });
    expect((await portal('GET', `/texts/${id}`, theirs)).statusCode).toBe(404);
    expect((await data('GET', '/texts', theirs) as { records: Json[] }).records.some((r) => r.id === id)).toBe(false);
  });

  it('applies for an open activity once, shows the application and its state, and keeps it from another alumnus', async () => {
    const made = await t.call('POST', '/api/blade-activity/activity/submit', office, {
      title: `门户活动${Math.random().toString(36).slice(2, 8)}`, activityType: '3', departmentId: seedId(1, 1), startTime: at(30), endTime: at(240),
      location: '图书馆报告厅', needSignup: 1, signupStartTime: at(-60), signupEndTime: at(20), capacity: 0, needConfirm: 1,
      allowCompanion: 1, maxCompanions: 2, targetScope: '1', content: '<p>详情</p>', contactName: '王老师', contactPhone: '010-62780001',
    });
    expect(made.statusCode, made.body).toBe(200);
    const activityId = String(made.json().data.id);
    expect((await t.call('PUT', `/api/blade-activity/activity/enabled?id=${activityId}&enabled=1`, office)).statusCode).toBe(200);
    const open = await data('GET', '/activities?size=100', mine) as { records: Json[] };
    expect(open.records.find((a) => a.id === activityId)).toMatchObject({ open: true, applied: false, place: '图书馆报告厅' });
    const { id } = await data('POST', `/activities/${activityId}/apply`, mine, { remark: '带一位同学' }) as { id: string };
    const twice = await portal('POST', `/activities/${activityId}/apply`, mine, {}, 'en');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe('You have already applied for this activity');
    const staffView = (await t.call('GET', `/api/blade-actApplist/actApplist/detail?id=${id}`, office)).json().data as Json;
    expect(staffView).toMatchObject({ alumniId: me.id, applyStatus: 0, applySource: '1', name: me.name });
    const apps = await data('GET', '/applications', mine) as Json[];
    expect(apps.find((a) => a.id === id)).toMatchObject({ activityId, state: 0, stateLabel: '待确认' });
    expect((await data('GET', '/applications', theirs) as Json[]).some((a) => a.id === id)).toBe(false);
    expect((await data('GET', '/activities?size=100', mine) as { records: Json[] }).records.find((a) => a.id === activityId)).toMatchObject({ applied: true });
    expect((await portal('GET', '/activities?size=1000', mine)).statusCode).toBe(400);
  });

  it('lists only my gifts and gives the receipt of a received one to me alone', async () => {
    const gifts = (await t.call('GET', `/api/donation/page?size=200&paymentStatus=2`, office)).json().data.records as Json[];
    const gift = gifts.find((g) => g.alumniId) as Json;
    const donor = await signInAlumnusForTest(t.app, '000000', String(gift.alumniId));
    const stranger = String(gift.alumniId) === String(me.id) ? theirs : mine;
    const list = await data('GET', '/gifts', donor) as Json[];
    const listed = list.find((g) => g.id === gift.id) as Json;
    expect(listed).toMatchObject({ received: true, receiptUrl: `/api/blade-portal/gifts/${String(gift.id)}/receipt` });
    // The purpose reads in the caller's language.
    const english = (await portal('GET', '/gifts', donor, undefined, 'en')).json().data as Json[];
    expect(english.find((g) => g.id === gift.id)?.purpose).toMatch(/^[A-Za-z][A-Za-z ,/()-]+$/);
    const all = (await t.call('GET', `/api/donation/page?size=500&alumniId=${String(gift.alumniId)}`, office)).json().data.records as Json[];
    expect(list.map((g) => g.id).sort()).toEqual(all.map((g) => g.id).sort());
    const pdf = await t.call('GET', String(listed.receiptUrl), null, undefined, portalHeaders(donor));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await portal('GET', `/gifts/${String(gift.id)}/receipt`, stranger)).statusCode).toBe(404);
    expect((await data('GET', '/gifts', stranger) as Json[]).some((g) => g.id === gift.id)).toBe(false);
  });

  it('lists a survey I am invited to with my signed answer link', async () => {
    const surveys = (await t.call('GET', '/api/blade-questionnaireSurvey/questionnaireSurvey/list?size=20&surveyStatus=1', office)).json().data.records as Json[];
    const survey = surveys[0] as Json;
    const invite = await t.call('POST', `${PUSH}/submit`, office, {
      title: '问卷邀请', channels: '1', subject: '请填写问卷', content: '${surveyTitle}：${surveyUrl}', surveyId: survey.id, targetScope: '5',
      targetValue: JSON.stringify({ alumniIds: [String(me.id)] }), sendType: '1', pushStatus: 1,
    });
    expect(invite.statusCode, invite.body).toBe(200);
    const id = String(invite.json().data.id);
    const until = Date.now() + 60_000;
    while (Number((await pushDetail(id)).pushStatus) < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    const listed = (await data('GET', '/surveys', mine) as Json[]).find((s) => s.id === survey.id) as Json;
    expect(listed).toMatchObject({ title: survey.title, open: true });
    expect(String(listed.answerUrl)).toMatch(new RegExp(`^/survey-answer/${String(survey.id)}\\?tenantId=000000&token=a${String(me.id)}\\.`));
    expect((await data('GET', '/surveys', theirs) as Json[]).some((s) => s.id === survey.id && !s.answered)).toBe(false);
  });
});
