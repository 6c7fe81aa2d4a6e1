import { EXAMINE_MSG, EXAMINE_STATUS, STUDENT_STATUS_MSG } from '@alumni/domain';
import { valuesToColumns } from '../db/row-mapping.js';
import { CONSENT_LOG_TABLE } from '../db/migrations/023-consent-log.js';
import { consentLogRows, deceasedStamp } from './consent-seed.js';
import { seedId } from './menu-tree.js';
import { daysAgo } from './seed-calendar.js';
import type { SeedWriter } from './seed-writer.js';

const DEPARTMENTS = 1, SPECIALITIES = 2, ALUMNI = 3, STATUSES = 4, STUDENTS = 5, EXAMINE_LOGS = 32, USERS = 90, DEPTS = 92;
const OFFICE = seedId(USERS, 2);
const COLLEGE = seedId(USERS, 3);

/** Departments by seed row: its organisation unit row, and its 本科 specialities by seed row with the year each opened. */
interface DepartmentPlan {
  row: number;
  unit: number;
  bachelor: [number, number][];
  master?: [number, number];
  /** First-status alumni per decade (1950s … 2010s), outside the roster's graduates. */
  decades: number[];
  /** Graduates made from the roster, and students enrolled now, per intake. */
  roster: { graduates: number; enrolled: number };
}

/** Speciality seed rows of seed/academic-seed.ts with their opening years. */
const PLANS: DepartmentPlan[] = [
  { row: 1, unit: 4, bachelor: [[1, 1978], [2, 2002], [3, 2005], [4, 2018], [5, 2020]], master: [7, 1990], decades: [0, 0, 3, 12, 14, 15, 14], roster: { graduates: 3, enrolled: 9 } },
  { row: 2, unit: 6, bachelor: [[11, 1998], [12, 1998], [13, 2012]], master: [14, 2000], decades: [0, 0, 0, 0, 10, 21, 2], roster: { graduates: 3, enrolled: 8 } },
  { row: 7, unit: 6, bachelor: [[15, 1958]], decades: [2, 4, 4, 3, 2, 0, 0], roster: { graduates: 0, enrolled: 0 } },
  { row: 3, unit: 7, bachelor: [[16, 1952], [17, 2000], [18, 2004]], master: [19, 1986], decades: [2, 3, 3, 8, 8, 10, 8], roster: { graduates: 2, enrolled: 7 } },
  { row: 4, unit: 8, bachelor: [[20, 1984], [21, 1993], [22, 1993], [23, 1999], [24, 2001]], master: [25, 2003], decades: [0, 0, 0, 8, 13, 15, 12], roster: { graduates: 3, enrolled: 9 } },
  { row: 5, unit: 9, bachelor: [[26, 1960], [27, 1985], [28, 2012]], master: [29, 2006], decades: [0, 1, 2, 5, 4, 5, 5], roster: { graduates: 2, enrolled: 6 } },
  { row: 6, unit: 10, bachelor: [[30, 1952], [31, 1987], [32, 1996]], master: [33, 1995], decades: [2, 2, 2, 4, 4, 4, 4], roster: { graduates: 2, enrolled: 6 } },
];
/** Departments' founding and closing years (DOMAIN 18.3). */
const OPEN: Record<number, [number, number]> = { 1: [1978, 9999], 2: [1998, 9999], 7: [1958, 1997], 3: [1952, 9999], 4: [1984, 9999], 5: [1960, 9999], 6: [1952, 9999] };
/** 计算机应用 (专科, 1985–2000): the first 7 CS alumni of the 1980s and 8 of the 1990s studied it. */
const CS_JUNIOR = { row: 6, eighties: 7, nineties: 8 };
const CS_DOCTORATE = 8;
/** Master's records per department row (DOMAIN 18.4), and doctorates (CS). */
const MASTERS: Record<number, number> = { 1: 15, 2: 10, 3: 8, 4: 12, 5: 3, 6: 2 };
const DOCTORS = 10;
/** Deceased alumni, every third of those enrolled before 1965; living alumni refusing SMS (of 12 in all) and e-mail (of 20). */
const DECEASED = 6;
const noSms = (i: number) => i % 25 === 3 && i < 150;
const noEmail = (i: number) => i % 15 === 7 && i < 210;

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = ['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞', '平', '刚', '桂英', '建华', '文', '华', '红', '建国', '志强', '晓东', '海燕', '雪', '琳', '浩', '宇', '欣怡', '子涵', '梓轩', '思远', '嘉怡'];

