import { EXAMINE_MSG, EXAMINE_STATUS, REGIST_AGREEMENT, REGIST_SOURCE, REGIST_STATUS, formatSequenceNumber, periodOf, registInfoEntity, type SequenceNumber } from '@alumni/domain';
import { valuesToColumns } from '../db/row-mapping.js';
import type { FieldSealing } from '../db/field-sealing.js';
import { Duplicates } from '../modules/identity/duplicates.js';
import type { IdentityKeys } from '../modules/identity/identity-keys.js';
import { personOf } from '../modules/identity/regist-info-hooks.js';
import { rosterMatch } from '../modules/people/roster-match.js';
import { seedId } from './menu-tree.js';
import { residentId } from './people-seed.js';
import type { Claim } from './regist-seed-people.js';
import { daysAgo } from './seed-calendar.js';
import type { SeedWriter } from './seed-writer.js';

export const BINJIANG_TENANT = '100001';
const DEPARTMENTS = 1, SPECIALITIES = 2, ALUMNI = 3, STATUSES = 4, REGISTRATIONS = 6, EXAMINE_LOGS_REGIST = 31, EXAMINE_LOGS = 32, USERS = 90, DEPTS = 92;
/** Tenant 100001's rows follow the demo school's in the same seed tables, from this row on. */
const FIRST_ROW = 1001;
export const BINJIANG_ALUMNI = 20;
const ADMIN = seedId(USERS, 101);
const UNIT = seedId(DEPTS, 101);
/** Its departments (seed/academic-seed.ts) with their 专科 specialities. */
const UNITS: [number, number[]][] = [[101, [101, 102]], [102, [103, 104]]];

const SURNAMES = '周吴郑王冯陈褚卫蒋沈韩杨朱秦尤许何吕施张';
const GIVEN = ['晨阳', '佳琪', '浩然', '雨欣', '俊杰', '诗涵', '子豪', '梦瑶', '宇航', '欣妍'];

/**
 * Tenant 100001's alumni (DOMAIN 18.2): twenty graduates of its two departments' 专科 specialities,
 * entered by its administrator, each with an approved study record; seeded with the demo school's
 * people, before the identity keys are filled and the personal data sealed.
 */
export async function seedBinjiangAlumni(w: SeedWriter): Promise<void> {
  const year = new Date().getFullYear();
  const alumni: Record<string, unknown>[] = [];
  const statuses: Record<string, unknown>[] = [];
  const logs: Record<string, unknown>[] = [];
  for (let i = 0; i < BINJIANG_ALUMNI; i++) {
    const row = FIRST_ROW + i;
    const [department, specialities] = UNITS[i % UNITS.length] as [number, number[]];
    const speciality = specialities[Math.floor(i / UNITS.length) % specialities.length] as number;
    const enrolled = year - 4 - (i % 12);
    const male = i % 2 === 0;
    const birthday = `${enrolled - 18}-0${1 + (i % 9)}-1${i % 10}`;
    const created = daysAgo(30 + i * 11, '10:00:00');
    const id = seedId(ALUMNI, row);
    alumni.push({
      id, tenantId: BINJIANG_TENANT, alumniCode: `XY${String(i + 1).padStart(7, '0')}`, name: `${SURNAMES.charAt(i)}${GIVEN[i % GIVEN.length]}`,
      gender: male ? '1' : '2', idType: '1', idCardNo: residentId(birthday, 700 + i, male), birthday,
      phone: `1380571${String(1000 + i * 37).padStart(4, '0')}`, email: i % 4 === 3 ? null : `bj${String(i + 1).padStart(2, '0')}@binjiang.example.com`,
      company: i % 3 === 0 ? '杭州滨江制造有限公司' : null, position: i % 3 === 0 ? '技术员' : null,
      departmentId: seedId(DEPARTMENTS, department), specialityId: seedId(SPECIALITIES, speciality), firstEnrollmentYear: enrolled,
      educationLevels: '1', tags: null, isKeyAlumni: 0, isDeceased: 0, directoryVisible: 1, allowSms: 1, allowEmail: 1, allowWechat: 1,
      consentUpdateTime: null, source: '3', orgDeptId: UNIT, status: 1,
      createUser: ADMIN, createTime: created, updateUser: ADMIN, updateTime: created, isDeleted: 0,
    });
    const statusId = seedId(STATUSES, row);
    statuses.push({
      id: statusId, tenantId: BINJIANG_TENANT, alumniId: id, studentNo: `${enrolled}${String(i + 1).padStart(5, '0')}`,
      departmentId: seedId(DEPARTMENTS, department), specialityId: seedId(SPECIALITIES, speciality), educationLevel: '1', degree: '0', studyForm: '1',
      enrollmentYear: enrolled, graduationYear: enrolled + 3, className: null, graduationStatus: '2', source: '3', orgDeptId: UNIT,
      examineStatus: EXAMINE_STATUS.approved, examineUser: ADMIN, examineTime: created, examineOpinion: EXAMINE_MSG.approvedOnCreate.zh,
      createUser: ADMIN, createTime: created, updateUser: ADMIN, updateTime: created, isDeleted: 0, status: 1,
    });
    logs.push({
      id: seedId(EXAMINE_LOGS, row), tenant_id: BINJIANG_TENANT, biz_type: 'studentstatus', biz_id: statusId, action: 'approve',
      from_status: null, to_status: EXAMINE_STATUS.approved, opinion: EXAMINE_MSG.approvedOnCreate.zh,
      examine_user: ADMIN, examine_user_name: '滨江管理员', examine_time: created, snapshot: null,
    });
  }
  await w.db.insertInto('alumni_basic_info').values(alumni.map((r) => valuesToColumns(r))).execute();
  await w.db.insertInto('alumni_student_status').values(statuses.map((r) => valuesToColumns(r))).execute();
  await w.db.insertInto('alumni_examine_log').values(logs).execute();
  await w.db.insertInto('app_sequence').values({ tenant_id: BINJIANG_TENANT, name: 'alumni_basic_info.alumniCode:XY', value: BINJIANG_ALUMNI }).execute();
}

