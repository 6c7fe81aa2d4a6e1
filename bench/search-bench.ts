/**
 * Search benchmark: what users do on a large list, on SQLite and PostgreSQL, at 100,000 and 1,000,000
 * BladeX-shaped parameter rows (`blade_param`, as the peer benchmark loads them):
 *
 * - contains: `paramKey` contains `key-1` (~10.5 % of the rows), newest first, page of 10 with the total;
 *   then the same while another client edits a parameter every 100 ms (each edit drops the totals
 *   kept since the last write, so the totals are counted again);
 * - equality: `paramKey_equal=key-N`, rotating 50 keys;
 * - 2-character Chinese name: `paramName` contains 张伟, 王芳, ... (names are 2–3 characters).
 *
 * Each runs over HTTP against the compiled server in a process of its own (20 connections, closed
 * loop, exact percentiles). While the contains list runs, this process signs in one caller after
 * another and reports the sign-in latencies.
 *
 * Waiting behind lists (`lanes`): sign-in and a read by id (each call a different row), p50/p95 idle and
 * during 20 connections of cold contains lists — `paramKey` contains `key-<n>`, every n below 100,000
 * shuffled, no term asked twice, so no kept total answers them — and filters on fields without an
 * index of their own (`paramValue_equal`, `remark_like`), each figure with the load average beside it. Then, in this process, the API's data path
 * (`operations.list`) is timed against the raw driver running the same SQL. With the peer script
 * present (`../shared/peers/directus-bench.sh`), Directus is measured on the same 100,000 rows in the
 * same run. Figures only: nothing here passes or fails a build.
 *
 *   npm run build && npx tsx bench/search-bench.ts
 *
 * Settings (environment, optional): BENCH_ROWS (100000,1000000), BENCH_DIALECTS (sqlite, plus
 * postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), BENCH_SECONDS (10),
 * BENCH_CONNECTIONS (20), BENCH_ITERATIONS (200, in-process calls per round), BENCH_PEER (1; 0 skips
 * the peer), BENCH_PEER_SCRIPT (its path), BENCH_PARTS (lists,lanes: the list scenarios, the waiting
 * behind them).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { percentile, type LoadFigures, type LoadSpec } from './lib/closed-loop-load.js';
import { runJsonChild } from './lib/json-child.js';
import { startServerProcess } from './lib/server-process.js';
import { addBenchClient, BENCH_TENANT, signIn } from './lib/sign-in.js';
import { Table, fmt } from './lib/table.js';
import { describe, measureLanes, type LaneFigures, type Latencies } from './lib/lane-figures.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const api = (file: string) => path.resolve(repoRoot, 'apps/api/dist', file);

const { loadConfig } = await import(api('config.js')) as typeof import('../apps/api/src/config.js');
const { buildApp } = await import(api('app.js')) as typeof import('../apps/api/src/app.js');
const { callerFromToken } = await import(api('auth/auth-hook.js')) as typeof import('../apps/api/src/auth/auth-hook.js');
const { EntityRepository, pageQueryFor } = await import(api('engine/entity-repository.js')) as typeof import('../apps/api/src/engine/entity-repository.js');
const { refreshPlannerStatistics } = await import(api('db/planner-statistics.js')) as typeof import('../apps/api/src/db/planner-statistics.js');
const { paramEntity, parseListQuery } = await import('@alumni/domain');
const { default: BetterSqlite3 } = await import('better-sqlite3');
const { sql } = await import('kysely');

const ROW_COUNTS = (process.env.BENCH_ROWS ?? '100000,1000000').split(',').map(Number);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const PEER_SCRIPT = process.env.BENCH_PEER_SCRIPT ?? path.resolve(repoRoot, '../shared/peers/directus-bench.sh');
const RUN_PEER = process.env.BENCH_PEER !== '0' && existsSync(PEER_SCRIPT);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'lists,lanes').split(','));
const LIST = '/api/blade-system/param/list';
const DETAIL = '/api/blade-system/param/detail';
const TARGET = { peerRatio: 20, rawRatio: 1.5, filteredP95Ms: 50, equalityP95Ms: 10, signInP95Ms: 100, duringOverIdle: 1.5 };

const log = (line: string) => console.log(`[search-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

// ---------------------------------------------------------------- the data
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡';
const GIVEN = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂华玉萍红娥玲芬燕彬鹏辉斌宇浩凯健俊帆帅旭宁龙林欣雪梅琳晨阳佳怡';
const NAMES = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '黄勇', '赵敏'];

/**
 * The peer's rows (`key-N`, 'seeded row N', every 20th deleted, create times spread by a stride), with
 * a Chinese name of 2 or 3 characters as `paramName`, in one INSERT … SELECT (a bulk load).
 */
