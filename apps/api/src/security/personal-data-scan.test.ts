import { PUSH_STATUS } from '@alumni/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../seed/menu-tree.js';
import { residentId } from '../seed/people-seed.js';
import { multipartFile } from '../test-support/multipart.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const REGIST = '/api/blade-registInfo/registInfo';
const ALUMNI = '/api/blade-basicInfo/basicInfo';
const STUDENT = '/api/blade-student/student';
const SMS_PUSH = '/api/smsPush/smsPush';
const SMS_TARGET = '/api/smsPushTarget/smsPushTarget';
/** 计算机科学与技术学院 and its 本科 speciality 网络工程 (seed/academic-seed.ts). */
const CS = seedId(1, 1);
const NETWORKS = seedId(2, 3);

/** One person's planted identity: values no seed or other row holds. */
interface Planted { idCardNo: string; phone: string; email: string }

/**
 * Personal data is written in clear only into its sealed column (DOMAIN 1.8): the test plants
 * distinctive ID numbers, phones and e-mails through every write path the API offers, lets the jobs
 * and the log writer finish, then reads every text column of every table and finds none of them.
 */
describe.each(testDialects())('personal data never in clear outside its sealed column on %s', (dialect) => {
  let t: TestApp;
  let office: string;
  const tag = String(Date.now() % 10000).padStart(4, '0');
  const planted: Planted[] = [];
  const canary = `Canary${tag}`;
  const person = (n: number): Planted => {
    const p = {
      idCardNo: residentId(`1976-11-${String(10 + n).padStart(2, '0')}`, 400 + n, n % 2 === 0),
      phone: `1357${n}${String(n * 7).padStart(2, '0')}${tag}`,
      email: `leak.probe${n}.${tag}@scan-test.example`,
    };
    planted.push(p);
    return p;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('office');
    await t.app.services.jobs.start();
  }, 180_000);
  afterAll(async () => t?.close());

  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Json> => {
    const res = await t.call(method, url, office, body, headers);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return (res.json() as Json).data as Json;
  };
  const registration = (p: Planted, extra: Json = {}) => ({
    name: '扫描测试', gender: '1', idType: '1', idCardNo: p.idCardNo, departmentId: CS, specialityId: NETWORKS, educationLevel: '2',
    enrollmentYear: 2001, graduationYear: 2005, areaCode: '+86', phone: p.phone, email: p.email, country: '中国', provinceCode: '110000', ...extra,
  });

  /** `table.column: needle` for every column of every table of the test's database that holds a needle (case aside). */
  async function findEverywhere(needles: readonly string[]): Promise<string[]> {
    const db = t.app.services.database.db;
    const lowered = needles.map((n) => n.toLowerCase());
    const columns = dialect === 'sqlite'
      ? (await sql<{ t: string; c: string }>`select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db)).rows
      : (await sql<{ t: string; c: string }>`select c.table_name as t, c.column_name as c from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
          where c.table_schema = current_schema() and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(db)).rows;
    const holds = (column: string, needle: string) => (dialect === 'sqlite'
      ? sql`instr(lower(cast(${sql.ref(column)} as text)), ${needle}) > 0`
      : sql`position(${needle} in lower(${sql.ref(column)}::text)) > 0`);
    const hits: string[] = [];
    for (const { t: table, c: column } of columns) {
      // One query a column; the needles it holds are named only when it holds any.
      const any = await sql<{ n: unknown }>`select count(*) as n from ${sql.table(table)} where ${sql.join(lowered.map((n) => holds(column, n)), sql` or `)}`.execute(db);
      if (Number(any.rows[0]?.n) === 0) continue;
      for (const needle of lowered) {
        const one = await sql<{ n: unknown }>`select count(*) as n from ${sql.table(table)} where ${holds(column, needle)}`.execute(db);
        if (Number(one.rows[0]?.n) > 0) hits.push(`${table}.${column}: ${needle}`);
      }
    }
    return hits;
  }

  it('plants ID numbers, phones and e-mails through every write path, and finds them in no column but their sealed one', async () => {
    // Staff forms: a registration, an alumni record, a roster entry.
    const staff = person(1);
    const reg = await ok('POST', `${REGIST}/manage/saveOrUpdate`, registration(staff));
    const alumnusPerson = person(2);
    await ok('POST', `${ALUMNI}/submit`, {
      name: '扫描校友', gender: '2', status: 1, idType: '1', idCardNo: alumnusPerson.idCardNo, phone: alumnusPerson.phone, email: alumnusPerson.email,
      studentStatuses: [{ departmentId: CS, specialityId: NETWORKS, educationLevel: '2', enrollmentYear: 2003 }],
    });
    const studentPerson = person(3);
    await ok('POST', `${STUDENT}/submit`, {
      studentNo: `S${tag}3`, name: '扫描学生', gender: '1', idType: '1', idCardNo: studentPerson.idCardNo, phone: studentPerson.phone, email: studentPerson.email,
      departmentId: CS, specialityId: NETWORKS, educationLevel: '2', studyForm: '1', studyStatus: '1', enrollmentYear: 2021, graduationYear: 2025,
    });
    // A refused save (the roster's ID number taken) answers an error and is logged.
    const twice = await t.call('POST', `${STUDENT}/submit`, office, {
      studentNo: `S${tag}4`, name: '扫描学生', gender: '1', idType: '1', idCardNo: studentPerson.idCardNo, phone: 'not-a-phone ' + studentPerson.phone,
      departmentId: CS, specialityId: NETWORKS, educationLevel: '2', studyForm: '1', studyStatus: '1', enrollmentYear: 2021,
    });
    expect(twice.statusCode).toBe(400);

    // The self-service page (/regist), without a token.
    const self = person(4);
    const { key } = (await t.call('GET', '/api/blade-auth/oauth/captcha', null)).json() as { key: string };
    const code = String(await t.app.services.captcha.peek(key));
    const open = await t.call('POST', `${REGIST}/open/submit`, null, registration(self, { agreementVersion: '1.1', name: '扫描自助' }),
      { 'captcha-key': key, 'captcha-code': code, 'tenant-id': '000000' });
    expect(open.statusCode, open.body).toBe(200);

    // An Excel import of alumni, previewed then committed.
    const imported = person(5);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('校友');
    sheet.addRow(['*姓名', '*性别', '证件号码', '手机号码', '电子邮箱', '*院系', '*专业', '*学历层次', '*入学年份', '毕业年份']);
    sheet.addRow(['扫描导入', '男', imported.idCardNo, imported.phone, imported.email, '计算机科学与技术学院', '网络工程', '本科', 2001, 2005]);
    const { body, headers } = multipartFile('校友.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const preview = await ok('POST', `${ALUMNI}/import?mode=skip`, body, { ...headers, 'accept-language': 'zh-CN' });
    expect(preview.failed, JSON.stringify(preview.errors)).toBe(0);
    await ok('POST', `${ALUMNI}/import?importId=${preview.importId}&mode=skip`, undefined, { 'accept-language': 'zh-CN' });

    // An examination merge: the registration approved, a second one of the same person merged into it with a new phone and e-mail.
    await ok('PUT', `${REGIST}/manage/examine`, { ids: reg.id, examineStatus: 1 });
    const alumniId = String((await ok('GET', `${REGIST}/detail/${reg.id}`)).alumniId);
    const merged = person(6);
    const twin = await ok('POST', `${REGIST}/manage/saveOrUpdate`, registration({ ...merged, idCardNo: staff.idCardNo }, { company: `扫描公司${canary}` }));
    const result = await ok('PUT', `${REGIST}/manage/examine`, { ids: twin.id, examineStatus: 3, mergeAlumniId: alumniId, overwriteFields: 'phone,email' });
    expect(result).toEqual({ succeeded: 1, failed: [] });

    // An SMS push to the merged person's number, sent by its jobs.
    const push = await ok('POST', `${SMS_PUSH}/submit`, {
      title: '扫描推送', smsCode: 'demo-sms', providerTemplateId: 'SMS_900000008', signName: '示范大学', content: '${name}校友您好', sendType: '1',
    });
    await ok('POST', `${SMS_TARGET}/submit`, { smsPushId: push.id, phone: merged.phone, name: '扫描自助' });
    await ok('POST', `${SMS_PUSH}/submit`, { id: push.id, pushStatus: 1 });
    const until = Date.now() + 45_000;
    for (;;) {
      const state = Number((await ok('GET', `${SMS_PUSH}/detail/${push.id}`)).pushStatus);
      if ([PUSH_STATUS.done, PUSH_STATUS.partlyFailed, PUSH_STATUS.failed].includes(state as 3)) break;
      if (Date.now() > until) throw new Error('the SMS push did not finish');
      await new Promise((r) => setTimeout(r, 200));
    }

    await t.app.services.logs.flush();
    const needles = planted.flatMap((p) => [p.idCardNo, p.phone, p.email]);
    expect(await findEverywhere(needles)).toEqual([]);
    // The scan finds what is there: a plain text planted beside them, in its own column and the audit trail.
    expect(await findEverywhere([canary])).toEqual(expect.arrayContaining([`alumni_regist_info.company: ${canary.toLowerCase()}`, `app_audit_trail.diff: ${canary.toLowerCase()}`]));
  }, 120_000);
});
