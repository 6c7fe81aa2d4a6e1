/**
 * Retention benchmark (figures only; nothing here passes or fails a build): a log table of
 * BENCH_ROWS API-log rows of one tenant, spread evenly over the last 365 days, then
 *   - the log page's filtered list (`GET /api/blade-log/api/list`, method = POST, newest first,
 *     20 rows a page) over it: p50 and p95 of BENCH_CALLS calls, and the same from a week ago (page 2);
 *   - the retention engine's purge of the oldest month of it (a policy of 335 days, batches of
 *     1,000 rows, each its own transaction): its time and rows per second.
 *
 *   npm run build && npx tsx bench/retention-bench.ts
 *
 * Settings (environment, optional): BENCH_ROWS (1000000; 10000000 for the size), BENCH_CALLS (50),
 * BENCH_DIALECTS (sqlite, plus postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RETENTION_ACTION, RETENTION_TARGET } from '@alumni/domain';
import { sql } from 'kysely';
import { startBenchApp } from './lib/bench-app.js';
import { seriesOf, type BenchDialect } from './lib/bulk-rows.js';
import { measureEach } from './lib/each-dialect.js';
import { Table, fmt } from './lib/table.js';
import { timeCalls } from './lib/time-calls.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const api = (file: string) => path.resolve(here, '../apps/api/dist', file);
const { RetentionEngine } = await import(api('modules/retention/retention-engine.js')) as typeof import('../apps/api/src/modules/retention/retention-engine.js');

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as BenchDialect[];
const YEAR_S = 365 * 24 * 3600;
const TENANT = '000000';

const log = (line: string) => console.log(`[retention-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** Rows `from + i` (i = 1 … n) of `total`: row k was written `k × 365 days / total` ago, the newest first. */
function logRowsSql(dialect: BenchDialect, from: number, n: number, total: number): string {
  const age = `(cast(${from} + i as bigint) * ${YEAR_S} / ${total})`;
  const time = dialect === 'postgres' ? `localtimestamp(0) - ${age} * interval '1 second'` : `datetime('now', 'localtime', '-' || ${age} || ' seconds')`;
  return `insert into blade_log_api (id, tenant_id, create_time, update_time, status, is_deleted, request_uri, method, create_by, remote_ip, params, time)
    select ${5000000000000000 + from} + i, '${TENANT}', ${time}, ${time}, 1, 0, '/api/blade-bench/' || (i % 50), case when i % 4 = 0 then 'POST' else 'GET' end,
      'user' || (i % 200), '10.0.' || (i % 250) || '.' || (i % 200), 'current=1&size=20', i % 300
    from ${seriesOf(dialect, n)}`;
}

interface Figures { dialect: string; fillS: number; listP50: number; listP95: number; rangeP50: number; rangeP95: number; purged: number; purgeS: number }

async function measure(dialect: BenchDialect): Promise<Figures> {
  const bench = await startBenchApp(dialect, 'retention', PG_URL);
  try {
    const db = bench.app.services.database.db;
    const headers = await bench.signIn('admin');
    log(`${dialect}: filling ${fmt(ROWS)} API-log rows`);
    const t0 = performance.now();
    const chunk = 1_000_000;
    for (let from = 0; from < ROWS; from += chunk) {
      const n = Math.min(chunk, ROWS - from);
      await sql.raw(logRowsSql(dialect, from, n, ROWS)).execute(db);
    }
    if (dialect === 'postgres') await sql`analyze blade_log_api`.execute(db);
    else await sql`analyze`.execute(db);
    const fillS = (performance.now() - t0) / 1000;
    log(`${dialect}: filled in ${fmt(fillS, 1)} s`);

    const call = (query: string) => async () => {
      const res = await bench.app.inject({ method: 'GET', url: `/api/blade-log/api/list?${query}`, headers });
      if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return res;
    };
    const list = await timeCalls(CALLS, call('method=POST&current=1&size=20'));
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const range = await timeCalls(CALLS, call(`method=POST&createTime_datege=${weekAgo}&current=2&size=20`));

    const policy = await db.selectFrom('blade_retention_policy').select('id').where('tenant_id', '=', TENANT)
      .where('target', '=', RETENTION_TARGET.logApi).executeTakeFirstOrThrow();
    await db.updateTable('blade_retention_policy').set({ enabled: 1, legal_hold: 0, period_days: 335, action: RETENTION_ACTION.purge }).where('id', '=', policy.id).execute();
    log(`${dialect}: purging the oldest month`);
    const p0 = performance.now();
    const outcomes = await new RetentionEngine(db).run(TENANT, { policyId: String(policy.id) });
    const purgeS = (performance.now() - p0) / 1000;
    return {
      dialect, fillS, listP50: list.median, listP95: list.p95, rangeP50: range.median, rangeP95: range.p95,
      purged: outcomes[0]?.rows ?? 0, purgeS,
    };
  } finally {
    await bench.close();
  }
}

const results = await measureEach(DIALECTS, measure);
const table = new Table(['dialect', 'rows', 'fill s', 'list p50 ms', 'list p95 ms', 'range p50 ms', 'range p95 ms', 'purged (a month)', 'purge s', 'rows/s']);
for (const r of results) {
  table.row(r.dialect, fmt(ROWS), fmt(r.fillS, 1), fmt(r.listP50, 1), fmt(r.listP95, 1), fmt(r.rangeP50, 1), fmt(r.rangeP95, 1), fmt(r.purged), fmt(r.purgeS, 1), fmt(r.purged / Math.max(r.purgeS, 0.001)));
}
console.log(table.render());
console.log(`\n${os.cpus().length} CPU(s), Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}.`);