function loadSql(dialect: 'sqlite' | 'postgres', rows: number): string {
  const createTime = dialect === 'postgres'
    ? `to_timestamp(1704067200 + ((i::bigint * 7919) % ${rows}) * 60)::timestamp(0)`
    : `strftime('%Y-%m-%d %H:%M:%S', 1704067200 + ((i * 7919) % ${rows}) * 60, 'unixepoch')`;
  // Every surname meets every given name: surname by i, given name by i / surnames (names of 2
  // characters, every third row 3), so each 2-character name holds ~1/2,000 of the rows.
  const [S, G] = [[...SURNAMES].length, [...GIVEN].length];
  const name = `substr('${SURNAMES}', (i % ${S}) + 1, 1) || substr('${GIVEN}', ((i / ${S}) % ${G}) + 1, 1)`
    + ` || case when i % 3 = 0 then substr('${GIVEN}', ((i / ${S * G}) % ${G}) + 1, 1) else '' end`;
  const select = `select 1000000000000 + i, '${BENCH_TENANT}', ${createTime}, ${createTime}, 1, case when i % 20 = 0 then 1 else 0 end,
      ${name}, 'key-' || i, 'value-' || (i * 7 % 1000), 'seeded row ' || i`;
  const columns = 'id, tenant_id, create_time, update_time, status, is_deleted, param_name, param_key, param_value, remark';
  return dialect === 'postgres'
    ? `insert into blade_param (${columns}) ${select} from generate_series(1, ${rows}) as s(i)`
    : `insert into blade_param (${columns}) ${select} from (with recursive s(i) as (select 1 union all select i + 1 from s where i < ${rows}) select i from s)`;
}

// ---------------------------------------------------------------- load and sign-ins
function load(spec: LoadSpec): Promise<LoadFigures> {
  return runJsonChild<LoadFigures>('closed-loop-load.ts', spec);
}

/** Signs in one after another until `done` settles; answers each sign-in's latency in ms. */
async function signInsDuring(address: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => { finished = true; });
  const latencies: number[] = [];
  await new Promise((r) => setTimeout(r, 1000)); // the list load is under way
  while (!finished) {
    const t0 = performance.now();
    await signIn(address);
    latencies.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 50));
  }
  return latencies.sort((a, b) => a - b);
}

interface PerCall { wallUs: number }
async function perCall(iterations: number, call: (i: number) => Promise<unknown> | unknown): Promise<PerCall> {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await call(i);
  return { wallUs: Number(process.hrtime.bigint() - t0) / 1000 / iterations };
}

// ---------------------------------------------------------------- one dialect at one size
interface Scenario {
  name: string;
  paths: string[];
  queries: Record<string, string>[];
  p95Target: number | null;
  /** Edit a parameter every this many ms while the load runs (each edit drops the kept totals). */
  writeEveryMs?: number;
}

/** Edits one parameter over HTTP every `everyMs` until `done` settles; answers how many edits were made. */
async function writesDuring(address: string, auth: string, everyMs: number, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => { finished = true; });
  const found = await fetch(`${address}${LIST}?paramKey_equal=key-7`, { headers: { 'Blade-Auth': auth } });
  const record = ((await found.json()) as { data: { records: Record<string, unknown>[] } }).data.records[0];
  if (!record) throw new Error('no parameter key-7 to edit');
  let edits = 0;
  while (!finished) {
    const res = await fetch(`${address}/api/blade-system/param/submit`, {
      method: 'POST', headers: { 'Blade-Auth': auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...record, remark: `edited ${edits}` }),
    });
    if (!res.ok) throw new Error(`edit refused: ${res.status} ${await res.text()}`);
    edits++;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return edits;
}

