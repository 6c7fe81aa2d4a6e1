import { studentEntity } from '@alumni/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../seed/menu-tree.js';
import { residentId } from '../../seed/people-seed.js';
import { ADMIN_USER_ID, menuIdsByCode } from '../../seed/platform-seed.js';
import { SeedWriter } from '../../seed/seed-writer.js';
import { portalHeaders, signInAlumnusForTest } from '../../test-support/portal-calls.js';
import { DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

const STUDENT = '/api/blade-student/student';
const REPORT = '/api/blade-log/personal-access';
/** 计算机科学与技术学院 and its 本科 speciality 网络工程 (seed/academic-seed.ts). */
const CS = seedId(1, 1);
const NETWORKS = seedId(2, 3);

describe.each(testDialects())('personal-data access report on %s (decisions 302–304)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let foreign: string;
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const idCardNo = residentId('1998-05-20', 11, false);
  const full = { idCardNo, phone: '13712340001', email: 'li.si@example.com', homeAddress: '上海市徐汇区漕溪路 2 号' };
  const ids: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    // Tenant 100001's package and administrator role are given the report, as an operator would.
    const { db } = t.app.services.database;
    const menus = menuIdsByCode();
    const granted = ['monitor', 'log', 'personal_access', 'personal_access_view', 'personal_access_export'].map((c) => menus.get(c) as string);
    const tenant = await db.selectFrom('blade_tenant').select('package_id').where('tenant_id', '=', '100001').executeTakeFirstOrThrow();
    const pkg = await db.selectFrom('blade_tenant_package').select('menu_id').where('id', '=', tenant.package_id as string).executeTakeFirstOrThrow();
    await db.updateTable('blade_tenant_package').set({ menu_id: `${String(pkg.menu_id)},${granted.join(',')}` }).where('id', '=', tenant.package_id as string).execute();
    const role = await db.selectFrom('blade_role').select('id').where('tenant_id', '=', '100001').where('role_alias', '=', 'admin').executeTakeFirstOrThrow();
    const w = new SeedWriter(db, ADMIN_USER_ID);
    for (const menuId of granted) await w.link('blade_role_menu', { roleId: role.id, menuId });
    t.app.services.access.invalidate();
    [admin, foreign] = await Promise.all([t.signIn('admin'), t.signIn('admin', DEMO_PASSWORD, '100001')]);
    viewer = await t.signInWithCodes(admin, ['alumni', 'student', 'student_view', 'student_export']);
    for (const [i, phone] of [[1, '13712340001'], [2, '13712340002']] as const) {
      const res = await t.call('POST', `${STUDENT}/submit`, admin, {
        studentNo: `P${tag}${i}`, name: `李访问${i}`, gender: '1', idType: '1', departmentId: CS, specialityId: NETWORKS, educationLevel: '2',
        studyForm: '1', studyStatus: '1', enrollmentYear: 2020, graduationYear: 2024, ...full, idCardNo: residentId('1998-05-20', 10 + i, false), phone,
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(String(res.json().data.id));
    }
  });
  afterAll(async () => t?.close());

  /** The events (newest first) that name any of this test's records, as the table holds them. */
  const events = async (): Promise<Row[]> => {
    const rows = await t.app.services.database.db.selectFrom('app_personal_access').selectAll().orderBy('id', 'desc').execute();
    return rows.filter((r) => ids.some((id) => String(r.record_ids ?? '').split(',').includes(id)) || String(r.filter ?? '').includes(tag));
  };
  const byTag = `studentNo_like=P${tag}`;

  it('writes nothing for a masked list, detail or export', async () => {
    const before = (await events()).length;
    const list = await t.call('GET', `${STUDENT}/list?${byTag}`, viewer);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.records[0].phone).toMatch(/\*{4}/);
    expect((await t.call('GET', `${STUDENT}/detail?id=${ids[0]}`, viewer)).json().data.phone).toBe('137****0001');
    expect((await t.call('GET', `${STUDENT}/export?studentNo=P${tag}1`, viewer)).statusCode).toBe(200);
    expect((await events()).length).toBe(before);
  });

  it('writes one event per unmasked list, detail and export, with the ids and field names and no personal value', async () => {
    const list = await t.call('GET', `${STUDENT}/list?studentNo_like=P${tag}&phone=13712340001&size=20`, admin,
      undefined, { 'blade-purpose': encodeURIComponent('校友回访核对') });
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json().data.records as Row[]).map((r) => String(r.id));
    expect(listed.length).toBeGreaterThan(0);
    let rows = await events();
    const listEvent = rows[0]!;
    expect(listEvent).toMatchObject({ kind: '1', entity: 'student', account: 'admin', tenant_id: '000000' });
    expect(String(listEvent.record_ids).split(',').sort()).toEqual([...listed].sort());
    expect(Number(listEvent.record_count)).toBe(listed.length);
    expect(String(listEvent.fields).split(',')).toEqual(expect.arrayContaining(['idCardNo', 'phone', 'email', 'homeAddress']));
    expect(listEvent.purpose).toBe(`GET ${STUDENT}/list · 校友回访核对`);
    expect(JSON.parse(String(listEvent.filter))).toEqual({ studentNo_like: '*', phone: '*' });
    const stored = Object.values(listEvent).map(String).join(' | ');
    for (const value of [full.phone, '13712340002', full.email, full.homeAddress, 'P'.concat(tag)]) expect(stored).not.toContain(value);

    const detail = await t.call('GET', `${STUDENT}/detail?id=${ids[1]}`, admin);
    expect(detail.json().data.phone).toBe('13712340002');
    rows = await events();
    expect(rows[0]).toMatchObject({ kind: '2', entity: 'student', record_ids: ids[1], account: 'admin' });
    expect(Number(rows[0]!.record_count)).toBe(1);

    const file = await t.call('GET', `${STUDENT}/export?studentNo=P${tag}1`, admin);
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    rows = await events();
    expect(rows[0]).toMatchObject({ kind: '3', entity: 'student', record_ids: ids[0], purpose: `GET ${STUDENT}/export` });
    expect(String(rows[0]!.fields)).toContain('phone');
  });

  it('reports per tenant and period, filtered by user and kind, with a summary; another tenant sees none of it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const range = `createTime_datege=${today}&createTime_datele=2999-12-31`;
    const page = await t.call('GET', `${REPORT}/list?account=admin&entity=student&size=100&${range}`, admin);
    expect(page.statusCode, page.body).toBe(200);
    const mine = (page.json().data.records as Row[]).filter((r) => ids.some((id) => String(r.recordIds ?? '').split(',').includes(id)));
    expect(mine.map((r) => r.kind).sort()).toEqual(['1', '2', '3']);
    expect(mine.find((r) => r.kind === '2')).toMatchObject({ kindName: '详情查看', recordIds: ids[1], recordCount: 1 });

    const exports = await t.call('GET', `${REPORT}/list?account=admin&kind=3&size=100`, admin);
    expect((exports.json().data.records as Row[]).every((r) => r.kind === '3')).toBe(true);
    const past = await t.call('GET', `${REPORT}/list?createTime_datele=2000-01-01`, admin);
    expect(past.json().data.total).toBe(0);
    const nobody = await t.call('GET', `${REPORT}/list?account=nobody${tag}`, admin);
    expect(nobody.json().data.total).toBe(0);

    const summary = await t.call('GET', `${REPORT}/summary?entity=student&${range}`, admin);
    expect(summary.statusCode, summary.body).toBe(200);
    const detailLine = (summary.json().data as Row[]).find((r) => r.account === 'admin' && r.kind === '2');
    expect(detailLine).toMatchObject({ kindName: '详情查看', userName: expect.any(String) });
    expect(detailLine!.events).toBeGreaterThanOrEqual(1);

    // Tenant 100001's administrator reads its own tenant's events only: none of ours.
    const theirs = await t.call('GET', `${REPORT}/list?size=1000`, foreign);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((theirs.json().data.records as Row[]).every((r) => r.tenantId === '100001')).toBe(true);
    expect(JSON.stringify(theirs.json().data.records)).not.toContain(ids[0]);
    expect((await t.call('GET', `${REPORT}/summary`, foreign)).json().data.some((r: Row) => r.account === 'admin' && r.kind === '3')).toBe(false);
    expect((await t.call('GET', `${REPORT}/list?tenantId=000000`, foreign)).statusCode).toBe(403);
    expect((await t.call('GET', `${REPORT}/summary?tenantId=000000`, foreign)).statusCode).toBe(403);
    expect((await t.call('GET', `${REPORT}/export?tenantId=000000`, foreign)).statusCode).toBe(403);
    const chosen = await t.call('GET', `${REPORT}/list?tenantId=100001&size=1000`, admin);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(JSON.stringify(chosen.json().data.records)).not.toContain(ids[0]);
    const bad = await t.call('GET', `${REPORT}/list?tenantId=abc`, admin, undefined, { 'accept-language': 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('The tenant ID must be 6 digits');
    expect((await t.call('GET', `${REPORT}/list`, viewer)).statusCode).toBe(403);
  });

  it('exports the period as an xlsx whose rows are the report\'s', async () => {
    const filters = `account=admin&entity=student`;
    const page = await t.call('GET', `${REPORT}/list?${filters}&size=1000`, admin);
    const listed = page.json().data.records as Row[];
    const res = await t.call('GET', `${REPORT}/export?${filters}`, admin, undefined, { 'accept-language': 'zh-CN' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toEqual(expect.arrayContaining(['账号', '访问方式', '记录编号', '显示的字段', '用途', '创建时间']));
    const at = (name: string) => header.indexOf(name) + 1;
    const rows: Row[] = [];
    sheet.eachRow((row, n) => { if (n > 1) rows.push({ account: row.getCell(at('账号')).text, kind: row.getCell(at('访问方式')).text, ids: row.getCell(at('记录编号')).text }); });
    expect(rows.length).toBe(listed.length);
    expect(rows.map((r) => r.ids)).toEqual(listed.map((r) => r.recordIds ?? ''));
    expect(rows.map((r) => r.kind)).toEqual(listed.map((r) => r.kindName));
    expect(rows.every((r) => r.account === 'admin')).toBe(true);
  });

  it('records the office\'s unmasked alumni list as one event, and an alumnus\'s download of their own data', async () => {
    const office = await t.signIn('office');
    const before = await t.app.services.database.db.selectFrom('app_personal_access').select('id').execute();
    const seen = await t.call('GET', '/api/blade-basicInfo/basicInfo/list?size=5&status=1', office);
    expect(seen.statusCode, seen.body).toBe(200);
    const me = (seen.json().data.records as Row[])[0]!;
    const listed = await t.app.services.database.db.selectFrom('app_personal_access').selectAll().orderBy('id', 'desc').execute();
    expect(listed.length).toBe(before.length + 1);
    expect(listed[0]).toMatchObject({ kind: '1', entity: 'basicInfo', account: 'office' });
    expect(String(listed[0]!.record_ids).split(',')).toEqual((seen.json().data.records as Row[]).map((r) => String(r.id)));

    const mine = await signInAlumnusForTest(t.app, '000000', String(me.id));
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-portal/privacy/export?format=json', headers: portalHeaders(mine) });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const [event] = await t.app.services.database.db.selectFrom('app_personal_access').selectAll().orderBy('id', 'desc').limit(1).execute();
    expect(event).toMatchObject({ kind: '5', entity: 'basicInfo', account: 'portal', record_ids: String(me.id), user_name: null, tenant_id: '000000' });
    expect(String(event!.fields)).toContain('phone');
  });

  it('keeps a large read bounded: its count and filter, not its ids', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => String(9_000_000 + i));
    const reader = { tenantId: '000000', userId: '1', account: 'bulk', realName: '', origin: { ip: '10.0.0.9', requestId: 'r1', route: 'GET /api/x/export' } };
    await t.app.services.personalAccess.record(reader, { kind: 'export', entity: 'student', recordIds: many, count: 4321, fields: ['phone'], filter: { gender: '1' } }, studentEntity);
    await t.app.services.personalAccess.record(reader, { kind: 'export', entity: 'student', recordIds: many, fields: ['phone'] });
    const rows = await t.app.services.database.db.selectFrom('app_personal_access').selectAll().where('account', '=', 'bulk').orderBy('id').execute();
    expect(rows.map((r) => [Number(r.record_count), r.record_ids === null, r.filter, r.ip])).toEqual([
      [4321, true, '{"gender":"1"}', '10.0.0.9'], [1000, false, null, '10.0.0.9'],
    ]);
  });
});
