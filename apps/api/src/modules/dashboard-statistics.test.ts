import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../core/time.js';
import { withDescendants } from '../core/tree.js';
import type { Db } from '../db/database.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

const TENANT = '000000';

/**
 * The statistics the home dashboard reads (DOMAIN 17), on the demo school, for the administrator
 * and for the college secretary, whose data scope (本机构及子级 on `org_dept_id`) keeps every figure
 * to the college: each figure equals a plain recount of the rows the caller may reach.
 */
describe.each(testDialects())('the dashboard\'s statistics on %s', (dialect) => {
  let t: TestApp;
  let db: Db;
  let tokens: Record<'admin' | 'college', string>;
  /** The units the college secretary reaches. */
  let collegeUnits: string[];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    db = t.app.services.database.db;
    const [admin, college] = await Promise.all([t.signIn('admin'), t.signIn('college')]);
    tokens = { admin, college };
    const user = await db.selectFrom('blade_user').select('dept_id').where('account', '=', 'college').where('tenant_id', '=', TENANT).executeTakeFirstOrThrow();
    const depts = (await db.selectFrom('blade_dept').select(['id', 'parent_id']).where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).execute())
      .map((d) => ({ id: String(d.id), parentId: String(d.parent_id ?? '0') }));
    collegeUnits = [...withDescendants(depts, String(user.dept_id).split(','))];
  });
  afterAll(async () => t?.close());

  const call = async (who: 'admin' | 'college', method: 'GET' | 'POST', url: string) => {
    const res = await t.call(method, `/api${url}`, tokens[who], undefined, { 'accept-language': 'zh-CN' });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as Row;
  };

  /** Live rows of a table the caller reaches: all of the tenant's, or the college's units'. */
  const rows = (table: string, who: 'admin' | 'college') => {
    const q = db.selectFrom(table).where('tenant_id', '=', TENANT).where('is_deleted', '=', 0);
    return who === 'admin' ? q : q.where('org_dept_id', 'in', collegeUnits);
  };
  const count = async (q: ReturnType<typeof rows>) => Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0);
  /** Today in the server's time zone, `yyyy-MM-dd`. */
  const nowText = () => now().slice(0, 10);
  const year = nowText().slice(0, 4);

  /** What the dashboard shows, as the caller's calls answer it. */
  async function dashboard(who: 'admin' | 'college') {
    const [regist, student, donation, visit, visitsPending] = await Promise.all([
      call(who, 'POST', '/blade-registInfo/registInfo/countRegistInfo'),
      call(who, 'POST', '/blade-studentStatus/studentStatus/countStudent'),
      call(who, 'GET', '/donation/countAmount'),
      call(who, 'POST', '/blade-visitRecord/visitRecord/countVisit'),
      call(who, 'GET', '/blade-visitRecord/visitRecord/list?visitStatus_equal=1&size=1'),
    ]);
    return { regist, student, donation, visit, visitsPending: visitsPending.total as number };
  }

  /** The same figures recounted from the rows the caller reaches. */
  async function recount(who: 'admin' | 'college') {
    const regist = () => rows('alumni_regist_info', who);
    const byStatus = Object.fromEntries((await regist().select(['examine_status as key', sql<number>`count(*)`.as('n')]).groupBy('examine_status').execute())
      .map((r) => [String(r.key), Number(r.n)]));
    const received = rows('alumni_donation', who).where('payment_status', '=', 2).where('donate_time', '>=', `${year}-01-01 00:00:00` as never);
    const yearAmount = Number((await received.select(sql<number>`coalesce(sum(cny_amount), 0)`.as('n')).executeTakeFirst())?.n ?? 0);
    const visits = () => rows('alumni_visit_record', who).where('visit_date', '>=', `${year}-01-01` as never).where('visit_date', '<=', `${year}-12-31` as never).where('visit_status', '=', 2);
    const visited = new Set<string>();
    for (const r of await visits().select('visited_alumni_ids').execute()) for (const id of String(r.visited_alumni_ids ?? '').split(',')) if (id) visited.add(id);
    const organisations = new Set((await visits().select('visited_organization').execute()).map((r) => String(r.visited_organization ?? '')).filter((o) => o !== ''));
    return {
      registTotal: await count(regist()),
      pending: await count(regist().where('examine_status', '=', 0)),
      pendingDuplicate: await count(regist().where('examine_status', '=', 0).where('duplicate_level', '>=', 2)),
      today: await count(regist().where('create_time', '>=', `${nowText()} 00:00:00` as never)),
      byStatus,
      newThisYear: await count(rows('alumni_basic_info', who).where('create_time', '>=', `${year}-01-01 00:00:00` as never)),
      pendingExamine: await count(rows('alumni_student_status', who).where('examine_status', '=', 0)),
      thisYearAmount: yearAmount.toFixed(2),
      pledgedCount: await count(rows('alumni_donation', who).where('payment_status', '=', 1)),
      visitTotal: await count(visits()),
      alumniVisited: visited.size,
      organizationsVisited: organisations.size,
      visitsPending: await count(rows('alumni_visit_record', who).where('visit_status', '=', 1)),
    };
  }

  const figures = (d: Awaited<ReturnType<typeof dashboard>>) => ({
    registTotal: d.regist.total,
    pending: d.regist.pending,
    pendingDuplicate: d.regist.pendingDuplicate,
    today: d.regist.today,
    byStatus: Object.fromEntries((d.regist.byStatus as Row[]).filter((s) => s.count > 0).map((s) => [s.key, s.count])),
    newThisYear: d.student.newThisYear,
    pendingExamine: d.student.pendingExamine,
    thisYearAmount: d.donation.thisYearAmount,
    pledgedCount: d.donation.pledgedCount,
    visitTotal: d.visit.total,
    alumniVisited: d.visit.alumniVisited,
    organizationsVisited: d.visit.organizationsVisited,
    visitsPending: d.visitsPending,
  });

  it('answers the administrator the whole school\'s figures, in the shapes the widgets draw', async () => {
    const answer = await dashboard('admin');
    expect(figures(answer)).toEqual(await recount('admin'));
    expect(answer.regist.byMonth).toHaveLength(12);
    expect(answer.donation.byMonth).toHaveLength(12);
    expect(answer.donation.byPurpose.length).toBeGreaterThan(0);
    expect(answer.visit.byMonth.map((m: Row) => m.key)).toEqual(Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`));
    expect(answer.student.byDecade.reduce((n: number, d: Row) => n + d.count, 0))
      .toBe(answer.student.byEnrollmentYear.reduce((n: number, y: Row) => n + y.count, 0));
    // The demo school has work on the desk: pending registrations and pledges to chase.
    expect(answer.regist.pending).toBeGreaterThan(0);
    expect(answer.donation.pledgedCount).toBeGreaterThan(0);
  });

  it('keeps the college secretary to the college\'s figures', async () => {
    const [college, admin] = [await dashboard('college'), await dashboard('admin')];
    expect(figures(college)).toEqual(await recount('college'));
    expect(college.student.alumniTotal).toBeLessThan(admin.student.alumniTotal);
    expect(college.regist.total).toBeLessThan(admin.regist.total);
    expect(Number(college.donation.totalAmount)).toBeLessThan(Number(admin.donation.totalAmount));
    expect(college.student.byDepartment.every((d: Row) => d.count <= (admin.student.byDepartment as Row[]).find((a) => a.key === d.key)?.count)).toBe(true);
  });

  it('answers every list call of the to-do lines at the path DOMAIN 17 names', async () => {
    for (const url of [
      '/blade-activity/activity/page?phase_equal=2&size=1',
      `/blade-activity/activity/page?startTime_dategt=${nowText()}%2000:00:00&enabled_equal=1&isCancelled_equal=0&ascs=startTime&size=5`,
      '/blade-message/message/list?replyStatus_equal=0&size=1',
      '/blade-flow/work/todo-list?current=1&size=1',
      '/blade-flow/work/claim-list?current=1&size=1',
      '/blade-department/department/list?examineStatus_equal=0&size=1',
      '/blade-speciality/speciality/list?examineStatus_equal=0&size=1',
      '/blade-actApplist/actApplist/page?applyStatus_equal=0&size=1',
      '/blade-docquery/docquery/page?handleStatus_equal=0&size=1',
      `/blade-actCarelist/actCarelist/list?careStatus_in=0,2&nextCareDate_datelt=${nowText()}&size=1`,
      '/blade-desk/notice/list?current=1&size=5&descs=releaseTime',
    ]) {
      const page = await call('admin', 'GET', url);
      expect(typeof page.total, url).toBe('number');
    }
  });
});