interface Measured {
  dialect: string;
  rows: number;
  loadSeconds: number;
  scenarios: { scenario: Scenario; http: LoadFigures; total: number; apiUs: number; rawUs: number; keptApiUs: number; edits: number }[];
  signIns: number[];
  lanes: LaneFigures | null;
  unindexed: { name: string; latencies: Latencies }[];
}

/** Filters on fields without an index of their own, each value asked once, one call after another. */
async function unindexedFilters(address: string, auth: string): Promise<Measured['unindexed']> {
  const filters = [
    { name: 'paramValue_equal (no index)', paths: [5, 17, 301, 512, 999].map((n) => `${LIST}?current=1&size=10&paramValue_equal=value-${n}`) },
    { name: 'remark_like (no index)', paths: [4242, 17017, 90001, 333, 77777].map((n) => `${LIST}?current=1&size=10&remark_like=${encodeURIComponent(`row ${n}`)}`) },
  ];
  const out: Measured['unindexed'] = [];
  for (const filter of filters) {
    const latencies: number[] = [];
    for (const p of filter.paths) {
      const t0 = performance.now();
      const res = await fetch(`${address}${p}`, { headers: { 'Blade-Auth': auth } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${filter.name} refused: ${res.status}`);
      latencies.push(performance.now() - t0);
    }
    out.push({ name: filter.name, latencies: { sorted: latencies.sort((a, b) => a - b), load: os.loadavg()[0] ?? Number.NaN } });
    log(`  ${filter.name}: ${describe(out[out.length - 1]!.latencies, fmt)}`);
  }
  return out;
}

async function measure(dialect: 'sqlite' | 'postgres', rows: number): Promise<Measured> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alumni-search-bench-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', SEED_DEMO: 'true' };
  const schema = `bench_${process.pid}_${rows}`;
  if (dialect === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
    await admin.end();
    env.DATABASE_URL = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }
  try {
    const { app } = await buildApp(loadConfig(env));
    const database = app.services.database;
    log(`${dialect}, ${fmt(rows)} rows: loading ...`);
    const t0 = performance.now();
    await sql.raw(loadSql(dialect, rows)).execute(database.db);
    await refreshPlannerStatistics(database);
    await addBenchClient(database.db);
    const loadSeconds = (performance.now() - t0) / 1000;
    log(`${dialect}, ${fmt(rows)} rows: loaded with indexes and statistics in ${fmt(loadSeconds, 1)} s`);

    const server = await startServerProcess(repoRoot, dataDir, env);
    const address = server.address;
    const auth = await signIn(address);
    const keys = Array.from({ length: 50 }, (_, k) => `key-${1 + ((k * 7919 + 13) % rows)}`);
    const scenarios: Scenario[] = [
      { name: 'contains key-1, newest first, total', paths: [`${LIST}?current=1&size=10&paramKey=key-1&descs=createTime`], queries: [{ paramKey: 'key-1', descs: 'createTime' }], p95Target: TARGET.filteredP95Ms },
      { name: 'the same, a parameter edited every 100 ms', paths: [`${LIST}?current=1&size=10&paramKey=key-1&descs=createTime`], queries: [{ paramKey: 'key-1', descs: 'createTime' }], p95Target: null, writeEveryMs: 100 },
      { name: 'equality paramKey_equal (50 keys)', paths: keys.map((k) => `${LIST}?current=1&size=10&paramKey_equal=${k}`), queries: keys.map((k) => ({ paramKey_equal: k })), p95Target: TARGET.equalityP95Ms },
      { name: '2-character Chinese name (8 names)', paths: NAMES.map((n) => `${LIST}?current=1&size=10&paramName=${encodeURIComponent(n)}`), queries: NAMES.map((n) => ({ paramName: n })), p95Target: TARGET.filteredP95Ms },
    ];

    const caller = await callerFromToken(app.services.tokens, auth);
    if (typeof caller !== 'object' || caller === null) throw new Error(`token not accepted in-process: ${String(caller)}`);
    const repository = new EntityRepository(database.db, dialect);
    const rawSqlite = dialect === 'sqlite' ? new BetterSqlite3(path.join(dataDir, 'alumni.db'), { readonly: true }) : null;
    rawSqlite?.pragma('cache_size = -65536');
    rawSqlite?.defaultSafeIntegers(true);
    const rawPg = dialect === 'postgres' ? new pg.Client({ connectionString: env.DATABASE_URL }) : null;
    await rawPg?.connect();

    let lanes: LaneFigures | null = null;
    let unindexed: Measured['unindexed'] = [];
    if (PARTS.has('lanes')) {
      unindexed = await unindexedFilters(address, auth);
      // A live row per call (every 20th row is deleted), spread over the table.
      const live = (i: number) => { const n = 1 + ((i * 7919 + 101) % rows); return n % 20 === 0 ? n + 1 : n; };
      lanes = await measureLanes({
        address, auth, connections: CONNECTIONS, seconds: SECONDS, idleSeconds: 5, load,
        readPath: (i) => `${DETAIL}?id=${1_000_000_000_000 + live(i)}`,
        listPath: (term) => `${LIST}?current=1&size=10&paramKey=${encodeURIComponent(term)}&descs=createTime`,
      });
      log(`  idle: sign-in ${describe(lanes.idle.signIn, fmt)}; read by id ${describe(lanes.idle.readById, fmt)}`);
      log(`  during cold contains lists (${fmt(lanes.during.lists.reqPerSec, 1)} req/s, p50 ${fmt(lanes.during.lists.p50Ms, 1)} / p95 ${fmt(lanes.during.lists.p95Ms, 1)} ms):`
        + ` sign-in ${describe(lanes.during.signIn, fmt)}; read by id ${describe(lanes.during.readById, fmt)}`);
    }

    const results: Measured['scenarios'] = [];
    let signIns: number[] = [];
    for (const scenario of PARTS.has('lists') ? scenarios : []) {
      const lists = scenario.queries.map((q) => parseListQuery(paramEntity, { current: '1', size: '10', ...q }));
      const first = await app.services.operations.list(paramEntity, caller, lists[0]!);
      log(`${dialect}, ${fmt(rows)} rows, ${scenario.name}: first answer ${first.records.length} records of ${fmt(first.total)}`);
      const running = load({ url: address, paths: scenario.paths, headers: { 'Blade-Auth': auth }, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: 2 });
      const writing = scenario.writeEveryMs ? writesDuring(address, auth, scenario.writeEveryMs, running) : Promise.resolve(0);
      if (scenario === scenarios[0]) signIns = await signInsDuring(address, running);
      const http = await running;
      const edits = await writing;
      if (edits) log(`  edits during it: ${edits}`);
      if (scenario === scenarios[0]) {
        log(`  sign-ins during it: ${signIns.length}, p50 ${fmt(percentile(signIns, 0.5), 1)} ms, p95 ${fmt(percentile(signIns, 0.95), 1)} ms, max ${fmt(signIns[signIns.length - 1] ?? Number.NaN, 1)} ms`);
      }
      log(`  HTTP: ${fmt(http.reqPerSec, 1)} req/s, p50 ${fmt(http.p50Ms, 1)} ms, p95 ${fmt(http.p95Ms, 1)} ms, p99 ${fmt(http.p99Ms, 1)} ms (${http.non2xx} non-2xx, ${http.errors} errors)`);

      // The raw driver runs the SQL the repository issues for the same calls. A list's total is kept
      // until the next write (decision 202), so each call here adds a filter that every row passes
      // with a value of its own (parameter value ≠ a value no row holds): the API counts afresh, as
      // the raw driver does, and both run the same SQL.
      let fresh = 0;
      const freshLists = () => lists.map((q) => ({ ...q, conditions: [...q.conditions, { field: 'paramValue', op: 'notequal' as const, value: `none-${fresh++}` }] }));
      const compiledFor = () => freshLists().map((q) => repository.listQueries(paramEntity, { tenantId: BENCH_TENANT }, q));
      let compiled = compiledFor();
      // The count, then the page the repository picks for that total (as `EntityRepository.page` does).
      const raw = async (i: number) => {
        const queries = compiled[i % compiled.length]!;
        const { count } = queries;
        if (rawSqlite) {
          const total = Number((rawSqlite.prepare(count.sql).get(...count.parameters) as { total: bigint }).total);
          const page = pageQueryFor(queries, total);
          if (total > 0) rawSqlite.prepare(page.sql).all(...page.parameters);
        } else if (rawPg) {
          const total = Number((await rawPg.query(count.sql, [...count.parameters])).rows[0]?.total ?? 0);
          const page = pageQueryFor(queries, total);
          if (total > 0) await rawPg.query(page.sql, [...page.parameters]);
        }
      };
      const viaApi = (i: number) => app.services.operations.list(paramEntity, caller, freshLists()[i % lists.length]!);
      const viaApiKept = (i: number) => app.services.operations.list(paramEntity, caller, lists[i % lists.length]!);
      const iterations = Math.max(20, Math.round(ITERATIONS * Math.min(1, 100_000 / rows)));
      await raw(0);
      await viaApi(0);
      await viaApiKept(0);
      const rawRuns: PerCall[] = [];
      const apiRuns: PerCall[] = [];
      const keptRuns: PerCall[] = [];
      for (let round = 0; round < 3; round++) { // interleaved, best of 3
        compiled = compiledFor();
        rawRuns.push(await perCall(iterations, raw));
        apiRuns.push(await perCall(iterations, viaApi));
        keptRuns.push(await perCall(iterations, viaApiKept));
      }
      const rawUs = Math.min(...rawRuns.map((r) => r.wallUs));
      const apiUs = Math.min(...apiRuns.map((r) => r.wallUs));
      const keptApiUs = Math.min(...keptRuns.map((r) => r.wallUs));
      log(`  in-process: API ${fmt(apiUs / 1000, 2)} ms/call counting afresh (${fmt(keptApiUs / 1000, 2)} with its total kept), raw driver ${fmt(rawUs / 1000, 2)} ms/call (${iterations} calls, best of 3)`);
      results.push({ scenario, http, total: first.total, apiUs, rawUs, keptApiUs, edits });
    }

    rawSqlite?.close();
    await rawPg?.end();
    await server.stop();
    await app.close();
    return { dialect, rows, loadSeconds, scenarios: results, signIns, lanes, unindexed };
  } finally {
    if (dialect === 'postgres') {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- the peer
function runPeer(rows: number): Promise<{ reqPerSec: number; line: string } | null> {
  log(`peer: ${PEER_SCRIPT} with ROWS=${rows} (Directus on SQLite, the same filter, sort and total)`);
  return new Promise((resolve) => {
    const child = spawn('bash', [PEER_SCRIPT], {
      env: { ...process.env, ROWS: String(rows), CONNS: String(CONNECTIONS), DURATION: String(SECONDS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    child.on('error', () => resolve(null));
    child.on('close', () => {
      const line = out.trim().split('\n').pop() ?? '';
      const match = /([\d.]+) req\/s/.exec(line);
      resolve(match ? { reqPerSec: Number(match[1]), line } : null);
    });
  });
}

// ---------------------------------------------------------------- run and report
const measured: Measured[] = [];
let peer: { reqPerSec: number; line: string } | null = null;
for (const dialect of DIALECTS) {
  for (const rows of ROW_COUNTS) {
    if (dialect === DIALECTS[0] && rows === 100_000 && RUN_PEER) peer = await runPeer(rows);
    measured.push(await measure(dialect, rows));
  }
}

const check = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const table = new Table(['Figure', 'Measured', 'Target', '']);
if (peer) table.section(`Peer, same run: ${peer.line}`);
for (const m of measured) {
  table.section(`${m.dialect}, ${fmt(m.rows)} rows (bulk load with indexes and statistics: ${fmt(m.loadSeconds, 1)} s), ${CONNECTIONS} connections, ${SECONDS} s`);
  for (const { scenario, http, total, apiUs, rawUs, keptApiUs, edits } of m.scenarios) {
    table.row(`${scenario.name} (total ${fmt(total)}): req/s`, fmt(http.reqPerSec, 1), '', '');
    if (edits) table.row('  edits during the load', fmt(edits), '', '');
    table.row('  p50 / p95 / p99', `${fmt(http.p50Ms, 1)} / ${fmt(http.p95Ms, 1)} / ${fmt(http.p99Ms, 1)} ms`,
      m.rows >= 1_000_000 && scenario.p95Target ? `p95 ≤ ${scenario.p95Target} ms` : '', m.rows >= 1_000_000 && scenario.p95Target ? check(http.p95Ms <= scenario.p95Target) : '');
    table.row('  non-2xx / errors', `${http.non2xx} / ${http.errors}`, '0', check(http.non2xx === 0 && http.errors === 0));
    table.row('  in-process API / raw driver, same SQL', `${fmt(apiUs / 1000, 2)} / ${fmt(rawUs / 1000, 2)} ms = ${fmt(apiUs / rawUs, 2)}×`,
      m.rows === 100_000 ? `≤ ${TARGET.rawRatio}×` : '', m.rows === 100_000 ? check(apiUs / rawUs <= TARGET.rawRatio) : '');
    table.row('  in-process API, its total kept', `${fmt(keptApiUs / 1000, 2)} ms`, '', '');
    if (peer && m.rows === 100_000 && (scenario === m.scenarios[0]?.scenario || scenario.writeEveryMs)) {
      table.row('  ratio to the peer (req/s)', `${fmt(http.reqPerSec / peer.reqPerSec, 1)}×`, `≥ ${TARGET.peerRatio}×`, check(http.reqPerSec / peer.reqPerSec >= TARGET.peerRatio));
    }
  }
  for (const { name, latencies } of m.unindexed) {
    const p95 = percentile(latencies.sorted, 0.95);
    table.row(`${name}: p50 / p95`, describe(latencies, fmt), m.rows >= 1_000_000 ? `p95 ≤ ${TARGET.filteredP95Ms} ms` : '', m.rows >= 1_000_000 ? check(p95 <= TARGET.filteredP95Ms) : '');
  }
  if (m.lanes) {
    const { idle, during } = m.lanes;
    table.row(`Cold contains lists, ${fmt(during.terms)} terms none asked twice: req/s, p50 / p95`,
      `${fmt(during.lists.reqPerSec, 1)}, ${fmt(during.lists.p50Ms, 1)} / ${fmt(during.lists.p95Ms, 1)} ms (load ${during.listLoad.toFixed(2)})`, '', '');
    for (const [what, before, after] of [['Sign-in', idle.signIn, during.signIn], ['Read by id', idle.readById, during.readById]] as const) {
      table.row(`${what} idle: p50 / p95`, describe(before, fmt), '', '');
      const ratio = percentile(after.sorted, 0.5) / percentile(before.sorted, 0.5);
      table.row(`${what} during the lists: p50 / p95`, `${describe(after, fmt)} = ${fmt(ratio, 2)}× idle p50`,
        `≤ ${TARGET.duringOverIdle}× idle`, check(ratio <= TARGET.duringOverIdle));
    }
  }
  if (m.signIns.length) {
    const p95 = percentile(m.signIns, 0.95);
    table.row(`Sign-in during the contains list (${m.signIns.length} sign-ins): p50 / p95`, `${fmt(percentile(m.signIns, 0.5), 1)} / ${fmt(p95, 1)} ms`,
      m.rows >= 1_000_000 ? `p95 ≤ ${TARGET.signInP95Ms} ms` : '', m.rows >= 1_000_000 ? check(p95 <= TARGET.signInP95Ms) : '');
  }
}
console.log('');
console.log(table.render());
console.log(`\n${os.cpus().length} CPU(s), Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; the load generator shares the cores with the server.`);
