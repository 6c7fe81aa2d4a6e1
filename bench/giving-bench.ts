/**
 * Giving benchmark (figures only; nothing here passes or fails a build):
 *
 * - countAmount (DOMAIN 11.4) over BENCH_DONATIONS (1,000,000) donations, on SQLite and PostgreSQL:
 *   median and p95 of BENCH_ITERATIONS calls, in-process, as the foundation (all units) and as a
 *   college (its unit). Without filters, or with a payment state and a purpose alone, the call reads
 *   the tallies of migrations 031 and 042 (decisions 147 and 203); with any other filter of the page
 *   (here one month of donate time) it sums the donations themselves, and those calls are timed too;
 * - an album of BENCH_PHOTOS (500) photos of BENCH_PHOTO_KB (400) KB each downloaded as a zip
 *   (`photo/downLoad`) over a real socket from the compiled server in a process of its own, on a
 *   temporary SQLite file and data folder prepared beforehand: the peak resident memory of that
 *   process (read from /proc every 20 ms) while the zip streams and is read and dropped.
 *
 *   npm run build && npx tsx bench/giving-bench.ts
 *
 * Settings (environment, optional): BENCH_DONATIONS, BENCH_PHOTOS, BENCH_PHOTO_KB, BENCH_ITERATIONS (20),
 * BENCH_DIALECTS (sqlite, plus postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchApp } from './lib/bench-app.js';
import { donationsSql } from './lib/bulk-rows.js';
import { measureEach } from './lib/each-dialect.js';
import { startServerProcess } from './lib/server-process.js';
import { signIn } from './lib/sign-in.js';
import { Table, fmt } from './lib/table.js';
import { timeCalls, type CallTimes } from './lib/time-calls.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const api = (file: string) => path.resolve(repoRoot, 'apps/api/dist', file);
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

interface CountFigures { dialect: string; count: number; office: CallTimes<number>; college: CallTimes<number>; month: CallTimes<number>; purpose: CallTimes<number> }

async function countFigures(dialect: 'sqlite' | 'postgres'): Promise<CountFigures> {
  const bench = await startBenchApp(dialect, 'giving', PG_URL);
  const { app } = bench;
  try {
    const auth = await bench.signIn('foundation');
    const db = app.services.database.db;
    const departments = (await db.selectFrom('alumni_department').select('id').where('tenant_id', '=', '000000').where('examine_status', '=', 1).execute()).map((r) => String(r.id));
    log(`${dialect}: loading ${fmt(DONATIONS)} donations ...`);
    const t0 = performance.now();
    await sql.raw(donationsSql(dialect, DONATIONS, departments)).execute(db);
    await refreshPlannerStatistics(app.services.database);
    log(`${dialect}: loaded in ${fmt((performance.now() - t0) / 1000, 1)} s; timing countAmount ...`);
    const sums = (headers: Record<string, string>, query = '') => async () => {
      const res = await app.inject({ method: 'GET', url: `/api/donation/countAmount${query}`, headers });
      const data = res.json().data as { count: number } | null;
      if (!data) throw new Error(`countAmount failed: ${res.body.slice(0, 300)}`);
      return data.count;
    };
    const lastMonth = new Date(Date.now() - 31 * 86400_000).toISOString().slice(0, 7);
    const office = await timeCalls(ITERATIONS, sums(auth));
    const college = await timeCalls(ITERATIONS, sums(await bench.signIn('college')));
    const month = await timeCalls(ITERATIONS, sums(auth, `?donateTime_dategt=${lastMonth}-01&donateTime_datelt=${lastMonth}-28`));
    const purpose = await timeCalls(ITERATIONS, sums(auth, '?purpose_equal=1'));
    for (const [what, r] of [['all units (tallies)', office], ['a college (tallies)', college], ['one month (donations)', month], ['one purpose (tallies)', purpose]] as const) {
      log(`${dialect}: countAmount of ${what} over ${fmt(r.last)} gifts: median ${fmt(r.median, 0)} ms, p95 ${fmt(r.p95, 0)} ms`);
    }
    return { dialect, count: office.last, office, college, month, purpose };
  } finally {
    await bench.close();
  }
}

/** An album of PHOTOS stored photos (random bytes in JPEG files: a zip stores them as they are), zipped by a server process. */
async function zipFigures() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alumni-zip-bench-'));
  try {
    // The data folder is prepared in-process (the demo school, the album, its photos), then closed.
    const bench = await startBenchApp('sqlite', 'giving-zip', PG_URL, { keptDataDir: dataDir });
    const { app } = bench;
    let albumId: string;
    try {
      const auth = await bench.signIn('admin');
      albumId = ((await app.inject({ method: 'POST', url: '/api/photo/addAlbum', headers: auth, payload: { albumName: '基准相册' } })).json().data as { id: string }).id;
      const db = app.services.database.db;
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
          id: 7000000000000000 + i, tenant_id: '000000', album_id: albumId, name: `照片${i}.jpg`, link, thumbnail_link: link, attach_id: attach,
          size: PHOTO_KB * 1024, width: 100, height: 100, sort: i, download_count: 0,
          create_user: 1, create_time: stamp, update_user: 1, update_time: stamp, status: 1, is_deleted: 0,
        }).execute();
      }
    } finally {
      await bench.close();
    }

    const server = await startServerProcess(repoRoot, dataDir);
    try {
      const token = await signIn(server.address, 'admin');
      const headers = { 'blade-auth': token, 'accept-language': 'zh-CN' };
      // Settled after start-up and a first small call, before the zip.
      await fetch(`${server.address}/api/photo/detail?id=${albumId}`, { headers });
      await new Promise((done) => setTimeout(done, 1000));
      const before = server.rss();
      let peak = before;
      const sampler = setInterval(() => { peak = Math.max(peak, server.rss()); }, 20);
      const t0 = performance.now();
      const bytes = await new Promise<number>((resolve, reject) => {
        http.get(`${server.address}/api/photo/downLoad?id=${albumId}`, { headers }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`downLoad answered ${res.statusCode}`));
          let n = 0;
          res.on('data', (chunk: Buffer) => { n += chunk.length; });
          res.on('end', () => resolve(n));
          res.on('error', reject);
        }).on('error', reject);
      });
      clearInterval(sampler);
      peak = Math.max(peak, server.rss());
      const seconds = (performance.now() - t0) / 1000;
      log(`zip: ${fmt(bytes / 1024 / 1024, 0)} MB in ${fmt(seconds, 1)} s; server RSS ${fmt(before / 1024 / 1024, 0)} MB before, peak ${fmt(peak / 1024 / 1024, 0)} MB`);
      return { bytes, seconds, before, peak };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const zip = await zipFigures();
