import { ENGAGEMENT_FACTS, ENGAGEMENT_MODES, type EngagementFactKey } from '@alumni/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { countColumn } from './engagement-sql.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

const TENANT = '000000';
type Counts = Record<EngagementFactKey, number>;
const zero = (): Counts => Object.fromEntries(ENGAGEMENT_FACTS.map((f) => [f.key, 0])) as Counts;

/**
 * Every alumnus's counts recounted from the recording tables with plain reads (not the statements
 * the triggers run): what the CASE modes count (decision 314).
 */
async function recount(db: Db): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>();
  const add = (alumniId: unknown, key: EngagementFactKey) => {
    if (alumniId === null || alumniId === undefined) return;
    const id = String(alumniId);
    const c = counts.get(id) ?? zero();
    c[key] += 1;
    counts.set(id, c);
  };
  const rows = async (table: string, columns: string[], live = true) => {
    let q = db.selectFrom(table).select(columns).where('tenant_id', '=', TENANT);
    if (live) q = q.where('is_deleted', '=', 0);
    return (await q.execute()) as Row[];
  };
  for (const m of await rows('alumni_association_member', ['alumni_id', 'position', 'is_active'])) {
    if (Number(m.is_active) === 1 && m.position !== null) add(m.alumni_id, String(m.position) === '10' ? 'associationMember' : 'associationOfficer');
  }
  const careActivities = new Set((await rows('alumni_act_carelist', ['activity_id'])).filter((c) => c.activity_id !== null).map((c) => String(c.activity_id)));
  for (const a of await rows('alumni_act_applist', ['alumni_id', 'apply_status', 'sign_in', 'activity_id'])) {
    if (Number(a.apply_status) === 1) add(a.alumni_id, 'activityApplication');
    if (Number(a.apply_status) === 1 && careActivities.has(String(a.activity_id))) add(a.alumni_id, 'careDuty');
    if (Number(a.sign_in) === 1) add(a.alumni_id, 'activityCheckIn');
  }
  for (const v of await rows('alumni_visit_record', ['visited_alumni_ids', 'visit_status'])) {
    if (Number(v.visit_status) === 2) for (const id of String(v.visited_alumni_ids ?? '').split(',').filter(Boolean)) add(id, 'visit');
  }
  const since = new Date();
  since.setFullYear(since.getFullYear() - 5);
  const sinceDay = formatDateTime(since).slice(0, 10);
  for (const d of await rows('alumni_donation', ['alumni_id', 'payment_status', 'donate_time'])) {
    if (Number(d.payment_status) === 2 && String(d.donate_time) >= sinceDay) add(d.alumni_id, 'gift');
  }
  for (const r of await rows('alumni_notice_push_record', ['alumni_id', 'channel', 'read_time', 'click_time'])) {
    if (String(r.channel) !== '3') continue;
    if (r.read_time !== null) add(r.alumni_id, 'emailRead');
    if (r.click_time !== null) add(r.alumni_id, 'emailClick');
  }
  for (const s of await rows('alumni_survey_answer', ['alumni_id'])) add(s.alumni_id, 'surveyAnswer');
  for (const g of await rows('alumni_message', ['alumni_id'])) add(g.alumni_id, 'message');
  for (const p of await rows('portal_session', ['alumnus_id'], false)) add(p.alumnus_id, 'portalSignIn');
  return counts;
}

