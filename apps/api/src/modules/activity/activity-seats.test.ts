import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../core/time.js';
import { portalHeaders, signInAlumnusForTest } from '../../test-support/portal-calls.js';
import { seedId } from '../../seed/menu-tree.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

const ACTIVITY = '/api/blade-activity/activity';
const APPLIST = '/api/blade-actApplist/actApplist';
const PORTAL = '/api/blade-portal';
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000));

describe.each(testDialects())('activity seats and the waitlist on %s (issue 31)', (dialect) => {
  let t: TestApp;
  let office: string;
  let alumni: Row[];
  const tokens: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('admin');
    const list = (await t.call('GET', '/api/blade-basicInfo/basicInfo/list?size=50&status=1&isDeceased=0', office)).json().data.records as Row[];
    const seen = new Set<string>();
    alumni = list.filter((a) => typeof a.phone === 'string' && /^1\d{10}$/.test(a.phone) && !seen.has(a.phone) && seen.add(a.phone)).slice(0, 4);
    expect(alumni).toHaveLength(4);
    for (const a of alumni) tokens.push(await signInAlumnusForTest(t.app, '000000', String(a.id)));
  }, 120_000);
  afterAll(async () => t?.close());

  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<Row> => {
    const res = await t.call(method, url, office, body, { 'accept-language': 'zh-CN' });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as Row;
  };
  const portal = (method: 'GET' | 'POST', url: string, who: number, body?: unknown, lang: 'zh' | 'en' = 'zh') =>
    t.call(method, `${PORTAL}${url}`, null, body ?? (method === 'POST' ? {} : undefined), portalHeaders(tokens[who] as string, lang));
  const portalData = async (method: 'GET' | 'POST', url: string, who: number, body?: unknown): Promise<Row> => {
    const res = await portal(method, url, who, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as Row;
  };

  /** A published activity taking applications now, seated without staff confirmation. */
  const newActivity = async (over: Row = {}): Promise<string> => {
    const made = await ok('POST', `${ACTIVITY}/submit`, {
      title: `座位测试${Math.random().toString(36).slice(2, 8)}`, activityType: '3', departmentId: seedId(1, 1), startTime: at(60), endTime: at(240),
      location: '图书馆报告厅', needSignup: 1, signupStartTime: at(-60), signupEndTime: at(50), capacity: 2, needConfirm: 0,
      allowCompanion: 0, targetScope: '1', content: '<p>详情</p>', contactName: '王老师', contactPhone: '010-62780001', ...over,
    });
    await ok('PUT', `${ACTIVITY}/enabled?id=${String(made.id)}&enabled=1`);
    return String(made.id);
  };
  /** The activity's applications as stored. */
  const applications = async (activityId: string): Promise<Row[]> =>
    (await t.app.services.database.db.selectFrom('alumni_act_applist').select(['id', 'apply_status', 'queue_no', 'name', 'alumni_id', 'check_in_code'])
      .where('activity_id', '=', activityId).where('is_deleted', '=', 0).execute())
      .map((r) => ({ id: String(r.id), applyStatus: Number(r.apply_status), queueNo: r.queue_no, name: r.name, alumniId: r.alumni_id === null ? null : String(r.alumni_id), checkInCode: r.check_in_code }));
  const portalActivity = async (activityId: string, who: number): Promise<Row> =>
    ((await portalData('GET', '/activities?size=100', who)).records as Row[]).find((a) => a.id === activityId) as Row;
  const messages = async (who: number): Promise<Row[]> => (await portalData('GET', '/messages?size=100', who)).records as Row[];

  it('seats the first applicants up to the capacity and waitlists the rest in order, shown in the portal', async () => {
    const activityId = await newActivity();
    const answers: Row[] = [];
    for (let who = 0; who < 4; who += 1) answers.push(await portalData('POST', `/activities/${activityId}/apply`, who));
    expect(answers.map((a) => a.state)).toEqual([1, 1, 4, 4]);
    expect(answers.map((a) => a.waitlistPosition)).toEqual([null, null, 1, 2]);
    expect(answers[2]?.stateLabel).toBe('候补');
    expect(await portalActivity(activityId, 0)).toMatchObject({ capacity: 2, seatsLeft: 0, waitlistCount: 2, applied: true, application: { state: 1, cancellable: true } });
    expect(await portalActivity(activityId, 3)).toMatchObject({ application: { state: 4, waitlistPosition: 2, checkInCode: null } });
    const mine = (await portalData('GET', '/applications', 2) as unknown as Row[]).find((a) => a.activityId === activityId);
    expect(mine).toMatchObject({ state: 4, waitlistPosition: 1, cancellable: true });
    const rows = await applications(activityId);
    expect(rows.filter((r) => r.applyStatus === 1)).toHaveLength(2);
    expect(rows.map((r) => Number(r.queueNo)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    // Staff cannot confirm past the capacity either.
    const waiting = rows.find((r) => r.alumniId === alumni[3]?.id) as Row;
    const over = await t.call('POST', `${APPLIST}/submit`, office, { id: waiting.id, applyStatus: 1 }, { 'accept-language': 'en' });
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toBe('No seats left; the application may be waitlisted');
  });

  it('promotes the next in line when a seated alumnus cancels in the portal, and tells them in-app', async () => {
    const activityId = await newActivity();
    const ids: string[] = [];
    for (let who = 0; who < 4; who += 1) ids.push(String((await portalData('POST', `/activities/${activityId}/apply`, who)).id));
    const before = (await messages(2)).length;
    // Another alumnus's application is not mine to cancel.
    expect((await portal('POST', `/applications/${ids[0]}/cancel`, 1)).statusCode).toBe(404);
    const cancelled = await portalData('POST', `/applications/${ids[0]}/cancel`, 0);
    expect(cancelled).toMatchObject({ state: 3, stateLabel: '已取消' });
    // Cancelled once: not again, in both languages.
    const again = await portal('POST', `/applications/${ids[0]}/cancel`, 0, {}, 'en');
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toMatch(/can no longer be cancelled/);
    expect((await portal('POST', `/applications/${ids[0]}/cancel`, 0)).json().msg).toMatch(/已不能取消/);
    expect(await portalActivity(activityId, 2)).toMatchObject({ seatsLeft: 0, application: { state: 1, waitlistPosition: null } });
    expect((await portalActivity(activityId, 2)).application.checkInCode).toMatch(/^\d{6}$/);
    expect(await portalActivity(activityId, 3)).toMatchObject({ application: { state: 4, waitlistPosition: 1 } });
    const told = await messages(2);
    expect(told.length).toBe(before + 1);
    expect(told[0]?.title).toMatch(/^候补成功：座位测试/);
    // The promotion is recorded on the application for staff.
    const promoted = (await ok('GET', `${APPLIST}/detail?id=${ids[2]}`));
    expect(promoted).toMatchObject({ applyStatus: 1, confirmOpinion: '候补递补' });
    // A waitlisted alumnus who cancels frees no seat: the line just moves up.
    await portalData('POST', `/applications/${ids[3]}/cancel`, 3);
    expect((await applications(activityId)).filter((r) => r.applyStatus === 1).map((r) => r.id).sort()).toEqual([ids[1], ids[2]].sort());
  });

  it('promotes the next in line when staff reject or cancel a seated application, and when the capacity grows', async () => {
    const activityId = await newActivity({ capacity: 1 });
    const ids: string[] = [];
    for (let who = 0; who < 4; who += 1) ids.push(String((await portalData('POST', `/activities/${activityId}/apply`, who)).id));
    const noReason = await t.call('POST', `${APPLIST}/submit`, office, { id: ids[0], applyStatus: 2 }, { 'accept-language': 'zh-CN' });
    expect(noReason.statusCode).toBe(400);
    await ok('POST', `${APPLIST}/submit`, { id: ids[0], applyStatus: 2, confirmOpinion: '信息不符' });
    const status = async () => new Map((await applications(activityId)).map((r) => [String(r.id), r.applyStatus]));
    let now = await status();
    expect(ids.map((id) => now.get(id))).toEqual([2, 1, 4, 4]);
    await ok('POST', `${APPLIST}/submit`, { id: ids[1], applyStatus: 3 });
    now = await status();
    expect(ids.map((id) => now.get(id))).toEqual([2, 3, 1, 4]);
    await ok('POST', `${ACTIVITY}/submit`, { id: activityId, capacity: 2 });
    now = await status();
    expect(ids.map((id) => now.get(id))).toEqual([2, 3, 1, 1]);
    const below = await t.call('POST', `${ACTIVITY}/submit`, office, { id: activityId, capacity: 1 }, { 'accept-language': 'en' });
    expect(below.statusCode).toBe(400);
    expect(below.json().msg).toBe('Capacity cannot be below the 2 seats taken');
  });

  it('keeps a new applicant behind the waitlist, and an unlimited activity seats everyone', async () => {
    const activityId = await newActivity({ capacity: 1, needConfirm: 1 });
    // Staff examine: pending, then confirmed and waitlisted by hand.
    const ids: string[] = [];
    for (let who = 0; who < 3; who += 1) ids.push(String((await portalData('POST', `/activities/${activityId}/apply`, who)).id));
    expect((await applications(activityId)).every((r) => r.applyStatus === 0)).toBe(true);
    await ok('POST', `${APPLIST}/submit`, { id: ids[0], applyStatus: 1 });
    await ok('POST', `${APPLIST}/submit`, { id: ids[2], applyStatus: 4 });
    await ok('POST', `${APPLIST}/submit`, { id: ids[1], applyStatus: 4 });
    // The line is the order of application, not the order staff waitlisted them.
    expect(await portalActivity(activityId, 1)).toMatchObject({ application: { waitlistPosition: 1 } });
    expect(await portalActivity(activityId, 2)).toMatchObject({ application: { waitlistPosition: 2 } });
    await portalData('POST', `/applications/${ids[0]}/cancel`, 0);
    expect(await portalActivity(activityId, 1)).toMatchObject({ application: { state: 1 } });
    const open = await newActivity({ capacity: 0 });
    for (let who = 0; who < 4; who += 1) expect((await portalData('POST', `/activities/${open}/apply`, who)).state).toBe(1);
    expect(await portalActivity(open, 0)).toMatchObject({ capacity: null, seatsLeft: null });
  });

  it('closes sign-up at the deadline, in both languages, and changes nothing', async () => {
    const activityId = await newActivity({ signupStartTime: at(-120), signupEndTime: at(-1) });
    expect(await portalActivity(activityId, 0)).toMatchObject({ open: false });
    const zh = await portal('POST', `/activities/${activityId}/apply`, 0);
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toBe('该活动不在报名时间内');
    const en = await portal('POST', `/activities/${activityId}/apply`, 0, {}, 'en');
    expect(en.json().msg).toBe('The activity is not taking applications now');
    expect(await applications(activityId)).toHaveLength(0);
  });

  it('never oversells: 1,000 concurrent applications for 100 seats seat exactly 100, the rest in line, none twice', async () => {
    const activityId = await newActivity({ capacity: 100 });
    const phones = Array.from({ length: 1000 }, (_, i) => `1390000${String(i).padStart(4, '0')}`);
    const sent = await Promise.all(phones.map((phone, i) => t.call('POST', `${APPLIST}/submit`, office, { activityId, name: `并发${i}`, areaCode: '+86', phone })));
    expect(sent.filter((r) => r.statusCode !== 200).map((r) => r.body).slice(0, 3)).toEqual([]);
    // The same person five times at once: one application.
    const twice = await Promise.all(Array.from({ length: 5 }, () => t.call('POST', `${APPLIST}/submit`, office, { activityId, name: '重复', areaCode: '+86', phone: '13900009999' })));
    expect(twice.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const rows = await applications(activityId);
    expect(rows).toHaveLength(1001);
    expect(new Set(rows.map((r) => r.name)).size).toBe(1001);
    const seated = rows.filter((r) => r.applyStatus === 1);
    const waiting = rows.filter((r) => r.applyStatus === 4);
    expect(seated).toHaveLength(100);
    expect(waiting).toHaveLength(901);
    const queue = rows.map((r) => Number(r.queueNo)).sort((a, b) => a - b);
    expect(queue).toEqual(Array.from({ length: 1001 }, (_, i) => i + 1));
    // The first hundred in line hold the seats.
    expect(seated.map((r) => Number(r.queueNo)).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(new Set(seated.map((r) => r.checkInCode)).size).toBe(100);
    const detail = await ok('GET', `${ACTIVITY}/detail?id=${activityId}`);
    expect(detail).toMatchObject({ seatsTaken: 100, confirmedCount: 100, waitlistCount: 901 });
    // Two seated applicants cancel at once: the first two in line move up, and no more.
    await Promise.all(seated.slice(0, 2).map((r) => ok('POST', `${APPLIST}/submit`, { id: r.id, applyStatus: 3 })));
    const after = await applications(activityId);
    const moved = after.filter((r) => r.applyStatus === 1).map((r) => Number(r.queueNo)).sort((a, b) => a - b);
    expect(moved).toHaveLength(100);
    expect(moved.slice(-2)).toEqual([101, 102]);
  }, 300_000);
});
