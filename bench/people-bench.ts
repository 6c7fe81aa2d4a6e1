/**
 * People benchmark (figures only; nothing here passes or fails a build), on SQLite and PostgreSQL:
 *
 * - roster import: a workbook of BENCH_IMPORT_ROWS (100,000) students — a quarter of them 毕业, so
 *   graduation makes an alumnus and a study record for each — imported through the API as a person
 *   would (`POST /blade-student/student/import`, preview, then commit): every row checked by the
 *   roster's rules, duplicates by student number, in one transaction;
 * - countStudent over BENCH_STATUS_ROWS (1,000,000) approved study records: the statistics call of
 *   DOMAIN 11.2, timed in-process (median and p95 of BENCH_ITERATIONS calls).
 *
 *   npm run build && npx tsx bench/people-bench.ts
 *
 * Settings (environment, optional): BENCH_IMPORT_ROWS (100000), BENCH_STATUS_ROWS (1000000),
 * BENCH_DIALECTS (sqlite, plus postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set),
 * BENCH_ITERATIONS (20).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { percentile } from './lib/closed-loop-load.js';
import { startBenchApp } from './lib/bench-app.js';
import { statusesSql } from './lib/bulk-rows.js';
import { measureEach } from './lib/each-dialect.js';
import { Table, fmt } from './lib/table.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const api = (file: string) => path.resolve(repoRoot, 'apps/api/dist', file);

const { refreshPlannerStatistics } = await import(api('db/planner-statistics.js')) as typeof import('../apps/api/src/db/planner-statistics.js');
const { sql } = await import('kysely');

const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const STATUS_ROWS = Number(process.env.BENCH_STATUS_ROWS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 20);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const TARGET = { importSeconds: 30, countMs: 200 };

const log = (line: string) => console.log(`[people-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The demo school's units (seed/academic-seed.ts): departments with an approved 本科 speciality each. */
const UNITS: [string, string][] = [
  ['计算机科学与技术学院', '软件工程'], ['电子信息工程学院', '通信工程'], ['机械工程学院', '车辆工程'],
  ['经济与管理学院', '会计学'], ['外国语学院', '英语'], ['化学与材料学院', '应用化学'],
];

