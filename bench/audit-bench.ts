/**
 * Audit benchmark (figures only; nothing here passes or fails a build): what the audit trail adds to
 * a write, on SQLite and PostgreSQL. Two copies of the product run side by side in-process, one
 * built without the audit trail (`buildApp(config, { auditTrail: false })`, which only this
 * benchmark does); each takes BENCH_ROWS creates, then as many edits, then removes of all its rows
 * 500 ids a call, through the operations layer (`EntityOperations.submit` / `remove`, as the routes
 * call them), of two entities: posts, the leanest (no hooks, no unique rule, no references), where
 * the audit's share of a write is largest, and honours, a business record as most are (an alumnus
 * referenced, dictionaries, the entity's rules, display names in the answer). The two copies take turns in rounds of BENCH_ROUND writes
 * (and turns at going first), so a machine busy with other work slows both alike; the overhead is
 * the median over the rounds of one copy's time over the other's, which a burst of other work in
 * a few rounds does not move.
 *
 *   npm run build && npx tsx bench/audit-bench.ts
 *
 * Settings (environment, optional): BENCH_ROWS (20000), BENCH_ROUND (100), BENCH_DIALECTS (sqlite,
 * plus postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { honorEntity, postEntity, type EntityDef } from '@alumni/domain';
import { startBenchApp } from './lib/bench-app.js';
import { measureEach } from './lib/each-dialect.js';
import { Table, fmt } from './lib/table.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const api = (file: string) => path.resolve(here, '../apps/api/dist', file);
const { callerFromToken } = await import(api('auth/auth-hook.js')) as typeof import('../apps/api/src/auth/auth-hook.js');
type Caller = import('../apps/api/src/core/caller.js').Caller;

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const ROUND = Number(process.env.BENCH_ROUND ?? 100);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const TARGET_OVERHEAD = 0.10;
const REMOVE_IDS = 500;
const WARM_UP = 200;

const log = (line: string) => console.log(`[audit-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

type Phase = 'create' | 'update' | 'remove';
interface Copy { name: 'with audit' | 'without audit'; bench: Awaited<ReturnType<typeof startBenchApp>>; caller: Caller; ids: string[]; ms: Record<Phase, number>; alumni: string[] }
interface Workload { entity: EntityDef; create(i: number, copy: Copy): Record<string, unknown>; edit(i: number, id: string): Record<string, unknown> }
interface Figures { dialect: string; entity: string; perOp: Record<Phase, [number, number]>; ratio: Record<Phase, number> }

const year = new Date().getFullYear();
const WORKLOADS: Workload[] = [
  {
    entity: postEntity,
    create: (i) => ({ category: 1, postCode: `B${i}`, postName: `基准岗位${i}`, sort: i % 100, remark: `第${i}个` }),
    edit: (i, id) => ({ id, postName: `基准岗位${i}（改）`, sort: (i + 1) % 100 }),
  },
  {
    entity: honorEntity,
    create: (i, copy) => ({
      alumniId: copy.alumni[i % copy.alumni.length], honorName: `基准荣誉${i}`, honorType: '4', honorLevel: '5', awardingBody: '基准授予单位',
      awardYear: year - 1 - (i % 20), description: `第${i}项荣誉的事迹简介`, isPublic: i % 2, sort: i % 100,
    }),
    edit: (i, id) => ({ id, honorName: `基准荣誉${i}（改）`, remark: `修改${i}` }),
  },
];

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function copyOf(dialect: 'sqlite' | 'postgres', audit: boolean): Promise<Copy> {
  const bench = await startBenchApp(dialect, audit ? 'audit_on' : 'audit_off', PG_URL, { build: { auditTrail: audit } });
  const token = (await bench.signIn('admin'))['blade-auth'] as string;
  const caller = await callerFromToken(bench.app.services.tokens, token);
  if (typeof caller !== 'object') throw new Error('the benchmark could not sign in');
  // As a request's caller is: its language and where the call came from.
  const alumni = (await bench.app.services.database.db.selectFrom('alumni_basic_info').select('id').where('tenant_id', '=', '000000').where('is_deleted', '=', 0).limit(200).execute()).map((r) => String(r.id));
  return { name: audit ? 'with audit' : 'without audit', bench, caller: { ...caller, lang: 'zh', origin: { ip: '127.0.0.1', requestId: 'bench' } }, ids: [], ms: { create: 0, update: 0, remove: 0 }, alumni };
}

/** `count` writes of one phase on one copy, from `start`; answers the time they took. */
async function run(work: Workload, copy: Copy, phase: Phase, start: number, count: number): Promise<number> {
  const ops = copy.bench.app.services.operations;
  const t0 = performance.now();
  if (phase === 'create') {
    for (let i = start; i < start + count; i++) copy.ids.push(String((await ops.submit(work.entity, copy.caller, work.create(i, copy), 'zh')).id));
  } else if (phase === 'update') {
    for (let i = start; i < start + count; i++) await ops.submit(work.entity, copy.caller, work.edit(i, copy.ids[i] as string), 'zh');
  } else {
    for (let i = start; i < start + count; i += REMOVE_IDS) await ops.remove(work.entity, copy.caller, copy.ids.slice(i, Math.min(i + REMOVE_IDS, start + count)), 'zh');
  }
  return performance.now() - t0;
}

