/**
 * SMS push benchmark (figures only; nothing here passes or fails a build): a push to
 * BENCH_RECIPIENTS (100,000) numbers through the development-log SMS provider.
 *
 * - enqueue: submitting the push (pushStatus 1) until every send job is queued and the push is 2 发送中
 *   (target ≤ 10 s; on one process the first slices already send meanwhile); adding the recipients is
 *   timed beside it;
 * - send rate of one process running the jobs, from the submit to the end (target ≥ 500 recipients/s), `sms.push.ratePerSecond`
 *   raised to BENCH_RATE (100000) so the pace does not set the figure;
 * - PostgreSQL: two `npm run worker` processes side by side;
 * - a worker killed with SIGKILL mid-push and another started: how many numbers were handed to the
 *   provider once, twice (must be 0), and how many were left in doubt (failed UNKNOWN, not resent).
 *
 *   npm run build && npx tsx bench/push-bench.ts
 *
 * Settings (environment, optional): BENCH_RECIPIENTS, BENCH_RATE, BENCH_DIALECTS (sqlite, plus
 * postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchApp, type BenchApp } from './lib/bench-app.js';
import { measureEach } from './lib/each-dialect.js';
import { Table, fmt } from './lib/table.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const api = (file: string) => path.resolve(here, '..', 'apps/api/dist', file);
const { insertTargets } = await import(api('modules/messaging/sms-push-targets.js')) as typeof import('../apps/api/src/modules/messaging/sms-push-targets.js');
const worker = api('worker.js');

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const RATE = String(process.env.BENCH_RATE ?? 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const TARGET = { enqueueS: 10, ratePerS: 500 };
const PUSH = '/api/smsPush/smsPush';

const log = (line: string) => console.log(`[push-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
const seconds = (from: number) => (Date.now() - from) / 1000;

interface Bench { app: BenchApp; env: Record<string, string>; signIn(account?: string): Promise<Record<string, string>>; close(): Promise<void> }

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 30 * 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`timed out: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A draft push with RECIPIENTS mobiles `<prefix>nnnnnnnnn` and the seconds the recipients took to add. */
async function pushWithRecipients(b: Bench, headers: Record<string, string>, prefix: string): Promise<{ id: string; addS: number }> {
  const res = await b.app.inject({
    method: 'POST', url: `${PUSH}/submit`, headers,
    payload: { title: `基准推送${prefix}`, smsCode: 'demo-sms', providerTemplateId: 'SMS_900000008', signName: '示范大学', content: '${name}校友您好，返校日见！拒收请回复R', sendType: '1' },
  });
  const id = String((res.json() as { data: { id: string } }).data.id);
  const start = Date.now();
  const numbers = Array.from({ length: RECIPIENTS }, (_, i) => ({ alumniId: null, name: `校友${i}`, phone: `${prefix}${String(i).padStart(9, '0')}`, params: null }));
  const db = b.app.services.database.db;
  await db.transaction().execute((tx) => insertTargets(tx, b.app.services.repository.sealing, { pushId: id, tenantId: '000000', orgDeptId: null, userId: null, deptId: null }, '2', numbers));
  return { id, addS: seconds(start) };
}

const statusOf = async (b: Bench, id: string) => Number((await b.app.services.database.db.selectFrom('alumni_sms_push').select('push_status').where('id', '=', id).executeTakeFirstOrThrow()).push_status);
const delivered = async (b: Bench, id: string) => Number((await b.app.services.database.db.selectFrom('alumni_sms_push_target').select((eb) => eb.fn.countAll().as('n'))
  .where('sms_push_id', '=', id).where('push_status', '=', 2).executeTakeFirstOrThrow()).n);

/** Submits the push and times until it is 2 发送中 (every slice queued), then until it ends. */
async function sendAndTime(b: Bench, headers: Record<string, string>, id: string, during?: () => Promise<void>) {
  const start = Date.now();
  await b.app.inject({ method: 'POST', url: `${PUSH}/submit`, headers, payload: { id, pushStatus: 1 } });
  await waitFor(() => statusOf(b, id), (s) => s >= 2);
  const enqueueS = seconds(start);
  const sending = Date.now();
  if (during) await during();
  await waitFor(() => statusOf(b, id), (s) => s >= 3 && s <= 5);
  const totalS = seconds(start);
  // Slices start while dispatch still queues the others: the rate is over the whole push.
  return { enqueueS, sendS: totalS, rate: RECIPIENTS / totalS };
}

