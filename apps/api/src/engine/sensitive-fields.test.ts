import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../seed/menu-tree.js';
import { residentId } from '../seed/people-seed.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

const STUDENT = '/api/blade-student/student';
/** 计算机科学与技术学院 and its 本科 speciality 网络工程 (seed/academic-seed.ts). */
const CS = seedId(1, 1);
const NETWORKS = seedId(2, 3);

describe.each(testDialects())('sensitive fields on %s (DOMAIN 1.8)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let editor: string;
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const idCardNo = residentId('1999-03-15', 7, true);
  const full = { idCardNo, phone: '13812345678', email: 'zhang.san@example.com', homeAddress: '北京市海淀区学院路 1 号', birthday: '1999-03-15' };
  const masked = { idCardNo: `1101${'*'.repeat(10)}${idCardNo.slice(-4)}`, phone: '138****5678', email: 'z***@example.com', homeAddress: '****', birthday: '1999-**-**' };
  let id: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    [viewer, editor] = await Promise.all([
      t.signInWithCodes(admin, ['alumni', 'student', 'student_view', 'student_export']),
      t.signInWithCodes(admin, ['alumni', 'student', 'student_view', 'student_edit']),
    ]);
    const res = await t.call('POST', `${STUDENT}/submit`, admin, {
      studentNo: `S${tag}`, name: '张敏感', gender: '1', idType: '1', departmentId: CS, specialityId: NETWORKS, educationLevel: '2',
      studyForm: '1', studyStatus: '1', enrollmentYear: 2021, graduationYear: 2025, ...full,
    });
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().data.id;
  });
  afterAll(async () => t?.close());

  const detail = async (token: string) => (await t.call('GET', `${STUDENT}/detail?id=${id}`, token)).json().data as Row;
  const listed = async (token: string) => (await t.call('GET', `${STUDENT}/list?studentNo=S${tag}`, token)).json().data.records[0] as Row;
  /** The personal-data access report's details of the record (decision 302). */
  const sensitiveViews = async () => {
    const rows = await t.app.services.database.db.selectFrom('app_personal_access').select(['record_ids', 'create_user'])
      .where('kind', '=', '2').where('record_ids', '=', id).execute();
    return rows.length;
  };

  it('masks every sensitive field for a caller without alumni_sensitive_view, in the list, the detail and the export', async () => {
    expect(await listed(viewer)).toMatchObject(masked);
    expect(await detail(viewer)).toMatchObject({ ...masked, name: '张敏感' });

    const res = await t.call('GET', `${STUDENT}/export?studentNo=S${tag}`, viewer);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values: string[] = [];
    book.worksheets[0]!.eachRow((row) => values.push(...(row.values as unknown[]).map(String)));
    expect(values).toContain(masked.phone);
    expect(values).not.toContain(full.phone);
  });

  it('shows full values to a caller with the code, and logs each detail that did', async () => {
    const before = await sensitiveViews();
    expect(await detail(admin)).toMatchObject(full);
    expect(await listed(admin)).toMatchObject({ phone: full.phone });
    expect(await sensitiveViews()).toBe(before + 1);
    await detail(viewer);
    expect(await sensitiveViews()).toBe(before + 1);
  });

  it('keeps the stored value when a form sends back what it was shown masked', async () => {
    const shown = await detail(editor);
    expect(shown).toMatchObject(masked);
    const saved = await t.call('POST', `${STUDENT}/submit`, editor, { ...shown, name: '张敏感改' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ ...masked, name: '张敏感改' });
    expect(await detail(admin)).toMatchObject({ ...full, name: '张敏感改' });
  });

  it('lets a caller without the code replace a value, never read it, and refuses a mask that is not the stored one', async () => {
    const replaced = await t.call('POST', `${STUDENT}/submit`, editor, { id, phone: '13900001111' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.phone).toBe('139****1111');
    expect((await detail(admin)).phone).toBe('13900001111');

    const wrong = await t.call('POST', `${STUDENT}/submit`, editor, { id, phone: '137****1111', email: 'x***@example.com' }, { 'accept-language': 'zh-CN' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.errors).toEqual({
      phone: '手机号码已隐藏部分内容，请填写完整的手机号码',
      email: '电子邮箱已隐藏部分内容，请填写完整的电子邮箱',
    });
    expect(await detail(admin)).toMatchObject({ phone: '13900001111', email: full.email });

    const english = await t.call('POST', `${STUDENT}/submit`, editor, { id, phone: '137****1111' }, { 'accept-language': 'en' });
    expect(english.json().data.errors.phone).toBe('Mobile is partly hidden: enter the whole Mobile');
  });

  it('refuses a masked value in a new row: there is nothing stored to keep', async () => {
    const res = await t.call('POST', `${STUDENT}/submit`, admin, {
      studentNo: `T${tag}`, name: '李新', gender: '1', idType: '1', departmentId: CS, specialityId: NETWORKS, educationLevel: '2',
      studyForm: '1', studyStatus: '1', enrollmentYear: 2021, phone: '138****5678',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.errors)).toEqual(['phone']);
  });
});