describe.each(testDialects())('engagement score on %s', (dialect) => {
  let t: TestApp;
  let db: Db;
  let admin: string;
  let alumni: string[];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    db = t.app.services.database.db;
    admin = await t.signIn('admin');
    alumni = (await db.selectFrom('alumni_basic_info').select('id').where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).orderBy('id').execute())
      .map((r) => String(r.id));
  }, 180_000);
  afterAll(async () => t?.close());

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.call(method, url, admin, body, { 'accept-language': 'zh-CN' });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as Row;
  };

  async function weights(): Promise<Record<string, number>> {
    return Object.fromEntries(((await call('GET', '/api/blade-engagement/engagement/weights')) as unknown as Row[]).map((w) => [w.key, w.weight]));
  }

  /** Every live alumnus's stored counts, mode points, total and library score equal a recount from scratch. */
  async function expectScoresRecounted(): Promise<void> {
    const [fresh, w, stored, scores] = await Promise.all([
      recount(db), weights(),
      db.selectFrom('alumni_engagement').selectAll().where('tenant_id', '=', TENANT).execute() as Promise<Row[]>,
      db.selectFrom('alumni_basic_info').select(['id', 'engagement_score', 'activities_attended', 'gifts_five_years']).where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).execute() as Promise<Row[]>,
    ]);
    const byAlumnus = new Map(stored.map((r) => [String(r.alumni_id), r]));
    const expected: Row[] = [];
    const actual: Row[] = [];
    for (const { id, engagement_score: score, activities_attended: attended, gifts_five_years: gifts } of scores) {
      const c = fresh.get(String(id)) ?? zero();
      const modes = Object.fromEntries(ENGAGEMENT_MODES.map((m) => [m, ENGAGEMENT_FACTS.filter((f) => f.mode === m).reduce((s, f) => s + c[f.key] * (w[f.key] ?? 0), 0)]));
      const total = Object.values(modes).reduce((s, n) => s + n, 0);
      // The library's copies: the score, and two counts its search filters by.
      expected.push({ id: String(id), ...c, ...modes, total, score: total, attended: c.activityCheckIn, gifts: c.gift });
      const row = byAlumnus.get(String(id));
      actual.push({
        id: String(id), ...Object.fromEntries(ENGAGEMENT_FACTS.map((f) => [f.key, Number(row?.[countColumn(f.key)] ?? 0)])),
        ...Object.fromEntries(ENGAGEMENT_MODES.map((m) => [m, Number(row?.[m] ?? 0)])), total: Number(row?.total ?? 0), score: Number(score ?? 0),
        attended: Number(attended ?? -1), gifts: Number(gifts ?? -1),
      });
    }
    expect(actual).toEqual(expected);
  }

  const raw = (statement: string) => sql.raw(statement).execute(db);

  it('holds, after the migration, every alumnus\'s score as a recount of the demo data, some above zero in each mode', async () => {
    await expectScoresRecounted();
    for (const mode of ENGAGEMENT_MODES) {
      const n = await db.selectFrom('alumni_engagement').select(sql<number>`count(*)`.as('n')).where('tenant_id', '=', TENANT).where(mode, '>', 0).executeTakeFirst();
      expect(Number(n?.n), mode).toBeGreaterThan(0);
    }
  });

  it('follows association roles added, changed and removed through the API', async () => {
    const association = await db.selectFrom('alumni_association').select('id').where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    const members = new Set((await db.selectFrom('alumni_association_member').select('alumni_id').where('association_id', '=', association.id).execute()).map((r) => String(r.alumni_id)));
    const alumnus = alumni.find((a) => !members.has(a)) as string;
    const added = await call('POST', '/api/blade-association/association/member/submit', { associationId: String(association.id), alumniId: alumnus, position: '3' });
    await expectScoresRecounted();
    expect(Number((await call('GET', `/api/blade-basicInfo/basicInfo/engagement?id=${alumnus}`)).modes[0].points)).toBeGreaterThan(0);
    await call('POST', '/api/blade-association/association/member/submit', { id: added.id, position: '10' });
    await expectScoresRecounted();
    await call('POST', `/api/blade-association/association/member/remove?ids=${String(added.id)}`);
    await expectScoresRecounted();
  });

  it('follows activity applications confirmed, checked in, cancelled and moved to another alumnus, and care duties', async () => {
    const application = await db.selectFrom('alumni_act_applist').select(['id', 'alumni_id', 'activity_id']).where('tenant_id', '=', TENANT)
      .where('is_deleted', '=', 0).where('alumni_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const other = alumni.find((a) => a !== String(application.alumni_id)) as string;
    await raw(`update alumni_act_applist set apply_status = 1, sign_in = 0 where id = ${String(application.id)}`);
    await expectScoresRecounted();
    await raw(`update alumni_act_applist set sign_in = 1 where id = ${String(application.id)}`);
    await expectScoresRecounted();
    await raw(`update alumni_act_applist set alumni_id = ${other} where id = ${String(application.id)}`);
    await expectScoresRecounted();
    // A care entry naming the activity makes its confirmed applicants care volunteers; its removal undoes it.
    const careAlumnus = alumni[alumni.length - 1] as string;
    const care = await call('POST', '/api/blade-actCarelist/actCarelist/submit', {
      alumniId: careAlumnus, careType: '99', careReason: '测试关怀', activityId: String(application.activity_id),
    });
    await expectScoresRecounted();
    await call('POST', `/api/blade-actCarelist/actCarelist/remove?ids=${String(care.id)}`);
    await expectScoresRecounted();
    await raw(`update alumni_act_applist set apply_status = 3 where id = ${String(application.id)}`);
    await expectScoresRecounted();
    await raw(`update alumni_act_applist set is_deleted = 1 where id = ${String(application.id)}`);
    await expectScoresRecounted();
  });

  it('follows visits approved and their alumni changed, gifts received, refunded and aged out of five years', async () => {
    const visit = await db.selectFrom('alumni_visit_record').select(['id']).where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    await raw(`update alumni_visit_record set visit_status = 2, visited_alumni_ids = '${alumni[0]},${alumni[1]}' where id = ${String(visit.id)}`);
    await expectScoresRecounted();
    await raw(`update alumni_visit_record set visited_alumni_ids = '${alumni[2]}' where id = ${String(visit.id)}`);
    await expectScoresRecounted();
    await raw(`update alumni_visit_record set visit_status = 3 where id = ${String(visit.id)}`);
    await expectScoresRecounted();
    const gift = await db.selectFrom('alumni_donation').select(['id']).where('tenant_id', '=', TENANT).where('is_deleted', '=', 0)
      .where('payment_status', '=', 2).where('alumni_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    await raw(`update alumni_donation set alumni_id = ${alumni[3]} where id = ${String(gift.id)}`);
    await expectScoresRecounted();
    await raw(`update alumni_donation set donate_time = '2001-05-01 10:00:00' where id = ${String(gift.id)}`);
    await expectScoresRecounted();
    await raw(`update alumni_donation set donate_time = '${formatDateTime(new Date()).slice(0, 10)} 08:00:00', payment_status = 3 where id = ${String(gift.id)}`);
    await expectScoresRecounted();
  });

  it('follows e-mails read and clicked, survey answers, messages and portal sign-ins', async () => {
    const record = await db.selectFrom('alumni_notice_push_record').select(['id']).where('tenant_id', '=', TENANT).where('channel', '=', '3')
      .where('read_time', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    await raw(`update alumni_notice_push_record set read_time = '${formatDateTime(new Date())}' where id = ${String(record.id)}`);
    await expectScoresRecounted();
    await raw(`update alumni_notice_push_record set click_time = '${formatDateTime(new Date())}' where id = ${String(record.id)}`);
    await expectScoresRecounted();
    const answer = await db.selectFrom('alumni_survey_answer').select(['id']).where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    await raw(`update alumni_survey_answer set alumni_id = ${alumni[4]} where id = ${String(answer.id)}`);
    await expectScoresRecounted();
    await raw(`update alumni_survey_answer set is_deleted = 1 where id = ${String(answer.id)}`);
    await expectScoresRecounted();
    const message = await call('POST', '/api/blade-message/message/submit', {
      title: '参与度测试留言', messageType: '1', name: '测试留言人', areaCode: '+86', phone: '139 0009 8888', content: '留言内容', alumniId: alumni[5],
    });
    await expectScoresRecounted();
    await call('POST', `/api/blade-message/message/remove?ids=${String(message.id)}`);
    await expectScoresRecounted();
    const stamp = formatDateTime(new Date());
    await raw(`insert into portal_session (token_hash, id, tenant_id, alumnus_id, channel, create_time, expire_time)
      values ('${'e'.repeat(64)}', 990000000000000001, '${TENANT}', ${alumni[6]}, 'phone', '${stamp}', '${stamp}')`);
    await expectScoresRecounted();
    await raw(`delete from portal_session where id = 990000000000000001`);
    await expectScoresRecounted();
  });

  it('recomputes every alumnus with the tenant\'s new weights, and explains a score by its facts and weights', async () => {
    await t.app.services.jobs.start();
    const before = await weights();
    const { jobId } = await call('POST', '/api/blade-engagement/engagement/weights', { gift: 20, message: '0', portalSignIn: 4 });
    const until = Date.now() + 100_000;
    for (;;) {
      const job = await t.app.services.jobs.get(String(jobId));
      if (job?.state === 'completed') break;
      if (job?.state === 'failed' || Date.now() > until) throw new Error(`recomputation did not finish: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await weights()).toEqual({ ...before, gift: 20, message: 0, portalSignIn: 4 });
    await expectScoresRecounted();

    const top = await db.selectFrom('alumni_basic_info').select(['id', 'engagement_score']).where('tenant_id', '=', TENANT).where('is_deleted', '=', 0)
      .orderBy('engagement_score', 'desc').orderBy('id').executeTakeFirstOrThrow();
    const explained = await call('GET', `/api/blade-basicInfo/basicInfo/engagement?id=${String(top.id)}`);
    expect(explained.total).toBe(Number(top.engagement_score));
    expect((explained.lines as Row[]).reduce((s, l) => s + l.count * l.weight, 0)).toBe(explained.total);
    expect((explained.modes as Row[]).reduce((s, m) => s + m.points, 0)).toBe(explained.total);
    expect((explained.lines as Row[]).find((l) => l.key === 'gift')).toMatchObject({ label: '近5年捐赠', weight: 20 });
  }, 120_000);

  it('filters and sorts the library by the score', async () => {
    const res = await t.call('GET', '/api/blade-basicInfo/basicInfo/list?size=5&descs=engagementScore&engagementScore_ge=1', admin);
    const page = res.json().data as { records: Row[]; total: number };
    const engaged = await db.selectFrom('alumni_basic_info').select(sql<number>`count(*)`.as('n')).where('tenant_id', '=', TENANT).where('is_deleted', '=', 0)
      .where('engagement_score', '>=', 1).executeTakeFirst();
    expect(page.total).toBe(Number(engaged?.n));
    const scores = page.records.map((r) => Number(r.engagementScore));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(Math.min(...scores)).toBeGreaterThanOrEqual(1);
  });

  it('filters and sorts the library by activities attended and gifts of five years, and a segment of that search holds exactly its rows', async () => {
    const expectRows = async (query: string, where: (r: Row) => boolean) => {
      const page = (await call('GET', `/api/blade-basicInfo/basicInfo/list?size=1000&${query}`)) as unknown as { records: Row[]; total: number };
      const all = await db.selectFrom('alumni_basic_info').select(['id', 'activities_attended', 'gifts_five_years']).where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).execute() as Row[];
      const expected = all.filter(where).map((r) => String(r.id)).sort();
      expect(expected.length, query).toBeGreaterThan(0);
      expect(page.records.map((r) => String(r.id)).sort(), query).toEqual(expected);
      expect(page.total).toBe(expected.length);
      return page.records;
    };
    const attended = await expectRows('activitiesAttended_ge=1&descs=activitiesAttended', (r) => Number(r.activities_attended) >= 1);
    const counts = attended.map((r) => Number(r.activitiesAttended));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    await expectRows('giftsFiveYears_ge=1&giftsFiveYears_le=2', (r) => Number(r.gifts_five_years) >= 1 && Number(r.gifts_five_years) <= 2);
    await expectRows('giftsFiveYears_ge=1&activitiesAttended_ge=1', (r) => Number(r.gifts_five_years) >= 1 && Number(r.activities_attended) >= 1);

    const segment = await call('POST', '/api/blade-segment/segment/submit', { entity: 'basicInfo', name: `到场且捐赠${Date.now()}`, query: { activitiesAttended_ge: 1, giftsFiveYears_ge: 1 } });
    const members = (await call('GET', `/api/blade-segment/segment/members?id=${String(segment.id)}&size=1000`)) as unknown as { records: Row[] };
    const both = await db.selectFrom('alumni_basic_info').select('id').where('tenant_id', '=', TENANT).where('is_deleted', '=', 0)
      .where('activities_attended', '>=', 1).where('gifts_five_years', '>=', 1).execute();
    expect(members.records.map((r) => String(r.id)).sort()).toEqual(both.map((r) => String(r.id)).sort());
  });

  it('refuses a weight out of range or unknown with 400 and changes nothing', async () => {
    const before = await weights();
    for (const body of [{ gift: 101 }, { gift: -1 }, { gift: 1.5 }, { nothing: 1 }]) {
      const res = await t.call('POST', '/api/blade-engagement/engagement/weights', admin, body, { 'accept-language': 'zh-CN' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await weights()).toEqual(before);
  });

  it('answers the dashboard figures within the data scope', async () => {
    const kpis = await call('GET', '/api/blade-engagement/engagement/kpis');
    const live = await db.selectFrom('alumni_basic_info').select([sql<number>`count(*)`.as('n'), sql<number>`sum(case when engagement_score > 0 then 1 else 0 end)`.as('e')])
      .where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).executeTakeFirst();
    expect(kpis.alumni).toBe(Number(live?.n));
    expect(kpis.engaged).toBe(Number(live?.e));
    expect((kpis.byMode as Row[]).map((m) => m.mode)).toEqual(ENGAGEMENT_MODES);
    expect((kpis.byCollege as Row[]).reduce((s, c) => s + c.engaged, 0)).toBeLessThanOrEqual(kpis.engaged);
    const college = await t.signIn('college');
    const scoped = (await t.call('GET', '/api/blade-engagement/engagement/kpis', college)).json().data as Row;
    expect(scoped.alumni).toBeLessThan(kpis.alumni);
  });
});
