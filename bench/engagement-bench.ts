/**
 * Engagement benchmark (figures only; nothing here passes or fails a build), on SQLite and
 * PostgreSQL, over the demo school filled to BENCH_ROWS (1,000,000) alumni with as many study
 * records and donations (a sixth of them from an alumnus, received within two years), plus
 * BENCH_ROWS / 5 confirmed activity applications (half checked in) and BENCH_ROWS / 10 messages:
 *
 * - the loading time of those facts, whose triggers score each alumnus they name as they are written;
 * - the full recomputation of every alumnus (`recomputeTenant`, what the daily job and a change of
 *   weights run): minutes, alumni per second, with the load average beside it;
 * - that a sample of alumni scored by the triggers kept the same score through the recomputation.
 *
 *   npm run build && npx tsx bench/engagement-bench.ts
 *
 * Settings (environment, optional): BENCH_ROWS (1000000), BENCH_DIALECTS (sqlite, plus postgres when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set), BENCH_ALUMNI_ONLY (1: the alumni records alone, with
 * the demo's facts — the recomputation reads every fact table per alumnus all the same, and the loading
 * is a fraction).
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchApp } from './lib/bench-app.js';
import { seriesOf } from './lib/bulk-rows.js';
import { measureEach } from './lib/each-dialect.js';
import { loadAlumniAtScale, loadSchoolAtScale } from './lib/school-at-scale.js';
import { Table, fmt } from './lib/table.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const api = (file: string) => path.resolve(here, '..', 'apps/api/dist', file);
const { recomputeTenant } = await import(api('modules/engagement/engagement-scores.js')) as typeof import('../apps/api/src/modules/engagement/engagement-scores.js');
const { sql } = await import('kysely');

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ALUMNI_ONLY = process.env.BENCH_ALUMNI_ONLY === '1';
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];

const log = (line: string) => console.log(`[engagement-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

interface Figures { dialect: string; factsS: number; alumni: number; recomputeS: number; engaged: number; sampleSame: boolean; load: string }

/** Confirmed applications `6000000000000000 + i` of the demo activities, one alumnus each, every other checked in. */
function applicationsSql(dialect: 'sqlite' | 'postgres', rows: number, activities: readonly string[]): string {
  const stamp = dialect === 'postgres' ? `timestamp '2025-06-01 10:00:00'` : `'2025-06-01 10:00:00'`;
  const activity = `case ${activities.map((a, k) => `when i % ${activities.length} = ${k} then ${a}`).join(' ')} end`;
  return `insert into alumni_act_applist (id, tenant_id, create_user, create_time, update_user, update_time, status, is_deleted,
      activity_id, alumni_id, name, phone, apply_time, apply_status, sign_in, companions)
    select 6000000000000000 + i, '000000', 1, ${stamp}, 1, ${stamp}, 1, 0, ${activity}, 4000000000000000 + (i * 5) % ${ROWS}, '校友' || i, '138' || i,
      ${stamp}, 1, i % 2, 0
    from ${seriesOf(dialect, rows)}`;
}

/** Messages `7000000000000000 + i` left by alumni. */
function messagesSql(dialect: 'sqlite' | 'postgres', rows: number): string {
  const stamp = dialect === 'postgres' ? `timestamp '2025-03-01 09:00:00'` : `'2025-03-01 09:00:00'`;
  return `insert into alumni_message (id, tenant_id, create_user, create_time, update_user, update_time, status, is_deleted,
      title, message_type, name, alumni_id, reply_status)
    select 7000000000000000 + i, '000000', 1, ${stamp}, 1, ${stamp}, 1, 0, '留言' || i, '1', '校友' || i, 4000000000000000 + (i * 7) % ${ROWS}, 0
    from ${seriesOf(dialect, rows)}`;
}

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Figures> {
  const bench = await startBenchApp(dialect, 'engagement', PG_URL);
  const { app } = bench;
  try {
    const db = app.services.database.db;
    const t0 = performance.now();
    if (ALUMNI_ONLY) {
      await loadAlumniAtScale(app, dialect, ROWS, log);
    } else {
      await loadSchoolAtScale(app, dialect, ROWS, log);
      const activities = (await db.selectFrom('alumni_activity').select('id').where('tenant_id', '=', '000000').orderBy('id').limit(8).execute()).map((r) => String(r.id));
      await sql.raw(applicationsSql(dialect, Math.round(ROWS / 5), activities)).execute(db);
      await sql.raw(messagesSql(dialect, Math.round(ROWS / 10))).execute(db);
    }
    const factsS = (performance.now() - t0) / 1000;
    log(`${dialect}: alumni and facts loaded, scored by the triggers, in ${fmt(factsS, 1)} s (load ${load()})`);

    const sample = async () => (await db.selectFrom('alumni_basic_info').select(['id', 'engagement_score']).where('tenant_id', '=', '000000')
      .where('id', '>=', '4000000000000000').orderBy('id').limit(2000).execute()).map((r) => `${String(r.id)}:${String(r.engagement_score)}`).join(',');
    const before = await sample();
    log(`${dialect}: recomputing every alumnus (load ${load()}) ...`);
    const t1 = performance.now();
    let last = 0;
    const alumni = await recomputeTenant(db, dialect, '000000', {
      progress: async (done, total) => {
        if (done - last >= total / 10) { last = done; log(`${dialect}: ${fmt(done)} / ${fmt(total)} (load ${load()})`); }
      },
    });
    const recomputeS = (performance.now() - t1) / 1000;
    const engaged = Number((await db.selectFrom('alumni_basic_info').select(sql<number>`count(*)`.as('n')).where('tenant_id', '=', '000000')
      .where('is_deleted', '=', 0).where('engagement_score', '>', 0).executeTakeFirst())?.n ?? 0);
    const sampleSame = before === await sample();
    log(`${dialect}: ${fmt(alumni)} alumni recomputed in ${fmt(recomputeS / 60, 2)} min, ${fmt(engaged)} engaged (load ${load()})`);
    return { dialect, factsS, alumni, recomputeS, engaged, sampleSame, load: load() };
  } finally {
    await bench.close();
  }
}

const results = await measureEach(DIALECTS, measure);
const table = new Table(['database', 'load with triggers s', 'alumni', 'recompute everyone min', 'alumni / s', 'engaged', 'trigger scores kept', 'load average']);
for (const r of results) {
  table.row(r.dialect, fmt(r.factsS, 1), fmt(r.alumni), fmt(r.recomputeS / 60, 2), fmt(r.alumni / r.recomputeS), fmt(r.engaged), r.sampleSame ? 'yes' : 'NO', r.load);
}
console.log(ALUMNI_ONLY ? `\nEngagement score: ${fmt(ROWS)} alumni records with the demo's facts; every alumnus recomputed\n`
  : `\nEngagement score: ${fmt(ROWS)} alumni, their study records and gifts, ${fmt(ROWS / 5)} applications and ${fmt(ROWS / 10)} messages; every alumnus recomputed\n`);
console.log(table.render());
console.log(`\n${os.cpus().length} CPU(s), Node ${process.version}, load average ${load()}.`);
