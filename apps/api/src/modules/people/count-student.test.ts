import { EXAMINE_STATUS, studentStatusEntity } from '@alumni/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../core/caller.js';
import type { Db } from '../../db/database.js';
import { STUDENT_TALLIES, TALLIED_COLUMNS } from '../../db/migrations/020-student-tallies.js';
import { seedId } from '../../seed/menu-tree.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import { accountUnits } from '../../test-support/account-units.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { countStudent } from './count-student.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

const STATUS = '/api/blade-studentStatus/studentStatus';
const TENANT = '000000';
/** Demo departments (seed/academic-seed.ts, table 1) and specialities (table 2). */
const CS = seedId(1, 1);
const EE = seedId(1, 2);
const ME = seedId(1, 3);
const speciality = (row: number) => seedId(2, row);
/** 本科 and 硕士 specialities: CS 计算机科学与技术 and 网络工程, CS 硕士, EE 电子信息工程, ME 机械设计制造及其自动化. */
const CS_BACHELOR = speciality(1);
const CS_NETWORK = speciality(3);
const CS_MASTER = speciality(7);
const EE_BACHELOR = speciality(11);
const ME_BACHELOR = speciality(16);

interface Filter { departmentId?: string; educationLevel?: string; from?: number; to?: number }

/** The countStudent calls compared: no filter, each filter, and their combinations. */
const FILTERS: Filter[] = [
  {}, { departmentId: CS }, { departmentId: EE }, { educationLevel: '2' }, { educationLevel: '3', departmentId: CS },
  { from: 2000 }, { to: 1999 }, { from: 2010, to: 2020 }, { departmentId: CS, educationLevel: '2', from: 1990, to: 2030 },
];

const queryOf = (f: Filter, departmentId = f.departmentId) => {
  const params = new URLSearchParams();
  if (departmentId !== undefined) params.set('departmentId', departmentId);
  if (f.educationLevel !== undefined) params.set('educationLevel', f.educationLevel);
  if (f.from !== undefined) params.set('enrollmentYear_ge', String(f.from));
  if (f.to !== undefined) params.set('enrollmentYear_le', String(f.to));
  return params.size ? `?${params}` : '';
};

/** The figures of countStudent recounted from the study records with plain group-bys. */
async function recount(db: Db, f: Filter, units: string[] | null) {
  const records = (examineStatus: number) => {
    let q = db.selectFrom('alumni_student_status').where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).where('examine_status', '=', examineStatus);
    if (units) q = units.length ? q.where('org_dept_id', 'in', units) : q.where(sql<boolean>`1 = 0`);
    if (f.departmentId !== undefined) q = q.where('department_id', '=', f.departmentId);
    if (f.educationLevel !== undefined) q = q.where('education_level', '=', f.educationLevel);
    if (f.from !== undefined) q = q.where('enrollment_year', '>=', f.from);
    if (f.to !== undefined) q = q.where('enrollment_year', '<=', f.to);
    return q;
  };
  const approved = () => records(EXAMINE_STATUS.approved);
  const counts = async (column: string, distinctAlumni = false) => {
    const rows = await approved().select([`${column} as key`, distinctAlumni ? sql<number>`count(distinct alumni_id)`.as('n') : sql<number>`count(*)`.as('n')])
      .where(column, 'is not', null).groupBy(column).execute();
    return Object.fromEntries(rows.map((r) => [String(r.key), Number(r.n)]).filter(([, n]) => n !== 0));
  };
  const one = async (q: ReturnType<typeof approved>, expression: ReturnType<typeof sql<number>>) => Number((await q.select(expression.as('n')).executeTakeFirst())?.n ?? 0);
  const years = await counts('enrollment_year');
  const yearKeys = Object.keys(years).map(Number);
  const byEnrollmentYear: { key: string; count: number }[] = [];
  if (yearKeys.length) for (let y = Math.min(...yearKeys); y <= Math.max(...yearKeys); y++) byEnrollmentYear.push({ key: String(y), count: years[String(y)] ?? 0 });
  return {
    statusTotal: await one(approved(), sql<number>`count(*)`),
    alumniTotal: await one(approved(), sql<number>`count(distinct alumni_id)`),
    pendingExamine: await one(records(EXAMINE_STATUS.pending), sql<number>`count(*)`),
    byDepartment: await counts('department_id', true),
    byEducationLevel: await counts('education_level'),
    byGraduationStatus: await counts('graduation_status'),
    byEnrollmentYear,
  };
}

