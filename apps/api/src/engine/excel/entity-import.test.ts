import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../../test-support/multipart.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

const STUDENT = '/api/blade-student/student';
const HEADER = ['*学号', '*姓名', '*性别', '*院系', '*专业', '*学历层次', '*入学年份', '毕业年份', '手机号码', '证件号码'];

async function workbook(rows: (string | number)[][], header = HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学生');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function rowsOf(payload: Buffer | ArrayBuffer): Promise<{ sheets: string[]; rows: string[][] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return { sheets: book.worksheets.map((s) => s.name), rows };
}

describe.each(testDialects())('Excel import on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const tag = Math.random().toString(36).slice(2, 7).toUpperCase();
  const no = (n: number) => `IMP${tag}${n}`;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  const upload = (payload: Buffer, query: string, lang = 'zh-CN') => {
    const { body, headers } = multipartFile('名单.xlsx', payload, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return t.call('POST', `${STUDENT}/import?${query}`, admin, body, { ...headers, 'accept-language': lang });
  };
  const count = async (studentNo: string) =>
    (await t.call('GET', `${STUDENT}/list?studentNo=${studentNo}&size=10`, admin)).json().data.records as Record<string, unknown>[];

  it('offers a template whose header marks the required columns, and a sheet of dictionary choices', async () => {
    const res = await t.call('GET', `${STUDENT}/export-template`, admin, undefined, { 'accept-language': 'zh-CN' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const { sheets, rows } = await rowsOf(res.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['*学号', '*姓名', '*院系', '*专业', '班级']));
    expect(rows[0]).not.toContain('归属机构');
    expect(sheets).toContain('字典值');
  });

  it('previews without writing: good rows counted, each bad row with its reasons; a commit writes the good ones', async () => {
    const file = await workbook([
      [no(1), '张导入', '男', '计算机科学与技术学院', '网络工程', '本科', 2020, 2024, '13800138000', ''],
      // The same name at three levels in one department: the row's level tells them apart.
      [no(2), '李导入', '女', '计算机科学与技术学院', '计算机科学与技术', '硕士研究生', 2021, 2024, '', ''],
      [no(3), '王导入', '男', '计算机科学与技术学院', '网络工程', '本科', 2020, 2010, '', ''],
      [no(4), '赵导入', '不详', '不存在学院', '网络工程', '本科', 2020, '', '12345678901', ''],
      [no(1), '重复', '男', '计算机科学与技术学院', '网络工程', '本科', 2020, '', '', ''],
    ]);
    const preview = await upload(file, 'mode=skip');
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json().data;
    expect(result, JSON.stringify(result.errors)).toMatchObject({ total: 5, created: 2, failed: 3, skipped: 0, errorFileLink: null });
    expect(result.importId).toMatch(/^[0-9a-f-]{36}$/);
    const byRow = (row: number) => result.errors.filter((e: { row: number }) => e.row === row).map((e: { message: string }) => e.message).join(' | ');
    expect(byRow(4)).toContain('毕业年份');
    expect(byRow(5)).toMatch(/“不详”不是性别的可选值/);
    expect(byRow(5)).toMatch(/未找到院系“不存在学院”/);
    expect(byRow(5)).toContain('手机');
    expect(byRow(6)).toBe('与第2行重复');
    expect(await count(no(1))).toHaveLength(0);

    const commit = await t.call('POST', `${STUDENT}/import?importId=${result.importId}&mode=skip`, admin, undefined, { 'accept-language': 'zh-CN' });
    expect(commit.statusCode, commit.body).toBe(200);
    const written = commit.json().data;
    expect(written).toMatchObject({ total: 5, created: 2, failed: 3 });
    const students = await count(no(1));
    expect(students).toHaveLength(1);
    const [first] = students;
    expect(first).toMatchObject({ name: '张导入', gender: '1', enrollmentYear: 2020 });
    expect(first!.orgDeptId).toBeTruthy();
    const [second] = await count(no(2));
    const speciality = (await t.call('GET', `/api/blade-speciality/speciality/detail?id=${second!.specialityId}`, admin)).json().data;
    expect(speciality).toMatchObject({ specialityName: '计算机科学与技术', educationLevel: '3' });

    expect(written.errorFileLink).toBeTruthy();
    const errorFile = await t.call('GET', new URL(written.errorFileLink, 'http://x').pathname + new URL(written.errorFileLink, 'http://x').search, admin);
    expect(errorFile.statusCode).toBe(200);
    const { rows } = await rowsOf(errorFile.rawPayload);
    expect(rows[0]).toEqual([...HEADER, '错误原因']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['王导入', '赵导入', '重复']);
    expect(rows[3]![HEADER.length]).toBe('与第2行重复');

    // A used importId is gone.
    const again = await t.call('POST', `${STUDENT}/import?importId=${result.importId}`, admin, undefined, { 'accept-language': 'zh-CN' });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('导入已过期或不存在，请重新上传文件');
  });

  it('leaves out only the rows the rules refuse, however many rows are written with them', async () => {
    // Rows are written in chunks under one savepoint: a refusal deep in the file undoes its chunk,
    // which is written again row by row.
    const many = (n: number) => `${no(9)}M${n}`;
    const rows = Array.from({ length: 450 }, (_, i) =>
      [many(i), `批量${i}`, '男', '计算机科学与技术学院', '网络工程', '本科', 2020, i === 7 || i === 301 ? 2010 : 2024, '', '']);
    const written = (await upload(await workbook(rows), 'mode=skip&preview=0')).json().data;
    expect(written).toMatchObject({ total: 450, created: 448, failed: 2 });
    expect(written.errors.map((e: { row: number }) => e.row)).toEqual([9, 303]);
    const listed = async (q: string) => (await t.call('GET', `${STUDENT}/list?studentNo=${q}&size=1`, admin)).json().data.total as number;
    expect(await listed(`${no(9)}M`)).toBe(448);
    expect(await listed(many(300))).toBe(1);
    expect(await listed(many(301))).toBe(0);
  }, 120_000); // 450 rows written and listed: a minute beside the other suites

  it('skips or covers rows whose natural key exists, by the mode', async () => {
    const file = await workbook([[no(1), '张导入新', '男', '计算机科学与技术学院', '网络工程', '本科', 2020, 2024, '', '']]);
    const skip = (await upload(file, 'mode=skip&preview=0')).json().data;
    expect(skip).toMatchObject({ total: 1, created: 0, updated: 0, skipped: 1, failed: 0 });
    expect((await count(no(1)))[0]!.name).toBe('张导入');
    const cover = (await upload(file, 'mode=cover&preview=0')).json().data;
    expect(cover).toMatchObject({ total: 1, created: 0, updated: 1, skipped: 0, failed: 0 });
    expect((await count(no(1)))[0]!.name).toBe('张导入新');
  });

  it('reads English headers and labels, and answers in English', async () => {
    const file = await workbook(
      [[no(7), 'Import Seven', 'Female', '计算机科学与技术学院', '网络工程', 'Undergraduate', 2022, '', '', ''], [no(8), 'Bad', 'Nobody', '计算机科学与技术学院', '网络工程', 'Undergraduate', 2022, '', '', '']],
      ['*Student no.', '*Name', '*Gender', '*Department', '*Speciality', '*Level', '*Enrollment year', 'Graduation year', 'Mobile', 'ID number'],
    );
    const res = (await upload(file, 'preview=1', 'en')).json().data;
    expect(res).toMatchObject({ total: 2, created: 1, failed: 1 });
    expect(res.errors[0].message).toBe('“Nobody” is not a choice of Gender');
  });

  it('refuses what is not a sheet to import with a clear message, writing nothing', async () => {
    const notExcel = await upload(Buffer.from('学号,姓名\n1,2'), 'mode=skip');
    expect(notExcel.statusCode).toBe(400);
    expect(notExcel.json().msg).toBe('无法读取文件，请上传 Excel (.xlsx) 文件');
    const noColumns = await upload(await workbook([['x']], ['什么']), 'mode=skip');
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().msg).toBe('表头中没有可导入的列，请使用导入模板');
    const badMode = await upload(await workbook([]), 'mode=replace');
    expect(badMode.statusCode).toBe(400);
    const unknownId = await t.call('POST', `${STUDENT}/import?importId=00000000-0000-0000-0000-000000000000`, admin);
    expect(unknownId.statusCode).toBe(400);
  });

  it('writes nothing when the database fails in the middle of a commit', async () => {
    const file = await workbook([20, 21, 22].map((n) => [no(n), `失败${n}`, '男', '计算机科学与技术学院', '网络工程', '本科', 2020, '', '', '']));
    const previewed = (await upload(file, 'mode=skip')).json().data;
    expect(previewed).toMatchObject({ total: 3, created: 3, failed: 0 });
    const ops = t.app.services.operations;
    const original = ops.writeRow.bind(ops);
    let calls = 0;
    ops.writeRow = async (...args: Parameters<typeof original>) => {
      calls += 1;
      if (calls === 2) throw new Error('the disk is full');
      return original(...args);
    };
    try {
      const res = await t.call('POST', `${STUDENT}/import?importId=${previewed.importId}`, admin, undefined, { 'accept-language': 'zh-CN' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('导入失败，未写入任何数据');
    } finally {
      ops.writeRow = original;
    }
    expect(calls).toBe(2);
    for (const n of [20, 21, 22]) expect(await count(no(n))).toHaveLength(0);
  });

  it('refuses a caller without the import code', async () => {
    const college = await t.signIn('college');
    const res = await t.call('GET', `${STUDENT}/export-template`, college);
    expect(res.statusCode).toBe(403);
  });
});
