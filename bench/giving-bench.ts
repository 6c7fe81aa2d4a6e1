/**
 * Giving benchmark (figures only; nothing here passes or fails a build):
 *
 * - countAmount (DOMAIN 11.4) over BENCH_DONATIONS (1,000,000) donations, on SQLite and PostgreSQL:
 *   median and p95 of BENCH_ITERATIONS calls, in-process;
 * - an album of BENCH_PHOTOS (500) photos of BENCH_PHOTO_KB (400) KB each downloaded as a zip over a
 *   real socket (the answer is read and dropped as it comes), SQLite: the peak resident memory of
 *   the process while the zip streams.
 *
 *   npm run build && npx tsx bench/giving-bench.ts
 *
 * Settings (environment, optional): BENCH_DONATIONS, BENCH_PHOTOS, BENCH_PHOTO_KB, BENCH_ITERATIONS (20),
 * BENCH_DIALECTS (sqlite, plus postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './lib/closed-loop-load.js';
import { startBenchApp } from './lib/bench-app.js';
import { measureEach } from './lib/each-dialect.js';
import { Table, fmt } from './lib/table.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const api = (file: string) => path.resolve(here, '..', 'apps/api/dist', file);
const { refreshPlannerStatistics } = await import(api('db/planner-statistics.js')) as typeof import('../apps/api/src/db/planner-statistics.js');
const { sql } = await import('kysely');

const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 1_000_000);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 500);
const PHOTO_KB = Number(process.env.BENCH_PHOTO_KB ?? 400);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const TARGET = { countMs: 200, zipRssMb: 300 };

const log = (line: string) => console.log(`[giving-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** 1,000,000 gifts over 24 months: 90 % received, the rest pledged, refunded or closed, spread over purposes, methods, donors and colleges. */
function donationsSql(dialect: 'sqlite' | 'postgres', rows: number, departments: string[]): string {
  const series = dialect === 'postgres' ? `generate_series(1, ${rows}) as s(i)`
    : `(with recursive s(i) as (select 1 union all select i + 1 from s where i < ${rows}) select i from s) as s`;
  const time = dialect === 'postgres'
    ? `(now()::timestamp(0) - ((i % 730) * interval '1 day') - ((i % 86400) * interval '1 second'))`
    : `datetime('now', '-' || (i % 730) || ' days', '-' || (i % 86400) || ' seconds')`;
  const dept = `case ${departments.map((d, k) => `when i % ${departments.length + 1} = ${k} then ${d}`).join(' ')} else null end`;
  const unit = `case ${departments.map((_, k) => `when i % ${departments.length + 1} = ${k} then ${1900000000000920004 + k}`).join(' ')} else 1900000000000920003 end`;
  const money = dialect === 'postgres' ? `((i % 5000) * 10 + 100)::numeric(14,2)` : `((i % 5000) * 10 + 100)`;
  return `insert into alumni_donation (id, tenant_id, create_user, create_time, update_user, update_time, status, is_deleted,
      donor_type, alumni_id, donor_name, is_anonymous, purpose, department_id, donation_method, currency, amount, cny_amount,
      donate_time, payment_status, receipt_status, certificate_issued, thanked, is_public, org_dept_id)
    select 5000000000000000 + i, '000000', 1, ${time}, 1, ${time}, 1, 0,
      '' || (1 + i % 6), case when i % 6 = 0 then 4000000000000000 + (i % 300000) else null end, '捐赠方' || (i % 400000), case when i % 50 = 0 then 1 else 0 end,
      '' || (1 + i % 9), ${dept}, '' || (1 + i % 7), 'CNY', ${money}, ${money},
      ${time}, case when i % 10 = 1 then 1 when i % 10 = 2 then 3 when i % 20 = 3 then 4 else 2 end, 0, 0, 0, 1, ${unit}
    from ${series}`;
}

async function countFigures(dialect: 'sqlite' | 'postgres') {
  const bench = await startBenchApp(dialect, 'giving', PG_URL);
  const { app } = bench;
  try {
    const auth = await bench.signIn('foundation');
    const db = app.services.database.db;
    const departments = (await db.selectFrom('alumni_department').select('id').where('tenant_id', '=', '000000').where('examine_status', '=', 1).execute()).map((r) => String(r.id));
    log(`${dialect}: loading ${fmt(DONATIONS)} donations ...`);
    let t0 = performance.now();
    await sql.raw(donationsSql(dialect, DONATIONS, departments)).execute(db);
    await refreshPlannerStatistics(app.services.database);
    log(`${dialect}: loaded in ${fmt((performance.now() - t0) / 1000, 1)} s; timing countAmount ...`);
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < ITERATIONS + 2; i++) {
      t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/donation/countAmount', headers: auth });
      const ms = performance.now() - t0;
      count = (res.json().data as { count: number }).count;
      if (i >= 2) times.push(ms);
    }
    times.sort((a, b) => a - b);
    log(`${dialect}: countAmount over ${fmt(count)} received gifts: median ${fmt(percentile(times, 0.5), 0)} ms, p95 ${fmt(percentile(times, 0.95), 0)} ms`);
    return { dialect, count, median: percentile(times, 0.5), p95: percentile(times, 0.95) };
  } finally {
    await bench.close();
  }
}

