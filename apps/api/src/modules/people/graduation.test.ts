import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../core/time.js';
import { seedId } from '../../seed/menu-tree.js';
import { residentId } from '../../seed/people-seed.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

const STUDENT = '/api/blade-student/student';
const ALUMNI = '/api/blade-basicInfo/basicInfo';
const STATUS = '/api/blade-studentStatus/studentStatus';
/** Seed rows of the demo data (seed/academic-seed.ts): table 1 departments, table 2 specialities. */
const demoRow = seedId;
/** 计算机科学与技术学院; its specialities 3 网络工程 (本科) and 7 计算机科学与技术 (硕士). */
const CS = demoRow(1, 1);
const speciality = (row: number) => demoRow(2, row);


describe.each(testDialects())('graduation and study records on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let college: string;
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const sequence = 100 + Math.floor(Math.random() * 800);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, college] = await Promise.all([t.signIn('admin'), t.signIn('college')]);
  });
  afterAll(async () => t?.close());

  const post = async (url: string, body: unknown, token = admin) => {
    const res = await t.call('POST', url, token, body, { 'accept-language': 'zh-CN' });
    return { status: res.statusCode, json: res.json() as Row };
  };
  const get = async (url: string, token = admin) => (await t.call('GET', url, token)).json().data as Row;
  const count = async (query = '') => (await t.call('POST', `${STATUS}/countStudent${query}`, admin)).json().data as Row;

  async function addStudent(no: string, over: Row = {}): Promise<Row> {
    const res = await post(`${STUDENT}/submit`, {
      studentNo: no, name: '毕业生', gender: '1', idType: '1', departmentId: CS, specialityId: speciality(3), educationLevel: '2',
      studyForm: '1', studyStatus: '1', enrollmentYear: 2021, graduationYear: 2025, ...over,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json.data;
  }

  it('counts the demo school exactly (DOMAIN 18.4)', async () => {
    const data = await count();
    // Alumni made by approving a registration date from the last year (seed/regist-seed.ts): how many fall in this calendar year depends on the day.
    const alumni = (await get(`${ALUMNI}/list?size=500`)).records as Row[];
    const newThisYear = alumni.filter((a) => String(a.createTime).startsWith(now().slice(0, 4))).length;
    expect(data).toMatchObject({ alumniTotal: 300, statusTotal: 360, pendingExamine: 3, newThisYear });
    const byKey = (items: Row[]) => Object.fromEntries(items.map((i) => [i.label, i.count]));
    expect(byKey(data.byEducationLevel)).toEqual({ 专科: 15, 本科: 285, 硕士研究生: 50, 博士研究生: 10, 博士后: 0, '进修/培训': 0 });
    expect(byKey(data.byDepartment)).toEqual({
      计算机科学与技术学院: 70, 经济与管理学院: 60, 机械工程学院: 50, 电子信息工程学院: 45, 外国语学院: 30, 化学与材料学院: 30, 无线电系: 15,
    });
    expect((data.byDepartment as Row[]).map((d) => d.label).slice(0, 3)).toEqual(['计算机科学与技术学院', '经济与管理学院', '机械工程学院']);
    expect(byKey(data.byGraduationStatus)).toMatchObject({ 在读: 0, 毕业: 360 });
    expect((data.byDecade as Row[]).reduce((s, d) => s + d.count, 0)).toBe(360);
    const cs = await count(`?departmentId=${CS}`);
    expect(cs).toMatchObject({ alumniTotal: 70, pendingExamine: 3 });
    const roster = (await t.call('GET', `${STUDENT}/list?size=1`, admin)).json().data.total;
    expect(roster).toBe(240);
  });

  it('makes an alumnus with an approved study record when a student graduates, once', async () => {
    const before = await count();
    const student = await addStudent(`G${tag}1`, { idCardNo: residentId('1999-12-31', sequence, true), phone: '13912345678' });
    expect(student.alumniId ?? null).toBeNull();

    const graduated = await post(`${STUDENT}/update`, { id: student.id, studyStatus: '2', graduationYear: 2025 });
    expect(graduated.status, JSON.stringify(graduated.json)).toBe(200);
    const alumniId = (await get(`${STUDENT}/detail?id=${student.id}`)).alumniId;
    expect(alumniId).toBeTruthy();

    const alumnus = await get(`${ALUMNI}/detail?id=${alumniId}`);
    expect(alumnus).toMatchObject({
      name: '毕业生', source: '5', departmentId: CS, specialityId: speciality(3), firstEnrollmentYear: 2021, educationLevels: '2',
      idCardNo: residentId('1999-12-31', sequence, true), birthday: '1999-12-31', phone: '13912345678',
    });
    expect(alumnus.alumniCode).toMatch(/^XY\d{7}$/);
    expect(alumnus.orgDeptId).toBe(student.orgDeptId);

    const statuses = (await get(`${STATUS}/list?alumniId=${alumniId}&size=10`)).records as Row[];
    expect(statuses).toHaveLength(1);
    expect(statuses[0]).toMatchObject({ examineStatus: 1, source: '2', graduationStatus: '2', studentId: student.id, enrollmentYear: 2021 });
    const logs = (await get(`${STATUS}/detail?id=${statuses[0]!.id}`)).examineLogs as Row[];
    expect(logs.map((l) => [l.action, l.opinion])).toEqual([['approve', '学生名册自动生成']]);

    // Saving the graduate again adds nothing.
    await post(`${STUDENT}/update`, { id: student.id, className: '计科2101' });
    expect((await get(`${STATUS}/list?alumniId=${alumniId}&size=10`)).records).toHaveLength(1);

    const after = await count();
    expect(after.statusTotal).toBe(before.statusTotal + 1);
    expect(after.alumniTotal).toBe(before.alumniTotal + 1);
    expect(after.newThisYear).toBe(before.newThisYear + 1);
  });

  it('links a graduate whose ID number is already an alumnus, adding the new study record', async () => {
    const id = residentId('1999-12-31', sequence + 2, true);
    const first = await addStudent(`G${tag}2`, { idCardNo: id, studyStatus: '2' });
    const alumniId = (await get(`${STUDENT}/detail?id=${first.id}`)).alumniId;
    expect(alumniId).toBeTruthy();
    const master = await addStudent(`G${tag}3`, {
      idCardNo: id, specialityId: speciality(7), educationLevel: '3', enrollmentYear: 2025, graduationYear: 2028, studyStatus: '4',
    });
    expect((await get(`${STUDENT}/detail?id=${master.id}`)).alumniId).toBe(alumniId);
    const statuses = (await get(`${STATUS}/list?alumniId=${alumniId}&size=10`)).records as Row[];
    expect(statuses.map((s) => s.educationLevel).sort()).toEqual(['2', '3']);
    expect((await get(`${ALUMNI}/detail?id=${alumniId}`)).educationLevels).toBe('2,3');
  });

  it('keeps the rules of study records: the level of the speciality, no twins, one approved record kept', async () => {
    const student = await addStudent(`G${tag}4`, { idCardNo: residentId('1999-12-31', sequence + 4, true), studyStatus: '2' });
    const alumniId = (await get(`${STUDENT}/detail?id=${student.id}`)).alumniId as string;
    const [only] = (await get(`${STATUS}/list?alumniId=${alumniId}&size=10`)).records as Row[];

    const wrongLevel = await post(`${STATUS}/submit`, { alumniId, departmentId: CS, specialityId: speciality(3), educationLevel: '3', enrollmentYear: 2026, studyForm: '1', graduationStatus: '2' });
    expect(wrongLevel.status).toBe(400);
    expect(wrongLevel.json.msg).toBe('学历层次与专业不符');

    const twin = await post(`${STATUS}/submit`, { alumniId, departmentId: CS, specialityId: speciality(3), educationLevel: '2', enrollmentYear: 2021, studyForm: '1', graduationStatus: '2' });
    expect(twin.status).toBe(400);
    expect(twin.json.msg).toBe('该校友已存在相同的学籍记录');

    const lastApproved = await post(`${STATUS}/remove?ids=${only!.id}`, undefined);
    expect(lastApproved.status).toBe(400);
    expect(lastApproved.json.msg).toBe('该校友至少保留一条已审核学籍');
  });

  it('keeps a college\'s record waiting until the office approves it through PUT examine, then counts it', async () => {
    const student = await addStudent(`G${tag}5`, { idCardNo: residentId('1999-12-31', sequence + 6, true), studyStatus: '2' });
    const alumniId = (await get(`${STUDENT}/detail?id=${student.id}`)).alumniId as string;
    const proposed = await post(`${STATUS}/submit`, {
      alumniId, departmentId: CS, specialityId: speciality(7), educationLevel: '3', enrollmentYear: 2026, graduationYear: 2029, studyForm: '1', graduationStatus: '2',
    }, college);
    expect(proposed.status, JSON.stringify(proposed.json)).toBe(200);
    expect(proposed.json.data.examineStatus).toBe(0);
    const before = await count(`?departmentId=${CS}`);

    const noReason = await t.call('PUT', `${STATUS}/examine`, admin, { ids: proposed.json.data.id, examineStatus: 2 });
    expect(noReason.statusCode).toBe(400);
    const approved = await t.call('PUT', `${STATUS}/examine`, admin, { ids: proposed.json.data.id, examineStatus: 1, examineOpinion: '核实无误' });
    expect(approved.json().data).toEqual({ succeeded: 1, failed: [] });
    expect((await get(`${ALUMNI}/detail?id=${alumniId}`)).educationLevels).toBe('2,3');

    const after = await count(`?departmentId=${CS}`);
    expect(after.statusTotal).toBe(before.statusTotal + 1);
    expect(after.pendingExamine).toBe(before.pendingExamine - 1);
    // The alumnus was already counted in the department: distinct alumni.
    expect(after.alumniTotal).toBe(before.alumniTotal);
  });

  it('answers countStudent in the shape of DOMAIN 11.2', async () => {
    const data = await count();
    expect(Object.keys(data).sort()).toEqual([
      'alumniTotal', 'byDecade', 'byDepartment', 'byEducationLevel', 'byEnrollmentYear', 'byGraduationStatus', 'newThisYear', 'pendingExamine', 'statusTotal',
    ]);
    const years = data.byEnrollmentYear as Row[];
    expect(years.length).toBeGreaterThan(0);
    years.forEach((y, i) => {
      expect(y.label).toBe(`${y.key}级`);
      if (i > 0) expect(Number(y.key)).toBe(Number(years[i - 1]!.key) + 1);
    });
    expect(years.reduce((s, y) => s + y.count, 0)).toBe(data.statusTotal);
    expect((data.byEducationLevel as Row[]).map((l) => l.key)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect((data.byEducationLevel as Row[]).reduce((s, l) => s + l.count, 0)).toBe(data.statusTotal);
    expect((data.byGraduationStatus as Row[])[0]).toMatchObject({ key: '1', label: '在读' });
    expect((data.byDecade as Row[]).map((d) => d.label)).toContain('2020年代');
    expect((data.byDecade as Row[]).reduce((s, d) => s + d.count, 0)).toBe(data.statusTotal);
    const departments = data.byDepartment as Row[];
    expect(departments.find((d) => d.key === CS)?.label).toBe('计算机科学与技术学院');
    for (let i = 1; i < departments.length; i++) expect(departments[i]!.count).toBeLessThanOrEqual(departments[i - 1]!.count);
    expect((await t.call('POST', `${STATUS}/countStudent?enrollmentYear_ge=abc`, admin)).statusCode).toBe(400);
  });

  it('refuses an alumnus added without a study record', async () => {
    const res = await post(`${ALUMNI}/submit`, { name: '无学籍', gender: '2', idType: '2', status: 1 });
    expect(res.status).toBe(400);
    expect(res.json.msg).toBe('请至少填写一条学籍信息');
  });

  it('offers alumni to pickers by name or code, phones masked, never by an exact phone (decision 218)', async () => {
    const byPhone = (await t.call('GET', `${ALUMNI}/select?keyword=13912345678`, admin)).json().data as Row[];
    expect(byPhone).toEqual([]);
    const found = ((await t.call('GET', `${ALUMNI}/select?keyword=${encodeURIComponent('毕业生')}&size=50`, admin)).json().data as Row[])
      .filter((r) => r.phone === '139****5678');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatchObject({ name: '毕业生', phone: '139****5678' });
    const byCode = (await t.call('GET', `${ALUMNI}/select?keyword=${found[0]!.alumniCode}`, admin)).json().data as Row[];
    expect(byCode.map((r) => r.id)).toContain(found[0]!.id);
  });
});