/**
 * Tenant 100001's pending registration (DOMAIN 18.2): a graduate it does not know yet, sent from the
 * public page two days ago, checked against its roster and alumni as the save checks it.
 */
export async function seedBinjiangRegistration(w: SeedWriter, keys: IdentityKeys, sealing: FieldSealing): Promise<void> {
  const db = w.db;
  const year = new Date().getFullYear();
  const enrolled = year - 5;
  const birthday = `${enrolled - 18}-06-28`;
  const claim: Claim = {
    name: '欧阳晓峰', gender: '1', idType: '1', idCardNo: residentId(birthday, 720, true), birthday, areaCode: '+86', phone: '13805712999',
    email: 'oyxf@binjiang.example.com', wechat: null, country: '中国', provinceCode: '330000', cityCode: null,
    departmentId: seedId(DEPARTMENTS, 101), specialityId: seedId(SPECIALITIES, 102), educationLevel: '1',
    enrollmentYear: enrolled, graduationYear: enrolled + 3, studentNo: null, className: null, studyForm: '1',
    company: '杭州滨江制造有限公司', position: '数控工艺员', allowSms: 1, allowEmail: 1, allowWechat: 1,
  };
  const created = daysAgo(2, '20:15:00');
  const roster = await rosterMatch(sealing, db, BINJIANG_TENANT, {
    studentNo: claim.studentNo, name: claim.name, idType: claim.idType, idCardNo: claim.idCardNo, departmentId: claim.departmentId, enrollmentYear: claim.enrollmentYear,
  });
  const duplicateLevel = Duplicates.level(await new Duplicates(keys, sealing).candidates(db, BINJIANG_TENANT, personOf({ ...claim }), null));
  const rule = registInfoEntity.numbers?.registNo as SequenceNumber;
  const prefix = typeof rule.prefix === 'string' ? rule.prefix : rule.prefix.default;
  const period = periodOf(rule, created);
  const id = seedId(REGISTRATIONS, FIRST_ROW);
  await w.insert('alumni_regist_info', {
    id, registNo: formatSequenceNumber(rule, prefix, period, 1), ...claim,
    agreementTextCode: REGIST_AGREEMENT.textCode, agreementVersion: REGIST_AGREEMENT.version, consentTime: created, source: REGIST_SOURCE.web,
    rosterMatch: roster.rosterMatch, matchedStudentId: roster.matchedStudentId, duplicateLevel,
    examineStatus: REGIST_STATUS.pending, examineUser: null, examineTime: null, examineOpinion: null, alumniId: null, orgDeptId: UNIT,
    remark: null, status: 1, createUser: '0', createDept: null, createTime: created, updateUser: '0', updateTime: created,
  }, BINJIANG_TENANT);
  await db.insertInto('alumni_examine_log').values(valuesToColumns({
    id: seedId(EXAMINE_LOGS_REGIST, FIRST_ROW), tenantId: BINJIANG_TENANT, bizType: 'registinfo', bizId: id, snapshot: null,
    action: 'submit', fromStatus: null, toStatus: REGIST_STATUS.pending, opinion: null, examineUser: '0', examineUserName: claim.name, examineTime: created,
  })).execute();
  await db.insertInto('app_sequence').values({ tenant_id: BINJIANG_TENANT, name: `${registInfoEntity.table}.registNo:${prefix}${period}`, value: 1 }).execute();
}