/**
 * Both copies through one phase, taking turns (and turns at going first) a round at a time; answers
 * the median over the rounds of the first copy's time over the second's.
 */
async function phase(work: Workload, copies: [Copy, Copy], name: Phase, rows: number, round: number): Promise<number> {
  const ratios: number[] = [];
  for (let start = 0, turn = 0; start < rows; start += round, turn++) {
    const count = Math.min(round, rows - start);
    const order = turn % 2 === 0 ? copies : [copies[1], copies[0]];
    const took = new Map<Copy, number>();
    for (const copy of order) took.set(copy, await run(work, copy, name, start, count));
    for (const [copy, ms] of took) copy.ms[name] += ms;
    ratios.push((took.get(copies[0]) as number) / (took.get(copies[1]) as number));
  }
  return median(ratios);
}

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Figures[]> {
  const on = await copyOf(dialect, true);
  const off = await copyOf(dialect, false);
  const copies: [Copy, Copy] = [on, off];
  const figures: Figures[] = [];
  try {
    for (const work of WORKLOADS) {
      const entity = work.entity.name;
      log(`${dialect} ${entity}: warming up (${WARM_UP} creates each) ...`);
      for (const copy of copies) {
        copy.ids = [];
        await run(work, copy, 'create', ROWS, WARM_UP);
        copy.ids = [];
        copy.ms = { create: 0, update: 0, remove: 0 };
      }
      const ratio = {} as Record<Phase, number>;
      for (const name of ['create', 'update', 'remove'] as const) {
        log(`${dialect} ${entity}: ${name} × ${fmt(ROWS)} on each copy ...`);
        ratio[name] = await phase(work, copies, name, ROWS, name === 'remove' ? REMOVE_IDS : ROUND);
        log(`${dialect} ${entity}: ${name}: ${copies.map((c) => `${c.name} ${fmt(c.ms[name] / 1000, 2)} s`).join(', ')}; median ratio ${fmt(ratio[name], 3)}`);
      }
      const perOp = (name: Phase): [number, number] => [(on.ms[name] * 1000) / ROWS, (off.ms[name] * 1000) / ROWS];
      figures.push({ dialect, entity, perOp: { create: perOp('create'), update: perOp('update'), remove: perOp('remove') }, ratio });
    }
    const db = on.bench.app.services.database.db;
    const counted = await db.selectFrom('app_audit_trail').select((eb) => eb.fn.countAll().as('n')).where('entity', 'in', WORKLOADS.map((w) => w.entity.name)).executeTakeFirstOrThrow();
    log(`${dialect}: ${fmt(Number(counted.n))} audit rows written by the copy with the audit trail`);
    return figures;
  } finally {
    await on.bench.close();
    await off.bench.close();
  }
}

const results = (await measureEach(DIALECTS, measure)).flat();
const table = new Table(['database', 'entity', 'write', 'µs per row, with audit', 'without', 'audit adds (median of rounds)', 'over the totals', `target ≤ ${TARGET_OVERHEAD * 100} %`]);
for (const r of results) {
  table.section(`${r.dialect}, ${r.entity}: ${fmt(ROWS)} rows created, edited and removed on each copy`);
  for (const name of ['create', 'update', 'remove'] as const) {
    const [withAudit, without] = r.perOp[name];
    const overhead = r.ratio[name] - 1;
    const pct = (x: number) => `${x >= 0 ? '+' : ''}${fmt(x * 100, 1)} %`;
    table.row(r.dialect, r.entity, name === 'remove' ? `remove (${REMOVE_IDS} ids a call)` : name, fmt(withAudit, 1), fmt(without, 1),
      pct(overhead), pct(withAudit / without - 1), overhead <= TARGET_OVERHEAD ? 'met' : 'missed');
  }
}
console.log(`\nAudit benchmark: ${fmt(ROWS)} posts and ${fmt(ROWS)} honours created, edited and removed through the operations layer, with and without the audit trail\n`);
console.log(table.render());
