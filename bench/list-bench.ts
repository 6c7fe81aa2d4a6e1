/**
 * List benchmark: the business dictionary with 100,000 rows, filtered by code (~1 % match), one page
 * of 10, newest first. Measures the HTTP path under load (autocannon in a child process), the API's
 * own data path in-process against the raw driver running the same SQL, and the server's memory.
 *
 *   cd /work/main && npx tsx bench/list-bench.ts
 *
 * The server is the compiled product (`apps/api/dist`, as `npm start` runs it; the root `npm run bench`
 * builds first); BENCH_SOURCE=src measures the TypeScript sources through tsx instead.
 *
 * Settings (environment, optional): BENCH_SOURCE (dist), BENCH_ROWS (100000), BENCH_SECONDS (15), BENCH_ITERATIONS (5000),
 * BENCH_PROFILE (a file to write a CPU profile of the API's data path to), BENCH_KEEP (keep the data folder).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import os from 'node:os';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './lib/http-load.js';
import { useDomainSources } from './lib/domain-source.js';
import { runJsonChild } from './lib/json-child.js';
import { startServerProcess } from './lib/server-process.js';
import { addBenchClient, signIn } from './lib/sign-in.js';
import { Table, fmt } from './lib/table.js';
import { mulberry32 } from './lib/seeded-random.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fromSources = process.env.BENCH_SOURCE === 'src';
// Before anything from apps/api is loaded (hence the dynamic imports below).
if (fromSources) useDomainSources();
const api = (file: string) => fromSources
  ? path.resolve(here, '../apps/api/src', file)
  : path.resolve(here, '../apps/api/dist', file.replace(/\.ts$/, '.js'));

const { loadConfig } = await import(api('config.ts')) as typeof import('../apps/api/src/config.js');
const { buildApp } = await import(api('app.ts')) as typeof import('../apps/api/src/app.js');
const { ids } = await import(api('core/ids.ts')) as typeof import('../apps/api/src/core/ids.js');
const { formatDateTime } = await import(api('core/time.ts')) as typeof import('../apps/api/src/core/time.js');
const { callerFromToken } = await import(api('auth/auth-hook.ts')) as typeof import('../apps/api/src/auth/auth-hook.js');
const { EntityRepository } = await import(api('engine/entity-repository.ts')) as typeof import('../apps/api/src/engine/entity-repository.js');
const { dictBizEntity, entityPath, parseListQuery } = await import('@alumni/domain');
const { default: BetterSqlite3 } = await import('better-sqlite3');
const { Kysely, SqliteDialect } = await import('kysely');

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 5_000);
const CODES = 100;
const TENANT = '000000';
// The paged list (dict-biz/list answers the unpaged tree, decision 280).
const LIST_PATH = `/api${entityPath(dictBizEntity, 'page')}`;
const TARGET = { reqPerSec: 2000, p99Ms: 50, apiOverRaw: 1.5, rssMb: 300 };

const log = (line: string) => console.log(`[bench] ${line}`);
const mb = (bytes: number) => bytes / 1024 / 1024;
const codeName = (i: number) => `bench_dict_${String(i).padStart(3, '0')}`;

// ---------------------------------------------------------------- 1. the product, in-process
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alumni-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', SEED_DEMO: 'true' });
const { app } = await buildApp(config);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const dbFile = config.database.kind === 'sqlite' ? config.database.file : '';
log(`server at ${address}, database ${dbFile}`);
const { db } = app.services.database;
const memory = (label: string) => {
  const m = process.memoryUsage();
  log(`memory ${label}: rss ${fmt(mb(m.rss))} MB (V8 heap used ${fmt(mb(m.heapUsed))} of ${fmt(mb(m.heapTotal))} MB, external ${fmt(mb(m.external))} MB)`);
  return m.rss;
};
const rssStarted = memory('after start');

// ---------------------------------------------------------------- 2. 100,000 dictionary rows
const random = mulberry32(20240601);
const admin = await db.selectFrom('blade_user').select(['id', 'dept_id']).where('account', '=', 'admin').where('tenant_id', '=', TENANT).executeTakeFirstOrThrow();
const adminId = String(admin.id);
const adminDept = admin.dept_id === null ? null : String(admin.dept_id);
const yearMs = 365 * 24 * 3600 * 1000;
const startMs = Date.now() - yearMs;
const stamp = (ms: number) => formatDateTime(new Date(ms));
const base = (createTime: string) => ({
  tenant_id: TENANT, create_user: adminId, create_dept: adminDept, create_time: createTime,
  update_user: adminId, update_time: createTime, status: 1, is_deleted: 0, is_sealed: 0,
});
const parents: Record<string, unknown>[] = [];
const parentIds: string[] = [];
for (let i = 0; i < CODES; i++) {
  const id = ids.next();
  parentIds.push(id);
  parents.push({ ...base(stamp(startMs)), id, parent_id: '0', code: codeName(i), dict_key: '-1', dict_value: `基准字典 ${i}`, sort: i, remark: 'benchmark dictionary' });
}
const perCode = new Array<number>(CODES).fill(0);
function nextChild(n: number): Record<string, unknown> {
  const c = Math.floor(random() * CODES);
  const k = ++perCode[c]!;
  return {
    ...base(stamp(startMs + Math.floor(random() * yearMs))),
    id: ids.next(), parent_id: parentIds[c], code: codeName(c), dict_key: String(k),
    dict_value: `选项 ${k}（${codeName(c)}）`, sort: k, remark: random() < 0.3 ? `备注 ${n}` : null,
  };
}
const BATCH_ROWS = 500; // 16 columns x 500 rows stays under SQLite's 32,766 bound parameters
const TX_ROWS = 10_000;
// Rows are made one transaction ahead (not all at once), so the server's heap does not carry them.
let genMs = 0;
const makeBatch = (from: number) => {
  const t0 = performance.now();
  const rows: Record<string, unknown>[] = [];
  for (let n = from; n < Math.min(from + TX_ROWS, ROWS); n++) rows.push(nextChild(n));
  genMs += performance.now() - t0;
  return rows;
};
let insertMs = 0;
const timed = async (work: () => Promise<unknown>) => {
  const t0 = performance.now();
  await work();
  insertMs += performance.now() - t0;
};
await timed(() => db.insertInto('blade_dict_biz').values(parents).execute());
for (let t = 0; t < ROWS; t += TX_ROWS) {
  const rows = makeBatch(t);
  await timed(() => db.transaction().execute(async (tx) => {
    for (let b = 0; b < rows.length; b += BATCH_ROWS) await tx.insertInto('blade_dict_biz').values(rows.slice(b, b + BATCH_ROWS)).execute();
  }));
}
log(`inserted ${fmt(ROWS)} rows (+${CODES} parent rows) in ${fmt(insertMs)} ms of database time `
  + `(${fmt(ROWS / (insertMs / 1000))} rows/s; ${fmt(TX_ROWS)}-row transactions of ${BATCH_ROWS}-row inserts); making the rows took ${fmt(genMs)} ms more`);
const sizes = [...perCode].sort((a, b) => a - b);
log(`rows per code: min ${sizes[0]}, median ${sizes[CODES / 2]}, max ${sizes[CODES - 1]} (each code also has its parent row)`);

// ---------------------------------------------------------------- 3. the server under load
// The compiled product runs in a process of its own on the same data, so its memory is its own;
// measuring the sources (BENCH_SOURCE=src) keeps the server in this process.
await addBenchClient(db);
const server = fromSources ? null : await startServerProcess(path.resolve(here, '..'), dataDir);
const httpAddress = server?.address ?? address;
const serverRss = (label: string) => {
  if (!server) return memory(label);
  const rss = server.rss();
  log(`server process memory ${label}: rss ${fmt(mb(rss))} MB`);
  return rss;
};
if (server) log(`compiled server started as process ${server.pid} at ${httpAddress}`);

// ---------------------------------------------------------------- sign in, check the answer
const authHeader = await signIn(httpAddress, 'admin');
const token = authHeader.slice('bearer '.length);

const rotation = [3, 17, 42, 58, 71, 99, 0, 86].map(codeName);
const listPath = (code: string) => `${LIST_PATH}?current=1&size=10&code_equal=${code}&descs=createTime`;
for (const code of rotation) {
  const res = await fetch(`${httpAddress}${listPath(code)}`, { headers: { 'Blade-Auth': authHeader } });
  const body = await res.json() as { code: number; data?: { records: { code: string; createTime: string }[]; total: number } };
  const records = body.data?.records ?? [];
  const total = body.data?.total ?? 0;
  const sorted = records.every((r, i) => i === 0 || records[i - 1]!.createTime >= r.createTime);
  if (res.status !== 200 || records.length !== 10 || Math.abs(total - ROWS / CODES) > ROWS / CODES * 0.2 || !sorted || records.some((r) => r.code !== code)) {
    throw new Error(`unexpected list answer for ${code}: HTTP ${res.status}, ${records.length} records, total ${total}, sorted ${sorted}`);
  }
}
log(`list answers checked for ${rotation.length} codes: 10 records each, total ≈ ${fmt(ROWS / CODES)}, newest first`);

// ---------------------------------------------------------------- HTTP load (child process)
function load(connections: number, seconds: number, warmupSeconds: number): Promise<LoadResult> {
  const spec = { url: httpAddress, paths: rotation.map(listPath), headers: { 'Blade-Auth': authHeader }, connections, seconds, warmupSeconds };
  return runJsonChild<LoadResult>('http-load.ts', spec);
}

// The rows made for the insert are the bench's garbage, not the server's: collect it before measuring.
v8.setFlagsFromString('--expose-gc');
(runInNewContext('gc') as () => void)();
const rssBefore = serverRss('before load');
log(`HTTP load: 20 connections, ${SECONDS} s after a 3 s warm-up, rotating ${rotation.length} codes ...`);
const loaded = await load(20, SECONDS, 3);
const rssAfterLoad = serverRss('after the 20-connection run');
log(`HTTP load: 1 connection, 5 s after a 1 s warm-up ...`);
const single = await load(1, 5, 1);
const rssServerEnd = serverRss('after both runs');
await server?.stop();

// ---------------------------------------------------------------- 4. raw driver vs the API's data path
// The SQL the API issues, captured from the product's own repository over a logging Kysely.
const raw = new BetterSqlite3(dbFile, { readonly: true });
raw.pragma('cache_size = -65536'); // as the product's connection
raw.defaultSafeIntegers(true); // as the product reads integers
const captured: { sql: string; parameters: readonly unknown[] }[] = [];
const logging = new Kysely<any>({ // eslint-disable-line @typescript-eslint/no-explicit-any -- runtime tables
  dialect: new SqliteDialect({ database: raw }),
  log: (event) => { if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters }); },
});
const probeRepository = new EntityRepository(logging, 'sqlite');
const queryOf = (code: string) => parseListQuery(dictBizEntity, { current: '1', size: '10', code_equal: code, descs: 'createTime' });
const paramsByCode = new Map<string, { count: unknown[]; page: unknown[] }>();
for (const code of rotation) {
  captured.length = 0;
  await probeRepository.page(dictBizEntity, { tenantId: TENANT }, queryOf(code));
  if (captured.length !== 2) throw new Error(`expected a count and a page query, got ${captured.length}`);
  paramsByCode.set(code, { count: [...captured[0]!.parameters], page: [...captured[1]!.parameters] });
}
const [countSql, pageSql] = [captured[0]!.sql, captured[1]!.sql];
log(`SQL the API issues (from Kysely's log), reused verbatim for the raw driver:`);
log(`  count: ${countSql}    params ${JSON.stringify(paramsByCode.get(rotation[0]!)!.count)}`);
log(`  page:  ${pageSql}    params ${JSON.stringify(paramsByCode.get(rotation[0]!)!.page)}`);
for (const [name, sqlText] of [['count', countSql], ['page', pageSql]] as const) {
  const plan = raw.prepare(`explain query plan ${sqlText}`).all(...paramsByCode.get(rotation[0]!)![name]) as { detail: string }[];
  log(`  plan of ${name}: ${plan.map((p) => p.detail).join('; ')}`);
}
const countStmt = raw.prepare(countSql);
const pageStmt = raw.prepare(pageSql);
const params = rotation.map((code) => paramsByCode.get(code)!);

/** Wall and CPU microseconds per call (CPU time is steadier when other processes share the cores). */
interface PerCall { wallUs: number; cpuUs: number }
async function perCall(iterations: number, call: (i: number) => unknown): Promise<PerCall> {
  const wall = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await call(i);
  const used = process.cpuUsage(cpu);
  return { wallUs: Number(process.hrtime.bigint() - wall) / 1000 / iterations, cpuUs: (used.user + used.system) / iterations };
}
const best = (runs: PerCall[]): PerCall => ({ wallUs: Math.min(...runs.map((r) => r.wallUs)), cpuUs: Math.min(...runs.map((r) => r.cpuUs)) });

