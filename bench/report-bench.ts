/**
 * Report benchmark (figures only; nothing here passes or fails a build): the preview of the
 * built-in reports (DOMAIN 10.1) over a tenant with BENCH_ROWS (1,000,000) alumni, as many study
 * records and as many donations, on SQLite and PostgreSQL — the seeded alumni and giving reports, a
 * draft over the alumni library, and the alumni report read by a college secretary (its data
 * scope) — median and p95 of BENCH_ITERATIONS calls each, in-process. The target is 1 s at p95.
 *
 *   npm run build && npx tsx bench/report-bench.ts
 *
 * Settings (environment, optional): BENCH_ROWS, BENCH_ITERATIONS (10), BENCH_DIALECTS (sqlite, plus
 * postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 */
import { startBenchApp } from './lib/bench-app.js';
import { measureEach } from './lib/each-dialect.js';
import { loadSchoolAtScale } from './lib/school-at-scale.js';
import { Table, fmt } from './lib/table.js';
import { timeCalls } from './lib/time-calls.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const TARGET_MS = 1000;
const BASE = '/api/blade-report/report/rest';

const log = (line: string) => console.log(`[report-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** A draft over the alumni library: alumni by primary department and decade of first enrollment, with the key alumni. */
const ALUMNI_DRAFT = {
  version: 1, source: 'basicInfo', filters: {}, chart: 'column', columns: [],
  groupBy: [{ field: 'departmentId' }, { field: 'firstEnrollmentYear', unit: 'decade' }],
  measures: [{ fn: 'count' }, { fn: 'sum', field: 'isKeyAlumni' }],
};

interface Call { what: string; account: 'office' | 'college'; method: 'GET' | 'POST'; url: (ids: Map<string, string>) => string; body?: unknown }

const CALLS: Call[] = [
  { what: '校友分布统计表 (study records by college × decade), office', account: 'office', method: 'GET', url: (ids) => `${BASE}/preview?id=${ids.get('校友分布统计表')}` },
  { what: '校友分布统计表, college secretary (own college)', account: 'college', method: 'GET', url: (ids) => `${BASE}/preview?id=${ids.get('校友分布统计表')}` },
  { what: '年度捐赠统计表 (received gifts by year × purpose, count and sum), office', account: 'office', method: 'GET', url: (ids) => `${BASE}/preview?id=${ids.get('年度捐赠统计表')}` },
  { what: 'draft: alumni by department × decade, count and key alumni, office', account: 'office', method: 'POST', url: () => `${BASE}/preview`, body: { content: ALUMNI_DRAFT } },
  { what: '活动参与统计表 (applications per activity), office', account: 'office', method: 'GET', url: (ids) => `${BASE}/preview?id=${ids.get('活动参与统计表')}` },
];

interface Timing { dialect: string; what: string; median: number; p95: number }

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Timing[]> {
  const bench = await startBenchApp(dialect, 'report', PG_URL);
  const { app } = bench;
  try {
    const auth = { office: await bench.signIn('office'), college: await bench.signIn('college') };
    await loadSchoolAtScale(app, dialect, ROWS, log);
    const list = await app.inject({ method: 'GET', url: `${BASE}/list?size=100`, headers: auth.office });
    const ids = new Map((list.json().data.records as { id: string; name: string }[]).map((r) => [r.name, r.id]));
    const timings: Timing[] = [];
    for (const call of CALLS) {
      const timed = await timeCalls(ITERATIONS, async () => {
        const res = await app.inject({ method: call.method, url: call.url(ids), headers: auth[call.account], ...(call.body ? { payload: call.body as object } : {}) });
        if (res.statusCode !== 200) throw new Error(`${call.what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        return (res.json().data.rows as unknown[]).length;
      });
      timings.push({ dialect, what: `${call.what} [${timed.last} groups]`, median: timed.median, p95: timed.p95 });
      log(`${dialect}: ${call.what}: ${timed.last} groups, median ${fmt(timed.median, 0)} ms, p95 ${fmt(timed.p95, 0)} ms`);
    }
    return timings;
  } finally {
    await bench.close();
  }
}

const results = (await measureEach(DIALECTS, measure)).flat();
const table = new Table(['database', 'report preview', 'median ms', 'p95 ms', `target ≤ ${TARGET_MS} ms`]);
for (const r of results) table.row(r.dialect, r.what, fmt(r.median, 0), fmt(r.p95, 0), r.p95 <= TARGET_MS ? 'met' : 'missed');
console.log(`\nReport benchmark: each preview over ${fmt(ROWS)} alumni, ${fmt(ROWS)} study records and ${fmt(ROWS)} donations\n`);
console.log(table.render());
process.exit(0);
