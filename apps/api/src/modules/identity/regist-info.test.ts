import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../seed/menu-tree.js';
import { residentId } from '../../seed/people-seed.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const BASE = '/api/blade-registInfo/registInfo';
const ALUMNI = '/api/blade-basicInfo/basicInfo';
/** 计算机科学与技术学院, its 本科 speciality 网络工程, and 机械工程学院 (seed/academic-seed.ts). */
const CS = seedId(1, 1);
const NETWORKS = seedId(2, 3);
const ME = seedId(1, 3);

describe.each(testDialects())('registrations and duplicate detection on %s (DOMAIN 4.2, 1.6)', (dialect) => {
  let t: TestApp;
  let office: string;
  let college: string;
  let leader: string;
  let serial = 0;
  const phoneOf = (n: number) => `139${String(10_000_000 + (Date.now() % 1_000_000) * 10 + n).slice(-8)}`;
  const nextId = () => residentId(`1988-0${1 + (serial % 9)}-0${1 + (serial % 9)}`, 300 + (serial += 1), true);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [office, college, leader] = await Promise.all([t.signIn('office'), t.signIn('college'), t.signIn('leader')]);
  });
  afterAll(async () => t?.close());

  const answer = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers?: Record<string, string>) => {
    const res = await t.call(method, url, token, body, headers);
    return { status: res.statusCode, body: res.json() as Json };
  };
  const data = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const res = await answer(token, method, url, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Json;
  };
  const register = (values: Json = {}, token = office) => data(token, 'POST', `${BASE}/manage/saveOrUpdate`, {
    name: '林登记', gender: '1', idType: '1', idCardNo: nextId(), departmentId: CS, specialityId: NETWORKS, educationLevel: '2',
    enrollmentYear: 2008, graduationYear: 2012, areaCode: '+86', phone: phoneOf(serial), email: `reg${serial}@example.com`,
    country: '中国', provinceCode: '110000', company: '示范科技', ...values,
  });
  const examine = (body: Json, token = office) => data(token, 'PUT', `${BASE}/manage/examine`, body);
  const detail = (id: string) => data(office, 'GET', `${BASE}/detail/${id}`);

  it('numbers a staff entry, checks it against the roster, and logs it as submitted', async () => {
    const made = await register();
    expect(made.registNo).toMatch(/^DJ\d{8}\d{4}$/);
    expect(made).toMatchObject({ examineStatus: 0, examineStatusName: '待审核', source: '3', agreementTextCode: 'STAFF_ENTRY', status: 1, duplicateLevel: 0, rosterMatch: '3' });
    const shown = await detail(made.id);
    expect(shown.examineLogs).toHaveLength(1);
    expect(shown.examineLogs[0]).toMatchObject({ action: 'submit', toStatus: 0 });
    expect(shown).toMatchObject({ duplicateCandidates: [], pendingTwins: [], rosterStudent: null });
  });

  it('refuses what the form refuses: a speciality of another department, a level that does not match, a province missing in China, a bad mobile', async () => {
    const refused = async (values: Json, field: string) => {
      const res = await answer(office, 'POST', `${BASE}/manage/saveOrUpdate`, {
        name: '林校验', gender: '1', idType: '1', idCardNo: nextId(), departmentId: CS, specialityId: NETWORKS, educationLevel: '2',
        enrollmentYear: 2008, areaCode: '+86', phone: '13912345678', country: '中国', provinceCode: '110000', ...values,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body.data?.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    };
    await refused({ departmentId: ME }, 'specialityId');
    await refused({ educationLevel: '3' }, 'educationLevel');
    await refused({ provinceCode: '' }, 'provinceCode');
    await refused({ phone: '12345678901' }, 'phone');
    await refused({ areaCode: '86' }, 'areaCode');
    await refused({ graduationYear: 2001 }, 'graduationYear');
    // Abroad, a phone number is not a mainland mobile and no province is asked for.
    const abroad = await register({ areaCode: '+44', phone: '20 7946 0958', country: 'United Kingdom', provinceCode: '' });
    expect(abroad.phone).toBe('20 7946 0958');
  });

  it('approves as new: the alumni record, its approved study record and the registration linked to it', async () => {
    const made = await register({ name: '林新建', nation: '01', company: '新建公司', position: '工程师', allowSms: 0 });
    const result = await examine({ ids: made.id, examineStatus: 1, examineOpinion: '信息属实' });
    expect(result).toEqual({ succeeded: 1, failed: [] });
    const shown = await detail(made.id);
    expect(shown).toMatchObject({ examineStatus: 1, examineOpinion: '信息属实', examineUserName: expect.any(String) });
    expect(shown.alumniId).toMatch(/^\d+$/);
    expect(shown.examineLogs.map((l: Json) => l.action)).toEqual(['approve', 'submit']);
    const alumnus = await data(office, 'GET', `${ALUMNI}/detail?id=${shown.alumniId}`);
    expect(alumnus).toMatchObject({ name: '林新建', idCardNo: made.idCardNo, phone: made.phone, company: '新建公司', allowSms: 0, source: '3', departmentId: CS, firstEnrollmentYear: 2008 });
    expect(alumnus.alumniCode).toMatch(/^XY\d{7}$/);
    // Examined once only; an examined registration is neither edited nor removed.
    const again = await examine({ ids: made.id, examineStatus: 2, examineOpinion: '重复审核' });
    expect(again.failed).toEqual([{ id: made.id, msg: '该登记已审核，不能重复审核' }]);
    expect((await answer(office, 'POST', `${BASE}/manage/saveOrUpdate`, { id: made.id, company: '别处' })).body.msg).toBe('已审核的登记不能修改');
    expect((await answer(office, 'POST', `${BASE}/remove?ids=${made.id}`)).body.msg).toBe('已审核的登记不能删除');
  });

  it('finds the same person at each level, reading names, phones and ID numbers normalised', async () => {
    const first = await register({ name: '張偉明', birthday: undefined, email: 'Wei.Ming@Example.com' });
    await examine({ ids: first.id, examineStatus: 1 });
    const alumniId = (await detail(first.id)).alumniId;
    // High: the same ID number, typed with a lower-case x or spaces is still the same number.
    const high = await register({ name: '张伟明', idCardNo: first.idCardNo, phone: phoneOf(90) });
    expect(high.duplicateLevel).toBe(3);
    // Medium: the same name (simplified, spaced) and the same phone with its country code and dashes.
    const phone = String(first.phone);
    const medium = await register({ name: '张 伟明', phone: `+86 ${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`, email: null });
    expect(medium).toMatchObject({ duplicateLevel: 2, phone });
    const byMail = await register({ name: '張偉明', email: ' wei.ming@example.COM ', phone: phoneOf(91) });
    expect(byMail.duplicateLevel).toBe(2);
    // Low: the same name and birthday, and a study record of the same enrollment year.
    const low = await register({ name: '张伟明', idType: '2', idCardNo: `E${serial}7731`, birthday: first.birthday, gender: '1', phone: phoneOf(92), email: null });
    expect(low.duplicateLevel).toBe(1);
    const otherYear = await register({ name: '张伟明', idType: '2', idCardNo: `E${serial}7732`, birthday: first.birthday, gender: '1', phone: phoneOf(93), email: null, enrollmentYear: 2010, graduationYear: 2014 });
    expect(otherYear.duplicateLevel).toBe(0);

    const shown = await detail(high.id);
    expect(shown.duplicateCandidates[0]).toMatchObject({ alumniId, matchLevel: 3, matchRule: 'ID_CARD', name: '張偉明', departmentName: '计算机科学与技术学院', enrollmentYear: 2008 });
    expect(shown.duplicateCandidates[0].idCardNo).toMatch(/^\d{4}\*{10}[\dX]{4}$/);
    expect(shown.duplicateCandidates[0].phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect((await detail(medium.id)).duplicateCandidates[0]).toMatchObject({ alumniId, matchLevel: 2, matchRule: 'NAME_PHONE' });
    expect((await detail(byMail.id)).duplicateCandidates[0]).toMatchObject({ alumniId, matchLevel: 2, matchRule: 'NAME_EMAIL' });
    expect((await detail(low.id)).duplicateCandidates[0]).toMatchObject({ alumniId, matchLevel: 1, matchRule: 'NAME_BIRTHDAY_YEAR' });

    // A level-3 duplicate cannot be approved as new; a batch approves the others and reports it.
    const batch = await examine({ ids: `${high.id},${otherYear.id}`, examineStatus: 1 });
    expect(batch.succeeded).toBe(1);
    expect(batch.failed).toEqual([{ id: high.id, msg: '存在证件号码相同的校友，请选择“合并通过”' }]);
    const inEnglish = await t.call('PUT', `${BASE}/manage/examine`, office, { ids: high.id, examineStatus: 1 }, { 'accept-language': 'en' });
    expect(inEnglish.json().data.failed[0].msg).toBe('An alumnus with the same ID number exists: approve by merging');
    // A basic-info save with that ID number, typed in lower case, is refused with the holder named.
    const holder = await data(office, 'GET', `${ALUMNI}/detail?id=${alumniId}`);
    const another = (await detail(otherYear.id)).alumniId;
    const taken = await answer(office, 'POST', `${ALUMNI}/submit`, { id: another, idType: '1', idCardNo: String(first.idCardNo).toLowerCase() });
    expect(taken.status).toBe(400);
    expect(taken.body.msg).toBe(`该证件号码已存在于校友库：${holder.alumniCode} 張偉明`);
  });

  it('merges into the chosen alumnus field by field, keeps its id, logs the snapshot and the roster of pending twins', async () => {
    const first = await register({ name: '王合并', company: '旧公司', position: '职员', nativePlace: null });
    await examine({ ids: first.id, examineStatus: 1 });
    const alumniId = (await detail(first.id)).alumniId;
    const twin = await register({
      name: '王合并', idCardNo: first.idCardNo, phone: phoneOf(70), company: '新公司', position: '总监', nativePlace: '湖北武汉',
      formerName: '王曾用', enrollmentYear: 2012, graduationYear: 2015, educationLevel: '2', wechat: 'wang_merge', allowEmail: 0,
    });
    const other = await register({ name: '王合并', idCardNo: first.idCardNo, phone: phoneOf(71) });
    const shown = await detail(twin.id);
    expect(shown.pendingTwins).toEqual([{ id: other.id, registNo: other.registNo }]);

    // Merging names one registration and an alumnus.
    expect((await answer(office, 'PUT', `${BASE}/manage/examine`, { ids: `${twin.id},${other.id}`, examineStatus: 3, mergeAlumniId: alumniId })).body.msg).toBe('合并通过一次只能审核一条登记');
    expect((await answer(office, 'PUT', `${BASE}/manage/examine`, { ids: twin.id, examineStatus: 3 })).body.msg).toBe('请选择要合并的校友');
    expect((await answer(office, 'PUT', `${BASE}/manage/examine`, { ids: twin.id, examineStatus: 3, mergeAlumniId: alumniId, overwriteFields: 'phone,secret' })).body.msg).toBe('合并字段不正确：secret');

    const result = await examine({ ids: twin.id, examineStatus: 3, mergeAlumniId: alumniId, examineOpinion: '同一人，合并' });
    expect(result).toEqual({ succeeded: 1, failed: [] });
    const merged = await detail(twin.id);
    expect(merged).toMatchObject({ examineStatus: 3, examineStatusName: '合并通过', alumniId });
    const log = merged.examineLogs[0];
    expect(log).toMatchObject({ action: 'merge', toStatus: 3, opinion: '同一人，合并' });
    const fields = Object.fromEntries(log.snapshot.fields.map((f: Json) => [f.field, f]));
    expect(fields.company).toEqual({ field: 'company', oldValue: '旧公司', newValue: '新公司' });
    expect(fields.position).toMatchObject({ oldValue: '职员', newValue: '总监' });
    // Identity fields only fill what was empty; a refusal of consent always follows.
    expect(fields.nativePlace).toMatchObject({ oldValue: null, newValue: '湖北武汉' });
    expect(fields.formerName).toMatchObject({ oldValue: null, newValue: '王曾用' });
    expect(fields.name).toBeUndefined();
    expect(fields.allowEmail).toMatchObject({ newValue: 0 });

    const alumnus = await data(office, 'GET', `${ALUMNI}/detail?id=${alumniId}`);
    expect(alumnus).toMatchObject({ id: alumniId, company: '新公司', position: '总监', phone: twin.phone, wechat: 'wang_merge', allowEmail: 0, nativePlace: '湖北武汉' });
    // The merge keeps the alumnus's id: its detail lists both registrations' study records and the merged registration.
    expect((alumnus.studentStatuses as Json[]).map((s) => s.enrollmentYear).sort()).toEqual([2008, 2012]);
    expect((alumnus.registInfos as Json[]).map((r) => r.id)).toContain(twin.id);
    const statuses = await data(office, 'GET', `/api/blade-studentStatus/studentStatus/list?alumniId=${alumniId}&size=20`);
    expect(statuses.records.map((s: Json) => s.enrollmentYear).sort()).toEqual([2008, 2012]);
    expect(statuses.records.every((s: Json) => s.examineStatus === 1 && s.source === '1')).toBe(true);
  });

  it('takes the birthday and gender of a 15-digit resident ID, and refuses a final registration\'s edit and removal in the caller\'s language', async () => {
    const made = await register({ idCardNo: `3203117707060${String(serial % 10)}1`, gender: '2', birthday: null });
    expect(made).toMatchObject({ gender: '1', birthday: '1977-07-06' });
    await examine({ ids: made.id, examineStatus: 1 });
    const en = { 'Accept-Language': 'en' };
    expect((await answer(office, 'POST', `${BASE}/manage/saveOrUpdate`, { id: made.id, remark: 'x' }, en)).body.msg).toBe('An examined registration cannot be edited');
    expect((await answer(office, 'POST', `${BASE}/remove?ids=${made.id}`, undefined, en)).body.msg).toBe('An examined registration cannot be deleted');
  });

  it('rejects with a reason, takes an edit as a resubmission, disables and enables', async () => {
    const made = await register();
    expect((await answer(office, 'PUT', `${BASE}/manage/examine`, { ids: made.id, examineStatus: 2, examineOpinion: 'x' })).body.msg).toBe('请填写驳回原因');
    await examine({ ids: made.id, examineStatus: 2, examineOpinion: '无法核实身份' });
    const edited = await data(office, 'POST', `${BASE}/manage/saveOrUpdate`, { id: made.id, className: '网络0801' });
    expect(edited).toMatchObject({ examineStatus: 0, examineOpinion: null });
    expect((await detail(made.id)).examineLogs.map((l: Json) => l.action)).toEqual(['resubmit', 'reject', 'submit']);

    expect(await data(office, 'PUT', `${BASE}/disable?id=${made.id}`)).toBe(true);
    expect((await answer(office, 'POST', `${BASE}/manage/saveOrUpdate`, { id: made.id, className: '网络0802' })).body.msg).toBe('登记信息已停用');
    expect((await examine({ ids: made.id, examineStatus: 1 })).failed[0].msg).toBe('登记信息已停用');
    expect((await answer(leader, 'PUT', `${BASE}/enable?id=${made.id}`)).status).toBe(403);
    expect(await data(office, 'PUT', `${BASE}/enable?id=${made.id}`)).toBe(true);
    expect((await answer(office, 'POST', `${BASE}/remove?ids=${made.id}`)).status).toBe(200);
  });

  it('finds the latest registration of an ID number, counts registrations and answers the form\'s helpers', async () => {
    const made = await register();
    expect((await data(office, 'GET', `${BASE}/detail/cardNo/${made.idCardNo}`)).id).toBe(made.id);
    expect(await data(office, 'GET', `${BASE}/detail/cardNo/110108199901011234`)).toBeNull();
    const count = await data(office, 'POST', `${BASE}/countRegistInfo`);
    expect(count.total).toBeGreaterThanOrEqual(1);
    expect(count.today).toBeGreaterThanOrEqual(1);
    expect(count.byStatus.map((s: Json) => s.key)).toEqual(['0', '1', '2', '3']);
    expect(count.byStatus.reduce((n: number, s: Json) => n + s.count, 0)).toBe(count.total);
    expect(count.byMonth).toHaveLength(12);
    expect(count.byDepartment.find((d: Json) => d.key === CS)).toMatchObject({ label: '计算机科学与技术学院' });
    expect((await answer(office, 'POST', `${BASE}/countRegistInfo?createTime_dategt=yesterday`)).status).toBe(400);
    const years = await data(office, 'GET', `${BASE}/enrollment?departmentId=${CS}`);
    expect(years[0].label).toMatch(/^\d{4}级$/);
    expect(years.some((y: Json) => y.key === '2008')).toBe(true);
    expect(await data(office, 'GET', `${BASE}/schoolBeginYear`)).toEqual({ schoolName: '示范大学', schoolBeginYear: 1952, currentYear: new Date().getFullYear() });
    expect((await data(office, 'GET', `${BASE}/department`)).some((d: Json) => d.id === CS)).toBe(true);
  });

  it('keeps a college secretary to the registrations of the college, and masks for a leader', async () => {
    const inCs = await register();
    const inMe = await register({ departmentId: ME, specialityId: seedId(2, 16), educationLevel: '2' });
    const list = await data(college, 'GET', `${BASE}/manage/list?size=100`);
    const ids = list.records.map((r: Json) => r.id);
    expect(ids).toContain(inCs.id);
    expect(ids).not.toContain(inMe.id);
    const seen = await data(leader, 'GET', `${BASE}/manage/list?size=100`);
    const row = seen.records.find((r: Json) => r.id === inCs.id);
    expect(row.idCardNo).toMatch(/\*{10}/);
    expect(row.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect((await answer(leader, 'POST', `${BASE}/manage/saveOrUpdate`, { id: inCs.id, className: '无权' })).status).toBe(403);
  });
});