const timeRaw = (iterations: number) => perCall(iterations, (i) => {
  const p = params[i % params.length]!;
  const total = Number((countStmt.get(...p.count) as { total: bigint }).total);
  if (total > 0) pageStmt.all(...p.page);
});

const caller = await callerFromToken(app.services.tokens, authHeader);
if (typeof caller !== 'object') throw new Error(`token not accepted in-process: ${caller}`);
const ops = app.services.operations;
const timeApi = (iterations: number) => perCall(iterations, async (i) => {
  const page = await ops.list(dictBizEntity, caller as Exclude<typeof caller, string>, queryOf(rotation[i % rotation.length]!), []);
  if (page.records.length !== 10) throw new Error('API path answered a short page');
});

log(`timing ${fmt(ITERATIONS)} calls each: raw driver vs API data path (operations.list) ...`);
await timeRaw(500);
await timeApi(500);
const rawRuns: PerCall[] = [];
const apiRuns: PerCall[] = [];
for (let round = 0; round < 3; round++) { // interleaved, best of 3: drift and neighbours hit both alike
  rawRuns.push(await timeRaw(ITERATIONS));
  apiRuns.push(await timeApi(ITERATIONS));
}
const raw1 = best(rawRuns);
const api1 = best(apiRuns);
if (process.env.BENCH_PROFILE) {
  // A CPU profile of the API's data path alone (open it in Chrome DevTools or VS Code).
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) => new Promise<unknown>((resolve, reject) =>
    session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 50 });
  await post('Profiler.start');
  await timeApi(ITERATIONS);
  const { profile } = await post('Profiler.stop') as { profile: object };
  writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
  session.disconnect();
  log(`CPU profile of ${fmt(ITERATIONS)} operations.list calls written to ${process.env.BENCH_PROFILE}`);
}
const rssEnd = memory('at the end');

