/**
 * Home dashboard benchmark (figures only; nothing here passes or fails a build): every call the
 * dashboard (DOMAIN 17) makes, as the administrator, over a tenant with BENCH_ROWS (1,000,000)
 * alumni, as many study records and as many donations, on SQLite and PostgreSQL: median and p95 of
 * BENCH_ITERATIONS calls each, in-process. The target of each call is 200 ms at p95.
 *
 *   npm run build && npx tsx bench/dashboard-bench.ts
 *
 * Settings (environment, optional): BENCH_ROWS, BENCH_ITERATIONS (20), BENCH_DIALECTS (sqlite, plus
 * postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 */
import { startBenchApp } from './lib/bench-app.js';
import { measureEach } from './lib/each-dialect.js';
import { loadSchoolAtScale } from './lib/school-at-scale.js';
import { Table, fmt } from './lib/table.js';
import { timeCalls } from './lib/time-calls.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const TARGET_MS = 200;

const log = (line: string) => console.log(`[dashboard-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

const today = () => new Date().toISOString().slice(0, 10);
/** The dashboard's calls, by the widget that reads them. */
const CALLS: { widget: string; method: 'GET' | 'POST'; url: () => string }[] = [
  { widget: 'alumni card, year and department charts (countStudent)', method: 'POST', url: () => '/api/blade-studentStatus/studentStatus/countStudent' },
  { widget: 'registration card, status and month charts (countRegistInfo)', method: 'POST', url: () => '/api/blade-registInfo/registInfo/countRegistInfo' },
  { widget: 'giving card, month and purpose charts (donation countAmount)', method: 'GET', url: () => '/api/donation/countAmount' },
  { widget: 'visits this year (countVisit)', method: 'POST', url: () => '/api/blade-visitRecord/visitRecord/countVisit' },
  { widget: 'events: seats and check-in (countSeats)', method: 'GET', url: () => '/api/blade-activity/activity/countSeats' },
  { widget: 'alumni cards (countCard)', method: 'GET', url: () => '/api/blade-alumniCard/alumniCard/countCard' },
  { widget: 'activities card: 报名中', method: 'GET', url: () => '/api/blade-activity/activity/page?phase_equal=2&size=1' },
  { widget: 'upcoming activities', method: 'GET', url: () => `/api/blade-activity/activity/page?startTime_dategt=${today()}%2000:00:00&enabled_equal=1&isCancelled_equal=0&ascs=startTime&size=5` },
  { widget: 'messages card', method: 'GET', url: () => '/api/blade-message/message/list?replyStatus_equal=0&size=1' },
  { widget: 'my to-dos: workflow tasks', method: 'GET', url: () => '/api/blade-flow/work/todo-list?current=1&size=5' },
  { widget: 'to do: departments to review', method: 'GET', url: () => '/api/blade-department/department/list?examineStatus_equal=0&size=1' },
  { widget: 'to do: visit records to review', method: 'GET', url: () => '/api/blade-visitRecord/visitRecord/list?visitStatus_equal=1&size=1' },
  { widget: 'to do: applications to confirm', method: 'GET', url: () => '/api/blade-actApplist/actApplist/page?applyStatus_equal=0&size=1' },
  { widget: 'to do: care due', method: 'GET', url: () => `/api/blade-actCarelist/actCarelist/list?careStatus_in=0,2&nextCareDate_datelt=${today()}&size=1` },
  { widget: 'staff notices', method: 'GET', url: () => '/api/blade-desk/notice/list?current=1&size=5&descs=releaseTime' },
];

interface Timing { dialect: string; widget: string; median: number; p95: number }

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Timing[]> {
  const bench = await startBenchApp(dialect, 'dashboard', PG_URL);
  const { app } = bench;
  try {
    const auth = await bench.signIn('admin');
    await loadSchoolAtScale(app, dialect, ROWS, log);
    const timings: Timing[] = [];
    for (const call of CALLS) {
      const timed = await timeCalls(ITERATIONS, async () => {
        const res = await app.inject({ method: call.method, url: call.url(), headers: auth });
        if (res.statusCode !== 200) throw new Error(`${call.url()}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      });
      timings.push({ dialect, widget: call.widget, median: timed.median, p95: timed.p95 });
      log(`${dialect}: ${call.widget}: median ${fmt(timed.median, 0)} ms, p95 ${fmt(timed.p95, 0)} ms`);
    }
    return timings;
  } finally {
    await bench.close();
  }
}

const results = (await measureEach(DIALECTS, measure)).flat();
const table = new Table(['database', 'widget (call)', 'median ms', 'p95 ms', `target ≤ ${TARGET_MS} ms`]);
for (const r of results) table.row(r.dialect, r.widget, fmt(r.median, 0), fmt(r.p95, 0), r.p95 <= TARGET_MS ? 'met' : 'missed');
console.log(`\nDashboard benchmark: each call over ${fmt(ROWS)} alumni, ${fmt(ROWS)} study records and ${fmt(ROWS)} donations\n`);
console.log(table.render());
process.exit(0);
