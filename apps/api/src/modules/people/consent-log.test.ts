import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_LOG_TABLE } from '../../db/migrations/023-consent-log.js';
import { seedId } from '../../seed/menu-tree.js';
import { residentId } from '../../seed/people-seed.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const ALUMNI = '/api/blade-basicInfo/basicInfo';
const REGIST = '/api/blade-registInfo/registInfo';
/** 计算机科学与技术学院 and its 本科 speciality 网络工程 (seed/academic-seed.ts); the office account 王晓梅 (seed/demo-seed.ts). */
const CS = seedId(1, 1);
const NETWORKS = seedId(2, 3);
const OFFICE_USER = seedId(90, 2);

describe.each(testDialects())('the consent log of alumni records on %s (DOMAIN 4.3.3)', (dialect) => {
  let t: TestApp;
  let office: string;
  let serial = 0;
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const phoneOf = (n: number) => `136${String(10_000_000 + (Date.now() % 1_000_000) * 10 + n).slice(-8)}`;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('office');
  });
  afterAll(async () => t?.close());

  const data = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const res = await t.call(method, url, office, body);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json() as Json;
    expect(json.success, res.body).toBe(true);
    return json.data as Json;
  };
  const detail = (id: string) => data('GET', `${ALUMNI}/detail?id=${id}`);
  /** The stored log rows of an alumnus in the order written, values as JSON carries them. */
  const rowsOf = async (alumniId: string) => (await t.app.services.database.db.selectFrom(CONSENT_LOG_TABLE).selectAll()
    .where('alumni_id', '=', alumniId).orderBy('id').execute())
    .map((r) => ({ channel: String(r.channel), allowed: Number(r.allowed), source: String(r.source), operator: String(r.operator), time: String(r.time), note: r.note as string | null }));
  const addAlumnus = async (values: Json = {}) => data('POST', `${ALUMNI}/submit`, {
    name: `授权${tag}`, gender: '1', idType: '2', idCardNo: `CL${tag}${(serial += 1)}`, status: 1, allowSms: 1, allowEmail: 1, allowWechat: 1,
    studentStatuses: [{ departmentId: CS, specialityId: NETWORKS, educationLevel: '2', enrollmentYear: 2006 }], ...values,
  });

  it('logs a staff change of SMS consent once, by the caller, and stamps the record', async () => {
    const made = await addAlumnus();
    const before = await rowsOf(made.id);
    const saved = await data('POST', `${ALUMNI}/submit`, { id: made.id, allowSms: 0 });
    expect(saved.allowSms).toBe(0);
    const added = (await rowsOf(made.id)).slice(before.length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ channel: '2', allowed: 0, source: '4', note: null });
    expect(added[0]!.operator).toBe(OFFICE_USER);
    const shown = await detail(made.id);
    expect(shown.consentUpdateTime).toBe(added[0]!.time);
    expect(shown.consentLogs[0]).toMatchObject({
      channel: '2', channelName: '短信', allowed: 0, source: '4', sourceName: '工作人员修改', operator: OFFICE_USER, operatorName: '王晓梅',
    });
  });

  it('writes nothing when a save leaves the consent flags as they were', async () => {
    const made = await addAlumnus({ allowEmail: 0 });
    const before = await rowsOf(made.id);
    const stamp = (await detail(made.id)).consentUpdateTime;
    await data('POST', `${ALUMNI}/submit`, { id: made.id, allowSms: 1, allowEmail: 0, allowWechat: 1, company: '不变单位' });
    await data('POST', `${ALUMNI}/submit`, { id: made.id, position: '工程师' });
    expect(await rowsOf(made.id)).toHaveLength(before.length);
    expect((await detail(made.id)).consentUpdateTime).toBe(stamp);
  });

  it('follows a registration\'s refusal of SMS when merging, as given at registration', async () => {
    const made = await addAlumnus({ idType: '1', idCardNo: residentId('1987-11-29', 400 + Math.floor(Math.random() * 90), true) });
    expect(made.allowSms).toBe(1);
    const before = await rowsOf(made.id);
    const registration = await data('POST', `${REGIST}/manage/saveOrUpdate`, {
      name: made.name, gender: '1', idType: '1', idCardNo: made.idCardNo, departmentId: CS, specialityId: NETWORKS, educationLevel: '2',
      enrollmentYear: 2006, areaCode: '+86', phone: phoneOf(1), country: '中国', provinceCode: '110000', allowSms: 0, allowEmail: 1, allowWechat: 1,
    });
    const result = await data('PUT', `${REGIST}/manage/examine`, { ids: registration.id, examineStatus: 3, mergeAlumniId: made.id, notify: 0 });
    expect(result).toEqual({ succeeded: 1, failed: [] });
    const added = (await rowsOf(made.id)).slice(before.length);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ channel: '2', allowed: 0, source: '1', note: `登记 ${registration.registNo}` });
    const shown = await detail(made.id);
    expect(shown).toMatchObject({ allowSms: 0, allowEmail: 1, allowWechat: 1 });
    expect(shown.registInfos).toEqual([{
      id: registration.id, registNo: registration.registNo, examineStatus: 3, examineStatusName: '合并通过', createTime: expect.any(String),
      // The registration's examination, newest first: the merge, then the submission.
      examineLogs: [expect.objectContaining({ action: 'merge', toStatus: 3 }), expect.objectContaining({ action: 'submit', toStatus: 0 })],
    }]);
  });

  it('records the consent a registration approved as new states, on each channel', async () => {
    const registration = await data('POST', `${REGIST}/manage/saveOrUpdate`, {
      name: '林授权', gender: '2', idType: '1', idCardNo: residentId('1986-12-28', 400 + Math.floor(Math.random() * 90), false), departmentId: CS,
      specialityId: NETWORKS, educationLevel: '2', enrollmentYear: 2005, areaCode: '+86', phone: phoneOf(2), country: '中国', provinceCode: '110000',
      allowSms: 1, allowEmail: 0, allowWechat: 1,
    });
    await data('PUT', `${REGIST}/manage/examine`, { ids: registration.id, examineStatus: 1, notify: 0 });
    const alumniId = (await data('GET', `${REGIST}/detail/${registration.id}`)).alumniId as string;
    const rows = await rowsOf(alumniId);
    expect(rows.map((r) => [r.channel, r.allowed, r.source])).toEqual([['2', 1, '1'], ['3', 0, '1'], ['4', 1, '1']]);
    const shown = await detail(alumniId);
    expect(shown.allowEmail).toBe(0);
    expect(shown.studentStatuses.map((s: Json) => [s.enrollmentYear, s.specialityName, s.examineStatus])).toEqual([[2005, '网络工程', 1]]);
    expect(shown.registInfos.map((r: Json) => r.id)).toEqual([registration.id]);
  });

  it('withdraws every consent and the directory listing of an alumnus marked deceased, and suggests a care entry', async () => {
    const made = await addAlumnus({ allowEmail: 0 });
    expect(made.suggestCare).toBeUndefined();
    const before = await rowsOf(made.id);
    const saved = await data('POST', `${ALUMNI}/submit`, { id: made.id, isDeceased: 1, allowSms: 1 });
    expect(saved).toMatchObject({ isDeceased: 1, allowSms: 0, allowEmail: 0, allowWechat: 0, directoryVisible: 0, suggestCare: 1 });
    const added = (await rowsOf(made.id)).slice(before.length);
    // E-mail was already refused: only the two flags that change are logged.
    expect(added.map((r) => [r.channel, r.allowed, r.source, r.note])).toEqual([['2', 0, '4', '校友已故'], ['4', 0, '4', '校友已故']]);
    // Saved again, the alumnus is no longer newly deceased.
    const again = await data('POST', `${ALUMNI}/submit`, { id: made.id, isDeceased: 1, company: '已故单位' });
    expect(again.suggestCare).toBeUndefined();
    expect(await rowsOf(made.id)).toHaveLength(before.length + 2);
  });

  it('logs the three channels of an alumnus added as deceased', async () => {
    const made = await addAlumnus({ isDeceased: 1 });
    expect(made).toMatchObject({ allowSms: 0, allowEmail: 0, allowWechat: 0, directoryVisible: 0, suggestCare: 1 });
    const rows = await rowsOf(made.id);
    expect(rows.map((r) => [r.channel, r.allowed, r.note])).toEqual([['2', 0, '校友已故'], ['3', 0, '校友已故'], ['4', 0, '校友已故']]);
  });

  it('answers the latest consent changes in the detail, newest first', async () => {
    const made = await addAlumnus();
    await data('POST', `${ALUMNI}/submit`, { id: made.id, allowSms: 0 });
    await data('POST', `${ALUMNI}/submit`, { id: made.id, allowEmail: 0 });
    await data('POST', `${ALUMNI}/submit`, { id: made.id, allowSms: 1 });
    const logs = (await detail(made.id)).consentLogs as Json[];
    const stored = await rowsOf(made.id);
    expect(logs).toHaveLength(stored.length);
    expect(logs.slice(0, 3).map((l) => [l.channel, l.allowed])).toEqual([['2', 1], ['3', 0], ['2', 0]]);
    const times = logs.map((l) => String(l.time));
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('gives the demo alumni without consent, and the deceased, their consent-log rows (DOMAIN 18.4)', async () => {
    const { db } = t.app.services.database;
    const demo = await db.selectFrom('alumni_basic_info').select(['id', 'allow_sms', 'allow_email', 'allow_wechat', 'is_deceased', 'directory_visible'])
      .where('id', '>=', seedId(3, 1)).where('id', '<=', seedId(3, 9999)).execute();
    const count = (test: (r: Json) => boolean) => demo.filter(test).length;
    expect(count((r) => Number(r.allow_sms) === 0)).toBe(12);
    expect(count((r) => Number(r.allow_email) === 0)).toBe(20);
    expect(count((r) => Number(r.is_deceased) === 1)).toBe(6);
    expect(count((r) => Number(r.is_deceased) === 1 && Number(r.directory_visible) === 0 && Number(r.allow_wechat) === 0)).toBe(6);
    const logs = await db.selectFrom(CONSENT_LOG_TABLE).select(['alumni_id', 'channel', 'note']).where('id', '>=', seedId(33, 1)).where('id', '<=', seedId(33, 9999)).execute();
    const refusals = demo.flatMap((r) => [['2', r.allow_sms], ['3', r.allow_email], ['4', r.allow_wechat]]
      .filter(([, v]) => Number(v) === 0).map(([channel]) => `${String(r.id)}:${channel}`));
    expect(logs.map((l) => `${String(l.alumni_id)}:${String(l.channel)}`).sort()).toEqual(refusals.sort());
    expect(logs.filter((l) => l.note === '校友已故')).toHaveLength(18);
  });
});
