/**
 * Workflow benchmark (figures only; nothing here passes or fails a build), on SQLite and PostgreSQL:
 *
 * - throughput: BENCH_FLOW_INSTANCES (10,000) leave requests started through the HTTP API
 *   (`POST /blade-desk/process/leave/start-process`, 2 days, approver `office`) and as many
 *   completed by the approver (`POST /blade-flow/work/complete-task`), each a full step of the
 *   engine: state recovered, run, saved with its tasks and history;
 * - the to-do list at that size: with BENCH_FLOW_INSTANCES more requests waiting in `office`'s
 *   to-do list, `GET /blade-flow/work/todo-list` (page 1 of 10, and a search by process name),
 *   median and p95 of BENCH_ITERATIONS calls.
 *
 *   npm run build && npx tsx bench/workflow-bench.ts
 *
 * Settings (environment, optional): BENCH_FLOW_INSTANCES (10000), BENCH_DIALECTS (sqlite, plus
 * postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), BENCH_ITERATIONS (50).
 */
import { percentile } from './lib/closed-loop-load.js';
import { startBenchApp } from './lib/bench-app.js';
import { Table, fmt } from './lib/table.js';

const INSTANCES = Number(process.env.BENCH_FLOW_INSTANCES ?? 10_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 50);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const OFFICE = '1900000000000900002';
const DAY = 86_400_000;

const log = (line: string) => console.log(`[workflow-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
const day = (offset: number) => new Date(Date.now() + offset * DAY + 8 * 3_600_000).toISOString().slice(0, 10);

async function run(dialect: 'sqlite' | 'postgres', table: Table): Promise<void> {
  const bench = await startBenchApp(dialect, 'workflow', PG_URL);
  try {
    const college = await bench.signIn('college');
    const office = await bench.signIn('office');
    const call = async (headers: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await bench.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return (res.json() as { data: Record<string, unknown> }).data;
    };
    const apply = (n: number) => call(college, 'POST', '/api/blade-desk/process/leave/start-process', {
      leaveType: '1', startTime: `${day(2)} 09:00:00`, endTime: `${day(3)} 18:00:00`, days: 2, reason: `压测请假 ${n}`, taskUser: OFFICE,
    });

    log(`${dialect}: starting ${fmt(INSTANCES)} leave processes`);
    const started: string[] = [];
    let t0 = performance.now();
    for (let n = 0; n < INSTANCES; n += 1) started.push(String(((await apply(n)).flow as { processInstanceId: string }).processInstanceId));
    const startSeconds = (performance.now() - t0) / 1000;

    // The approver's tasks, newest first, as the to-do list pages them.
    log(`${dialect}: completing them as the approver`);
    const waiting = new Set(started);
    t0 = performance.now();
    let completed = 0;
    while (waiting.size > 0) {
      const page = await call(office, 'GET', '/api/blade-flow/work/todo-list?current=1&size=200&processDefinitionName=请假') as { records: { taskId: string; processInstanceId: string }[] };
      const mine = page.records.filter((r) => waiting.has(r.processInstanceId));
      if (mine.length === 0) throw new Error('the started processes are not in the to-do list');
      for (const task of mine) {
        await call(office, 'POST', '/api/blade-flow/work/complete-task', { taskId: task.taskId, processInstanceId: task.processInstanceId, flag: 'ok', comment: '同意', variables: { pass: true } });
        waiting.delete(task.processInstanceId);
        completed += 1;
      }
    }
    const completeSeconds = (performance.now() - t0) / 1000;

    log(`${dialect}: ${fmt(INSTANCES)} more waiting in the to-do list`);
    for (let n = 0; n < INSTANCES; n += 1) await apply(INSTANCES + n);
    const time = async (url: string) => {
      const samples: number[] = [];
      for (let i = 0; i < ITERATIONS; i += 1) {
        const s = performance.now();
        await call(office, 'GET', url);
        samples.push(performance.now() - s);
      }
      samples.sort((a, b) => a - b);
      return [percentile(samples, 0.5), percentile(samples, 0.95)] as const;
    };
    const [plainMedian, plainP95] = await time('/api/blade-flow/work/todo-list?current=1&size=10');
    const [searchMedian, searchP95] = await time('/api/blade-flow/work/todo-list?current=1&size=10&processDefinitionName=请假');

    table.section(dialect);
    table.row('start-process', fmt(INSTANCES), `${fmt(INSTANCES / startSeconds, 1)}/s`, '', '');
    table.row('complete-task (approve, ends)', fmt(completed), `${fmt(completed / completeSeconds, 1)}/s`, '', '');
    table.row(`todo-list page 1 (${fmt(INSTANCES)} waiting)`, fmt(ITERATIONS), '', fmt(plainMedian, 1), fmt(plainP95, 1));
    table.row('todo-list searched by process name', fmt(ITERATIONS), '', fmt(searchMedian, 1), fmt(searchP95, 1));
  } finally {
    await bench.close();
  }
}

const table = new Table(['measure', 'count', 'throughput', 'median ms', 'p95 ms']);
for (const dialect of DIALECTS) await run(dialect, table);
console.log(`\nWorkflow benchmark (${fmt(INSTANCES)} instances; in-process HTTP calls, one at a time)\n${table.render()}`);
