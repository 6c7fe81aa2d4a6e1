import { EXAMINE_MSG, EXAMINE_STATUS, type ExamineAction, type ExamineBizType } from '@alumni/domain';
import { seedId } from './menu-tree.js';
import type { SeedWriter } from './seed-writer.js';

const DEPARTMENTS = 1, SPECIALITIES = 2, EXAMINE_LOGS = 31, USERS = 90, DEPTS = 92;
const OFFICE = seedId(USERS, 2);
const COLLEGE = seedId(USERS, 3);

/** Departments of DOMAIN 18.3: [row, name, code, unit row of the organisation tree, founded, abolished, former names, merged into row]. */
const DEPARTMENT_ROWS: [number, string, string, number, number, number | null, string | null, number | null][] = [
  [1, '计算机科学与技术学院', 'CS', 4, 1978, null, '计算机工程系(1978–1992)', null],
  [2, '电子信息工程学院', 'EE', 6, 1998, null, null, null],
  [3, '机械工程学院', 'ME', 7, 1952, null, '机械系(1952–1996)', null],
  [4, '经济与管理学院', 'EM', 8, 1984, null, '管理工程系(1984–1999)', null],
  [5, '外国语学院', 'FL', 9, 1960, null, '外语系(1960–2001)', null],
  [6, '化学与材料学院', 'CM', 10, 1952, null, '化工系(1952–1995)', null],
  [7, '无线电系', 'RD', 6, 1958, 1998, null, 2],
  [8, '软件学院', 'SE', 4, 2002, 2015, null, 1],
];
/** The department proposed by the college secretary and still waiting for the alumni office. */
const PENDING_DEPARTMENT = 8;

const LEVEL = { 专科: '1', 本科: '2', 硕士: '3', 博士: '4' } as const;
type Level = keyof typeof LEVEL;
const DEGREE: Record<Level, string> = { 专科: '0', 本科: '1', 硕士: '2', 博士: '3' };
const DURATION: Record<Level, string> = { 专科: '3', 本科: '4', 硕士: '3', 博士: '4' };

/** Specialities of DOMAIN 18.3: [department row, name, code, level, established, discontinued, state]. */
type SpecialityRow = [number, string, string | null, Level, number, number | null, 'approved' | 'pending' | 'rejected'];
const SPECIALITY_ROWS: SpecialityRow[] = [
  [1, '计算机科学与技术', '080901', '本科', 1978, null, 'approved'], [1, '软件工程', '080902', '本科', 2002, null, 'approved'],
  [1, '网络工程', '080903', '本科', 2005, null, 'approved'], [1, '数据科学与大数据技术', '080910T', '本科', 2018, null, 'approved'],
  [1, '人工智能', '080717T', '本科', 2020, null, 'approved'], [1, '计算机应用', null, '专科', 1985, 2000, 'approved'],
  [1, '计算机科学与技术', '0812', '硕士', 1990, null, 'approved'], [1, '计算机科学与技术', '0812', '博士', 2005, null, 'approved'],
  [1, '智能科学与技术', '080907T', '本科', 2023, null, 'pending'], [1, '计算机技术应用', null, '专科', 1990, 2000, 'rejected'],
  [2, '电子信息工程', '080701', '本科', 1998, null, 'approved'], [2, '通信工程', '080703', '本科', 1998, null, 'approved'],
  [2, '微电子科学与工程', '080704', '本科', 2012, null, 'approved'], [2, '信息与通信工程', '0810', '硕士', 2000, null, 'approved'],
  [7, '无线电技术', null, '本科', 1958, 1998, 'approved'],
  [3, '机械设计制造及其自动化', '080202', '本科', 1952, null, 'approved'], [3, '车辆工程', '080207', '本科', 2000, null, 'approved'],
  [3, '工业设计', '080205', '本科', 2004, null, 'approved'], [3, '机械工程', '0802', '硕士', 1986, null, 'approved'],
  [4, '经济学', '020101', '本科', 1984, null, 'approved'], [4, '金融学', '020301K', '本科', 1993, null, 'approved'],
  [4, '会计学', '120203K', '本科', 1993, null, 'approved'], [4, '工商管理', '120201K', '本科', 1999, null, 'approved'],
  [4, '市场营销', '120202', '本科', 2001, null, 'approved'], [4, '工商管理', '1251', '硕士', 2003, null, 'approved'],
  [5, '英语', '050201', '本科', 1960, null, 'approved'], [5, '日语', '050207', '本科', 1985, null, 'approved'],
  [5, '翻译', '050261', '本科', 2012, null, 'approved'], [5, '外国语言文学', '0502', '硕士', 2006, null, 'approved'],
  [6, '化学', '070301', '本科', 1952, null, 'approved'], [6, '应用化学', '070302', '本科', 1987, null, 'approved'],
  [6, '材料科学与工程', '080401', '本科', 1996, null, 'approved'], [6, '化学', '0703', '硕士', 1995, null, 'approved'],
];
const REJECTION = '与“计算机应用”重复';

const BINJIANG_TENANT = '100001';
/** Tenant 100001's units: [department row, name, code, its specialities [row, name, code]]. */
const BINJIANG: [number, string, string, [number, string, string][]][] = [
  [101, '机电工程系', 'JD', [[101, '机电一体化技术', '460301'], [102, '数控技术', '460103']]],
  [102, '经济管理系', 'JG', [[103, '大数据与会计', '530302'], [104, '电子商务', '530701']]],
];

