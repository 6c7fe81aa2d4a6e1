import { basicInfoEntity } from '@alumni/domain';
import type { Db } from '../db/database.js';
import type { FieldSealing } from '../db/field-sealing.js';
import { seedId } from './menu-tree.js';
import { residentId } from './people-seed.js';

const TENANT = '000000';

/** What a registration states about a person (DOMAIN 4.2.2), in the registration's own field names. */
export interface Claim {
  name: string;
  gender: string;
  idType: string;
  idCardNo: string;
  birthday: string | null;
  areaCode: string;
  phone: string;
  email: string | null;
  wechat: string | null;
  country: string;
  provinceCode: string | null;
  cityCode: string | null;
  departmentId: string;
  specialityId: string;
  educationLevel: string;
  enrollmentYear: number;
  graduationYear: number | null;
  studentNo: string | null;
  className: string | null;
  studyForm: string;
  company: string | null;
  position: string | null;
  allowSms: number;
  allowEmail: number;
  allowWechat: number;
}

/** A demo alumnus with its first study record (the one a registration would have claimed) and its roster row. */
export interface Known {
  id: string;
  name: string;
  gender: string;
  idCardNo: string | null;
  birthday: string | null;
  phone: string | null;
  email: string | null;
  company: string | null;
  position: string | null;
  allowSms: number;
  allowEmail: number;
  allowWechat: number;
  source: string;
  createTime: string;
  departmentId: string;
  specialityId: string;
  educationLevel: string;
  enrollmentYear: number;
  graduationYear: number | null;
  studentNo: string | null;
  rosterStudentNo: string | null;
}

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** The demo alumni of tenant 000000 in seed order, each with its first study record and roster student number. */
export async function knownAlumni(db: Db, sealing: FieldSealing): Promise<Known[]> {
  const alumni = await db.selectFrom('alumni_basic_info').selectAll().where('tenant_id', '=', TENANT).orderBy('id').execute();
  const statuses = await db.selectFrom('alumni_student_status').selectAll().where('tenant_id', '=', TENANT).orderBy('id').execute();
  const roster = await db.selectFrom('alumni_student').select(['alumni_id', 'student_no']).where('tenant_id', '=', TENANT).where('alumni_id', 'is not', null).execute();
  const first = new Map<string, Record<string, unknown>>();
  for (const s of statuses) if (!first.has(String(s.alumni_id))) first.set(String(s.alumni_id), s);
  const rosterNo = new Map(roster.map((r) => [String(r.alumni_id), String(r.student_no)]));
  return alumni.flatMap((a) => {
    const s = first.get(String(a.id));
    if (!s) return [];
    return [{
      id: String(a.id), name: String(a.name), gender: String(a.gender), idCardNo: sealing.openColumn(basicInfoEntity, 'idCardNo', a.id_card_no), birthday: text(a.birthday)?.slice(0, 10) ?? null,
      phone: sealing.openColumn(basicInfoEntity, 'phone', a.phone), email: sealing.openColumn(basicInfoEntity, 'email', a.email), company: text(a.company), position: text(a.position),
      allowSms: Number(a.allow_sms), allowEmail: Number(a.allow_email), allowWechat: Number(a.allow_wechat), source: String(a.source),
      createTime: String(a.create_time).slice(0, 19), departmentId: String(s.department_id), specialityId: String(s.speciality_id),
      educationLevel: String(s.education_level), enrollmentYear: Number(s.enrollment_year),
      graduationYear: s.graduation_year === null ? null : Number(s.graduation_year), studentNo: text(s.student_no), rosterStudentNo: rosterNo.get(String(a.id)) ?? null,
    }];
  });
}

/** Where the registrants live: [province, city] of the shipped regions (cities are shipped for 广东 and 江苏). */
export const RESIDENCES: readonly [string, string | null][] = [
  ['110000', null], ['310000', null], ['440000', '440300'], ['320000', '320100'], ['330000', null], ['440000', '440100'],
  ['420000', null], ['320000', '320500'], ['510000', null], ['610000', null], ['370000', null], ['500000', null],
];

/** The registration an alumnus would have sent, living at a residence. */
export function claimOf(known: Known, residence: number): Claim {
  const [provinceCode, cityCode] = RESIDENCES[residence % RESIDENCES.length] as [string, string | null];
  return {
    name: known.name, gender: known.gender, idType: '1', idCardNo: known.idCardNo ?? '', birthday: known.birthday, areaCode: '+86',
    phone: known.phone ?? '', email: known.email, wechat: null, country: '中国', provinceCode, cityCode,
    departmentId: known.departmentId, specialityId: known.specialityId, educationLevel: known.educationLevel,
    enrollmentYear: known.enrollmentYear, graduationYear: known.graduationYear, studentNo: known.studentNo, className: null, studyForm: '1',
    company: known.company, position: known.position, allowSms: known.allowSms, allowEmail: known.allowEmail, allowWechat: known.allowWechat,
  };
}

/** Departments new registrants claim: seed rows of the department and of a 本科 speciality open since the year given. */
export const CLAIMED_UNITS = {
  cs: { department: 1, specialities: [[1, 1978], [2, 2002], [3, 2005]] },
  em: { department: 4, specialities: [[22, 1993], [21, 1993]] },
  fl: { department: 5, specialities: [[26, 1960], [27, 1985]] },
  me: { department: 3, specialities: [[16, 1952], [17, 2000]] },
} as const;

const COMPOUND_SURNAMES = ['欧阳', '司马', '上官', '诸葛', '东方', '皇甫', '慕容', '夏侯', '令狐', '公孙'];
const GIVEN_NAMES = ['思远', '若兰', '子墨', '清扬', '嘉禾', '明轩', '雨桐', '博文', '静姝', '天佑', '一帆', '书瑶'];

/**
 * Someone the school does not know yet: a compound surname (no demo alumnus or student has one), a
 * birthday on the 28th (demo people are born on days 10-27), a phone in the 1390000xxxx block.
 */
export function newcomer(n: number, unit: keyof typeof CLAIMED_UNITS, enrollmentYear: number, residence: number): Claim {
  const male = n % 2 === 0;
  const birthday = `${enrollmentYear - 18}-0${1 + (n % 9)}-28`;
  const { department, specialities } = CLAIMED_UNITS[unit];
  const open = specialities.filter(([, since]) => since <= enrollmentYear);
  const speciality = (open[n % open.length] ?? specialities[0])[0];
  const [provinceCode, cityCode] = RESIDENCES[residence % RESIDENCES.length] as [string, string | null];
  return {
    name: `${COMPOUND_SURNAMES[n % COMPOUND_SURNAMES.length]}${GIVEN_NAMES[(n * 5) % GIVEN_NAMES.length]}`, gender: male ? '1' : '2',
    idType: '1', idCardNo: residentId(birthday, 400 + n, male), birthday, areaCode: '+86', phone: newPhone(n),
    email: n % 3 === 2 ? null : `dj${String(n).padStart(3, '0')}@example.com`, wechat: null, country: '中国', provinceCode, cityCode,
    departmentId: seedId(1, department), specialityId: seedId(2, speciality), educationLevel: '2', enrollmentYear,
    graduationYear: enrollmentYear + 4, studentNo: null, className: null, studyForm: '1',
    company: null, position: null, allowSms: 1, allowEmail: 1, allowWechat: 1,
  };
}

/** A mobile of the demo block no demo alumnus, student or account holds. */
export const newPhone = (n: number): string => `13900002${String(n).padStart(3, '0')}`;
