import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDescendants } from '../../core/tree.js';
import type { Db } from '../../db/database.js';
import { VISIT_ALUMNI_TALLY, VISIT_ORGANIZATION_TALLY, VISIT_TALLY } from '../../db/migrations/031-visit-donation-tallies.js';
import type { RowScope } from '../../engine/entity-repository.js';
import { seedId } from '../../seed/menu-tree.js';
import { expectTallyInStep } from '../../test-support/tally-in-step.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { recordVisitFigures, talliedVisitFigures, type VisitFigures, type VisitQuestion } from './count-visit.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

const VISIT = '/api/blade-visitRecord/visitRecord';
const TENANT = '000000';
const CS = seedId(1, 1);
const EE = seedId(1, 2);
const MINUTES = '与校友企业负责人座谈，了解企业发展与人才需求，商定共建实习基地并邀请校友返校讲座。';
const alumnus = (row: number) => seedId(3, row);

function data(res: LightMyRequestResponse): Row {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Row).data as Row;
}

/** Figures made comparable: groups as sorted text of their values. */
const comparable = (f: VisitFigures) => ({
  ...f,
  groups: f.groups.map((g) => JSON.stringify([g.visit_status, g.month, g.visit_type, g.department_id, g.province_code, g.led, g.n].map((v) => (v === null ? null : String(v))))).sort(),
});