/** The discipline (dictionary `discipline`) of a catalogue code: its first two digits. */
const disciplineOf = (code: string | null) => (code ? code.slice(0, 2) : null);

/**
 * The academic units of the demo school (DOMAIN 18.3) with their examination history: units the
 * alumni office added are approved on creation; the college secretary's proposals wait or were rejected.
 */
export async function seedAcademicUnits(w: SeedWriter): Promise<void> {
  let logRow = 0;
  const log = async (bizType: ExamineBizType, bizId: string, action: ExamineAction, from: number | null, to: number, user: string, userName: string, opinion: string | null) => {
    logRow += 1;
    await w.db.insertInto('alumni_examine_log').values({
      id: seedId(EXAMINE_LOGS, logRow), tenant_id: '000000', biz_type: bizType, biz_id: bizId, action, from_status: from, to_status: to,
      opinion, examine_user: user, examine_user_name: userName, examine_time: w.stamp, snapshot: null,
    }).execute();
  };
  const orgOf = new Map<number, string>();
  for (const [row, name, code, unit, founded, abolished, formerNames, mergedInto] of DEPARTMENT_ROWS) {
    const pending = row === PENDING_DEPARTMENT;
    const id = seedId(DEPARTMENTS, row);
    orgOf.set(row, seedId(DEPTS, unit));
    await w.insert('alumni_department', {
      id, departmentName: name, departmentCode: code, shortName: null, foundYear: founded, abolishYear: abolished,
      isHistorical: abolished === null ? 0 : 1, formerNames, mergedIntoId: mergedInto === null ? null : seedId(DEPARTMENTS, mergedInto),
      orgDeptId: seedId(DEPTS, unit), sort: row, createUser: pending ? COLLEGE : OFFICE,
      ...(pending ? examined(EXAMINE_STATUS.pending) : examined(EXAMINE_STATUS.approved, EXAMINE_MSG.approvedOnCreate.zh)),
    });
    if (pending) await log('department', id, 'submit', null, EXAMINE_STATUS.pending, COLLEGE, '李建国', null);
    else await log('department', id, 'approve', null, EXAMINE_STATUS.approved, OFFICE, '王晓梅', EXAMINE_MSG.approvedOnCreate.zh);
  }
  let row = 0;
  for (const [department, name, code, level, founded, abolished, state] of SPECIALITY_ROWS) {
    row += 1;
    const id = seedId(SPECIALITIES, row);
    const byCollege = state !== 'approved';
    await w.insert('alumni_speciality', {
      id, specialityName: name, specialityCode: code, departmentId: seedId(DEPARTMENTS, department), educationLevel: LEVEL[level],
      discipline: disciplineOf(code), duration: DURATION[level], degreeAwarded: DEGREE[level], foundYear: founded, abolishYear: abolished,
      isHistorical: abolished === null ? 0 : 1, orgDeptId: orgOf.get(department), sort: row, createUser: byCollege ? COLLEGE : OFFICE,
      ...(state === 'approved' ? examined(EXAMINE_STATUS.approved, EXAMINE_MSG.approvedOnCreate.zh)
        : state === 'pending' ? examined(EXAMINE_STATUS.pending) : examined(EXAMINE_STATUS.rejected, REJECTION)),
    });
    if (state === 'approved') {
      await log('speciality', id, 'approve', null, EXAMINE_STATUS.approved, OFFICE, '王晓梅', EXAMINE_MSG.approvedOnCreate.zh);
    } else {
      await log('speciality', id, 'submit', null, EXAMINE_STATUS.pending, COLLEGE, '李建国', null);
      if (state === 'rejected') await log('speciality', id, 'reject', EXAMINE_STATUS.pending, EXAMINE_STATUS.rejected, OFFICE, '王晓梅', REJECTION);
    }
  }

  // Tenant 100001 (DOMAIN 18.2): two departments and four specialities (专科), all approved.
  const binjiang = seedId(DEPTS, 101);
  const binjiangAdmin = seedId(USERS, 101);
  for (const [row, name, code, specialities] of BINJIANG) {
    const departmentId = await w.insert('alumni_department', {
      id: seedId(DEPARTMENTS, row), departmentName: name, departmentCode: code, foundYear: 1999, isHistorical: 0, orgDeptId: binjiang, sort: row,
      createUser: binjiangAdmin, ...examined(EXAMINE_STATUS.approved, EXAMINE_MSG.approvedOnCreate.zh, binjiangAdmin),
    }, BINJIANG_TENANT);
    for (const [specialityRow, specialityName, specialityCode] of specialities) {
      await w.insert('alumni_speciality', {
        id: seedId(SPECIALITIES, specialityRow), specialityName, specialityCode, departmentId, educationLevel: LEVEL.专科,
        discipline: specialityCode.slice(0, 2), duration: DURATION.专科, degreeAwarded: DEGREE.专科, foundYear: 2001, isHistorical: 0,
        orgDeptId: binjiang, sort: specialityRow, createUser: binjiangAdmin,
        ...examined(EXAMINE_STATUS.approved, EXAMINE_MSG.approvedOnCreate.zh, binjiangAdmin),
      }, BINJIANG_TENANT);
    }
  }

  function examined(status: number, opinion: string | null = null, examiner = OFFICE) {
    const done = status !== EXAMINE_STATUS.pending;
    return { examineStatus: status, examineUser: done ? examiner : null, examineTime: done ? w.stamp : null, examineOpinion: opinion };
  }
}
