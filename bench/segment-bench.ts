/**
 * Saved segment benchmark (figures only; nothing here passes or fails a build), on SQLite and
 * PostgreSQL, over the demo school filled to BENCH_ROWS (1,000,000) alumni:
 *
 * - a segment's live count (`GET /blade-segment/segment/count`) of a segment of BENCH_ROWS / 10 members
 *   (enrolled 1950–1964, gender 1), p50/p95 of BENCH_ITERATIONS calls — each after a write to the
 *   library, so no kept answer serves it (target p95 ≤ 200 ms) — and the same call answered again
 *   unchanged (a kept answer);
 * - the same count for the college secretary, whose data scope narrows the library to its units;
 * - a notice push (in-app) to that segment enqueued: from the submit until its recipients are
 *   resolved (one record per member written) and its send jobs queued.
 *
 *   npm run build && npx tsx bench/segment-bench.ts
 *
 * Settings (environment, optional): BENCH_ROWS (1000000), BENCH_ITERATIONS (20), BENCH_DIALECTS
 * (sqlite, plus postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), BENCH_ALUMNI_ONLY (1:
 * the alumni records alone, without study records and gifts — the count and the push read the
 * library only, and the load takes minutes instead of twenty).
 */
import os from 'node:os';
import { percentile } from './lib/closed-loop-load.js';
import { startBenchApp, type BenchApp } from './lib/bench-app.js';
import { measureEach } from './lib/each-dialect.js';
import { loadAlumniAtScale, loadSchoolAtScale } from './lib/school-at-scale.js';
import { Table, fmt } from './lib/table.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const ALUMNI_ONLY = process.env.BENCH_ALUMNI_ONLY === '1';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const TARGET = { countP95Ms: 200 };
/** Enrolled 1950–1964 (15 of the 75 years the rows cycle through) and gender 1 (every other row): a tenth of the rows. */
const QUERY = { firstEnrollmentYear_ge: '1950', firstEnrollmentYear_le: '1964', gender: '1' };

const log = (line: string) => console.log(`[segment-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

interface Figures { dialect: string; members: number; cold: number[]; kept: number[]; college: number[]; collegeMembers: number; enqueueS: number; recipients: number; load: string }

async function call<T>(app: BenchApp, headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
  const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const body = res.json() as { code: number; data: T; msg: string };
  if (body.code !== 200) throw new Error(`${method} ${url}: ${res.body.slice(0, 300)}`);
  return body.data;
}

/** Milliseconds of each of `n` counts; `before` runs first, untimed (a write that drops kept answers). */
async function timeCounts(app: BenchApp, headers: Record<string, string>, id: string, n: number, before?: () => Promise<void>): Promise<{ times: number[]; members: number }> {
  const times: number[] = [];
  let members = 0;
  for (let i = 0; i < n; i++) {
    if (before) await before();
    const t0 = performance.now();
    members = (await call<{ memberCount: number }>(app, headers, 'GET', `/api/blade-segment/segment/count?id=${id}`)).memberCount;
    times.push(performance.now() - t0);
  }
  return { times: times.sort((a, b) => a - b), members };
}

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Figures> {
  const bench = await startBenchApp(dialect, 'segment', PG_URL);
  const { app } = bench;
  try {
    const office = await bench.signIn('office');
    const college = await bench.signIn('college');
    await (ALUMNI_ONLY ? loadAlumniAtScale : loadSchoolAtScale)(app, dialect, ROWS, log);
    const db = app.services.database.db;
    const segment = await call<{ id: string }>(app, office, 'POST', '/api/blade-segment/segment/submit', { entity: 'basicInfo', name: '1950–1964 男校友', query: QUERY, shared: true });
    // A write to the library between counts: the count is computed, never a kept answer. Each write
    // sets a value the row did not hold: SQLite skips an update that changes nothing, and a database
    // left unchanged keeps its answers (two counts in one second set the same update time).
    let touches = 0;
    const touch = async () => {
      touches += 1;
      await db.updateTable('alumni_basic_info').set({ remark: `基准写入 ${touches}` }).where('id', '=', '4000000000000001').execute();
    };
    await timeCounts(app, office, segment.id, 2, touch); // warm-up
    const cold = await timeCounts(app, office, segment.id, ITERATIONS, touch);
    log(`${dialect}: count of ${fmt(cold.members)} members p50 ${fmt(percentile(cold.times, 0.5), 1)} ms, p95 ${fmt(percentile(cold.times, 0.95), 1)} ms (load ${load()})`);
    const kept = await timeCounts(app, office, segment.id, ITERATIONS);
    const scoped = await timeCounts(app, college, segment.id, ITERATIONS, touch);
    log(`${dialect}: the college's count (${fmt(scoped.members)} in its scope) p95 ${fmt(percentile(scoped.times, 0.95), 1)} ms`);

    await app.services.jobs.start();
    const t0 = performance.now();
    const push = await call<{ id: string }>(app, office, 'POST', '/api/blade-noticePush/noticePush/submit', {
      title: '分群基准推送', channels: '1', subject: '校庆', content: '校友您好', targetScope: '8', targetValue: JSON.stringify({ segmentId: segment.id }), sendType: '1', pushStatus: 1,
    });
    const until = Date.now() + 30 * 60_000;
    for (;;) {
      const row = await db.selectFrom('alumni_notice_push').select(['push_status', 'recipients_resolved']).where('id', '=', push.id).executeTakeFirstOrThrow();
      if (Number(row.recipients_resolved) === 1 && Number(row.push_status) >= 2) break;
      if (Date.now() > until) throw new Error('the push was not enqueued within 30 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    const enqueueS = (performance.now() - t0) / 1000;
    const recipients = Number((await db.selectFrom('alumni_notice_push_record').select((eb) => eb.fn.countAll().as('n')).where('push_id', '=', push.id).executeTakeFirstOrThrow()).n);
    log(`${dialect}: push to the segment enqueued in ${fmt(enqueueS, 1)} s, ${fmt(recipients)} recipient records (load ${load()})`);
    return { dialect, members: cold.members, cold: cold.times, kept: kept.times, college: scoped.times, collegeMembers: scoped.members, enqueueS, recipients, load: load() };
  } finally {
    await bench.close();
  }
}

const results = await measureEach(DIALECTS, measure);
const table = new Table(['database', 'members', 'count p50 ms', 'count p95 ms', `target p95 ≤ ${TARGET.countP95Ms} ms`, 'kept answer p95 ms', 'college members', 'college p95 ms', 'push enqueued s', 'recipient records', 'load average']);
for (const r of results) {
  const p95 = percentile(r.cold, 0.95);
  table.row(r.dialect, fmt(r.members), fmt(percentile(r.cold, 0.5), 1), fmt(p95, 1), p95 <= TARGET.countP95Ms ? 'met' : 'missed', fmt(percentile(r.kept, 0.95), 1),
    fmt(r.collegeMembers), fmt(percentile(r.college, 0.95), 1), fmt(r.enqueueS, 1), fmt(r.recipients), r.load);
}
console.log(`\nSaved segments: a segment of a tenth of ${fmt(ROWS)} alumni${ALUMNI_ONLY ? ' (the records alone)' : ''}, counted ${ITERATIONS} times after a write each, and a notice push to it enqueued\n`);
console.log(table.render());
console.log(`\n${os.cpus().length} CPU(s), Node ${process.version}, load average ${load()}.`);