describe.each(testDialects())('countVisit from the tallies on %s', (dialect) => {
  let t: TestApp;
  let db: Db;
  let office: string;
  let college: string;
  let collegeUnits: string[];
  let officeUser: string;
  const year = new Date().getFullYear();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    db = t.app.services.database.db;
    [office, college] = await Promise.all([t.signIn('office'), t.signIn('college')]);
    const user = await db.selectFrom('blade_user').select('dept_id').where('account', '=', 'college').where('tenant_id', '=', TENANT).executeTakeFirstOrThrow();
    const depts = (await db.selectFrom('blade_dept').select(['id', 'parent_id']).where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).execute())
      .map((d) => ({ id: String(d.id), parentId: String(d.parent_id ?? '0') }));
    collegeUnits = [...withDescendants(depts, String(user.dept_id).split(','))];
    officeUser = String((await db.selectFrom('blade_user').select('id').where('account', '=', 'office').where('tenant_id', '=', TENANT).executeTakeFirstOrThrow()).id);
  }, 180_000); // a database of its own, migrated and seeded: minutes beside the other suites
  afterAll(async () => t?.close());

  /** Scopes compared: none, the college's units, the office user's own records, and both at once. */
  const scopes = (): RowScope[] => [
    { tenantId: TENANT },
    { tenantId: TENANT, data: { clauses: [{ column: 'org_dept_id', list: false, asText: false, values: collegeUnits }] } },
    { tenantId: TENANT, data: { clauses: [{ column: 'create_user', list: false, asText: false, values: [officeUser] }] } },
    { tenantId: TENANT, data: { clauses: [
      { column: 'org_dept_id', list: false, asText: false, values: collegeUnits },
      { column: 'create_user', list: false, asText: false, values: [officeUser] },
    ] } },
  ];
  const questions: VisitQuestion[] = [year, year - 1].flatMap((y) => [0, 1, 2, 3].flatMap((status) =>
    [undefined, CS, EE].map((departmentId) => ({ year: y, status, departmentId }))));

  /** The tallies hold what the records give, and answer every question in every scope as the records do. */
  async function expectExact(): Promise<void> {
    for (const spec of [VISIT_TALLY(dialect), VISIT_ALUMNI_TALLY(dialect), VISIT_ORGANIZATION_TALLY(dialect)]) await expectTallyInStep(db, dialect, spec);
    for (const scope of scopes()) {
      for (const q of questions) {
        const tallied = await talliedVisitFigures(db, scope, q);
        expect(tallied, 'the tallies answer').not.toBeNull();
        expect(comparable(tallied as VisitFigures), JSON.stringify({ q, scope: scope.data })).toEqual(comparable(await recordVisitFigures(t.app.services.repository, dialect, scope, q)));
      }
    }
  }

  const visit = (more: Row = {}) => ({
    title: '走访统计测试', visitType: '1', visitDate: `${year}-01-01`, visitors: '王晓梅', visitedAlumniIds: alumnus(10),
    country: '中国', provinceCode: '110000', content: MINUTES, ...more,
  });
  const submit = async (body: Row, token = office) => data(await t.call('POST', `${VISIT}/submit`, token, body));

  it('counts the demo visits as the records do', async () => {
    await expectExact();
  });

  it('stays exact through adds, edits that move records, examination and removal through the API', async () => {
    const a = await submit(visit({ visitedAlumniIds: `${alumnus(1)},${alumnus(2)}`, visitedOrganization: '统计测试企业', leaderName: '张校长' }));
    const b = await submit(visit({ departmentId: CS, visitType: '2', provinceCode: '440000', submitForExamine: 1 }), college);
    const c = await submit(visit({ visitDate: `${year - 1}-12-31`, visitedAlumniIds: '', visitedOrganization: '另一家企业', submitForExamine: 1 }));
    await expectExact();

    // A draft edited: its month, type, province, leader, college, alumni and organisation all change.
    await submit({ ...a, visitDate: `${year}-01-02`, visitType: '3', provinceCode: '310000', leaderName: '', departmentId: EE,
      visitedAlumniIds: `${alumnus(2)},${alumnus(3)},${alumnus(4)}`, visitedOrganization: '' });
    await expectExact();

    // Examination moves records between states; a returned record is edited and handed in again.
    data(await t.call('PUT', `${VISIT}/examine`, office, { ids: b.id, visitStatus: 2, examineOpinion: '同意' }));
    data(await t.call('PUT', `${VISIT}/examine`, office, { ids: c.id, visitStatus: 3, examineOpinion: '请补充照片' }));
    await expectExact();
    await submit({ ...c, visitedOrganization: '改名后的企业', submitForExamine: 1 });
    await expectExact();

    // Removed (logically) from a draft.
    data(await t.call('POST', `${VISIT}/remove?ids=${a.id}`, office));
    await expectExact();
  }, 120_000); // ten writes, each checked against a recount in four scopes

  it('stays exact through bulk writes of many rows at once', async () => {
    // A copy of every live record under new ids, in one statement.
    const columns = 'tenant_id, create_user, create_dept, create_time, update_user, update_time, status, is_deleted, title, visit_type, visit_date, department_id, leader_name, visitors, visited_alumni_ids, visited_organization, country, province_code, content, org_dept_id, visit_status';
    await sql.raw(`insert into alumni_visit_record (id, ${columns}) select id - 1000000000000000000, ${columns} from alumni_visit_record where is_deleted = 0`).execute(db);
    await expectExact();
    // Many rows change state and college at once, some are deleted logically, some for good.
    await sql.raw(`update alumni_visit_record set visit_status = 2, department_id = ${CS} where id < 1000000000000000000 and id % 2 = 0`).execute(db);
    await sql.raw(`update alumni_visit_record set is_deleted = 1 where id < 1000000000000000000 and id % 3 = 0`).execute(db);
    await expectExact();
    await sql.raw('delete from alumni_visit_record where id < 1000000000000000000').execute(db);
    await expectExact();
  }, 120_000);

  it('answers through the call as before, for the office and for a college', async () => {
    const mine = data(await t.call('POST', `${VISIT}/countVisit`, office));
    expect(mine.byStatus.map((s: Row) => s.key)).toEqual(['0', '1', '2', '3']);
    const theirs = data(await t.call('POST', `${VISIT}/countVisit?visitStatus=1`, college));
    expect(theirs.total).toBeLessThanOrEqual(data(await t.call('POST', `${VISIT}/countVisit?visitStatus=1`, office)).total);
  });
});
