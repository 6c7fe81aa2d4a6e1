import { honorEntity, maskSensitive, parseSubmit, postEntity } from '@alumni/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_TABLE } from '../../db/migrations/037-audit-trail.js';
import { seedId } from '../../seed/menu-tree.js';
import { residentId } from '../../seed/people-seed.js';
import { multipartFile } from '../../test-support/multipart.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const HONOR = '/api/blade-honor/honor';
const ALUMNI = '/api/blade-basicInfo/basicInfo';
const VISIT = '/api/blade-visitRecord/visitRecord';
const HISTORY = '/api/blade-system/audit/history';
const LIST = '/api/blade-system/audit/list';
const OFFICE_USER = seedId(90, 2);
/** The organisation units of the demo school (blade_dept): 计算机科学与技术学院 and 电子信息工程学院. */
const CS_UNIT = seedId(92, 4);
const EE_UNIT = seedId(92, 6);
/** The academic department and speciality a new alumnus's study record names. */
const CS = seedId(1, 1);
const NETWORKS = seedId(2, 3);

describe.each(testDialects())('the audit trail on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let office: string;
  let college: string;
  const year = new Date().getFullYear();
  const tag = Math.random().toString(36).slice(2, 8);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, office, college] = await Promise.all([t.signIn('admin'), t.signIn('office'), t.signIn('college')]);
  });
  afterAll(async () => t?.close());

  const data = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown): Promise<Json> => {
    const res = await t.call(method, url, token, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json;
  };
  const refused = async (url: string, token: string, code: number, lang = 'zh-CN'): Promise<string> => {
    const res = await t.call('GET', url, token, undefined, { 'accept-language': lang });
    expect(res.statusCode, res.body).toBe(code);
    expect(res.json()).toMatchObject({ code, success: false });
    return res.json().msg as string;
  };
  const history = (entity: string, id: string, token = office) => data('GET', `${HISTORY}?entity=${entity}&id=${id}`, token);
  const db = () => t.app.services.database.db;
  const auditCount = async (entity: string): Promise<number> =>
    Number((await db().selectFrom(AUDIT_TABLE).select((eb) => eb.fn.countAll().as('n')).where('entity', '=', entity).executeTakeFirstOrThrow()).n);
  /** A record's stored audit rows as one text (every column, the diff's JSON included). */
  const storedText = async (recordId: string): Promise<string> => JSON.stringify(
    await db().selectFrom(AUDIT_TABLE).selectAll().where('record_id', '=', recordId).execute(),
    (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value),
  );
  /** An alumnus of the demo school owned by an organisation unit. */
  const alumnusOf = async (unit: string): Promise<string> => (await data('GET', `${ALUMNI}/list?orgDeptId=${unit}&size=1`, office)).records[0].id;
  const addHonor = async (alumniId: string, honorName: string) => data('POST', `${HONOR}/save`, office, {
    alumniId, honorName, honorType: '3', honorLevel: '2', awardingBody: '教育部', awardYear: year - 1,
  });

  it('gives a record created and then edited three times four history entries, newest first, with exact diffs', async () => {
    const made = await addHonor(await alumnusOf(CS_UNIT), `审计测试奖${tag}`);
    await data('POST', `${HONOR}/update`, office, { id: made.id, honorName: `审计测试奖${tag}（修订）` });
    await data('POST', `${HONOR}/update`, office, { id: made.id, awardingBody: '国务院', awardDate: `${year - 1}-05-01` });
    await data('POST', `${HONOR}/update`, office, { id: made.id, isPublic: 1, remark: '公开展示' });

    const page = await history('honor', made.id);
    expect(page).toMatchObject({ total: 4, current: 1, pages: 1 });
    const entries = page.records as Json[];
    expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'update', 'create']);
    expect(entries.map((e) => e.diff)).toEqual([
      { isPublic: [0, 1], remark: [null, '公开展示'] },
      { awardingBody: ['教育部', '国务院'], awardDate: [null, `${year - 1}-05-01`] },
      { honorName: [`审计测试奖${tag}`, `审计测试奖${tag}（修订）`] },
      // A new record: every field given a value, as saved (the owning unit and defaults included).
      Object.fromEntries(Object.keys(honorEntity.fields).filter((f) => made[f] !== null && made[f] !== '').map((f) => [f, [null, made[f]]])),
    ]);
    expect(entries[3]!.diff).toMatchObject({ honorName: [null, `审计测试奖${tag}`], awardYear: [null, year - 1], orgDeptId: [null, CS_UNIT] });
    for (const entry of entries) {
      expect(entry).toMatchObject({
        entity: 'honor', recordId: made.id, tenantId: '000000', userId: OFFICE_USER, account: 'office', userName: '王晓梅', ip: '127.0.0.1',
      });
      expect(entry.requestId).toMatch(/^[0-9a-f]{16}$/);
      expect(entry.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    expect(entries[0]!.recordTitle).toBe(`审计测试奖${tag}（修订）`);
    expect(new Set(entries.map((e) => e.requestId)).size).toBe(4);
  });

  it('keeps personal data masked and secrets hidden, never plain or sealed', async () => {
    const idCardNo = residentId('1990-03-04', 700 + Math.floor(Math.random() * 99), true);
    const phone = `1391234${String(Date.now() % 10000).padStart(4, '0')}`;
    const email = `audit.${tag}@example.com`;
    const made = await data('POST', `${ALUMNI}/submit`, office, {
      name: `审计${tag}`, gender: '1', status: 1, idType: '1', idCardNo, birthday: '1990-03-04', phone, email, wechat: `wx_${tag}`, address: '北京市海淀区学院路1号',
      studentStatuses: [{ departmentId: CS, specialityId: NETWORKS, educationLevel: '2', enrollmentYear: 2008 }],
    });
    const newPhone = `1361234${String(Date.now() % 10000).padStart(4, '0')}`;
    await data('POST', `${ALUMNI}/submit`, office, { id: made.id, phone: newPhone, company: '审计单位' });

    const [edit, create] = (await history('basicInfo', made.id)).records as Json[];
    expect(edit!.diff).toEqual({ phone: [maskSensitive('phone', phone), maskSensitive('phone', newPhone)], company: [null, '审计单位'] });
    expect(create!.diff).toMatchObject({
      idCardNo: [null, maskSensitive('idCard', idCardNo)], birthday: [null, '1990-**-**'], phone: [null, maskSensitive('phone', phone)],
      email: [null, maskSensitive('email', email)], wechat: [null, maskSensitive('social', `wx_${tag}`)], address: [null, '****'],
    });
    const stored = await storedText(made.id);
    for (const plain of [idCardNo, phone, newPhone, email, `wx_${tag}`, '学院路', 'gcm1:']) expect(stored).not.toContain(plain);

    // A channel's keys: the secret key (and the access key) are never kept, only that they changed.
    const sms = await data('POST', '/api/blade-resource/sms/submit', admin, {
      category: '3', smsCode: `audit${tag}`, templateId: 'SMS_1', signName: '审计', accessKey: `AK${tag}`, secretKey: `SK-secret-${tag}`, regionId: 'cn-hangzhou',
    });
    await data('POST', '/api/blade-resource/sms/submit', admin, { id: sms.id, secretKey: `SK-renewed-${tag}` });
    const [renewed, configured] = (await history('sms', sms.id, admin)).records as Json[];
    expect(renewed!.diff).toEqual({ secretKey: ['******', '******'] });
    expect(configured!.diff).toMatchObject({ accessKey: [null, '******'], secretKey: [null, '******'], smsCode: [null, `audit${tag}`] });
    const channel = await storedText(sms.id);
    for (const plain of [`SK-secret-${tag}`, `SK-renewed-${tag}`, `AK${tag}`]) expect(channel).not.toContain(plain);

    // A user's password is kept as changed, never as its hash.
    const user = await data('POST', '/api/blade-user/submit', admin, {
      account: `audit${tag}`, name: `audit${tag}`, realName: '审计用户', roleId: seedId(91, 3), deptId: CS_UNIT,
    });
    const [added] = (await history('user', user.id, admin)).records as Json[];
    expect(added!.diff.password).toEqual([null, '******']);
    expect(await storedText(user.id)).not.toContain('scrypt$');
  });

  it('leaves no audit row behind a write that is undone', async () => {
    // A uniqueness refusal: nothing written, nothing audited.
    const users = await auditCount('user');
    const taken = await t.call('POST', '/api/blade-user/submit', admin, { account: 'office', name: 'x', realName: '重复账号', roleId: seedId(91, 3), deptId: CS_UNIT });
    expect(taken.statusCode).toBe(400);
    expect(await auditCount('user')).toBe(users);

    // A study record refused by its own rules inside the alumnus's save, after the alumnus's row
    // and its audit row were written: the whole save is undone, its audit row with it.
    const [alumni, records] = [await auditCount('basicInfo'), await auditCount('studentStatus')];
    const undone = await t.call('POST', `${ALUMNI}/submit`, office, {
      name: `撤销${tag}`, gender: '2', status: 1, idType: '2', idCardNo: `UNDO${tag}`,
      studentStatuses: [{ departmentId: CS, specialityId: NETWORKS, educationLevel: '2', enrollmentYear: 1800 }],
    });
    expect(undone.statusCode, undone.body).toBe(400);
    expect(undone.json().msg).toContain('入学年份');
    expect([await auditCount('basicInfo'), await auditCount('studentStatus')]).toEqual([alumni, records]);
    // The same save with a good study record is audited twice: the alumnus and its study record.
    await data('POST', `${ALUMNI}/submit`, office, {
      name: `撤销${tag}`, gender: '2', status: 1, idType: '2', idCardNo: `UNDO${tag}`,
      studentStatuses: [{ departmentId: CS, specialityId: NETWORKS, educationLevel: '2', enrollmentYear: 2010 }],
    });
    expect([await auditCount('basicInfo'), await auditCount('studentStatus')]).toEqual([alumni + 1, records + 1]);

    // Through the operations layer: a transaction that fails after the write rolls the audit row back.
    const { operations } = t.app.services;
    const caller = { userId: '1123598821738675201', tenantId: '000000', account: 'admin', userName: 'admin', realName: '系统管理员', roleIds: [], roleAliases: ['administrator'],
      deptIds: [], deptId: null, clientId: 'test', isSuperAdmin: true, tokenId: '', refreshTokenId: '', expiresAt: 0, refreshExpiresAt: 0 };
    const plan = await operations.planWrite(postEntity, caller, 'zh');
    const parsed = parseSubmit(postEntity, { category: 1, postCode: `undo${tag}`, postName: '撤销岗位', sort: 9 }, 'zh');
    const posts = await auditCount('post');
    await expect(db().transaction().execute(async (tx) => {
      await operations.writeRow(plan, tx, parsed as { id: null; values: Json }, {});
      expect(await tx.selectFrom(AUDIT_TABLE).select('id').where('entity', '=', 'post').execute()).toHaveLength(posts + 1);
      throw new Error('undone');
    })).rejects.toThrow('undone');
    expect(await auditCount('post')).toBe(posts);
  });

  it('shows a record\'s history only to whoever may read the record', async () => {
    const own = await addHonor(await alumnusOf(CS_UNIT), `学院荣誉${tag}`);
    const other = await addHonor(await alumnusOf(EE_UNIT), `他院荣誉${tag}`);
    expect(other.orgDeptId).toBe(EE_UNIT);
    expect((await history('honor', own.id, college)).total).toBe(1);
    // Outside the college's data scope: the record is not found, and neither is its history.
    expect(await refused(`${HISTORY}?entity=honor&id=${other.id}`, college, 404)).toBe('数据不存在');
    // Without the entity's menu: refused.
    const stranger = await t.signInWithCodes(admin, ['desk', 'notice']);
    expect(await refused(`${HISTORY}?entity=honor&id=${own.id}`, stranger, 403)).toBe('无权限');
    // Bad input: named in both languages.
    expect(await refused(`${HISTORY}?id=${own.id}`, office, 400)).toBe('请指定实体(entity)');
    expect(await refused(`${HISTORY}?entity=nope&id=${own.id}`, office, 400, 'en')).toBe('Unknown entity: nope');
    expect(await refused(`${HISTORY}?entity=honor`, office, 400, 'en')).toBe('Name the record (id)');
    expect(await refused(`${HISTORY}?entity=honor&id=abc`, office, 400)).toBe('查询条件 id 的值不正确');
  });

  it('records removals and examine verdicts under their own actions', async () => {
    const visit = await data('POST', `${VISIT}/submit`, office, {
      title: `审计走访${tag}`, visitType: '1', visitDate: `${year}-01-02`, visitors: '王晓梅', visitedAlumniIds: await alumnusOf(CS_UNIT),
      country: '中国', provinceCode: '110000', content: '与校友企业负责人座谈，了解企业发展与人才需求，商定共建实习基地。',
    });
    await data('POST', `${VISIT}/submit`, office, { id: visit.id, submitForExamine: 1 });
    await data('PUT', `${VISIT}/examine`, office, { ids: visit.id, visitStatus: 2, examineOpinion: '同意' });
    const [examined, handedIn] = (await history('visitRecord', visit.id)).records as Json[];
    expect(handedIn).toMatchObject({ action: 'status', diff: { visitStatus: [0, 1] } });
    expect(examined!.action).toBe('examine');
    expect(examined!.diff).toMatchObject({ visitStatus: [1, 2], examineOpinion: [null, '同意'], examineUser: [null, OFFICE_USER] });

    const honor = await addHonor(await alumnusOf(CS_UNIT), `删除荣誉${tag}`);
    await data('POST', `${HONOR}/remove?ids=${honor.id}`, office);
    const removed = await data('GET', `${LIST}?entity=honor&recordId=${honor.id}&action=delete`, admin);
    expect(removed.total).toBe(1);
    // A removal is logical: the delete flag is what it changes; the record keeps its title in the entry.
    expect(removed.records[0]).toMatchObject({ diff: { isDeleted: [0, 1] }, recordTitle: `删除荣誉${tag}`, account: 'office' });
  });

  it('writes an import\'s audit rows together, one per written row and none for a refused one', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('学生');
    sheet.addRow(['*学号', '*姓名', '*性别', '*院系', '*专业', '*学历层次', '*入学年份', '毕业年份']);
    for (let i = 0; i < 250; i++) {
      sheet.addRow([`AUD${tag}${i}`, `审计导入${i}`, '男', '计算机科学与技术学院', '网络工程', '本科', 2020, i === 210 ? 2010 : 2024]);
    }
    const { body, headers } = multipartFile('名单.xlsx', Buffer.from(await book.xlsx.writeBuffer()), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const before = await auditCount('student');
    const res = await t.call('POST', '/api/blade-student/student/import?mode=skip&preview=0', admin, body, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ total: 250, created: 249, failed: 1 });
    expect(await auditCount('student')).toBe(before + 249);
    const refusedRow = await db().selectFrom(AUDIT_TABLE).select('id').where('entity', '=', 'student').where('record_title', '=', '审计导入210').execute();
    expect(refusedRow).toHaveLength(0);
  });

  it('lists the tenant\'s trail newest first, filtered by entity, action, user, record and time', async () => {
    const made = await addHonor(await alumnusOf(CS_UNIT), `列表荣誉${tag}`);
    await data('POST', `${HONOR}/update`, office, { id: made.id, remark: '列表' });
    const list = (query: string, token = admin) => data('GET', `${LIST}?${query}`, token);

    const byRecord = await list(`entity=honor&recordId=${made.id}`);
    expect(byRecord.records.map((r: Json) => r.action)).toEqual(['update', 'create']);
    expect((await list(`recordId=${made.id}&action=create`)).total).toBe(1);
    expect((await list(`recordId=${made.id}&account=office`)).total).toBe(2);
    expect((await list(`recordId=${made.id}&userId=${OFFICE_USER}`)).total).toBe(2);
    expect((await list(`recordId=${made.id}&account=admin`)).total).toBe(0);
    const today = byRecord.records[0].time.slice(0, 10) as string;
    expect((await list(`recordId=${made.id}&startTime=${today}&endTime=${today}`)).total).toBe(2);
    expect((await list(`recordId=${made.id}&startTime=${year + 1}-01-01`)).total).toBe(0);
    expect((await list(`recordId=${made.id}&endTime=${byRecord.records[1].time}`)).total).toBeGreaterThanOrEqual(1);
    const honors = await list('entity=honor&size=5');
    expect(honors.records.every((r: Json) => r.entity === 'honor')).toBe(true);
    expect(honors.records.length).toBe(5);
    const times = honors.records.map((r: Json) => r.time as string);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await list('entity=honor&size=5&current=2')).records[0].id).not.toBe(honors.records[0].id);

    // Whoever holds the menu reads it; nobody else.
    expect(await refused(`${LIST}?entity=honor`, office, 403)).toBe('无权限');
    const auditor = await t.signInWithCodes(admin, ['monitor', 'log', 'audit']);
    expect((await list(`recordId=${made.id}`, auditor)).total).toBe(2);

    // Bad input: a 400 naming what is wrong, in both languages.
    expect(await refused(`${LIST}?entity=nope`, admin, 400)).toBe('不支持的实体: nope');
    expect(await refused(`${LIST}?action=approve`, admin, 400, 'en')).toBe('The value of filter action is not valid');
    expect(await refused(`${LIST}?userId=x`, admin, 400)).toBe('查询条件 userId 的值不正确');
    expect(await refused(`${LIST}?startTime=2024-02-30`, admin, 400)).toBe('查询条件 startTime 的值不正确');
    expect(await refused(`${LIST}?startTime=2024-03-02&endTime=2024-03-01`, admin, 400, 'en')).toBe('The start time must not be after the end time');
    expect(await refused(`${LIST}?size=0`, admin, 400)).toBe('分页参数不正确');
    expect(await refused(`${LIST}?title=x`, admin, 400)).toBe('不支持的查询条件: title');
  });

  it('files a tenant\'s writes under that tenant alone', async () => {
    const foreign = await t.signIn('admin', undefined, '100001');
    const dept = await data('POST', '/api/blade-system/dept/submit', foreign, {
      parentId: seedId(92, 101), deptName: `审计${tag}`, fullName: `审计部门${tag}`, deptCategory: 2, sort: 9,
    });
    const [entry] = (await history('dept', dept.id, foreign)).records as Json[];
    expect(entry).toMatchObject({ tenantId: '100001', action: 'create', account: 'admin', userName: '滨江管理员' });
    expect((await data('GET', `${LIST}?recordId=${dept.id}`, admin)).total).toBe(0);
    // Reference data every tenant reads is written by the platform: its history is the platform's.
    const region = (await data('GET', '/api/blade-system/region/list?size=1', admin)).records[0];
    expect(await refused(`${HISTORY}?entity=region&id=${region.id}`, foreign, 403)).toBe('无权限');
  });
});