/** An album of PHOTOS stored photos (random bytes in JPEG files: a zip stores them as they are), zipped over a socket. */
async function zipFigures() {
  const bench = await startBenchApp('sqlite', 'giving-zip', PG_URL);
  const { app } = bench;
  try {
    const auth = await bench.signIn('admin');
    const album = (await app.inject({ method: 'POST', url: '/api/photo/addAlbum', headers: auth, payload: { albumName: '基准相册' } })).json().data as { id: string };
    const db = app.services.database.db;
    const dataDir = app.services.config.dataDir;
    log(`zip: writing ${PHOTOS} photos of ${PHOTO_KB} KB ...`);
    const stamp = '2025-01-01 00:00:00';
    for (let i = 0; i < PHOTOS; i++) {
      const key = `000000/20250101/${randomUUID()}.jpg`;
      const file = path.join(dataDir, 'files', key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, randomBytes(PHOTO_KB * 1024));
      const link = `/api/blade-resource/oss/endpoint/get-file?name=${encodeURIComponent(key)}`;
      const attach = 6000000000000000 + i;
      await db.insertInto('blade_attach').values({
        id: attach, tenant_id: '000000', link, domain_url: '', name: key, original_name: `照片${i}.jpg`, extension: 'jpg', attach_size: PHOTO_KB * 1024,
        create_user: 1, create_time: stamp, update_user: 1, update_time: stamp, status: 1, is_deleted: 0,
      }).execute();
      await db.insertInto('alumni_photo').values({
        id: 7000000000000000 + i, tenant_id: '000000', album_id: album.id, name: `照片${i}.jpg`, link, thumbnail_link: link, attach_id: attach,
        size: PHOTO_KB * 1024, width: 100, height: 100, sort: i, download_count: 0,
        create_user: 1, create_time: stamp, update_user: 1, update_time: stamp, status: 1, is_deleted: 0,
      }).execute();
    }
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
    const t0 = performance.now();
    const bytes = await new Promise<number>((resolve, reject) => {
      http.get(`${address}/api/photo/downLoad?id=${album.id}`, { headers: auth }, (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => { n += chunk.length; });
        res.on('end', () => resolve(n));
        res.on('error', reject);
      }).on('error', reject);
    });
    clearInterval(sampler);
    const seconds = (performance.now() - t0) / 1000;
    log(`zip: ${fmt(bytes / 1024 / 1024, 0)} MB in ${fmt(seconds, 1)} s; RSS ${fmt(before / 1024 / 1024, 0)} MB before, peak ${fmt(peak / 1024 / 1024, 0)} MB`);
    return { bytes, seconds, before, peak };
  } finally {
    await bench.close();
  }
}

// The zip first, while the process holds nothing else, so its memory is the server's own (it is
// served over a listening socket, which keeps the process alive).
const zip = await zipFigures();
const counts = await measureEach(DIALECTS, countFigures);
const table = new Table(['database', 'received gifts', 'countAmount median ms', 'p95 ms', `target ≤ ${TARGET.countMs} ms`]);
for (const r of counts) table.row(r.dialect, fmt(r.count), fmt(r.median, 0), fmt(r.p95, 0), r.p95 <= TARGET.countMs ? 'met' : 'missed');
console.log(`\nGiving benchmark: countAmount over ${fmt(DONATIONS)} donations\n`);
console.log(table.render());
const zipTable = new Table(['photos', 'zip MB', 'seconds', 'RSS before MB', 'peak RSS MB', `target ≤ ${TARGET.zipRssMb} MB`]);
zipTable.row(fmt(PHOTOS), fmt(zip.bytes / 1024 / 1024, 0), fmt(zip.seconds, 1), fmt(zip.before / 1024 / 1024, 0), fmt(zip.peak / 1024 / 1024, 0), zip.peak / 1024 / 1024 <= TARGET.zipRssMb ? 'met' : 'missed');
console.log(`\nAlbum zip streamed over a socket\n`);
console.log(zipTable.render());
process.exit(0);
