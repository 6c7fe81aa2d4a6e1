/**
 * Oversell benchmark (figures only; the proof is apps/api/src/modules/activity/activity-seats.test.ts
 * and activity-oversell-processes.test.ts), on SQLite and PostgreSQL:
 *
 * - one activity with BENCH_SEATS (100) seats taken without examination;
 * - BENCH_APPLICANTS (1,000) applications sent at the same moment through the API; on PostgreSQL
 *   half of them through a second API process (the built server) on the same database;
 * - printed: seated, waitlisted, oversold (seated beyond the capacity), places in line given twice or
 *   missing, people who applied twice, the time until every seat was taken and until every
 *   application was answered, and the load average.
 *
 *   npm run build && npx tsx bench/activity-oversell.ts
 *
 * Settings (environment, optional): BENCH_SEATS (100), BENCH_APPLICANTS (1000),
 * BENCH_DIALECTS (sqlite, plus postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchApp } from './lib/bench-app.js';
import { measureEach } from './lib/each-dialect.js';
import { startServerProcess } from './lib/server-process.js';
import { Table, fmt } from './lib/table.js';

const SEATS = Number(process.env.BENCH_SEATS ?? 100);
const APPLICANTS = Number(process.env.BENCH_APPLICANTS ?? 1000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => console.log(`[activity-oversell ${new Date().toISOString().slice(11, 19)}] ${line}`);
const stamp = (minutes: number) => new Date(Date.now() + minutes * 60_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

interface Figures {
  dialect: string; processes: number; seated: number; waitlisted: number; oversold: number; queueFaults: number; twice: number;
  refused: number; allSeatsMs: number; allAnsweredMs: number; load: string;
}

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Figures> {
  const bench = await startBenchApp(dialect, 'oversell', PG_URL);
  const { app } = bench;
  const second = dialect === 'postgres' ? await startServerProcess(repoRoot, bench.env.DATA_DIR as string, { ...bench.env, SEED_DEMO: 'false' }) : null;
  try {
    const auth = await bench.signIn('admin');
    const made = await app.inject({
      method: 'POST', url: '/api/blade-activity/activity/submit', headers: auth, payload: {
        title: '校庆晚会（压力测试）', activityType: '3', departmentId: '1900000000000010001', startTime: stamp(120), endTime: stamp(300), location: '体育馆',
        needSignup: 1, signupStartTime: stamp(-1440), signupEndTime: stamp(60), capacity: SEATS, needConfirm: 0, allowCompanion: 0, targetScope: '1',
        content: '<p>校庆晚会</p>', contactName: '王老师', contactPhone: '010-62780001',
      },
    });
    if (made.statusCode !== 200) throw new Error(`activity: ${made.body}`);
    const activityId = String((made.json() as { data: { id: string } }).data.id);
    const body = (i: number) => ({ activityId, name: `压测${i}`, areaCode: '+86', phone: `1370${String(i).padStart(7, '0')}` });
    log(`${dialect}: ${fmt(APPLICANTS)} applications for ${SEATS} seats at once${second ? ', half through a second process' : ''} ...`);
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: APPLICANTS }, async (_, i) => {
      let status: number;
      let state: number | null = null;
      if (second && i % 2 === 1) {
        const res = await fetch(`${second.address}/api/blade-actApplist/actApplist/submit`, {
          method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body(i)),
        });
        status = res.status;
        const json = await res.json() as { data?: { applyStatus?: number } };
        state = json.data?.applyStatus ?? null;
      } else {
        const res = await app.inject({ method: 'POST', url: '/api/blade-actApplist/actApplist/submit', headers: auth, payload: body(i) });
        status = res.statusCode;
        state = (res.json() as { data?: { applyStatus?: number } }).data?.applyStatus ?? null;
      }
      return { status, state: state === null ? null : Number(state), at: performance.now() - t0 };
    }));
    const allAnsweredMs = Math.max(...answers.map((a) => a.at));
    const seatedAnswers = answers.filter((a) => a.state === 1);
    const allSeatsMs = seatedAnswers.length >= SEATS ? Math.max(...seatedAnswers.map((a) => a.at)) : Number.NaN;
    const rows = await app.services.database.db.selectFrom('alumni_act_applist').select(['name', 'apply_status', 'queue_no'])
      .where('activity_id', '=', activityId).where('is_deleted', '=', 0).execute();
    const seated = rows.filter((r) => Number(r.apply_status) === 1).length;
    const queue = rows.map((r) => Number(r.queue_no)).sort((a, b) => a - b);
    const queueFaults = queue.filter((q, i) => q !== i + 1).length;
    return {
      dialect, processes: second ? 2 : 1, seated, waitlisted: rows.filter((r) => Number(r.apply_status) === 4).length,
      oversold: Math.max(0, seated - SEATS), queueFaults, twice: rows.length - new Set(rows.map((r) => r.name)).size,
      refused: answers.filter((a) => a.status !== 200).length, allSeatsMs, allAnsweredMs, load: os.loadavg().map((l) => l.toFixed(1)).join(' '),
    };
  } finally {
    await second?.stop();
    await bench.close();
  }
}

const results = await measureEach(DIALECTS, measure);
const table = new Table(['database', 'processes', 'seated', 'waitlisted', 'oversold', 'line faults', 'twice', 'refused', 'all seats taken ms', 'all answered ms', 'load average']);
for (const r of results) {
  table.row(r.dialect, String(r.processes), fmt(r.seated), fmt(r.waitlisted), fmt(r.oversold), fmt(r.queueFaults), fmt(r.twice), fmt(r.refused),
    Number.isNaN(r.allSeatsMs) ? '-' : fmt(r.allSeatsMs), fmt(r.allAnsweredMs), r.load);
}
console.log(`\n${fmt(APPLICANTS)} concurrent applications for ${SEATS} seats; ${os.cpus().length} CPU(s), Node ${process.version}.`);
console.log(table.render());
process.exit(results.some((r) => r.oversold > 0) ? 1 : 0);
