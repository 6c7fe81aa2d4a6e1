import { basicInfoEntity } from '@alumni/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_LOG_TABLE } from '../../db/migrations/023-consent-log.js';
import { residentId } from '../../seed/people-seed.js';
import { multipartFile } from '../../test-support/multipart.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const ALUMNI = '/api/blade-basicInfo/basicInfo';
const STATUS = '/api/blade-studentStatus/studentStatus';
const HEADER = ['*姓名', '*性别', '证件号码', '手机号码', '接收短信', '工作单位', '*院系', '*专业', '*学历层次', '*入学年份', '毕业年份'];
const CS = '计算机科学与技术学院';

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('校友');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe.each(testDialects())('alumni imported with their study records on %s (DOMAIN 4.3.1)', (dialect) => {
  let t: TestApp;
  let office: string;
  const tag = Date.now() % 100000;
  const name = (n: number) => `导入${String.fromCharCode(0x4e00 + (tag % 1000) * 8 + n)}校友`;
  const idA = residentId('1983-04-05', tag % 500, true);
  const phoneB = `1371${String(tag).padStart(7, '0')}`;
  const db = () => t.app.services.database.db;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('office');
  });
  afterAll(async () => t?.close());

  const upload = async (rows: (string | number)[][], query: string) => {
    const { body, headers } = multipartFile('校友.xlsx', await workbook(rows));
    const res = await t.call('POST', `${ALUMNI}/import?${query}`, office, body, { ...headers, 'accept-language': 'zh-CN' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json;
  };
  const find = async (query: string) => ((await t.call('GET', `${ALUMNI}/list?${query}&size=10`, office)).json().data.records as Json[]);
  const studies = async (alumniId: string) =>
    ((await t.call('GET', `${STATUS}/list?alumniId=${alumniId}&size=20`, office)).json().data.records as Json[])
      .map((r) => `${r.educationLevel}:${r.enrollmentYear}:${r.source}:${r.examineStatus}`).sort();
  const messages = (result: Json, row: number) => (result.errors as Json[]).filter((e) => e.row === row).map((e) => e.message).join(' | ');

  it('offers a template with the study record\'s columns after the alumnus\'s own, in the caller\'s language', async () => {
    for (const [lang, wanted] of [['zh-CN', ['*姓名', '证件号码', '*院系', '*专业', '*学历层次', '*入学年份', '毕业年份']], ['en', ['*Name', 'ID number', '*Department', '*Speciality', '*Level', '*Enrollment year', 'Graduation year']]] as const) {
      const res = await t.call('GET', `${ALUMNI}/export-template`, office, undefined, { 'accept-language': lang });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const header = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
      expect(header).toEqual(expect.arrayContaining([...wanted]));
      expect(header.indexOf(wanted[2])).toBeGreaterThan(header.indexOf(wanted[1]));
      expect(header).not.toContain(lang === 'en' ? 'Alumni code' : '校友编号');
    }
  });

  it('previews without writing, then writes new alumni with and without ID numbers, refusing the bad rows alone', async () => {
    const rows = [
      [name(1), '男', idA, '', '否', '甲公司', CS, '网络工程', '本科', 2001, 2005],
      [name(2), '女', '', phoneB, '', '', CS, '计算机科学与技术', '硕士研究生', 2006, 2009],
      [name(3), '男', '', '', '', '', '不存在学院', '网络工程', '本科', 2001, 2005],
      [name(4), '男', idA.toLowerCase(), '', '', '', CS, '网络工程', '本科', 2002, 2006],
      [name(5), '女', '', '', '', '', CS, '网络工程', '本科', 1999, 2003],
    ];
    const preview = await upload(rows, 'mode=skip');
    expect(preview, JSON.stringify(preview.errors)).toMatchObject({ total: 5, created: 3, updated: 0, skipped: 0, failed: 2 });
    expect(messages(preview, 4)).toContain(`未找到院系“不存在学院”`);
    expect(messages(preview, 5)).toBe('与第2行重复');
    expect(await find(`idCardNo=${idA}`)).toHaveLength(0);

    const commit = await t.call('POST', `${ALUMNI}/import?importId=${preview.importId}&mode=skip`, office, undefined, { 'accept-language': 'zh-CN' });
    expect(commit.statusCode, commit.body).toBe(200);
    const written = commit.json().data as Json;
    expect(written).toMatchObject({ total: 5, created: 3, failed: 2 });
    expect(written.errors.map((e: Json) => e.row)).toEqual([4, 5]);

    // Found by the list's exact filter on the sealed ID number, recorded as imported.
    const [a] = await find(`idCardNo=${idA}`);
    expect(a).toMatchObject({ name: name(1), source: '4', allowSms: 0, allowEmail: 1 });
    expect(await studies(a!.id)).toEqual(['2:2001:4:1']);
    const stored = (await db().selectFrom(basicInfoEntity.table).select(['id_card_no', 'phone']).where('id', '=', a!.id).executeTakeFirstOrThrow()) as Json;
    expect(String(stored.id_card_no)).toMatch(/^gcm1:/);
    const [b] = await find(`phone=${phoneB}`);
    expect(b).toMatchObject({ name: name(2), source: '4' });
    expect(String(((await db().selectFrom(basicInfoEntity.table).select('phone').where('id', '=', b!.id).executeTakeFirstOrThrow()) as Json).phone)).toMatch(/^gcm1:/);
    expect(await studies(b!.id)).toEqual(['3:2006:4:1']);
    expect(await find(`name=${encodeURIComponent(name(5))}`)).toHaveLength(1);
    expect(await find(`name=${encodeURIComponent(name(3))}`)).toHaveLength(0);

    // The consent the sheet states is logged as imported (consent source 5).
    const logs = (await db().selectFrom(CONSENT_LOG_TABLE).select(['channel', 'allowed', 'source']).where('alumni_id', '=', a!.id).execute()) as Json[];
    expect(logs.length).toBeGreaterThan(0);
    expect(new Set(logs.map((l) => String(l.source)))).toEqual(new Set(['5']));
    expect(logs.some((l) => Number(l.allowed) === 0)).toBe(true);
  });

  it('covers an alumnus found by ID number or by name and phone, adding a study record it does not have yet', async () => {
    const [a] = await find(`idCardNo=${idA}`);
    const [b] = await find(`phone=${phoneB}`);
    const result = await upload([
      [name(1), '男', idA, '', '', '乙公司', CS, '计算机科学与技术', '硕士研究生', 2005, 2008],
      // The same study record as before: the alumnus keeps one.
      [name(2), '女', '', phoneB, '', '丙公司', CS, '计算机科学与技术', '硕士研究生', 2006, 2009],
    ], 'mode=cover&preview=0');
    expect(result, JSON.stringify(result.errors)).toMatchObject({ total: 2, created: 0, updated: 2, failed: 0 });
    expect(await studies(a!.id)).toEqual(['2:2001:4:1', '3:2005:4:1']);
    expect(await studies(b!.id)).toEqual(['3:2006:4:1']);
    expect((await find(`idCardNo=${idA}`))[0]).toMatchObject({ id: a!.id, company: '乙公司' });
    expect((await find(`phone=${phoneB}`))[0]).toMatchObject({ id: b!.id, company: '丙公司' });
  });

  it('leaves an alumnus it finds untouched in skip mode', async () => {
    const [a] = await find(`idCardNo=${idA}`);
    const result = await upload([[name(1), '男', idA, '', '', '丁公司', CS, '网络工程', '本科', 2010, 2014]], 'mode=skip&preview=0');
    expect(result).toMatchObject({ total: 1, created: 0, updated: 0, skipped: 1 });
    expect(await studies(a!.id)).toEqual(['2:2001:4:1', '3:2005:4:1']);
    expect((await find(`idCardNo=${idA}`))[0]).toMatchObject({ company: '乙公司' });
  });
});
