import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../seed/menu-tree.js';
import { menuIdsByCode, ROOT_DEPT_ID } from '../seed/platform-seed.js';
import { multipartFile } from '../test-support/multipart.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

const STUDENT = '/api/blade-student/student';
const RULES = '/api/blade-system/role/field-rules';
/** 计算机科学与技术学院 and its 本科 speciality 网络工程 (seed/academic-seed.ts). */
const CS = seedId(1, 1);
const NETWORKS = seedId(2, 3);
const STUDENT_CODES = ['alumni', 'student', 'student_view', 'student_add', 'student_edit', 'student_export', 'student_import'];

async function sheetRows(payload: Buffer | ArrayBuffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

describe.each(testDialects())('field-level permissions on %s (decisions 320–322)', (dialect) => {
  let t: TestApp;
  let admin: string;
  /** A role holding the student menu with phone hidden and graduation year read-only, and its user. */
  let restrictedRole: string;
  let restricted: string;
  /** The same role and a second one reading students without rules: grants add up. */
  let both: string;
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  let id: string;

  const created = async (url: string, body: object) => {
    const res = await t.call('POST', url, admin, body);
    if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.body}`);
    return res.json().data as { id: string };
  };
  /** A role holding `codes`, and the id of the role. */
  const role = async (name: string, codes: string[]) => {
    const menus = menuIdsByCode();
    const r = await created('/api/blade-system/role/submit', { parentId: '0', roleName: `${name}${tag}`, roleAlias: `${name}_${tag}`, sort: 97 });
    await created('/api/blade-system/role/grant', { roleIds: [r.id], menuIds: codes.map((c) => menus.get(c)) });
    return r.id;
  };
  const user = async (account: string, roleId: string) => {
    await created('/api/blade-user/submit', { account: `${account}${tag}`, name: account, realName: '字段权限', roleId, deptId: ROOT_DEPT_ID });
    return t.signIn(`${account}${tag}`);
  };
  const detail = async (token: string) => (await t.call('GET', `${STUDENT}/detail?id=${id}`, token)).json().data as Row;
  const listed = (token: string, query = `studentNo=S${tag}`) => t.call('GET', `${STUDENT}/list?${query}`, token);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    restrictedRole = await role('fp_office', STUDENT_CODES);
    const plain = await role('fp_plain', ['alumni', 'student', 'student_view']);
    restricted = await user('fpoffice', restrictedRole);
    both = await user('fpboth', `${restrictedRole},${plain}`);
    const rules = await t.call('POST', RULES, admin, {
      roleId: restrictedRole, entity: 'student', rules: [{ field: 'phone', mode: 'hidden' }, { field: 'graduationYear', mode: 'readonly' }],
    });
    expect(rules.statusCode, rules.body).toBe(200);
    id = (await created(`${STUDENT}/submit`, {
      studentNo: `S${tag}`, name: '字段甲', gender: '1', idType: '1', departmentId: CS, specialityId: NETWORKS, educationLevel: '2',
      studyForm: '1', studyStatus: '1', enrollmentYear: 2021, graduationYear: 2025, phone: '13812345678', email: 'fp@example.com',
    })).id;
    // A fresh database, two roles and two users: more than the default minute on two busy cores.
  }, 180_000);
  afterAll(async () => t?.close());

  it('answers a hidden field in no list or detail, and shows a read-only one', async () => {
    const [row] = (await listed(restricted)).json().data.records as Row[];
    expect(row).toMatchObject({ name: '字段甲', graduationYear: 2025 });
    expect(row).not.toHaveProperty('phone');
    const one = await detail(restricted);
    expect(one).toMatchObject({ name: '字段甲', graduationYear: 2025, email: 'f***@example.com' });
    expect(one).not.toHaveProperty('phone');
    // The administrator reads it whole.
    expect((await detail(admin)).phone).toBe('13812345678');
  });

  it('refuses a filter or a sort by a hidden field with 400', async () => {
    const filtered = await listed(restricted, `phone=138`);
    expect(filtered.statusCode).toBe(400);
    expect(filtered.json().msg).toBe('不能按您不可见的字段手机号码查询或排序');
    expect((await listed(restricted, `studentNo=S${tag}&descs=phone`)).statusCode).toBe(400);
    expect((await listed(restricted, `studentNo=S${tag}&descs=graduationYear`)).statusCode).toBe(200);
  });

  it('writes no column of a hidden field into an export', async () => {
    const res = await t.call('GET', `${STUDENT}/export?studentNo=S${tag}`, restricted, undefined, { 'accept-language': 'zh-CN' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toContain('姓名');
    expect(rows[0]).not.toContain('手机号码');
    expect(rows.flat().some((v) => v.includes('5678'))).toBe(false);
  });

  it('refuses a write of a hidden field or a change of a read-only one with 400, and keeps a read-only value sent back unchanged', async () => {
    const hidden = await t.call('POST', `${STUDENT}/submit`, restricted, { id, phone: '13900000000' }, { 'accept-language': 'zh-CN' });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().data.errors).toEqual({ phone: '手机号码对您不可见，不能填写' });
    const changed = await t.call('POST', `${STUDENT}/submit`, restricted, { id, graduationYear: 2026, name: '字段乙' }, { 'accept-language': 'en' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().data.errors).toEqual({ graduationYear: 'Graduation year is read-only for you: it cannot be changed' });
    expect(await detail(admin)).toMatchObject({ name: '字段甲', graduationYear: 2025, phone: '13812345678' });

    // The edit form sends back every field it showed: the read-only one as it was, the hidden one not at all.
    const shown = await detail(restricted);
    const saved = await t.call('POST', `${STUDENT}/submit`, restricted, { ...shown, name: '字段乙' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).not.toHaveProperty('phone');
    expect(await detail(admin)).toMatchObject({ name: '字段乙', graduationYear: 2025, phone: '13812345678' });
  });

  it('refuses a new row that fills a restricted field, and adds one that leaves them out', async () => {
    const row = {
      studentNo: `N${tag}`, name: '字段丙', gender: '1', idType: '1', departmentId: CS, specialityId: NETWORKS, educationLevel: '2',
      studyForm: '1', studyStatus: '1', enrollmentYear: 2022,
    };
    const refused = await t.call('POST', `${STUDENT}/submit`, restricted, { ...row, phone: '13700000000', graduationYear: 2026 });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().data.errors).sort()).toEqual(['graduationYear', 'phone']);
    const added = await t.call('POST', `${STUDENT}/submit`, restricted, row);
    expect(added.statusCode, added.body).toBe(200);
    expect((await t.call('GET', `${STUDENT}/detail?id=${added.json().data.id}`, admin)).json().data).toMatchObject({ name: '字段丙', phone: null, graduationYear: null });
  });

  it('refuses the import rows that write a restricted field, naming it, and writes the others', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('学生');
    sheet.addRow(['*学号', '*姓名', '*性别', '*院系', '*专业', '*学历层次', '*入学年份', '毕业年份', '手机号码']);
    sheet.addRow([`I${tag}1`, '导入甲', '男', '计算机科学与技术学院', '网络工程', '本科', 2020, '', '']);
    sheet.addRow([`I${tag}2`, '导入乙', '男', '计算机科学与技术学院', '网络工程', '本科', 2020, '', '13600000000']);
    sheet.addRow([`I${tag}3`, '导入丙', '男', '计算机科学与技术学院', '网络工程', '本科', 2020, 2024, '']);
    const { body, headers } = multipartFile('名单.xlsx', Buffer.from(await book.xlsx.writeBuffer()), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const res = await t.call('POST', `${STUDENT}/import?mode=skip&preview=0`, restricted, body, { ...headers, 'accept-language': 'zh-CN' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ total: 3, created: 1, failed: 2 });
    expect(result.errors.map((e: Row) => [e.row, e.field, e.message])).toEqual([
      [3, 'phone', '手机号码对您不可见，不能填写'],
      [4, 'graduationYear', '毕业年份为只读字段，您不能修改'],
    ]);
  });

  it('restricts a field only as far as every role of the caller that reads the entity restricts it', async () => {
    // The second role reads students without rules: the user holding both reads the phone (masked: no sensitive view).
    expect((await detail(both)).phone).toBe('138****5678');
    const mine = (await t.call('GET', '/api/blade-system/menu/field-rules', restricted)).json().data;
    expect(mine).toEqual({ student: { phone: 'hidden', graduationYear: 'readonly' } });
    expect((await t.call('GET', '/api/blade-system/menu/field-rules', both)).json().data).toEqual({});
  });

  it('grants rules as menus are granted (role_grant, known entities, fields and modes), and a change applies at once', async () => {
    const noGrant = await t.call('POST', RULES, restricted, { roleId: restrictedRole, entity: 'student', rules: [] });
    expect(noGrant.statusCode).toBe(403);
    const badField = await t.call('POST', RULES, admin, { roleId: restrictedRole, entity: 'student', rules: [{ field: 'nope', mode: 'hidden' }] });
    expect(badField.statusCode).toBe(400);
    const badMode = await t.call('POST', RULES, admin, { roleId: restrictedRole, entity: 'student', rules: [{ field: 'phone', mode: 'masked' }] });
    expect(badMode.statusCode).toBe(400);
    const badEntity = await t.call('POST', RULES, admin, { roleId: restrictedRole, entity: 'nothing', rules: [] });
    expect(badEntity.statusCode).toBe(400);
    const read = await t.call('GET', `${RULES}?roleId=${restrictedRole}`, admin);
    expect(read.json().data).toEqual([{ entity: 'student', field: 'graduationYear', mode: 'readonly' }, { entity: 'student', field: 'phone', mode: 'hidden' }]);

    const cleared = await t.call('POST', RULES, admin, { roleId: restrictedRole, entity: 'student', rules: [] });
    expect(cleared.statusCode).toBe(200);
    expect((await detail(restricted)).phone).toBe('138****5678');
    expect((await t.call('GET', `${RULES}?roleId=${restrictedRole}`, admin)).json().data).toEqual([]);
  });
});