/** An answer reduced to what `recount` gives: counts by key, groups without records left out (but years). */
function figuresOf(data: Row) {
  const nonZero = (items: Row[]) => Object.fromEntries(items.filter((i) => i.count !== 0).map((i) => [i.key, i.count]));
  return {
    statusTotal: data.statusTotal, alumniTotal: data.alumniTotal, pendingExamine: data.pendingExamine,
    byDepartment: nonZero(data.byDepartment), byEducationLevel: nonZero(data.byEducationLevel), byGraduationStatus: nonZero(data.byGraduationStatus),
    byEnrollmentYear: (data.byEnrollmentYear as Row[]).map((y) => ({ key: y.key, count: y.count })),
  };
}

describe.each(testDialects())('countStudent from the tallies on %s', (dialect) => {
  let t: TestApp;
  let db: Db;
  let admin: string;
  let college: string;
  /** The units the college secretary's data scope (本机构及子级) lets through. */
  let collegeUnits: string[];
  let alumni: string[];
  let nextId = 7_100_000_000_000_000;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    db = t.app.services.database.db;
    [admin, college] = await Promise.all([t.signIn('admin'), t.signIn('college')]);
    collegeUnits = [...(await accountUnits(db, TENANT, 'college')).units];
    alumni = (await db.selectFrom('alumni_basic_info').select('id').where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).orderBy('id').limit(40).execute())
      .map((r) => String(r.id));
  });
  afterAll(async () => t?.close());

  const call = async (method: 'POST' | 'PUT', url: string, body?: unknown, token = admin) => {
    const res = await t.call(method, url, token, body, { 'accept-language': 'zh-CN' });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as Row;
  };
  const addRecord = (over: Row, token = admin) => call('POST', `${STATUS}/submit`, {
    departmentId: CS, specialityId: CS_BACHELOR, educationLevel: '2', studyForm: '1', graduationStatus: '2', ...over,
  }, token);

  const edit = (record: Row, over: Row) => call('POST', `${STATUS}/submit`, {
    ...Object.fromEntries(['id', 'alumniId', 'departmentId', 'specialityId', 'educationLevel', 'studyForm', 'graduationStatus', 'enrollmentYear'].map((k) => [k, record[k]])), ...over,
  });

  /** countStudent called in-process as a caller whose data scope lets these units through. */
  async function countAs(units: string[], f: Filter) {
    const { operations, repository, labels } = t.app.services;
    const caller = {
      userId: '1', tenantId: TENANT, account: 'scoped', userName: 'scoped', realName: 'scoped', roleIds: [], roleAliases: [], deptIds: [], deptId: null,
      clientId: 'harness', isSuperAdmin: true, tokenId: '', refreshTokenId: '', expiresAt: 0, refreshExpiresAt: 0,
    } satisfies Caller;
    const scoped = Object.create(operations) as EntityOperations;
    scoped.rowScope = async (entity, who, tx, purpose) => {
      const scope = await operations.rowScope(entity, who, tx, purpose);
      return entity === studentStatusEntity ? { ...scope, data: { clauses: [{ column: 'org_dept_id', list: false, asText: false, values: units }] } } : scope;
    };
    const query = { departmentId: f.departmentId, educationLevel: f.educationLevel, enrollmentYear_ge: f.from?.toString(), enrollmentYear_le: f.to?.toString() };
    return countStudent(scoped, repository, db, labels, caller, query);
  }

  /** Every filter, for the office and for the college, answers what the records recount; and the tallies answer as the records do. */
  async function expectExactCounts(): Promise<void> {
    for (const [token, units] of [[admin, null], [college, collegeUnits]] as const) {
      for (const f of FILTERS) {
        const answer = (await t.call('POST', `${STATUS}/countStudent${queryOf(f)}`, token)).json().data as Row;
        expect(figuresOf(answer), `${queryOf(f)} as ${units ? 'college' : 'office'}`).toEqual(await recount(db, f, units));
      }
    }
    // Scoped by units written with a leading zero (the same units to the database), the tallies
    // leave the call to the records: both readings answer the same, to the order of the groups.
    for (const f of FILTERS) {
      const tallied = await countAs(collegeUnits, f);
      expect(await countAs(collegeUnits.map((u) => `0${u}`), f), `${queryOf(f)} read from the records`).toEqual(tallied);
    }
  }

  /** The tally tables hold what the records give now (rows fallen to zero aside). */
  async function expectTalliesInStep(): Promise<void> {
    const columns = TALLIED_COLUMNS.join(', ');
    const text = (rows: Row[]) => rows.map((r) => JSON.stringify(Object.values(r).map((v) => (v === null ? null : String(v))))).sort();
    const tallied = await sql<Row>`select tenant_id, ${sql.raw(columns)}, sum(n) as n from ${sql.table(STUDENT_TALLIES.records)}
      group by tenant_id, ${sql.raw(columns)} having sum(n) <> 0`.execute(db);
    const counted = await sql<Row>`select tenant_id, ${sql.raw(columns)}, count(*) as n from alumni_student_status
      where is_deleted = 0 group by tenant_id, ${sql.raw(columns)}`.execute(db);
    expect(text(tallied.rows)).toEqual(text(counted.rows));

    const signatures = await db.selectFrom(STUDENT_TALLIES.signatures).select(['tenant_id', 'alumni_id', 'signature']).execute();
    const signed = await sql<Row>`select distinct tenant_id, alumni_id, org_dept_id, department_id, education_level, enrollment_year from alumni_student_status
      where is_deleted = 0 and examine_status = ${EXAMINE_STATUS.approved} and alumni_id is not null`.execute(db);
    const expected = new Map<string, string[]>();
    for (const r of signed.rows) {
      const key = `${r.tenant_id}|${r.alumni_id}`;
      const entry = JSON.stringify([r.org_dept_id, r.department_id, r.education_level, r.enrollment_year].map((v) => (v === null ? null : String(v))));
      expected.set(key, [...(expected.get(key) ?? []), entry]);
    }
    const actual = new Map(signatures.map((s) => [`${s.tenant_id}|${s.alumni_id}`,
      (JSON.parse(String(s.signature)) as unknown[][]).map((e) => JSON.stringify(e.map((v) => (v === null ? null : String(v)))))]));
    expect(new Map([...actual].map(([k, v]) => [k, v.sort()]))).toEqual(new Map([...expected].map(([k, v]) => [k, v.sort()])));

    const bySignature = await sql<Row>`select tenant_id, signature, count(*) as n from ${sql.table(STUDENT_TALLIES.signatures)} group by tenant_id, signature`.execute(db);
    const alumniTally = await sql<Row>`select tenant_id, signature, n from ${sql.table(STUDENT_TALLIES.alumni)} where n <> 0`.execute(db);
    expect(text(alumniTally.rows)).toEqual(text(bySignature.rows));
  }

  it('counts the demo data as the records do', async () => {
    const [tallies] = await db.selectFrom(STUDENT_TALLIES.records).select((eb) => eb.fn.countAll<number>().as('n')).execute();
    expect(Number(tallies?.n)).toBeGreaterThan(0);
    await expectTalliesInStep();
    await expectExactCounts();
  });

  it('stays exact through adds, examinations, edits that move records, and removals through the API', async () => {
    // Added by the office: approved on creation.
    const added = [
      await addRecord({ alumniId: alumni[0], enrollmentYear: 2031 }),
      await addRecord({ alumniId: alumni[1], departmentId: EE, specialityId: EE_BACHELOR, enrollmentYear: 1949 }),
      await addRecord({ alumniId: alumni[2], specialityId: CS_MASTER, educationLevel: '3', enrollmentYear: 2012 }),
      await addRecord({ alumniId: alumni[2], departmentId: ME, specialityId: ME_BACHELOR, enrollmentYear: 2008 }),
    ];
    // Proposed by the college: pending until examined.
    const proposed = [
      await addRecord({ alumniId: alumni[3], specialityId: CS_NETWORK, enrollmentYear: 2016 }, college),
      await addRecord({ alumniId: alumni[4], specialityId: CS_MASTER, educationLevel: '3', enrollmentYear: 2019 }, college),
      await addRecord({ alumniId: alumni[5], specialityId: CS_NETWORK, enrollmentYear: 2014 }, college),
    ];
    expect(proposed.map((p) => p.examineStatus)).toEqual([0, 0, 0]);
    await expectExactCounts();

    await call('PUT', `${STATUS}/examine`, { ids: proposed[0]!.id, examineStatus: 1, examineOpinion: '核实无误' });
    await call('PUT', `${STATUS}/examine`, { ids: proposed[1]!.id, examineStatus: 2, examineOpinion: '信息有误' });
    await expectExactCounts();

    // Moved to another department, level and year; then to another year only.
    await edit(added[0]!, { departmentId: EE, specialityId: EE_BACHELOR, enrollmentYear: 2003 });
    await edit(added[2]!, { enrollmentYear: 1987 });
    await edit(proposed[2]!, { enrollmentYear: 2015 });
    await expectExactCounts();

    await call('POST', `${STATUS}/remove?ids=${added[3]!.id}`);
    await call('POST', `${STATUS}/remove?ids=${proposed[2]!.id}`);
    await expectExactCounts();
    await expectTalliesInStep();
  });

  it('stays exact through writes that bypass the entity: raw updates, soft and hard deletes, bulk inserts', async () => {
    const some = (await db.selectFrom('alumni_student_status').select(['id', 'alumni_id', 'org_dept_id']).where('tenant_id', '=', TENANT)
      .where('is_deleted', '=', 0).where('examine_status', '=', EXAMINE_STATUS.approved).orderBy('id').limit(30).execute()).map((r) => String(r.id));
    const otherUnit = (await db.selectFrom('blade_dept').select('id').where('tenant_id', '=', TENANT).where('id', 'not in', collegeUnits).limit(1).executeTakeFirstOrThrow()).id;

    // A record moves unit (out of the college's scope), another into it; one changes tenant and comes back.
    await db.updateTable('alumni_student_status').set({ org_dept_id: otherUnit }).where('id', '=', some[0]!).execute();
    await db.updateTable('alumni_student_status').set({ org_dept_id: collegeUnits[0], department_id: EE }).where('id', '=', some[1]!).execute();
    await db.updateTable('alumni_student_status').set({ tenant_id: '100001' }).where('id', 'in', [some[2]!, some[3]!]).execute();
    await db.updateTable('alumni_student_status').set({ tenant_id: TENANT }).where('id', '=', some[3]!).execute();
    // Another alumnus, a returned examination, an edit that moves nothing counted.
    await db.updateTable('alumni_student_status').set({ alumni_id: alumni[6] }).where('id', '=', some[4]!).execute();
    await db.updateTable('alumni_student_status').set({ examine_status: EXAMINE_STATUS.pending }).where('id', 'in', some.slice(5, 8)).execute();
    await db.updateTable('alumni_student_status').set({ remark: '仅备注' }).where('id', 'in', some.slice(8, 12)).execute();
    await expectExactCounts();

    // A hook's raw soft delete, its undoing, and a hard delete.
    await db.updateTable('alumni_student_status').set({ is_deleted: 1 }).where('id', 'in', some.slice(12, 16)).execute();
    await db.updateTable('alumni_student_status').set({ is_deleted: 0 }).where('id', '=', some[12]!).execute();
    await db.deleteFrom('alumni_student_status').where('id', 'in', some.slice(16, 18)).execute();
    await expectExactCounts();

    // A bulk copy with other ids and years, then records with empty unit, alumnus and year (twice each: the same tally row).
    await sql.raw(`insert into alumni_student_status (id, tenant_id, create_user, create_time, update_user, update_time, status, is_deleted,
        alumni_id, department_id, speciality_id, education_level, study_form, enrollment_year, graduation_status, source, examine_status, org_dept_id)
      select id + 1000000000000000, tenant_id, create_user, create_time, update_user, update_time, status, is_deleted,
        alumni_id, department_id, speciality_id, education_level, study_form, enrollment_year + 1, graduation_status, source, examine_status, org_dept_id
      from alumni_student_status where tenant_id = '${TENANT}'`).execute(db);
    for (let i = 0; i < 2; i++) {
      nextId += 1;
      const stamp = '2024-01-01 00:00:00';
      await db.insertInto('alumni_student_status').values({
        id: String(nextId), tenant_id: TENANT, create_time: stamp, update_time: stamp, status: 1, is_deleted: 0, alumni_id: null, department_id: CS,
        speciality_id: CS_BACHELOR, education_level: '2', study_form: '1', enrollment_year: null, graduation_status: '2', examine_status: EXAMINE_STATUS.approved, org_dept_id: null,
      }).execute();
    }
    await db.updateTable('alumni_student_status').set({ examine_status: EXAMINE_STATUS.pending }).where('id', '=', String(nextId)).execute();
    await expectExactCounts();
    await expectTalliesInStep();
  });
});