/** Numbers of the prefix handed to the provider once, more than once, and left in doubt. */
async function handovers(b: Bench, id: string, prefix: string) {
  const db = b.app.services.database.db;
  const rows = await db.selectFrom('blade_send_record').select(['target', (eb) => eb.fn.countAll().as('n')]).where('channel', '=', 'sms')
    .where('target', 'like', `${prefix}%`).groupBy('target').execute() as { n: unknown }[];
  const unknown = Number((await db.selectFrom('alumni_sms_push_target').select((eb) => eb.fn.countAll().as('n')).where('sms_push_id', '=', id)
    .where('fail_code', '=', 'UNKNOWN').executeTakeFirstOrThrow()).n);
  return { once: rows.filter((r) => Number(r.n) === 1).length, twice: rows.filter((r) => Number(r.n) > 1).length, unknown };
}

function startWorker(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [worker], { env: { ...process.env, ...env, LOG_LEVEL: 'error', SEED_DEMO: 'false', JOB_RUN: 'true', JOB_POLL_MS: '200' }, stdio: ['ignore', 'ignore', 'inherit'] });
}

const rows = await measureEach(DIALECTS, async (dialect) => {
  const out: [string, string, string, string][] = [];
  // One process: the bench's own runs the jobs.
  const one = await startBenchApp(dialect, 'push', PG_URL) as Bench;
  try {
    await one.app.services.database.db.updateTable('blade_param').set({ param_value: RATE }).where('param_key', '=', 'sms.push.ratePerSecond').execute();
    await one.app.services.jobs.start();
    const headers = await one.signIn('office');
    const push = await pushWithRecipients(one, headers, '13');
    log(`${dialect}: ${RECIPIENTS} recipients added in ${push.addS.toFixed(1)} s`);
    const timed = await sendAndTime(one, headers, push.id);
    const count = await handovers(one, push.id, '13');
    log(`${dialect}: one process — enqueue ${timed.enqueueS.toFixed(2)} s, sent in ${timed.sendS.toFixed(1)} s (${timed.rate.toFixed(0)}/s), once ${count.once}, twice ${count.twice}`);
    out.push([dialect, 'add recipients (s)', fmt(push.addS, 1), '—']);
    out.push([dialect, 'enqueue (s)', fmt(timed.enqueueS, 2), `≤ ${TARGET.enqueueS}`]);
    out.push([dialect, 'send rate, one process (/s)', fmt(timed.rate), `≥ ${TARGET.ratePerS}`]);
  } finally {
    await one.close();
  }

  // Worker processes: the bench's process queues, `npm run worker` processes send.
  const shared = await startBenchApp(dialect, 'pushw', PG_URL, { env: { JOB_RUN: 'false', JOB_LEASE_SECONDS: '10', JOB_RETRY_DELAY_SECONDS: '0' } }) as Bench;
  const children: ChildProcess[] = [];
  try {
    const db = shared.app.services.database.db;
    await db.updateTable('blade_param').set({ param_value: RATE }).where('param_key', '=', 'sms.push.ratePerSecond').execute();
    const headers = await shared.signIn('office');
    if (dialect === 'postgres') {
      const push = await pushWithRecipients(shared, headers, '15');
      children.push(startWorker(shared.env), startWorker(shared.env));
      const timed = await sendAndTime(shared, headers, push.id);
      const count = await handovers(shared, push.id, '15');
      log(`${dialect}: two workers — sent in ${timed.sendS.toFixed(1)} s (${timed.rate.toFixed(0)}/s), once ${count.once}, twice ${count.twice}`);
      out.push([dialect, 'send rate, two workers (/s)', fmt(timed.rate), '—']);
      for (const c of children.splice(0)) c.kill('SIGTERM');
    }
    const push = await pushWithRecipients(shared, headers, '18');
    let first: ChildProcess | null = startWorker(shared.env);
    children.push(first);
    await sendAndTime(shared, headers, push.id, async () => {
      await waitFor(() => delivered(shared, push.id), (n) => n >= RECIPIENTS / 3);
      first?.kill('SIGKILL');
      await new Promise((r) => first?.once('exit', r));
      log(`${dialect}: worker killed with ${await delivered(shared, push.id)} delivered; starting another`);
      first = null;
      children.push(startWorker(shared.env));
    });
    const count = await handovers(shared, push.id, '18');
    log(`${dialect}: after kill -9 — sent exactly once ${count.once}, more than once ${count.twice}, in doubt (failed UNKNOWN) ${count.unknown}`);
    out.push([dialect, 'kill -9: sent exactly once', String(count.once), String(RECIPIENTS)]);
    out.push([dialect, 'kill -9: sent twice', String(count.twice), '0']);
    out.push([dialect, 'kill -9: in doubt (UNKNOWN)', String(count.unknown), '—']);
  } finally {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await shared.close();
  }
  return out;
});

const table = new Table(['database', 'figure', 'value', 'target']);
for (const r of rows.flat()) table.row(...r);
console.log(`\nSMS push, ${RECIPIENTS} recipients (development-log provider)\n${table.render()}`);
process.exit(0);
