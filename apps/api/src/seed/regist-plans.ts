import { REGIST_SOURCE, REGIST_STATUS } from '@alumni/domain';
import { seedId } from './menu-tree.js';
import { daysAgo, shiftHours } from './seed-calendar.js';
import { residentId } from './people-seed.js';
import { claimOf, newcomer, newPhone, type Claim, type Known } from './regist-seed-people.js';

const USERS = 90, DEPTS = 92;
const CS = seedId(1, 1);

/** A member of staff who enters or examines registrations. */
export interface Actor { id: string; name: string; deptId: string }

export const OFFICE: Actor = { id: seedId(USERS, 2), name: '王晓梅', deptId: seedId(DEPTS, 2) };
export const COLLEGE: Actor = { id: seedId(USERS, 3), name: '李建国', deptId: seedId(DEPTS, 4) };

/** How a registration was examined, when it was. */
export interface Verdict {
  status: typeof REGIST_STATUS.approved | typeof REGIST_STATUS.rejected | typeof REGIST_STATUS.merged;
  by: Actor;
  at: string;
  opinion: string | null;
  /** The alumnus made by the approval or merged into. */
  alumniId?: string;
  /** When a rejected registration was disabled as spam. */
  disabledAt?: string;
}

/** One demo registration: what it claims, where it came from, who entered it (nobody: the registrant), and its examination. */
export interface RegistPlan {
  claim: Claim;
  source: string;
  created: string;
  by: Actor | null;
  verdict: Verdict | null;
  remark?: string;
}

const { web, miniProgram: mini, staff, import: imported } = REGIST_SOURCE;

/** The first alumni meeting a condition, none twice. */
function picker(alumni: readonly Known[]) {
  const used = new Set<string>();
  return (count: number, fits: (a: Known) => boolean): Known[] => {
    const found = alumni.filter((a) => !used.has(a.id) && fits(a)).slice(0, count);
    if (found.length < count) throw new Error(`the demo alumni lack ${count} registrants of a kind`);
    for (const a of found) used.add(a.id);
    return found;
  };
}

const examinerOf = (claim: Claim) => (claim.departmentId === CS ? COLLEGE : OFFICE);

/**
 * The 60 registrations of DOMAIN 18.4 over the last year: 35 approved (the alumni who registered
 * themselves), 5 merged into other alumni, 8 rejected (2 of them disabled as spam), 12 waiting from
 * the last 14 days. Sources: 30 web, 18 mini program, 8 staff entries, 4 imports.
 */
export function registPlans(alumni: readonly Known[]): RegistPlan[] {
  const pick = picker(alumni);
  const plans: RegistPlan[] = [];
  const identified = (a: Known) => a.idCardNo !== null && a.birthday !== null;

  // Approved: each alumnus whose source is a registration was made by approving it, on the day it was made.
  const registered = pick(35, (a) => a.source === web || a.source === mini);
  registered.forEach((a, i) => {
    const at = a.createTime;
    plans.push({
      claim: claimOf(a, i), source: a.source, created: shiftHours(at, -(24 * (1 + (i % 5)) + 3 + (i % 4))), by: null,
      verdict: { status: REGIST_STATUS.approved, by: OFFICE, at, opinion: null, alumniId: a.id },
    });
  });

  // Merged: known alumni (two from the roster, two imported, one entered by staff) who registered again with a new job.
  const merged = [
    ...pick(2, (a) => a.source === '5' && a.departmentId !== CS),
    ...pick(2, (a) => a.source === '4' && identified(a) && a.departmentId !== CS),
    ...pick(1, (a) => a.source === '3' && identified(a)),
  ];
  const jobs: [string, string][] = [['星河软件有限公司', '技术总监'], ['远航电子股份有限公司', '产品经理'], ['华章证券', '投资顾问'], ['青禾教育科技有限公司', '副总经理'], ['蓝海物流集团', '区域经理']];
  const mergeSources = [web, web, mini, staff, imported];
  merged.forEach((a, i) => {
    const created = daysAgo([300, 210, 150, 90, 40][i] as number, `1${i}:20:00`);
    const [company, position] = jobs[i] as [string, string];
    const source = mergeSources[i] as string;
    plans.push({
      claim: { ...claimOf(a, i + 3), company, position, wechat: `alumni_${a.id.slice(-4)}` }, source, created,
      by: source === staff || source === imported ? OFFICE : null,
      verdict: { status: REGIST_STATUS.merged, by: OFFICE, at: shiftHours(created, 50), opinion: '与校友库记录为同一人，合并更新联系方式与工作信息', alumniId: a.id },
    });
  });

  // Rejected: claims the records do not bear out, repeats of approved registrations, and two spam entries.
  const rejected: [Claim, string, number, string, boolean][] = [
    [newcomer(1, 'cs', 2009, 1), web, 280, '学历信息与学籍档案不符', false],
    [newcomer(2, 'em', 2003, 2), staff, 240, '学历信息与学籍档案不符', false],
    [claimOf(registered[3] as Known, 3), web, 0, '重复提交', false],
    [claimOf(registered[10] as Known, 10), mini, 0, '重复提交', false],
    [newcomer(3, 'fl', 1996, 4), imported, 130, '无法核实身份', false],
    [newcomer(4, 'me', 2001, 5), staff, 75, '无法核实身份', false],
    [{ ...newcomer(5, 'em', 2015, 6), name: '推广专员', company: '速达网络推广工作室', position: '推广' }, web, 60, '虚假信息，恶意提交', true],
    [{ ...newcomer(6, 'em', 2016, 7), name: '测试用户', company: '测试', position: '测试' }, web, 33, '虚假信息，恶意提交', true],
  ];
  rejected.forEach(([claim, source, days, opinion, spam], i) => {
    // A repeat is sent a few days after the first registration was approved.
    const repeatOf = i === 2 ? registered[3] : i === 3 ? registered[10] : null;
    const created = repeatOf ? shiftHours(repeatOf.createTime, 24 * 4 + 2) : daysAgo(days, `09:1${i}:00`);
    const at = shiftHours(created, 26);
    plans.push({
      claim, source, created, by: source === staff || source === imported ? OFFICE : null,
      verdict: { status: REGIST_STATUS.rejected, by: examinerOf(claim), at, opinion, ...(spam ? { disabledAt: shiftHours(at, 1) } : {}) },
      ...(spam ? { remark: '垃圾信息，已停用' } : {}),
    });
  });

  plans.push(...pendingPlans(pick));
  return plans;
}

