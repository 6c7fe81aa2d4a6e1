import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../test-support/multipart.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

const STATUS = '/api/blade-studentStatus/studentStatus';
const HEADER = ['*校友编号', '*院系', '*专业', '*学历层次', '*入学年份', '毕业年份'];

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学籍');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe.each(testDialects())('study records imported by alumni code on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  const upload = async (rows: (string | number)[][], query: string) => {
    const { body, headers } = multipartFile('学籍.xlsx', await workbook(rows));
    const res = await t.call('POST', `${STATUS}/import?${query}`, admin, body, { ...headers, 'accept-language': 'zh-CN' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('names the alumnus by code in the template and the sheet; records its source as an import', async () => {
    const template = await t.call('GET', `${STATUS}/export-template`, admin, undefined, { 'accept-language': 'zh-CN' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(expect.arrayContaining(['*校友编号', '*院系', '*专业']));

    const master = ['XY0000001', '计算机科学与技术学院', '计算机科学与技术', '硕士研究生', 1996, 1999];
    const result = await upload([master, ['XY9999999', '计算机科学与技术学院', '计算机科学与技术', '硕士研究生', 1996, ''], master], 'mode=skip&preview=0');
    expect(result).toMatchObject({ total: 3, created: 1, failed: 2 });
    expect(result.errors.map((e: { message: string }) => e.message)).toEqual(['未找到校友编号“XY9999999”', '与第2行重复']);

    const alumnus = (await t.call('GET', '/api/blade-basicInfo/basicInfo/select?keyword=XY0000001', admin)).json().data[0];
    const records = (await t.call('GET', `${STATUS}/list?alumniId=${alumnus.id}&educationLevel=3&size=10`, admin)).json().data.records;
    expect(records.filter((r: { enrollmentYear: number }) => r.enrollmentYear === 1996)).toEqual([
      expect.objectContaining({ source: '4', examineStatus: 1, graduationYear: 1999 }),
    ]);

    const again = await upload([master], 'mode=skip&preview=0');
    expect(again).toMatchObject({ total: 1, created: 0, skipped: 1 });
  });
});
