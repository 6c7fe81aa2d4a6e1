import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../core/ids.js';
import { formatDateTime, now } from '../core/time.js';
import type { Db } from '../db/database.js';
import { accountUnits } from '../test-support/account-units.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

const TENANT = '000000';
const OTHER = '300001';
const SEATS = '/api/blade-activity/activity/countSeats';
const CARDS = '/api/blade-alumniCard/alumniCard/countCard';
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000));
const day = (days: number) => at(days * 1440).slice(0, 10);

/**
 * The dashboard's event and card statistics (issue 31): the figures of seeded activities and cards
 * in every state, never another tenant's rows, within the caller's data scope, refused without the
 * pages' menus, and answered by grouped queries at 100,000 applications and cards.
 */
describe.each(testDialects())('the dashboard\'s event and card statistics on %s', (dialect) => {
  let t: TestApp;
  let db: Db;
  let admin: string;
  let college: string;
  let collegeUnit: string;
  let outsideUnit: string;
  const activity: Record<'upcoming' | 'recent' | 'cancelled' | 'old' | 'theirs', string> = {
    upcoming: ids.next(), recent: ids.next(), cancelled: ids.next(), old: ids.next(), theirs: ids.next(),
  };

  const data = async (url: string, token: string) => {
    const res = await t.call('GET', url, token);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as Row;
  };

  const insertActivity = (id: string, more: Row) => db.insertInto('alumni_activity').values({
    id, tenant_id: TENANT, title: `统计活动${id.slice(-4)}`, activity_type: '3', need_signup: 1, is_cancelled: 0, enabled: 1, capacity: 0,
    target_scope: '1', create_time: now(), update_time: now(), is_deleted: 0, ...more,
  }).execute();
  /** `n` applications of an activity in one state. */
  const insertApplications = async (activityId: string, n: number, more: Row) => {
    for (let i = 0; i < n; i += 1) {
      await db.insertInto('alumni_act_applist').values({
        id: ids.next(), tenant_id: TENANT, activity_id: activityId, name: `报名人${i}`, apply_time: now(), companions: 0, sign_in: 0,
        create_time: now(), update_time: now(), is_deleted: 0, ...more,
      }).execute();
    }
  };
  const insertCards = async (n: number, more: Row) => {
    for (let i = 0; i < n; i += 1) {
      await db.insertInto('alumni_card').values({
        id: ids.next(), tenant_id: TENANT, alumni_id: ids.next(), apply_time: now(), create_time: now(), update_time: now(), is_deleted: 0, ...more,
      }).execute();
    }
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    db = t.app.services.database.db;
    [admin, college] = await Promise.all([t.signIn('admin'), t.signIn('college')]);
    const { own, units, depts } = await accountUnits(db, TENANT, 'college');
    collegeUnit = own[0] as string;
    outsideUnit = (depts.find((d) => !units.has(d.id)) as { id: string }).id;

    // The demo school's own activities are set aside, so the figures are exactly those seeded here.
    await db.updateTable('alumni_activity').set({ is_cancelled: 1 }).where('tenant_id', '=', TENANT).execute();
    await insertActivity(activity.upcoming, { start_time: at(2 * 1440), end_time: at(2 * 1440 + 180), capacity: 10, org_dept_id: collegeUnit });
    await insertActivity(activity.recent, { start_time: at(-3 * 1440), end_time: at(-3 * 1440 + 120), org_dept_id: outsideUnit });
    await insertActivity(activity.cancelled, { start_time: at(1440), end_time: at(1500), capacity: 5, is_cancelled: 1 });
    await insertActivity(activity.old, { start_time: at(-40 * 1440), end_time: at(-40 * 1440 + 120) });
    await insertActivity(activity.theirs, { tenant_id: OTHER, start_time: at(1440), end_time: at(1500), capacity: 5 });

    // Upcoming: 3 confirmed (with 0, 1 and 2 companions: 6 seats), 2 of them checked in; 2 waitlisted;
    // one pending, one cancelled, one removed; another tenant's rows under the same activity id.
    await insertApplications(activity.upcoming, 1, { apply_status: 1, companions: 0, sign_in: 1 });
    await insertApplications(activity.upcoming, 1, { apply_status: 1, companions: 1, sign_in: 1 });
    await insertApplications(activity.upcoming, 1, { apply_status: 1, companions: 2 });
    await insertApplications(activity.upcoming, 2, { apply_status: 4 });
    await insertApplications(activity.upcoming, 1, { apply_status: 0 });
    await insertApplications(activity.upcoming, 1, { apply_status: 3 });
    await insertApplications(activity.upcoming, 1, { apply_status: 1, sign_in: 1, is_deleted: 1 });
    await insertApplications(activity.upcoming, 4, { apply_status: 1, sign_in: 1, tenant_id: OTHER });
    await insertApplications(activity.upcoming, 3, { apply_status: 4, tenant_id: OTHER });
    // Recently ended: 4 confirmed, 1 checked in.
    await insertApplications(activity.recent, 3, { apply_status: 1 });
    await insertApplications(activity.recent, 1, { apply_status: 1, sign_in: 1 });
    await insertApplications(activity.cancelled, 2, { apply_status: 1 });
    await insertApplications(activity.theirs, 2, { apply_status: 1, tenant_id: OTHER });
  });
  afterAll(async () => t?.close());

  it('answers seats, waitlist and check-in of the upcoming and recent activities, and nothing of another tenant', async () => {
    const answer = await data(SEATS, admin);
    expect(answer.recentDays).toBe(30);
    expect(answer.records.map((r: Row) => r.id)).toEqual([activity.upcoming, activity.recent]);
    expect(answer.records[0]).toMatchObject({
      capacity: 10, seatsTaken: 6, waitlisted: 2, confirmed: 3, checkedIn: 2, checkInRate: 0.6667, phase: expect.any(String),
    });
    expect(answer.records[1]).toMatchObject({ capacity: 0, seatsTaken: 4, waitlisted: 0, confirmed: 4, checkedIn: 1, checkInRate: 0.25 });
  });

  it('keeps the college secretary to the college\'s activities', async () => {
    const res = await t.call('GET', SEATS, college);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data.records as Row[]).map((r) => r.id)).toEqual([activity.upcoming]);
  });

  it('counts the cards in each state, never another tenant\'s or a removed one', async () => {
    const before = await data(CARDS, admin);
    expect(before.applied).toBe(before.pending + before.rejected + before.approved);
    await insertCards(2, { examine_status: 0, card_state: 0 });
    await insertCards(1, { examine_status: 2, card_state: 0 });
    await insertCards(3, { examine_status: 1, card_state: 1, valid_from: day(-10), valid_until: day(1000) });
    await insertCards(1, { examine_status: 1, card_state: 1, valid_from: day(-2000), valid_until: day(-1) });
    await insertCards(2, { examine_status: 1, card_state: 2, valid_from: day(-10), valid_until: day(1000) });
    await insertCards(1, { examine_status: 1, card_state: 3, valid_from: day(-10), valid_until: day(1000) });
    await insertCards(1, { examine_status: 1, card_state: 1, valid_until: day(1000), is_deleted: 1 });
    for (const [exam, state] of [[0, 0], [1, 1], [1, 2], [1, 3], [2, 0]]) {
      await insertCards(3, { tenant_id: OTHER, examine_status: exam, card_state: state, valid_until: state === 1 ? day(-5) : day(100) });
    }
    const after = await data(CARDS, admin);
    const delta = Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - before[k]]));
    expect(delta).toEqual({ applied: 10, pending: 2, rejected: 1, approved: 7, active: 3, expired: 1, suspended: 2, revoked: 1 });
    expect(after.approved).toBe(after.active + after.expired + after.suspended + after.revoked);
  });

  it('refuses a caller without the pages\' menus, and grants each by its own page', async () => {
    const nobody = await t.signInWithoutGrants(admin);
    expect((await t.call('GET', SEATS, nobody)).statusCode).toBe(403);
    expect((await t.call('GET', CARDS, nobody)).statusCode).toBe(403);
    const activities = await t.signInWithCodes(admin, ['activity']);
    expect((await t.call('GET', SEATS, activities)).statusCode).toBe(200);
    expect((await t.call('GET', CARDS, activities)).statusCode).toBe(403);
    const cards = await t.signInWithCodes(admin, ['alumnicard']);
    expect((await t.call('GET', CARDS, cards)).statusCode).toBe(200);
    expect((await t.call('GET', SEATS, cards)).statusCode).toBe(403);
  });

  it('counts by grouped reads over many applications and cards (timings: bench/dashboard-bench.ts)', async () => {
    const big = ids.next();
    await insertActivity(big, { start_time: at(3 * 1440), end_time: at(3 * 1440 + 60), capacity: 200_000 });
    const stamp = now();
    const rows = 10_000;
    // Ids above those the id maker gives: 8e18 plus the row number.
    const base = 8_000_000_000_000_000_000n;
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})
      insert into alumni_act_applist (id, tenant_id, activity_id, name, apply_time, apply_status, companions, sign_in, create_time, update_time, is_deleted)
      select cast(${sql.lit(String(base))} as bigint) + i, ${TENANT}, ${sql.lit(big)}, 'x', ${stamp}, case when i % 10 = 0 then 4 else 1 end, 0, case when i % 2 = 0 then 1 else 0 end, ${stamp}, ${stamp}, 0 from n`.execute(db);
    const before = await data(CARDS, admin);
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})
      insert into alumni_card (id, tenant_id, alumni_id, apply_time, examine_status, card_state, valid_until, create_time, update_time, is_deleted)
      select cast(${sql.lit(String(base + 1_000_000n))} as bigint) + i, ${TENANT}, i, ${stamp}, 1, case when i % 4 = 0 then 2 else 1 end, ${day(500)}, ${stamp}, ${stamp}, 0 from n`.execute(db);
    const [seats, cards] = await Promise.all([data(SEATS, admin), data(CARDS, admin)]);
    const row = (seats.records as Row[]).find((r) => r.id === big);
    expect(row).toMatchObject({ seatsTaken: 9_000, confirmed: 9_000, waitlisted: 1_000, checkedIn: 4_000, checkInRate: 0.4444 });
    expect(cards.approved - before.approved).toBe(rows);
    expect(cards.suspended - before.suspended).toBe(2_500);
    expect(cards.active - before.active).toBe(7_500);
  });
});