// ---------------------------------------------------------------- 5. the figures
const table = new Table(['Figure', 'Measured', 'Target', '']);
const check = (ok: boolean) => (ok ? 'PASS' : 'MISS');
table.section(`Data: ${fmt(ROWS)} rows in blade_dict_biz (tenant ${TENANT}), ${CODES} codes, filter code_equal matches ~1 %`);
table.row(`Insert ${fmt(ROWS)} rows (batched transactions)`, `${fmt(insertMs)} ms`, '', '');
table.section(`HTTP GET ${LIST_PATH}?current=1&size=10&code_equal=…&descs=createTime`);
table.row('Requests/s, 20 connections (avg)', fmt(loaded.reqPerSecAvg), `≥ ${fmt(TARGET.reqPerSec)}`, check(loaded.reqPerSecAvg >= TARGET.reqPerSec));
table.row('Latency p50, 20 connections', `${fmt(loaded.latencyP50Ms, 1)} ms`, '', '');
table.row('Latency p99, 20 connections', `${fmt(loaded.latencyP99Ms, 1)} ms`, `≤ ${TARGET.p99Ms} ms`, check(loaded.latencyP99Ms <= TARGET.p99Ms));
table.row('Latency max, 20 connections', `${fmt(loaded.latencyMaxMs, 1)} ms`, '', '');
table.row('Requests sent / non-2xx / errors', `${fmt(loaded.total)} / ${loaded.non2xx} / ${loaded.errors + loaded.timeouts}`, '0 non-2xx', check(loaded.non2xx === 0 && loaded.errors === 0 && loaded.timeouts === 0));
// One connection is a closed loop: the mean round trip is the run time over the requests (the
// load generator's histogram counts whole milliseconds, too coarse here).
table.row('Latency mean, 1 connection (round trip)', `${fmt((single.seconds * 1000) / single.total, 2)} ms`, '(context)', '');
table.row('Requests/s, 1 connection', fmt(single.reqPerSecAvg), '(context)', '');
table.section(`In-process, ${fmt(ITERATIONS)} calls, rotating ${rotation.length} codes (best of 3 interleaved rounds; wall / CPU time)`);
table.row('Raw driver: count + page (prepared)', `${fmt(raw1.wallUs, 1)} / ${fmt(raw1.cpuUs, 1)} µs/call`, '', '');
table.row('API data path: operations.list', `${fmt(api1.wallUs, 1)} / ${fmt(api1.cpuUs, 1)} µs/call`, '', '');
table.row('Ratio API / raw, wall time', `${fmt(api1.wallUs / raw1.wallUs, 2)}×`, `≤ ${TARGET.apiOverRaw}×`, check(api1.wallUs / raw1.wallUs <= TARGET.apiOverRaw));
table.row('Ratio API / raw, CPU time', `${fmt(api1.cpuUs / raw1.cpuUs, 2)}×`, `≤ ${TARGET.apiOverRaw}×`, check(api1.cpuUs / raw1.cpuUs <= TARGET.apiOverRaw));
if (server) {
  table.section(`Memory of the compiled server process ${server.pid} (the load generator runs in a child process)`);
  table.row('RSS before load (started on 100k rows)', `${fmt(mb(rssBefore), 0)} MB`, '', '');
  table.row('RSS after the 20-connection run', `${fmt(mb(rssAfterLoad), 0)} MB`, `≤ ${TARGET.rssMb} MB`, check(mb(rssAfterLoad) <= TARGET.rssMb));
  table.row('RSS after both runs', `${fmt(mb(rssServerEnd), 0)} MB`, `≤ ${TARGET.rssMb} MB`, check(mb(rssServerEnd) <= TARGET.rssMb));
} else {
  table.section('Memory of this process, which also holds the server (BENCH_SOURCE=src, under tsx)');
  table.row('RSS after start (empty-ish database)', `${fmt(mb(rssStarted), 0)} MB`, '', '');
  table.row('RSS after the 20-connection run', `${fmt(mb(rssAfterLoad), 0)} MB`, `≤ ${TARGET.rssMb} MB`, check(mb(rssAfterLoad) <= TARGET.rssMb));
  table.row('RSS at the end (incl. raw-driver connection)', `${fmt(mb(rssEnd), 0)} MB`, `≤ ${TARGET.rssMb} MB`, check(mb(rssEnd) <= TARGET.rssMb));
}
console.log('');
console.log(table.render());
console.log(`\n${os.cpus().length} CPU(s), Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; the load generator shares the cores with the server.`);
if (!server) console.log('The server runs from TypeScript sources under tsx here: its loader, transpiled code and source maps add to RSS beyond the compiled server (`npm start`).');

await logging.destroy(); // closes the raw connection
await app.close();
if (process.env.BENCH_KEEP) log(`kept ${dataDir}`);
else rmSync(dataDir, { recursive: true, force: true });
