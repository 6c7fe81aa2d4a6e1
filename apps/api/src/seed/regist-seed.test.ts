import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../core/time.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { seedId } from './menu-tree.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const BASE = '/api/blade-registInfo/registInfo';
const ALUMNI = '/api/blade-basicInfo/basicInfo';
const CS = seedId(1, 1);
const DAY = 86_400_000;

const tally = (rows: Json[], key: (r: Json) => unknown) => {
  const out: Record<string, number> = {};
  for (const r of rows) out[String(key(r))] = (out[String(key(r))] ?? 0) + 1;
  return out;
};

describe.each(testDialects())('the demo school\'s registrations on %s (DOMAIN 18.4)', (dialect) => {
  let t: TestApp;
  let office: string;
  let rows: Json[];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('office');
    rows = await list();
  });
  afterAll(async () => t?.close());

  const data = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.call(method, url, office, body);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Json).data as Json;
  };
  async function list(): Promise<Json[]> {
    return (await data('GET', `${BASE}/manage/list?size=200`)).records as Json[];
  }
  const pending = () => rows.filter((r) => r.examineStatus === 0);
  /** The day the demo data was made: its newest registration's. The test database is made once per run,
   * so a run that crosses midnight (in the product's time zone) reads it on the day after. */
  const seedDay = () => rows.map((r) => String(r.createTime).slice(0, 10)).sort().at(-1) as string;

  it('holds 60 registrations: 35 approved, 5 merged, 8 rejected (2 disabled) and 12 waiting', async () => {
    expect(rows).toHaveLength(60);
    expect(tally(rows, (r) => r.examineStatus)).toEqual({ 0: 12, 1: 35, 2: 8, 3: 5 });
    const disabled = rows.filter((r) => r.status === 2);
    expect(disabled).toHaveLength(2);
    expect(disabled.every((r) => r.examineStatus === 2)).toBe(true);
    const opinions = new Set(rows.filter((r) => r.examineStatus === 2).map((r) => r.examineOpinion));
    for (const opinion of ['学历信息与学籍档案不符', '重复提交', '无法核实身份']) expect(opinions).toContain(opinion);
    const counted = await data('POST', `${BASE}/countRegistInfo`);
    expect(counted.total).toBe(60);
    expect(counted.today).toBe(seedDay() === now().slice(0, 10) ? 1 : 0);
  });

  it('came from the web page 30 times, the mini program 18, staff 8 and imports 4', () => {
    expect(tally(rows, (r) => r.source)).toEqual({ 1: 30, 2: 18, 3: 8, 4: 4 });
  });

  it('numbers each registration by the day it was made, and the next one of today takes the next number', async () => {
    for (const r of rows) expect(r.registNo).toBe(`DJ${String(r.createTime).slice(0, 10).replace(/-/g, '')}${r.registNo.slice(-4)}`);
    expect(new Set(rows.map((r) => r.registNo)).size).toBe(60);
    const today = now().slice(0, 10).replace(/-/g, '');
    const seededToday = rows.filter((r) => r.registNo.startsWith(`DJ${today}`)).length;
    const made = await data('POST', `${BASE}/manage/saveOrUpdate`, {
      name: '林今日', gender: '1', idType: '1', idCardNo: '11010819880928901X', departmentId: CS, specialityId: seedId(2, 3), educationLevel: '2',
      enrollmentYear: 2006, areaCode: '+86', phone: '13900002999', country: '中国', provinceCode: '110000',
    });
    expect(made.registNo).toBe(`DJ${today}${String(seededToday + 1).padStart(4, '0')}`);
    await data('POST', `${BASE}/remove?ids=${made.id}`);
  });

  it('links the approved to the alumni who registered themselves and the merged to other alumni', async () => {
    const alumni = (await data('GET', `${ALUMNI}/list?size=500`)).records as Json[];
    const sourceOf = new Map(alumni.map((a) => [a.id, a.source]));
    const selfRegistered = alumni.filter((a) => a.source === '1' || a.source === '2').map((a) => a.id).sort();
    const approved = rows.filter((r) => r.examineStatus === 1);
    expect(approved.map((r) => r.alumniId).sort()).toEqual(selfRegistered);
    const merged = rows.filter((r) => r.examineStatus === 3);
    expect(new Set(merged.map((r) => r.alumniId)).size).toBe(5);
    for (const r of merged) expect(['3', '4', '5']).toContain(sourceOf.get(r.alumniId));
    expect(rows.filter((r) => r.examineStatus === 0 || r.examineStatus === 2).every((r) => r.alumniId === null)).toBe(true);
  });

  it('records the examination as the examine call does, a merge with what it carried into the alumnus', async () => {
    const approved = await data('GET', `${BASE}/detail/${rows.find((r) => r.examineStatus === 1)?.id}`);
    expect(approved).toMatchObject({ examineUserName: '王晓梅', examineStatus: 1 });
    expect(approved.examineLogs.map((l: Json) => [l.action, l.toStatus])).toEqual([['approve', 1], ['submit', 0]]);
    expect(approved.examineLogs[0].examineTime).toBe(approved.examineTime);

    const merged = await data('GET', `${BASE}/detail/${rows.find((r) => r.examineStatus === 3)?.id}`);
    const log = merged.examineLogs[0];
    expect(log).toMatchObject({ action: 'merge', fromStatus: 0, toStatus: 3, opinion: merged.examineOpinion });
    expect(log.snapshot.alumniId).toBe(merged.alumniId);
    const carried = Object.fromEntries(log.snapshot.fields.map((f: Json) => [f.field, f.newValue]));
    expect(carried.company).toBe(merged.company);
    const alumnus = await data('GET', `${ALUMNI}/detail?id=${merged.alumniId}`);
    expect(alumnus).toMatchObject({ company: merged.company, position: merged.position, provinceCode: merged.provinceCode });

    const rejected = await data('GET', `${BASE}/detail/${rows.find((r) => r.examineStatus === 2)?.id}`);
    expect(rejected.examineLogs.map((l: Json) => l.action)).toEqual(['reject', 'submit']);
    expect(rejected.examineLogs[0].opinion).toBe(rejected.examineOpinion);
  });

  it('names the regions of a registration and of its alumnus in lists and details', async () => {
    const inShenzhen = rows.filter((r) => r.cityCode === '440300');
    expect(inShenzhen.length).toBeGreaterThan(0);
    for (const r of inShenzhen) expect(r).toMatchObject({ provinceCode: '440000', provinceCodeName: '广东省', cityCodeName: '深圳市', districtCodeName: null });
    const approved = inShenzhen.find((r) => r.examineStatus === 1) as Json;
    expect(await data('GET', `${ALUMNI}/detail?id=${approved.alumniId}`)).toMatchObject({ provinceCodeName: '广东省', cityCodeName: '深圳市' });
    expect(rows.find((r) => r.provinceCode === '110000')).toMatchObject({ provinceCodeName: '北京市', cityCode: null, cityCodeName: null });
  });

  it('keeps 12 waiting from the last 14 days, one of them today, 5 of them in CS', () => {
    const waiting = pending();
    const earliest = new Date(Date.now() - 15 * DAY).toISOString().slice(0, 10);
    expect(seedDay() >= new Date(Date.now() - DAY).toISOString().slice(0, 10)).toBe(true);
    expect(waiting.every((r) => String(r.createTime).slice(0, 10) >= earliest)).toBe(true);
    expect(waiting.filter((r) => String(r.createTime).slice(0, 10) === seedDay())).toHaveLength(1);
    expect(waiting.filter((r) => r.departmentId === CS)).toHaveLength(5);
  });

  it('shows the waiting ones at the duplicate levels and roster checks the server computes for them', async () => {
    const waiting = pending();
    expect(tally(waiting, (r) => r.duplicateLevel)).toEqual({ 0: 5, 1: 1, 2: 3, 3: 3 });
    expect(waiting.filter((r) => r.duplicateLevel === 3 && r.rosterMatch === '1')).toHaveLength(2);
    const rules: string[] = [];
    for (const r of waiting) {
      // The detail asks the duplicate check now; a save computes the level and the roster check again.
      const shown = await data('GET', `${BASE}/detail/${r.id}`);
      const top = shown.duplicateCandidates[0];
      expect(top?.matchLevel ?? 0, r.registNo).toBe(r.duplicateLevel);
      if (top) rules.push(`${top.matchLevel}:${top.matchRule}`);
      const saved = await data('POST', `${BASE}/manage/saveOrUpdate`, { id: r.id, remark: '复核' });
      expect({ level: saved.duplicateLevel, roster: saved.rosterMatch, student: saved.matchedStudentId }, r.registNo)
        .toEqual({ level: r.duplicateLevel, roster: r.rosterMatch, student: r.matchedStudentId });
    }
    expect(tally(rules.map((rule) => ({ rule })), (x) => x.rule)).toEqual({ '3:ID_CARD': 3, '2:NAME_PHONE': 2, '2:NAME_EMAIL': 1, '1:NAME_BIRTHDAY_YEAR': 1 });
  });
});