const counts = await measureEach(DIALECTS, countFigures);
const table = new Table(['database', 'received gifts', 'all units median ms', 'p95 ms', 'college median ms', 'p95 ms', 'one purpose median ms', 'p95 ms',
  `target ≤ ${TARGET.countMs} ms`, 'one month median ms', 'p95 ms']);
for (const r of counts) {
  table.row(r.dialect, fmt(r.count), fmt(r.office.median, 0), fmt(r.office.p95, 0), fmt(r.college.median, 0), fmt(r.college.p95, 0),
    fmt(r.purpose.median, 0), fmt(r.purpose.p95, 0), Math.max(r.office.p95, r.college.p95, r.purpose.p95) <= TARGET.countMs ? 'met' : 'missed',
    fmt(r.month.median, 0), fmt(r.month.p95, 0));
}
console.log(`\nGiving benchmark: countAmount over ${fmt(DONATIONS)} donations (target for the tallied calls; a month's sums read the donations)\n`);
console.log(table.render());
const zipTable = new Table(['photos', 'zip MB', 'seconds', 'RSS before MB', 'peak RSS MB', `target ≤ ${TARGET.zipRssMb} MB`]);
zipTable.row(fmt(PHOTOS), fmt(zip.bytes / 1024 / 1024, 0), fmt(zip.seconds, 1), fmt(zip.before / 1024 / 1024, 0), fmt(zip.peak / 1024 / 1024, 0), zip.peak / 1024 / 1024 <= TARGET.zipRssMb ? 'met' : 'missed');
console.log(`\nAlbum zip streamed over a socket by the server in its own process (its resident memory)\n`);
console.log(zipTable.render());
process.exit(0);
