/**
 * Identity benchmark (figures only; nothing here passes or fails a build), on SQLite and PostgreSQL:
 *
 * - duplicate detection of one registration against BENCH_ALUMNI (1,000,000) alumni records: the
 *   candidates a registration's save and examination look up (DOMAIN 1.6), timed in-process, for
 *   people who match at each level and for people who match no one;
 * - the registration list, a masked page of 10 (a caller without 查看敏感信息) over BENCH_REGISTRATIONS
 *   (1,000,000) registrations, through the API.
 *
 *   npm run build && npx tsx bench/identity-bench.ts
 *
 * Settings (environment, optional): BENCH_ALUMNI (1000000), BENCH_REGISTRATIONS (1000000),
 * BENCH_DIALECTS (sqlite, plus postgres when BENCH_DATABASE_URL or TEST_DATABASE_URL is set),
 * BENCH_ITERATIONS (200).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchApp } from './lib/bench-app.js';
import { percentile } from './lib/closed-loop-load.js';
import { measureEach } from './lib/each-dialect.js';
import { Table, fmt } from './lib/table.js';

const api = (file: string) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps/api/dist', file);
const { refreshPlannerStatistics } = await import(api('db/planner-statistics.js')) as typeof import('../apps/api/src/db/planner-statistics.js');
const { sql } = await import('kysely');

const ALUMNI = Number(process.env.BENCH_ALUMNI ?? 1_000_000);
const REGISTRATIONS = Number(process.env.BENCH_REGISTRATIONS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const DIALECTS = (process.env.BENCH_DIALECTS ?? (PG_URL ? 'sqlite,postgres' : 'sqlite')).split(',') as ('sqlite' | 'postgres')[];
const TARGET = { duplicateMs: 20, listMs: 50 };
const FIRST_ID = 5_000_000_000_000_000n;
const BATCH = 2000;

const log = (line: string) => console.log(`[identity-bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

const SURNAMES = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢'];
const GIVEN = ['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞'];

/** The person of row i: names repeat (as they do), phones, e-mails and ID numbers do not. */
function person(i: number) {
  const name = `${SURNAMES[i % SURNAMES.length]}${GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length]}${i % 7 === 0 ? '' : GIVEN[i % 13]}`;
  const birthday = `19${50 + (i % 50)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
  return {
    name, birthday, idCardNo: `B${String(i).padStart(17, '0')}`, phone: `1${String(3_000_000_000 + i).slice(0, 10)}`,
    email: `p${i}@bench.example.com`, year: 1950 + (i % 75),
  };
}

interface Figures { dialect: string; loadS: number; dupMedian: number; dupP95: number; found: string; listMedian: number; listP95: number }

async function measure(dialect: 'sqlite' | 'postgres'): Promise<Figures> {
  const bench = await startBenchApp(dialect, 'identity', PG_URL);
  const { app } = bench;
  try {
    const { db } = app.services.database;
    const keys = app.services.identityKeys;
    // Stored as the server stores them: sealed, with the keyed hash beside each (README "Encryption at rest").
    const sealing = app.services.sealing;
    const sealed = (table: string, values: { idCardNo: string; phone: string; email?: string }) => ({
      id_card_no: sealing.seal(values.idCardNo, `${table}.id_card_no`), id_card_no_hash: sealing.hash('idCard', values.idCardNo),
      phone: sealing.seal(values.phone, `${table}.phone`), phone_hash: sealing.hash('phone', values.phone),
      ...(values.email ? { email: sealing.seal(values.email, `${table}.email`), email_hash: sealing.hash('email', values.email) } : {}),
    });
    const department = String((await db.selectFrom('alumni_department').select('id').where('tenant_id', '=', '000000').where('examine_status', '=', 1).executeTakeFirstOrThrow()).id);
    const speciality = String((await db.selectFrom('alumni_speciality').select('id').where('department_id', '=', department).where('education_level', '=', '2').executeTakeFirstOrThrow()).id);
    const stamp = '2024-01-01 00:00:00';

    log(`${dialect}: loading ${fmt(ALUMNI)} alumni with their identity keys and ${fmt(REGISTRATIONS)} registrations ...`);
    const t0 = performance.now();
    for (let start = 0; start < Math.max(ALUMNI, REGISTRATIONS); start += BATCH) {
      await db.transaction().execute(async (tx) => {
        const alumni = [];
        const keyRows = [];
        const registrations = [];
        for (let i = start; i < Math.min(start + BATCH, ALUMNI); i++) {
          const p = person(i);
          const id = String(FIRST_ID + BigInt(i));
          alumni.push({
            id, tenant_id: '000000', create_user: 1, create_time: stamp, update_user: 1, update_time: stamp, status: 1, is_deleted: 0,
            alumni_code: `XB${String(i).padStart(7, '0')}`, name: p.name, gender: '1', id_type: '1', ...sealed('alumni_basic_info', p),
            birthday: p.birthday, department_id: department, speciality_id: speciality,
            first_enrollment_year: p.year, source: '4', is_key_alumni: 0, is_deceased: 0, directory_visible: 1, allow_sms: 1, allow_email: 1, allow_wechat: 1,
          });
          for (const k of keys.keysOf('000000', p)) keyRows.push({ tenant_id: '000000', key_hash: k.hash, alumni_id: id, rule: k.rule });
        }
        for (let i = start; i < Math.min(start + BATCH, REGISTRATIONS); i++) {
          const p = person(ALUMNI + i);
          registrations.push({
            id: String(FIRST_ID * 2n + BigInt(i)), tenant_id: '000000', create_user: 1, create_time: stamp, update_user: 1, update_time: stamp, status: 1, is_deleted: 0,
            regist_no: `DJ20240101${String(i).padStart(7, '0')}`, name: p.name, gender: '1', id_type: '1',
            ...sealed('alumni_regist_info', { idCardNo: p.idCardNo, phone: p.phone }),
            area_code: '+86', country: '中国', province_code: '110000', department_id: department, speciality_id: speciality, education_level: '2',
            enrollment_year: p.year, source: '1', roster_match: '3', duplicate_level: 0, examine_status: i % 5 === 0 ? 0 : 1,
            allow_sms: 1, allow_email: 1, allow_wechat: 1,
          });
        }
        const chunk = dialect === 'sqlite' ? 200 : BATCH;
        for (let k = 0; k < alumni.length; k += chunk) await tx.insertInto('alumni_basic_info').values(alumni.slice(k, k + chunk)).execute();
        for (let k = 0; k < keyRows.length; k += chunk) await tx.insertInto('alumni_identity_key').values(keyRows.slice(k, k + chunk)).execute();
        for (let k = 0; k < registrations.length; k += chunk) await tx.insertInto('alumni_regist_info').values(registrations.slice(k, k + chunk)).execute();
      });
      if (start % 100_000 === 0 && start > 0) log(`${dialect}: ${fmt(start)} rows ...`);
    }
    await sql`insert into alumni_student_status (id, tenant_id, create_user, create_time, update_user, update_time, status, is_deleted,
        alumni_id, department_id, speciality_id, education_level, study_form, enrollment_year, graduation_status, source, examine_status)
      select id + 1000000000000000, '000000', 1, create_time, 1, create_time, 1, 0, id, department_id, speciality_id, '2', '1', first_enrollment_year, '2', '4', 1
      from alumni_basic_info where id >= ${String(FIRST_ID)}`.execute(db);
    await refreshPlannerStatistics(app.services.database);
    const loadS = (performance.now() - t0) / 1000;
    log(`${dialect}: loaded in ${fmt(loadS, 1)} s; timing duplicate detection ...`);

    // A registration per level and one that matches no one, each time a different person.
    const probes = (i: number) => {
      const n = (i * 7919) % ALUMNI;
      const p = person(n);
      switch (i % 4) {
        case 0: return { want: 3, claim: { name: '某人', idType: '1', idCardNo: p.idCardNo.toLowerCase() } };
        case 1: return { want: 2, claim: { name: ` ${p.name} `, phone: `+86 ${p.phone.slice(0, 3)}-${p.phone.slice(3)}` } };
        case 2: return { want: 1, claim: { name: p.name, birthday: p.birthday, enrollmentYear: p.year, idType: '2', idCardNo: `X${i}` } };
        default: return { want: 0, claim: { name: p.name, idType: '1', idCardNo: `Z${i}`, phone: '13999999999', email: `none${i}@x.cn`, birthday: '1901-01-01', enrollmentYear: 1901 } };
      }
    };
    const times: number[] = [];
    const hits = [0, 0, 0, 0];
    for (let i = 0; i < ITERATIONS + 8; i++) {
      const { want, claim } = probes(i);
      const start = performance.now();
      const found = await app.services.duplicates.candidates(db, '000000', claim);
      const ms = performance.now() - start;
      const level = found.reduce((m, c) => Math.max(m, c.matchLevel), 0);
      if (level === want) hits[want] = (hits[want] ?? 0) + 1;
      if (i >= 8) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const found = `${hits[3]}/${hits[2]}/${hits[1]}/${hits[0]}`;
    log(`${dialect}: duplicate detection median ${fmt(percentile(times, 0.5), 2)} ms, p95 ${fmt(percentile(times, 0.95), 2)} ms (levels as expected 3/2/1/none: ${found} of ${(ITERATIONS + 8) / 4} each)`);

    const headers = await bench.signIn('leader');
    const listTimes: number[] = [];
    let masked = '';
    for (let i = 0; i < 58; i++) {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/blade-registInfo/registInfo/manage/list?current=${1 + (i % 5)}&size=10`, headers });
      const ms = performance.now() - start;
      const page = res.json().data as { total: number; records: { phone: string }[] };
      masked = `${fmt(page.total)} rows, phone ${page.records[0]?.phone}`;
      if (i >= 8) listTimes.push(ms);
    }
    listTimes.sort((a, b) => a - b);
    log(`${dialect}: registration list (${masked}) median ${fmt(percentile(listTimes, 0.5), 1)} ms, p95 ${fmt(percentile(listTimes, 0.95), 1)} ms`);
    return { dialect, loadS, dupMedian: percentile(times, 0.5), dupP95: percentile(times, 0.95), found, listMedian: percentile(listTimes, 0.5), listP95: percentile(listTimes, 0.95) };
  } finally {
    await bench.close();
  }
}

const results: Figures[] = await measureEach(DIALECTS, measure);
const table = new Table(['database', 'load s', 'duplicates median ms', 'p95 ms', `target ≤ ${TARGET.duplicateMs} ms`, 'levels right 3/2/1/0', 'masked list median ms', 'p95 ms', `target ≤ ${TARGET.listMs} ms`]);
for (const r of results) {
  table.row(r.dialect, fmt(r.loadS, 1), fmt(r.dupMedian, 2), fmt(r.dupP95, 2), r.dupP95 <= TARGET.duplicateMs ? 'met' : 'missed', r.found,
    fmt(r.listMedian, 1), fmt(r.listP95, 1), r.listP95 <= TARGET.listMs ? 'met' : 'missed');
}
console.log(`\nIdentity benchmark: duplicate detection over ${fmt(ALUMNI)} alumni, a masked registration page over ${fmt(REGISTRATIONS)} registrations\n`);
console.log(table.render());