/** A valid resident ID number (GB 11643) for a birthday (yyyy-MM-dd) and a sequence: odd for men, even for women. The demo's birthdays fall on days 10-27; tests use others. */
export function residentId(birthday: string, sequence: number, male: boolean): string {
  const seq = sequence % 500 * 2 + (male ? 1 : 0);
  const body = `110108${birthday.replace(/-/g, '')}${String(seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (weights[i] as number), 0);
  return body + '10X98765432'.charAt(sum % 11);
}

interface Alumnus { row: number; department: number; speciality: number; level: string; year: number; source: string; createTime: string }

/**
 * The people of the demo school (DOMAIN 18.4): 300 alumni with 360 approved study records (300
 * first records, 50 master's, 10 doctorates), 3 master's records the college proposed and 1 it had
 * rejected, and a roster of 240 students — 180 enrolled in the last four intakes and 60 graduates
 * of the four before, who are the 60 alumni made from the roster. Years follow the current year.
 */
export async function seedPeople(w: SeedWriter): Promise<void> {
  const year = new Date().getFullYear();
  const alumni: Alumnus[] = [];
  let k = 0;
  // Sources of the alumni not made from the roster, 48 at a time: 4 web, 3 mini program, 5 staff, 36 import.
  const sourceOf = (i: number) => { const m = i % 48; return m < 4 ? '1' : m < 7 ? '2' : m < 12 ? '3' : '4'; };
  // An alumnus made by approving a registration was made on the day of its approval, within the last year (seed/regist-seed.ts).
  const createdFor = (source: string, i: number) => (source === '4' ? `${year - 3}-03-15 10:00:00`
    : source === '3' ? `${year - 1}-0${1 + (i % 9)}-12 09:30:00`
      : daysAgo(20 + ((i * 47) % 330), '15:30:00'));

  for (const plan of PLANS) {
    const [open, close] = OPEN[plan.row] as [number, number];
    let juniors = 0;
    for (let decade = 0; decade < plan.decades.length; decade++) {
      const start = Math.max(1950 + decade * 10, open);
      const end = Math.min(1959 + decade * 10, close, year - 9);
      for (let i = 0; i < (plan.decades[decade] as number); i++) {
        const enrolled = start + (i % (end - start + 1));
        let speciality: number;
        let level = '2';
        const junior = plan.row === 1 && ((decade === 3 && juniors < CS_JUNIOR.eighties && enrolled >= 1985) || (decade === 4 && juniors < CS_JUNIOR.eighties + CS_JUNIOR.nineties));
        if (junior) {
          speciality = CS_JUNIOR.row;
          level = '1';
          juniors += 1;
        } else {
          const open = plan.bachelor.filter(([, from]) => from <= enrolled);
          speciality = (open[i % open.length] ?? plan.bachelor[0])![0];
        }
        const source = sourceOf(k);
        alumni.push({ row: alumni.length + 1, department: plan.row, speciality, level, year: enrolled, source, createTime: createdFor(source, k) });
        k += 1;
      }
    }
  }
  const fromRoster: Alumnus[] = [];
  // The roster's graduates: 15 per intake across the six colleges, in the order of PLANS.
  const graduatesPerIntake = PLANS.flatMap((p) => Array.from({ length: p.roster.graduates }, () => p));
  for (let intake = year - 8; intake <= year - 5; intake++) {
    graduatesPerIntake.forEach((plan, i) => {
      const open = plan.bachelor.filter(([, from]) => from <= intake);
      const speciality = (open[i % open.length] ?? plan.bachelor[0])![0];
      const alumnus = { row: alumni.length + 1, department: plan.row, speciality, level: '2', year: intake, source: '5', createTime: `${intake + 4}-07-10 09:00:00` };
      alumni.push(alumnus);
      fromRoster.push(alumnus);
    });
  }

  const departmentId = (row: number) => seedId(DEPARTMENTS, row);
  // The deceased no longer consent to any channel nor appear in the directory (DOMAIN 4.3.3).
  const deceased = new Set(alumni.filter((a) => a.year < 1965).map((a) => a.row).filter((_, n) => n % 3 === 0).slice(0, DECEASED));
  const unitOf = (row: number) => seedId(DEPTS, (PLANS.find((p) => p.row === row) as DepartmentPlan).unit);
  const alumniRows = alumni.map((a, i) => {
    const male = i % 2 === 0;
    const birthday = `${a.year - 18}-0${1 + (i % 9)}-1${i % 10}`;
    const name = `${SURNAMES.charAt(i % SURNAMES.length)}${GIVEN[(i * 7) % GIVEN.length]}`;
    const senior = a.year < 1966;
    const dead = deceased.has(a.row);
    const refuses = { sms: dead || noSms(i), email: dead || noEmail(i), wechat: dead };
    const consentTime = dead ? deceasedStamp(a.createTime) : refuses.sms || refuses.email ? a.createTime : null;
    // A registration names an ID number, so the alumni who registered themselves have one, however long ago they studied.
    const identified = a.year >= 1980 || a.source === '1' || a.source === '2';
    return {
      id: seedId(ALUMNI, a.row), tenantId: '000000', alumniCode: `XY${String(a.row).padStart(7, '0')}`, name, gender: male ? '1' : '2',
      idType: '1', idCardNo: identified ? residentId(birthday, i, male) : null, birthday: identified ? birthday : null,
      phone: i < 10 && senior ? null : `139${String(10000000 + i * 7919).slice(-8)}`, email: i % 5 === 4 ? null : `alumni${a.row}@example.com`,
      company: i % 3 === 0 ? '示范科技有限公司' : null, position: i % 3 === 0 ? '工程师' : null,
      departmentId: departmentId(a.department), specialityId: seedId(SPECIALITIES, a.speciality), firstEnrollmentYear: a.year,
      educationLevels: a.level, tags: null, isKeyAlumni: i % 12 === 5 ? 1 : 0, isDeceased: dead ? 1 : 0, directoryVisible: dead ? 0 : 1,
      allowSms: refuses.sms ? 0 : 1, allowEmail: refuses.email ? 0 : 1, allowWechat: refuses.wechat ? 0 : 1, consentUpdateTime: consentTime,
      source: a.source, orgDeptId: unitOf(a.department), status: i === 101 || i === 202 ? 2 : 1,
      createUser: OFFICE, createTime: a.createTime, updateUser: OFFICE, updateTime: dead ? consentTime : a.createTime, isDeleted: 0,
    };
  });

  // Study records: every alumnus's first, then master's and doctorates, then the college's proposals.
  const statuses: Record<string, unknown>[] = [];
  const logs: Record<string, unknown>[] = [];
  const statusSource = (source: string) => (source === '1' || source === '2' ? '1' : source === '5' ? '2' : source === '3' ? '3' : '4');
  const addStatus = (a: Alumnus, speciality: number, level: string, enrolled: number, years: number, source: string, state: 'approved' | 'pending' | 'rejected', opinion: string | null, by = OFFICE) => {
    const row = statuses.length + 1;
    const id = seedId(STATUSES, row);
    const examined = state !== 'pending';
    statuses.push({
      id, tenantId: '000000', alumniId: seedId(ALUMNI, a.row), studentNo: `${enrolled}${String(a.row).padStart(5, '0')}`,
      departmentId: departmentId(a.department), specialityId: seedId(SPECIALITIES, speciality), educationLevel: level,
      degree: level === '1' ? '0' : String(Number(level) - 1), studyForm: '1', enrollmentYear: enrolled, graduationYear: state === 'approved' ? enrolled + years : null,
      className: null, graduationStatus: '2', source, orgDeptId: unitOf(a.department),
      examineStatus: EXAMINE_STATUS[state], examineUser: examined ? OFFICE : null, examineTime: examined ? a.createTime : null, examineOpinion: opinion,
      createUser: by, createTime: a.createTime, updateUser: by, updateTime: a.createTime, isDeleted: 0, status: 1,
    });
    const entry = (action: string, from: number | null, to: number, text: string | null, user: string, userName: string) => logs.push({
      id: seedId(EXAMINE_LOGS, logs.length + 1), tenant_id: '000000', biz_type: 'studentstatus', biz_id: id, action,
      from_status: from, to_status: to, opinion: text, examine_user: user, examine_user_name: userName, examine_time: a.createTime, snapshot: null,
    });
    if (state === 'approved') entry('approve', null, EXAMINE_STATUS.approved, opinion, OFFICE, '王晓梅');
    else {
      entry('submit', null, EXAMINE_STATUS.pending, null, by, '李建国');
      if (state === 'rejected') entry('reject', EXAMINE_STATUS.pending, EXAMINE_STATUS.rejected, opinion, OFFICE, '王晓梅');
    }
  };
  for (const a of alumni) {
    const opinion = a.source === '5' ? STUDENT_STATUS_MSG.fromRoster.zh : EXAMINE_MSG.approvedOnCreate.zh;
    addStatus(a, a.speciality, a.level, a.year, a.level === '1' ? 3 : 4, statusSource(a.source), 'approved', opinion);
  }
  const levelsOf = new Map(alumni.map((a) => [a.row, [a.level]]));
  const masters: Alumnus[] = [];
  for (const plan of PLANS) {
    const wanted = MASTERS[plan.row] ?? 0;
    const [masterRow, opened] = plan.master ?? [0, 9999];
    const fit = alumni.filter((a) => a.department === plan.row && a.source !== '5' && a.level === '2' && a.year + 4 >= opened && a.year + 4 <= year - 3)
      .sort((x, y) => y.year - x.year || x.row - y.row).slice(0, wanted);
    for (const a of fit) {
      addStatus(a, masterRow, '3', a.year + 4, 3, '3', 'approved', EXAMINE_MSG.approvedOnCreate.zh);
      levelsOf.get(a.row)?.push('3');
      masters.push(a);
    }
  }
  for (const a of masters.filter((m) => m.department === 1 && m.year + 7 >= 2005 && m.year + 7 <= year - 4).slice(0, DOCTORS)) {
    addStatus(a, CS_DOCTORATE, '4', a.year + 7, 4, '3', 'approved', EXAMINE_MSG.approvedOnCreate.zh);
    levelsOf.get(a.row)?.push('4');
  }
  // The college's proposals for CS alumni without a master's record: 3 waiting, 1 rejected.
  const proposals = alumni.filter((a) => a.department === 1 && a.level === '2' && !masters.includes(a) && a.year + 4 >= 1990 && a.source !== '5').slice(0, 4);
  proposals.forEach((a, i) => addStatus(a, 7, '3', a.year + 4, 3, '3', i < 3 ? 'pending' : 'rejected', i < 3 ? null : '学历信息与学籍档案不符', COLLEGE));
  for (const row of alumniRows) {
    const levels = levelsOf.get(Number(String(row.id).slice(-4)));
    if (levels) row.educationLevels = [...new Set(levels)].sort().join(',');
  }

  // The roster: the graduates above, and 45 students in each of the last four intakes.
  const students: Record<string, unknown>[] = [];
  const student = (plan: DepartmentPlan, intake: number, i: number, graduate: Alumnus | null) => {
    const row = students.length + 1;
    const open = plan.bachelor.filter(([, from]) => from <= intake);
    const speciality = graduate ? graduate.speciality : (open[i % open.length] ?? plan.bachelor[0])![0];
    const male = row % 2 === 1;
    const birthday = `${intake - 18}-0${1 + (row % 9)}-2${row % 8}`;
    const alumnus = graduate ? alumniRows[graduate.row - 1] : null;
    students.push({
      id: seedId(STUDENTS, row), tenantId: '000000', studentNo: `${intake}${String(plan.row).padStart(2, '0')}${String(row).padStart(4, '0')}`,
      name: alumnus ? alumnus.name : `${SURNAMES.charAt((row * 3) % SURNAMES.length)}${GIVEN[(row * 11) % GIVEN.length]}`,
      gender: alumnus ? alumnus.gender : male ? '1' : '2', idType: '1',
      idCardNo: alumnus ? alumnus.idCardNo : residentId(birthday, 300 + row, male), birthday: alumnus ? alumnus.birthday : birthday,
      departmentId: departmentId(plan.row), specialityId: seedId(SPECIALITIES, speciality), className: `${String(intake).slice(2)}级${1 + (i % 3)}班`,
      educationLevel: '2', studyForm: '1', enrollmentYear: intake, graduationYear: intake + 4, studyStatus: graduate ? '2' : '1',
      phone: alumnus ? alumnus.phone : `137${String(20000000 + row * 6151).slice(-8)}`, email: null,
      alumniId: graduate ? seedId(ALUMNI, graduate.row) : null, orgDeptId: unitOf(plan.row),
      createUser: OFFICE, createTime: `${intake}-09-01 09:00:00`, updateUser: OFFICE, updateTime: `${intake}-09-01 09:00:00`, isDeleted: 0, status: 1,
    });
  };
  for (const a of fromRoster) student(PLANS.find((p) => p.row === a.department) as DepartmentPlan, a.year, a.row, a);
  for (let intake = year - 4; intake <= year - 1; intake++) {
    for (const plan of PLANS) for (let i = 0; i < plan.roster.enrolled; i++) student(plan, intake, i, null);
  }
  // Roster-made study records point to their roster rows.
  const rosterRowOf = new Map(students.filter((s) => s.alumniId).map((s) => [s.alumniId as string, s.id as string]));
  for (const s of statuses) if (s.source === '2') s.studentId = rosterRowOf.get(s.alumniId as string) ?? null;

  const insertAll = async (table: string, rows: Record<string, unknown>[], raw = false) => {
    for (let i = 0; i < rows.length; i += 100) {
      const chunk = rows.slice(i, i + 100);
      await w.db.insertInto(table).values(raw ? chunk : chunk.map((r) => valuesToColumns(r))).execute();
    }
  };
  await insertAll('alumni_basic_info', alumniRows);
  await insertAll(CONSENT_LOG_TABLE, consentLogRows(alumniRows, OFFICE), true);
  await insertAll('alumni_student_status', statuses);
  await insertAll('alumni_examine_log', logs, true);
  await insertAll('alumni_student', students);
  await w.db.insertInto('app_sequence').values({ tenant_id: '000000', name: 'alumni_basic_info.alumniCode:XY', value: alumni.length }).execute();
}
