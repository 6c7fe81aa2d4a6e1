/**
 * Relationship benchmark (figures only; nothing here passes or fails a build), on SQLite and
 * PostgreSQL: countVisit (DOMAIN 11.3) over BENCH_VISIT_ROWS (1,000,000) visit records spread over
 * ten years of visit dates (so a year holds about 100,000, most of them approved), each naming one
 * to three alumni, a department, a province and often an organisation. The call is timed
 * in-process for the current year, as the visit screen asks it: median and p95 of BENCH_ITERATIONS
 * calls, as the office (all visits) and as a college (its data scope). The call reads the tallies of
 * migration 031 (decision 146), which the load's `insert … select` fills through the triggers (the
 * load time includes them); every question countVisit takes (a year, a college, a state) is
 * answered from them.
 *
 *   npm run build && npx tsx bench/relationship-bench.ts
 *
 * Settings (environment, optional): BENCH_VISIT_ROWS (1000000), BENCH_DIALECTS (sqlite, plus
 * postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), BENCH_ITERATIONS (20).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchApp } from './lib/bench-app.js';
import { measureEach } from './lib/each-dialect.js';
import { Table, fmt } from './lib/table.js';
import { timeCalls } from './lib/time-calls.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const api = (file: string) => path.resolve(repoRoot, 'apps/api/dist', file);

const { refreshPlannerStatistics } = await import(api('db/planner-statistics.js')) as typeof import('../apps/api/src/db/planner-statistics.js');
const { sql } = await import('kysely');

const VISIT_ROWS = Number(process.env.BENCH_VISIT_ROWS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const TARGET_MS = 200;
const YEARS = 10;

const log = (line: string) => console.log(`[relationship-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

const PROVINCES = ['110000', '310000', '440000', '320000', '330000', '420000', '510000', '610000'];

/**
 * The visits in one INSERT … SELECT: dates walk back from today over ten years, states are mostly
 * approved (7 in 10), a department (or none: the office), and one to three alumni of the demo school.
 */
function visitsSql(dialect: 'sqlite' | 'postgres', rows: number, departments: { id: string; unit: string }[], alumni: string[], office: string): string {
  const series = dialect === 'postgres' ? `generate_series(1, ${rows}) as s(i)`
    : `(with recursive s(i) as (select 1 union all select i + 1 from s where i < ${rows}) select i from s) as s`;
  const pick = (list: string[], expr: string) => `case ${list.map((v, k) => `when (${expr}) % ${list.length} = ${k} then ${v}`).join(' ')} end`;
  const concat = (...parts: string[]) => parts.join(' || ');
  const days = `(i % ${YEARS * 365})`;
  const date = dialect === 'postgres' ? `(current_date - ${days})` : `date('now', '-' || ${days} || ' days')`;
  const stamp = dialect === 'postgres' ? `timestamp '2024-01-01 00:00:00'` : `'2024-01-01 00:00:00'`;
  const text = (expr: string) => (dialect === 'postgres' ? `(${expr})::text` : `(${expr})`);
  const alumnus = (offset: number) => pick(alumni.map((a) => `'${a}'`), `i * 7 + ${offset}`);
  const ids = `case when i % 3 = 0 then ${alumnus(0)} when i % 3 = 1 then ${concat(alumnus(0), "','", alumnus(1))} else ${concat(alumnus(0), "','", alumnus(1), "','", alumnus(2))} end`;
  const withOffice = [...departments.map((d) => ({ id: d.id, unit: d.unit })), { id: 'null', unit: office }];
  return `insert into alumni_visit_record (id, tenant_id, create_user, create_time, update_user, update_time, status, is_deleted,
      title, visit_type, visit_date, department_id, leader_name, visitors, visited_alumni_ids, visited_organization, country,
      province_code, content, org_dept_id, visit_status)
    select 5000000000000000 + i, '000000', 1, ${stamp}, 1, ${stamp}, 1, 0,
      'visit ' || ${text('i')}, '' || (1 + (i % 6)), ${date}, ${pick(withOffice.map((d) => d.id), 'i')},
      case when i % 4 = 0 then '校领导' end, '王晓梅', ${ids},
      case when i % 2 = 0 then 'org ' || ${text('i % 5000')} end, '中国', ${pick(PROVINCES.map((p) => `'${p}'`), 'i / 7')},
      '走访纪要', ${pick(withOffice.map((d) => d.unit), 'i')}, case when i % 10 < 7 then 2 else i % 4 end
    from ${series}`;
}

interface Figures { dialect: string; total: number; officeMedian: number; officeP95: number; collegeMedian: number; collegeP95: number }

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Figures> {
  const bench = await startBenchApp(dialect, 'relationship', PG_URL);
  const { app } = bench;
  try {
    const auth = await bench.signIn();
    const db = app.services.database.db;
    const departments = (await db.selectFrom('alumni_department').select(['id', 'org_dept_id']).where('tenant_id', '=', '000000')
      .where('examine_status', '=', 1).where('org_dept_id', 'is not', null).execute()).map((r) => ({ id: String(r.id), unit: String(r.org_dept_id) }));
    const alumni = (await db.selectFrom('alumni_basic_info').select('id').where('tenant_id', '=', '000000').limit(200).execute()).map((r) => String(r.id));
    log(`${dialect}: loading ${fmt(VISIT_ROWS)} visit records ...`);
    const t0 = performance.now();
    await sql.raw(visitsSql(dialect, VISIT_ROWS, departments, alumni, '1900000000000920002')).execute(db);
    await refreshPlannerStatistics(app.services.database);
    log(`${dialect}: loaded in ${fmt((performance.now() - t0) / 1000, 1)} s; timing countVisit ...`);
    const count = (headers: Record<string, string>) => async () => {
      const res = await app.inject({ method: 'POST', url: '/api/blade-visitRecord/visitRecord/countVisit', headers });
      const data = res.json().data as { total: number } | null;
      if (!data) throw new Error(`countVisit failed: ${res.body.slice(0, 300)}`);
      return data.total;
    };
    const office = await timeCalls(ITERATIONS, count(auth));
    const college = await timeCalls(ITERATIONS, count(await bench.signIn('college')));
    log(`${dialect}: countVisit of the year (${fmt(office.last)} approved): median ${fmt(office.median, 0)} ms, p95 ${fmt(office.p95, 0)} ms; as a college (${fmt(college.last)}): median ${fmt(college.median, 0)} ms, p95 ${fmt(college.p95, 0)} ms`);
    return { dialect, total: office.last, officeMedian: office.median, officeP95: office.p95, collegeMedian: college.median, collegeP95: college.p95 };
  } finally {
    await bench.close();
  }
}

const results: Figures[] = await measureEach(DIALECTS, measure);
const table = new Table(['database', 'approved this year', 'office median ms', 'p95 ms', 'college median ms', 'p95 ms', `target ≤ ${TARGET_MS} ms`]);
for (const r of results) {
  table.row(r.dialect, fmt(r.total), fmt(r.officeMedian, 0), fmt(r.officeP95, 0), fmt(r.collegeMedian, 0), fmt(r.collegeP95, 0),
    Math.max(r.officeP95, r.collegeP95) <= TARGET_MS ? 'met' : 'missed');
}
console.log(`\nRelationship benchmark: countVisit over ${fmt(VISIT_ROWS)} visit records (${YEARS} years)\n`);
console.log(table.render());