/**
 * The 12 waiting (DOMAIN 18.4): 3 with an alumnus of the same ID number (2 of them students of
 * the roster), 2 with one of the same name and phone, 1 of the same name and e-mail, 1 of the same
 * name, birthday and enrollment year, and 5 newcomers; 5 of them in CS.
 */
function pendingPlans(pick: (count: number, fits: (a: Known) => boolean) => Known[]): RegistPlan[] {
  const nonCs = (a: Known) => a.departmentId !== CS;
  const [roster1, roster2] = pick(2, (a) => a.source === '5' && a.departmentId === CS && a.rosterStudentNo !== null);
  const [sameId] = pick(1, (a) => a.source === '4' && a.idCardNo !== null && nonCs(a));
  const [byPhone1, byPhone2] = pick(2, (a) => a.idCardNo === null && a.phone !== null && nonCs(a));
  const [byMail] = pick(1, (a) => a.idCardNo === null && a.email !== null && nonCs(a));
  const [byBirthday] = pick(1, (a) => a.source === '4' && a.birthday !== null && nonCs(a));
  const male = (a: Known) => a.gender === '1';
  // A person the school knows without an ID number gives one, with a birthday on the 28th no demo person has.
  const withNewId = (a: Known, n: number): Partial<Claim> => {
    const birthday = `${a.enrollmentYear - 18}-0${1 + (n % 9)}-28`;
    return { idCardNo: residentId(birthday, 480 + n, male(a)), birthday };
  };
  const waiting: [Claim, string, Actor | null, number][] = [
    [{ ...claimOf(roster1 as Known, 0), studentNo: (roster1 as Known).rosterStudentNo, email: 'dj101@example.com' }, staff, COLLEGE, 13],
    [{ ...claimOf(roster2 as Known, 2), studentNo: (roster2 as Known).rosterStudentNo, phone: newPhone(102) }, web, null, 11],
    [{ ...claimOf(sameId as Known, 4), phone: newPhone(103) }, web, null, 8],
    [{ ...claimOf(byPhone1 as Known, 5), ...withNewId(byPhone1 as Known, 1), email: null }, mini, null, 12],
    [{ ...claimOf(byPhone2 as Known, 6), ...withNewId(byPhone2 as Known, 2), email: null }, staff, OFFICE, 9],
    [{ ...claimOf(byMail as Known, 7), ...withNewId(byMail as Known, 3), phone: newPhone(106) }, web, null, 7],
    [{ ...claimOf(byBirthday as Known, 8), idCardNo: residentId((byBirthday as Known).birthday as string, 450, male(byBirthday as Known)), phone: newPhone(107), email: null }, imported, OFFICE, 10],
    [newcomer(11, 'cs', 2016, 9), staff, COLLEGE, 5],
    [newcomer(12, 'cs', 2019, 10), staff, COLLEGE, 4],
    [newcomer(13, 'cs', 2012, 11), web, null, 0],
    [newcomer(14, 'em', 2010, 0), imported, OFFICE, 3],
    [newcomer(15, 'fl', 2014, 1), staff, OFFICE, 1],
  ];
  return waiting.map(([claim, source, by, days], i) => ({
    claim, source, by, verdict: null, created: daysAgo(days, `${String(8 + (i % 10)).padStart(2, '0')}:${String(5 * i).padStart(2, '0')}:00`),
  }));
}
