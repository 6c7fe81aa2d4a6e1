/**
 * Activity benchmark (figures only; nothing here passes or fails a build), on SQLite and PostgreSQL:
 *
 * - one activity with BENCH_APPLICATIONS (100,000) confirmed, checked-in applications and
 *   BENCH_COSTS (100,000) costs spread over the demo activities, loaded in bulk;
 * - timed through the API (median and p95 of BENCH_ITERATIONS calls): the activity page with its
 *   counts, the application page of the big activity, `countAmount` over every cost, the seat
 *   check of a confirmation, and the seeded draw over the whole pool (`createWinnersList`, redraw).
 *
 *   npm run build && npx tsx bench/activity-bench.ts
 *
 * Settings (environment, optional): BENCH_APPLICATIONS (100000), BENCH_COSTS (100000),
 * BENCH_DIALECTS (sqlite, plus postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set),
 * BENCH_ITERATIONS (20).
 */
import { percentile } from './lib/closed-loop-load.js';
import { startBenchApp } from './lib/bench-app.js';
import { measureEach } from './lib/each-dialect.js';
import { Table, fmt } from './lib/table.js';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const COSTS = Number(process.env.BENCH_COSTS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const BIG = '1900000000000090007';
const log = (line: string) => console.log(`[activity-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

interface Figures { dialect: string; page: number[]; applist: number[]; sums: number[]; confirm: number[]; draw: number[] }

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Figures> {
  const bench = await startBenchApp(dialect, 'activity', PG_URL);
  const { app } = bench;
  try {
    const auth = await bench.signIn('office');
    const db = app.services.database.db;
    log(`${dialect}: loading ${fmt(APPLICATIONS)} applications and ${fmt(COSTS)} costs ...`);
    const t0 = performance.now();
    const base = { tenant_id: '000000', create_time: '2026-01-01 00:00:00', update_time: '2026-01-01 00:00:00', status: 1, is_deleted: 0, org_dept_id: '1900000000000920011' };
    for (let from = 0; from < APPLICATIONS; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, APPLICATIONS - from) }, (_, k) => {
        const i = from + k;
        return {
          ...base, id: String(7_000_000_000_000_000 + i), apply_no: `BM20260101${String(i).padStart(6, '0')}`, activity_id: BIG, name: `报名${i}`,
          area_code: '+86', phone: `135${String(i).padStart(8, '0')}`, companions: 0, apply_time: '2026-01-01 00:00:00', apply_source: '3',
          apply_status: 1, payment_status: 0, check_in_code: String(100000 + (i % 900000)), sign_in: 1, is_winner: 0,
        };
      });
      await db.insertInto('alumni_act_applist').values(rows).execute();
    }
    for (let from = 0; from < COSTS; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, COSTS - from) }, (_, k) => {
        const i = from + k;
        return {
          ...base, id: String(7_100_000_000_000_000 + i), activity_id: `19000000000000900${String(1 + (i % 11)).padStart(2, '0')}`, cost_type: String(1 + (i % 9)),
          cost_item: `费用${i}`, amount: ((i % 5000) + 0.25).toFixed(2), cost_date: `2026-0${1 + (i % 9)}-15`, handler_name: '王晓梅', cost_status: String(i % 3),
        };
      });
      await db.insertInto('alumni_activity_cost').values(rows).execute();
    }
    // Room for the loaded applications and the timed confirmations, so the seat check counts them all and lets each through.
    await db.updateTable('alumni_activity').set({ capacity: APPLICATIONS + ITERATIONS + 100 }).where('id', '=', BIG).execute();
    log(`${dialect}: loaded in ${fmt((performance.now() - t0) / 1000, 1)} s; timing ...`);
    const time = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < ITERATIONS; i += 1) {
        const s = performance.now();
        const res = await app.inject({ method, url, headers: auth, ...(payload ? { payload: payload as object } : {}) });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
        times.push(performance.now() - s);
      }
      return times;
    };
    const figures: Figures = {
      dialect,
      page: await time('GET', '/api/blade-activity/activity/page?size=20'),
      applist: await time('GET', `/api/blade-actApplist/actApplist/page?activityId=${BIG}&size=20`),
      sums: await time('GET', '/api/activityCost/countAmount'),
      confirm: [],
      draw: await time('PUT', `/api/blade-activity/activity/createWinnersList?id=${BIG}&redraw=1`),
    };
    // The seat check of a confirmation: a new pending application of the big activity, confirmed (then cancelled for the next).
    for (let i = 0; i < ITERATIONS; i += 1) {
      const made = await app.inject({ method: 'POST', url: '/api/blade-actApplist/actApplist/submit', headers: auth, payload: { activityId: BIG, name: '计时', phone: `1360000${String(1000 + i)}` } });
      const id = made.json().data.id as string;
      const s = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/blade-actApplist/actApplist/submit', headers: auth, payload: { id, applyStatus: 1 } });
      figures.confirm.push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(res.body);
      await app.inject({ method: 'POST', url: '/api/blade-actApplist/actApplist/submit', headers: auth, payload: { id, applyStatus: 3 } });
    }
    log(`${dialect}: done`);
    return figures;
  } finally {
    await bench.close();
  }
}

const results = await measureEach(DIALECTS, measure);

const table = new Table(['database', 'activity page ms', 'applications page ms', 'countAmount ms', 'confirm ms', `draw over ${fmt(APPLICATIONS)} ms`]);
const cell = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${fmt(percentile(sorted, 0.5), 0)} (p95 ${fmt(percentile(sorted, 0.95), 0)})`;
};
for (const r of results) table.row(r.dialect, cell(r.page), cell(r.applist), cell(r.sums), cell(r.confirm), cell(r.draw));
console.log(`\nActivity benchmark: ${fmt(APPLICATIONS)} applications of one activity, ${fmt(COSTS)} costs; median (p95) of ${ITERATIONS} calls\n`);
console.log(table.render());
