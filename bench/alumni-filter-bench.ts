/**
 * Alumni library filter audit (figures only; nothing here passes or fails a build), on SQLite and
 * PostgreSQL at BENCH_ROWS (1,000,000) alumni: every field the library's search form offers (each
 * field of the definition with `search`), asked through the API in-process as the form asks it, one
 * call after another with the kept totals dropped before each (a write in between), so every count is
 * cold. Beside each field: p50/p95 of its calls, the load average, and what the count's plan reads
 * (an index, the search index, or the whole table).
 *
 *   npm run build && npx tsx bench/alumni-filter-bench.ts
 *
 * Settings (environment, optional): BENCH_ROWS (1000000), BENCH_DIALECTS (sqlite, plus postgres when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set), BENCH_CALLS (5 per field).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './lib/closed-loop-load.js';
import { startBenchApp } from './lib/bench-app.js';
import { basicInfoSql } from './lib/bulk-rows.js';
import { measureEach } from './lib/each-dialect.js';
import { Table, fmt } from './lib/table.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const api = (file: string) => path.resolve(here, '../apps/api/dist', file);
const { refreshPlannerStatistics } = await import(api('db/planner-statistics.js')) as typeof import('../apps/api/src/db/planner-statistics.js');
const { EntityRepository } = await import(api('engine/entity-repository.js')) as typeof import('../apps/api/src/engine/entity-repository.js');
const { basicInfoEntity, entityPath, parseListQuery } = await import('@alumni/domain');
const { CompiledQuery, sql } = await import('kysely');

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 5);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const TARGET_P95_MS = 50;
const LIST = `/api${entityPath(basicInfoEntity, 'page')}`;
/** The library's fields by name (the definition's object is typed by its own keys). */
const FIELDS: Record<string, (typeof basicInfoEntity.fields)[keyof typeof basicInfoEntity.fields]> = basicInfoEntity.fields;

const log = (line: string) => console.log(`[alumni-filter-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The query string of the k-th call of a field's filter, as the search form sends it. */
function filterOf(name: string, k: number): Record<string, string> | null {
  const field = FIELDS[name];
  if (!field?.search) return null;
  const n = 1000 + k * 1237;
  const sensitive: Record<string, string> = { phone: `1380000${n}`, email: `a${n}@example.com`, idCard: `1101011990010${n}` };
  if (field.search === 'like') return { [name]: name === 'alumniCode' ? `BX${n}` : name === 'name' ? `校友${n}` : `中${k}` };
  if (field.search === 'range') return { [`${name}_ge`]: String(1950 + k * 10), [`${name}_le`]: String(1952 + k * 10) };
  if (field.search === 'in') return { [`${name}_in`]: String(1_000_000_000_000 + k) };
  if (typeof field.sensitive === 'string') return { [`${name}_equal`]: sensitive[field.sensitive] ?? `x${n}` };
  return { [`${name}_equal`]: String(1 + (k % 2)) };
}

interface Row { field: string; search: string; sorted: number[]; load: number; total: number; plan: string }

async function measure(dialect: 'sqlite' | 'postgres'): Promise<{ dialect: string; rows: Row[]; loadSeconds: number }> {
  const bench = await startBenchApp(dialect, 'alumni_filter', PG_URL);
  try {
    const { app } = bench;
    const { db } = app.services.database;
    const departments = (await db.selectFrom('alumni_department').select('id').where('tenant_id', '=', '000000').orderBy('id').execute()).map((r) => String(r.id));
    log(`${dialect}: loading ${fmt(ROWS)} alumni ...`);
    const t0 = performance.now();
    await sql.raw(basicInfoSql(dialect, ROWS, departments.map((id, k) => ({ id, unit: String(1900000000000920004n + BigInt(k)) })))).execute(db);
    await refreshPlannerStatistics(app.services.database);
    const loadSeconds = (performance.now() - t0) / 1000;
    log(`${dialect}: loaded with statistics in ${fmt(loadSeconds, 1)} s`);
    const headers = await bench.signIn();
    const repository = new EntityRepository(db, dialect);
    const rows: Row[] = [];
    let edits = 0;
    for (const name of Object.keys(basicInfoEntity.fields)) {
      if (!filterOf(name, 0)) continue;
      const latencies: number[] = [];
      let total = 0;
      for (let k = 0; k < CALLS; k++) {
        // A write drops every kept total (decision 202): each count below is counted afresh.
        await db.updateTable('blade_param').set({ remark: `filter bench ${edits++}` }).where('param_key', '=', 'account.initPassword').execute();
        const query = new URLSearchParams({ current: '1', size: '10', ...filterOf(name, k) });
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url: `${LIST}?${query}`, headers });
        latencies.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        total = Math.max(total, Number((res.json() as { data: { total: number } }).data.total));
      }
      const { count } = repository.listQueries(basicInfoEntity, { tenantId: '000000' }, parseListQuery(basicInfoEntity, filterOf(name, 0) ?? {}));
      const plan = dialect === 'sqlite' ? await sqlitePlan(db, count.sql, count.parameters) : await postgresPlan(db, count.sql, count.parameters);
      const row = { field: name, search: String(FIELDS[name]?.search), sorted: latencies.sort((a, b) => a - b), load: os.loadavg()[0] ?? Number.NaN, total, plan };
      rows.push(row);
      log(`  ${name} (${row.search}): p50 ${fmt(percentile(row.sorted, 0.5), 1)} / p95 ${fmt(percentile(row.sorted, 0.95), 1)} ms, up to ${fmt(total)} matches, load ${row.load.toFixed(2)}; ${plan}`);
    }
    return { dialect, rows, loadSeconds };
  } finally {
    await bench.close();
  }
}

type Db = Awaited<ReturnType<typeof startBenchApp>>['app']['services']['database']['db'];

/** What SQLite's plan of the count reads, in one line. */
async function sqlitePlan(db: Db, text: string, parameters: readonly unknown[]): Promise<string> {
  const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${text}`, [...parameters]));
  return rows.map((r) => r.detail).join('; ');
}

/** What PostgreSQL's plan of the count reads: its scan nodes, in one line. */
async function postgresPlan(db: Db, text: string, parameters: readonly unknown[]): Promise<string> {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${text}`, [...parameters]));
  return rows.map((r) => r['QUERY PLAN'].trim()).filter((line) => /Scan|Index/.test(line)).map((line) => line.replace(/^->\s*/, '').replace(/\s+\(cost.*$/, '')).join('; ');
}

const results = await measureEach(DIALECTS, measure);
const table = new Table(['Field (search)', 'p50 / p95', 'Matches', 'Target', '', 'Plan of the count']);
for (const r of results) {
  table.section(`${r.dialect}, ${fmt(ROWS)} alumni (loaded with statistics in ${fmt(r.loadSeconds, 1)} s), ${CALLS} cold calls a field`);
  for (const row of r.rows) {
    const p95 = percentile(row.sorted, 0.95);
    table.row(`${row.field} (${row.search})`, `${fmt(percentile(row.sorted, 0.5), 1)} / ${fmt(p95, 1)} ms (load ${row.load.toFixed(2)})`, fmt(row.total),
      `p95 ≤ ${TARGET_P95_MS} ms`, p95 <= TARGET_P95_MS ? 'PASS' : 'MISS', row.plan.slice(0, 140));
  }
}
console.log('');
console.log(table.render());
console.log(`\n${os.cpus().length} CPU(s), Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}.`);
