import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuIdsByCode } from '../../seed/platform-seed.js';
import { seedId } from '../../seed/menu-tree.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const CS_UNIT = seedId(92, 4);
const EE_UNIT = seedId(92, 6);
const CS = seedId(1, 1);
const SOFTWARE_SCHOOL = seedId(1, 8);
const DEPARTMENT = '/api/blade-department/department';
const SPECIALITY = '/api/blade-speciality/speciality';
const EXAMINE_DEPARTMENT = `${SPECIALITY}/department/examine`;

describe.each(testDialects())('academic units and their examination on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let office: string;
  let college: string;
  let leader: string;
  let serial = 0;
  const code = () => `Q${Date.now().toString(36).slice(-6)}${(serial += 1)}`;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, office, college, leader] = await Promise.all([t.signIn('admin'), t.signIn('office'), t.signIn('college'), t.signIn('leader')]);
  });
  afterAll(async () => t?.close());

  const answer = async (token: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.call(method, url, token, body);
    return { status: res.statusCode, body: res.json() as Json, headers: res.headers };
  };
  const data = async (token: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await answer(token, method, url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Json;
  };
  const detail = (id: string) => data(office, 'GET', `${DEPARTMENT}/detail?id=${id}`);
  const propose = (token: string, values: Json = {}) => data(token, 'POST', `${DEPARTMENT}/submit`, {
    departmentName: `拟设院系${code()}`, departmentCode: code(), orgDeptId: CS_UNIT, sort: 5, status: 1, ...values,
  });

  it('lets a college secretary propose a department that waits for the alumni office, logged as submitted', async () => {
    const proposed = await propose(college);
    expect(proposed).toMatchObject({ examineStatus: 0, examineStatusName: '待审核', orgDeptName: '计算机科学与技术学院', isHistorical: 0 });
    const shown = await detail(proposed.id);
    expect(shown.examineLogs).toHaveLength(1);
    expect(shown.examineLogs[0]).toMatchObject({ action: 'submit', toStatus: 0, examineUserName: '李建国' });
    expect(shown.createUserName).toBe('李建国');
    // The secretary proposes; only the office examines.
    expect((await answer(college, 'GET', `${EXAMINE_DEPARTMENT}?ids=${proposed.id}&examineStatus=1`)).status).toBe(403);
    const picker = await data(college, 'GET', `${DEPARTMENT}/select`);
    expect(picker.map((d: Json) => d.id)).not.toContain(proposed.id);
  });

  it('approves in an examine call that answers per id, never cached, and the unit joins the pickers', async () => {
    const proposed = await propose(college);
    const res = await answer(office, 'GET', `${EXAMINE_DEPARTMENT}?ids=${proposed.id},${CS},99999&examineStatus=1&examineOpinion=${encodeURIComponent('同意')}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.data.succeeded).toBe(1);
    expect(res.body.data.failed).toEqual([
      { id: CS, msg: '该记录不在待审核状态' },
      { id: '99999', msg: '数据不存在' },
    ]);
    const shown = await detail(proposed.id);
    expect(shown).toMatchObject({ examineStatus: 1, examineOpinion: '同意', examineUserName: '王晓梅' });
    expect(shown.examineLogs.map((l: Json) => l.action)).toEqual(['approve', 'submit']);
    const picker = await data(college, 'GET', `${DEPARTMENT}/select`);
    expect(picker.map((d: Json) => d.id)).toContain(proposed.id);
  });

  it('needs a reason to reject and changes nothing without one; a rejected proposal is resubmitted by editing it', async () => {
    const proposed = await propose(college);
    const refused = await answer(office, 'GET', `${EXAMINE_DEPARTMENT}?ids=${proposed.id}&examineStatus=2&examineOpinion=x`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('请填写驳回原因');
    expect((await detail(proposed.id)).examineStatus).toBe(0);
    const rejected = await data(office, 'GET', `${EXAMINE_DEPARTMENT}?ids=${proposed.id}&examineStatus=2&examineOpinion=${encodeURIComponent('名称有误')}`);
    expect(rejected).toEqual({ succeeded: 1, failed: [] });
    expect(await detail(proposed.id)).toMatchObject({ examineStatus: 2, examineOpinion: '名称有误' });
    // The office edits the rejected proposal: it goes back for examination with the result cleared.
    await data(office, 'POST', `${DEPARTMENT}/submit`, { id: proposed.id, departmentName: `更正院系${code()}` });
    const again = await detail(proposed.id);
    expect(again).toMatchObject({ examineStatus: 0, examineOpinion: null, examineUser: null });
    expect(again.examineLogs.map((l: Json) => l.action)).toEqual(['resubmit', 'reject', 'submit']);
  });

  it('creates a department already approved for an examiner, opinion 创建即通过', async () => {
    const created = await propose(office);
    expect(created).toMatchObject({ examineStatus: 1, examineOpinion: '创建即通过', examineUserName: '王晓梅' });
    expect((await detail(created.id)).examineLogs.map((l: Json) => l.action)).toEqual(['approve']);
  });

  it('refuses edits of a record under examination, and of more than the contact fields once approved, to non-examiners', async () => {
    const menus = menuIdsByCode();
    const role = await data(admin, 'POST', '/api/blade-system/role/submit', { parentId: '0', roleName: `院系编辑${code()}`, roleAlias: `dept_editor_${code()}`, sort: 9 });
    await data(admin, 'POST', '/api/blade-system/role/grant', {
      roleIds: role.id, menuIds: ['academic', 'department', 'department_edit', 'department_view'].map((c) => menus.get(c)).join(','),
    });
    const account = `editor${code()}`.toLowerCase();
    await data(admin, 'POST', '/api/blade-user/submit', { account, name: account, realName: '院系编辑', roleId: role.id, deptId: CS_UNIT });
    const editor = await t.signIn(account);

    const pending = await propose(college);
    const refused = await answer(editor, 'POST', `${DEPARTMENT}/submit`, { id: pending.id, shortName: '改' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('该记录正在审核中，不能修改');

    const approved = await propose(office);
    await data(editor, 'POST', `${DEPARTMENT}/submit`, { id: approved.id, contactName: '王老师', contactPhone: '010-62780000', sort: 7 });
    const renamed = await answer(editor, 'POST', `${DEPARTMENT}/submit`, { id: approved.id, departmentName: `改名${code()}` });
    expect(renamed.status).toBe(400);
    expect(renamed.body.msg).toBe('已审核通过的院系只能由审核人员修改其他信息');
    expect((await detail(approved.id)).departmentName).toBe(approved.departmentName);
  });

  it('keeps the old name of an approved department as a former name when an examiner renames it', async () => {
    const approved = await propose(office, { formerNames: '旧系(1980–1990)' });
    const newName = `新名${code()}`;
    await data(office, 'POST', `${DEPARTMENT}/submit`, { id: approved.id, departmentName: newName });
    const shown = await detail(approved.id);
    expect(shown.departmentName).toBe(newName);
    expect(shown.formerNames).toBe(`旧系(1980–1990)；${approved.departmentName}(…–${new Date().getFullYear()})`);
  });

  it('checks the history: code format, years, merging only abolished units into current ones, and names', async () => {
    const refuse = async (values: Json, msg: string) => {
      const res = await answer(office, 'POST', `${DEPARTMENT}/submit`, { departmentName: `校验${code()}`, departmentCode: code(), orgDeptId: CS_UNIT, sort: 0, status: 1, ...values });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toBe(msg);
    };
    await refuse({ departmentCode: '计算机' }, '院系代码只能包含字母、数字、下划线和短横线，最多16位');
    await refuse({ englishName: '计算机' }, '英文名称不能包含中文');
    await refuse({ foundYear: 2000, abolishYear: 1999 }, '撤销年份不能早于成立年份');
    await refuse({ abolishYear: new Date().getFullYear() + 1 }, `撤销年份应在1952年到${new Date().getFullYear()}年之间`);
    await refuse({ mergedIntoId: CS }, '只有已撤销的院系才能并入其他院系');
    await refuse({ abolishYear: 2000, mergedIntoId: seedId(1, 7) }, '并入院系应为现有院系且不能是本院系');
    await refuse({ orgDeptId: null }, '请选择对应组织机构');
    await refuse({ departmentName: '机械工程学院' }, '院系名称已存在');
    await refuse({ departmentCode: 'CS' }, '院系代码已存在');
    await refuse({ contactPhone: '电话' }, '请输入正确的电话号码');
    // A historical department takes the unit of the department it merged into.
    const historical = await data(office, 'POST', `${DEPARTMENT}/submit`, {
      departmentName: `旧院系${code()}`, departmentCode: code(), foundYear: 1960, abolishYear: 1990, mergedIntoId: seedId(1, 2), sort: 0, status: 1,
    });
    expect(historical).toMatchObject({ isHistorical: 1, orgDeptId: EE_UNIT, mergedIntoName: '电子信息工程学院' });
  });

  it('keeps a college secretary inside the own college for reads and writes', async () => {
    const list = await data(college, 'GET', `${DEPARTMENT}/list?size=100`);
    const units = new Set((list.records as Json[]).map((r) => r.orgDeptId));
    expect([...units]).toEqual([CS_UNIT]);
    expect((await answer(college, 'GET', `${DEPARTMENT}/detail?id=${seedId(1, 3)}`)).status).toBe(404);
    const outside = await answer(college, 'POST', `${DEPARTMENT}/submit`, { departmentName: `外院${code()}`, departmentCode: code(), orgDeptId: EE_UNIT, sort: 0, status: 1 });
    expect(outside.status).toBe(403);
    // Leaders read every department but change none.
    expect((await data(leader, 'GET', `${DEPARTMENT}/list?size=100`)).total).toBeGreaterThan(list.total);
    expect((await answer(leader, 'POST', `${DEPARTMENT}/submit`, { id: CS, sort: 1 })).status).toBe(403);
  });

  it('offers only approved, enabled units in the pickers, current ones first', async () => {
    const departments = await data(college, 'GET', `${DEPARTMENT}/select`);
    expect(departments.map((d: Json) => d.id)).not.toContain(SOFTWARE_SCHOOL);
    const all = await data(office, 'GET', `${DEPARTMENT}/select`);
    const flags = all.map((d: Json) => d.isHistorical);
    expect(flags).toEqual([...flags].sort());
    expect(all.find((d: Json) => d.departmentName === '无线电系')).toMatchObject({ isHistorical: 1 });
    expect((await data(office, 'GET', `${DEPARTMENT}/select?includeHistorical=0`)).some((d: Json) => d.isHistorical === 1)).toBe(false);
    const specialities = await data(office, 'GET', `${SPECIALITY}/select/special?departmentId=${CS}`);
    const names = specialities.map((s: Json) => s.specialityName);
    expect(names).toContain('人工智能');
    expect(names).not.toContain('智能科学与技术');
    expect(names).not.toContain('计算机技术应用');
    expect(names.indexOf('计算机应用')).toBe(names.length - 1);
    const masters = await data(office, 'GET', `${SPECIALITY}/select/special?departmentId=${CS}&educationLevel=3`);
    expect(masters.map((s: Json) => s.specialityCode)).toEqual(['0812']);
    // A disabled department leaves the pickers.
    const disabled = await propose(office);
    await data(office, 'POST', `${DEPARTMENT}/submit`, { id: disabled.id, status: 2 });
    expect((await data(office, 'GET', `${DEPARTMENT}/select`)).map((d: Json) => d.id)).not.toContain(disabled.id);
  });

  it('puts specialities under approved departments only, derives their unit and keeps names unique per level', async () => {
    const speciality = (values: Json) => answer(office, 'POST', `${SPECIALITY}/submit`, {
      specialityName: `新专业${code()}`, specialityCode: '080999', departmentId: CS, educationLevel: '2', sort: 0, status: 1, ...values,
    });
    const pendingDepartment = await speciality({ departmentId: SOFTWARE_SCHOOL });
    expect(pendingDepartment.status).toBe(400);
    expect(pendingDepartment.body.msg).toBe('所属院系尚未审核通过');
    const twin = await speciality({ specialityName: '软件工程' });
    expect(twin.body.msg).toBe('该院系下已存在同名同层次专业');
    expect((await speciality({ specialityName: '软件工程', educationLevel: '3' })).status).toBe(200);
    expect((await speciality({ specialityCode: '08A' })).body.msg).toBe('专业代码应为4到6位数字，可带最多2个大写字母');
    expect((await speciality({ specialityCode: null })).body.msg).toBe('请输入专业代码');
    expect((await speciality({ specialityCode: null, foundYear: 1980, abolishYear: 1990 })).status).toBe(200);
    expect((await speciality({ duration: '9' })).body.msg).toBe('学制应在1.0到8.0年之间');
    const made = await speciality({ departmentId: seedId(1, 2) });
    expect(made.body.data).toMatchObject({ orgDeptId: EE_UNIT, departmentName: '电子信息工程学院', examineStatus: 1, educationLevelName: '本科' });
  });

  it('lists departments with their speciality counts and refuses to remove one that has specialities', async () => {
    const list = await data(office, 'GET', `${DEPARTMENT}/list?departmentCode=CS`);
    // The code filter is a contains search: codes made by other tests may hold "cs" too.
    const cs = list.records.find((d: Json) => d.id === CS);
    expect(cs).toMatchObject({ departmentName: '计算机科学与技术学院', specialityCount: expect.any(Number) });
    expect(cs.specialityCount).toBeGreaterThanOrEqual(10);
    const res = await answer(office, 'POST', `${DEPARTMENT}/remove?ids=${CS}`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('该院系下存在专业或校友数据，不能删除，可停用');
    const empty = await propose(office);
    expect((await answer(office, 'POST', `${DEPARTMENT}/remove?ids=${empty.id}`)).status).toBe(200);
  });

  it('answers in English when asked', async () => {
    const res = await t.call('GET', `${EXAMINE_DEPARTMENT}?ids=${CS}&examineStatus=2`, office, undefined, { 'accept-language': 'en' });
    expect(res.json().msg).toBe('Please give the reason');
  });
});