/** A roster workbook: one student a row, every fourth graduated. */
async function rosterWorkbook(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学生');
  sheet.addRow(['*学号', '*姓名', '*性别', '*院系', '*专业', '*学历层次', '*入学年份', '毕业年份', '*学籍状态', '手机号码']);
  for (let i = 0; i < rows; i++) {
    const [department, speciality] = UNITS[i % UNITS.length] as [string, string];
    const enrolled = 2015 + (i % 8);
    const graduated = i % 4 === 0;
    sheet.addRow([`B${String(i).padStart(8, '0')}`, `学生${i}`, i % 2 ? '男' : '女', department, speciality, '本科', enrolled,
      graduated ? enrolled + 4 : '', graduated ? '毕业' : '在读', `138${String(i).padStart(8, '0')}`]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

function multipart(file: Buffer): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----bench${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roster.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    file, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

interface Figures { dialect: string; previewS: number; commitS: number; created: number; alumni: number; countMedian: number; countP95: number }

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Figures> {
  const bench = await startBenchApp(dialect, 'people', PG_URL);
  const { app } = bench;
  try {
    const auth = await bench.signIn();
    const param = (await app.inject({ method: 'GET', url: '/api/blade-system/param/list?paramKey_equal=import.maxRows', headers: auth })).json().data.records[0];
    await app.inject({ method: 'POST', url: '/api/blade-system/param/submit', headers: auth, payload: { ...param, paramValue: String(IMPORT_ROWS) } });

    log(`${dialect}: writing a workbook of ${fmt(IMPORT_ROWS)} students ...`);
    const { body, headers } = multipart(await rosterWorkbook(IMPORT_ROWS));
    log(`${dialect}: workbook of ${fmt(body.length / 1024 / 1024, 1)} MB; previewing ...`);
    let t0 = performance.now();
    const preview = await app.inject({ method: 'POST', url: '/api/blade-student/student/import?mode=skip&preview=1', headers: { ...auth, ...headers }, payload: body });
    const previewS = (performance.now() - t0) / 1000;
    const previewed = preview.json().data as { importId: string; created: number; failed: number; errors: { row: number; message: string }[] };
    if (!previewed?.importId) throw new Error(`preview failed: ${preview.body.slice(0, 300)}`);
    log(`${dialect}: preview ${fmt(previewS, 1)} s (${fmt(previewed.created)} to add, ${fmt(previewed.failed)} refused${previewed.errors[0] ? `, e.g. ${previewed.errors[0].message}` : ''}); committing ...`);
    t0 = performance.now();
    const commit = await app.inject({ method: 'POST', url: `/api/blade-student/student/import?mode=skip&importId=${previewed.importId}`, headers: auth });
    const commitS = (performance.now() - t0) / 1000;
    const written = commit.json().data as { created: number };
    const alumni = (await app.inject({ method: 'GET', url: '/api/blade-basicInfo/basicInfo/list?size=1', headers: auth })).json().data.total as number;
    log(`${dialect}: commit ${fmt(commitS, 1)} s (${fmt(written.created)} students, ${fmt(alumni)} alumni now)`);

    const db = app.services.database.db;
    const departments = (await db.selectFrom('alumni_department').select('id').where('tenant_id', '=', '000000').where('examine_status', '=', 1).execute()).map((r) => String(r.id));
    const specialities = (await db.selectFrom('alumni_speciality').select('id').where('tenant_id', '=', '000000').where('examine_status', '=', 1).execute()).map((r) => String(r.id));
    log(`${dialect}: loading ${fmt(STATUS_ROWS)} study records ...`);
    t0 = performance.now();
    await sql.raw(statusesSql(dialect, STATUS_ROWS, departments, specialities)).execute(db);
    await refreshPlannerStatistics(app.services.database);
    log(`${dialect}: loaded in ${fmt((performance.now() - t0) / 1000, 1)} s; timing countStudent ...`);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < ITERATIONS + 2; i++) {
      t0 = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/blade-studentStatus/studentStatus/countStudent', headers: auth });
      const ms = performance.now() - t0;
      total = (res.json().data as { statusTotal: number }).statusTotal;
      if (i >= 2) times.push(ms);
    }
    times.sort((a, b) => a - b);
    log(`${dialect}: countStudent over ${fmt(total)} approved records: median ${fmt(percentile(times, 0.5), 0)} ms, p95 ${fmt(percentile(times, 0.95), 0)} ms`);
    return { dialect, previewS, commitS, created: written.created, alumni, countMedian: percentile(times, 0.5), countP95: percentile(times, 0.95) };
  } finally {
    await bench.close();
  }
}

const results: Figures[] = await measureEach(DIALECTS, measure);
const table = new Table(['database', 'import preview s', 'import commit s', `target ≤ ${TARGET.importSeconds} s each`, 'students', 'alumni', 'countStudent median ms', 'p95 ms', `target ≤ ${TARGET.countMs} ms`]);
for (const r of results) {
  table.row(r.dialect, fmt(r.previewS, 1), fmt(r.commitS, 1), r.previewS <= TARGET.importSeconds && r.commitS <= TARGET.importSeconds ? 'met' : 'missed',
    fmt(r.created), fmt(r.alumni), fmt(r.countMedian, 0), fmt(r.countP95, 0), r.countP95 <= TARGET.countMs ? 'met' : 'missed');
}
console.log(`\nPeople benchmark: ${fmt(IMPORT_ROWS)} roster rows imported (a quarter graduating), countStudent over ${fmt(STATUS_ROWS)} study records\n`);
console.log(table.render());
