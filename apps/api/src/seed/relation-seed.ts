import { VISIT_MSG, docQueryEntity, formatSequenceNumber, periodOf, type SequenceNumber } from '@alumni/domain';
import { ids } from '../core/ids.js';
import { valuesToColumns } from '../db/row-mapping.js';
import { seedId } from './menu-tree.js';
import { daysAgo } from './seed-calendar.js';
import type { SeedWriter } from './seed-writer.js';

const TENANT = '000000';
const OTHER_TENANT = '100001';
const DEPARTMENTS = 1, ASSOCIATIONS = 7, MEMBERS = 8, CARE = 11, HONORS = 14, VISITS = 25, DOC_QUERIES = 29, USERS = 90, DEPTS = 92;
const ADMIN = '1123598821738675201';
const OFFICE_USER = seedId(USERS, 2);
const COLLEGE_USER = seedId(USERS, 3);
const OFFICE_UNIT = seedId(DEPTS, 2);
const CS_UNIT = seedId(DEPTS, 4);
const CARE_ACTIVITY = seedId(9, 9);
const dept = (row: number) => seedId(DEPARTMENTS, row);

interface Alumnus { id: string; name: string; departmentId: string | null; orgDeptId: string | null; year: number; birthday: string | null; key: boolean }

/** A date `days` before day D (`yyyy-MM-dd`). */
const dayAgo = (days: number) => daysAgo(days, '00:00:00').slice(0, 10);
/** A date `days` after day D. */
const dayAhead = (days: number) => new Date(Date.parse(`${dayAgo(0)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The organisation and relationship of the demo school (DOMAIN 18.5, 18.8): eight associations
 * with their councils and members, twenty honours, fifteen care entries, thirty visit records
 * (whose figures for the current year are those of DOMAIN 11.3) and fifteen document queries.
 */
export async function seedRelations(w: SeedWriter): Promise<void> {
  const living = (await w.db.selectFrom('alumni_basic_info')
    .select(['id', 'name', 'department_id', 'org_dept_id', 'first_enrollment_year', 'birthday', 'is_key_alumni'])
    .where('tenant_id', '=', TENANT).where('is_deleted', '=', 0).where('is_deceased', '=', 0).orderBy('id').execute())
    .map((r): Alumnus => ({
      id: String(r.id), name: String(r.name), departmentId: r.department_id === null ? null : String(r.department_id),
      orgDeptId: r.org_dept_id === null ? null : String(r.org_dept_id), year: Number(r.first_enrollment_year ?? 2000),
      birthday: r.birthday === null ? null : String(r.birthday).slice(0, 10), key: Number(r.is_key_alumni) === 1,
    }));
  if (living.length < 200) throw new Error('the relation seed needs the demo alumni');
  await seedAssociations(w, living);
  const care = await seedCare(w, living);
  await seedHonors(w, living);
  await seedVisits(w, living, care);
  await seedDocQueries(w, living);
}

// ---------------------------------------------------------------- associations (DOMAIN 18.5)

/** [row, name, short name, type, parent row, unit row, years since founding, state, members, council, province, city (the shipped regions are provinces), country, overseas city]. */
const ASSOCIATION_PLAN: [number, string, string, string, number, number, number, string, number, number, string | null, string | null, string, string | null][] = [
  [1, '示范大学校友总会', '校友总会', '1', 0, 11, 15, '2', 15, 15, '110000', null, '中国', null],
  [2, '北京校友会', '北京', '2', 1, 12, 13, '2', 35, 7, '110000', null, '中国', null],
  [3, '上海校友会', '上海', '2', 1, 13, 12, '2', 25, 6, '310000', null, '中国', null],
  [4, '深圳校友会', '深圳', '2', 1, 14, 10, '2', 20, 5, '440000', null, '中国', null],
  [5, '北美校友会', '北美', '3', 1, 15, 9, '2', 12, 4, null, null, '美国', '旧金山'],
  [6, '计算机学院校友会', '计算机', '4', 1, 5, 7, '2', 25, 6, null, null, '中国', null],
  [7, '金融行业校友会', '金融', '5', 1, 16, 6, '2', 10, 3, null, null, '中国', null],
  [8, '校友羽毛球俱乐部', '羽毛球', '6', 1, 17, 1, '1', 8, 2, null, null, '中国', null],
];
/** Council positions after the president (2) and the secretary-general (4): vice-presidents, standing council, council. */
const COUNCIL_ORDER = ['2', '4', '3', '3', '6', '6', '7', '7', '7', '7', '7', '7', '8', '9', '1'];

async function seedAssociations(w: SeedWriter, living: Alumnus[]): Promise<void> {
  const cs = living.filter((a) => a.departmentId === dept(1));
  let cursor = 0;
  let memberRow = 0;
  for (const [row, name, shortName, type, parentRow, unitRow, years, state, members, council, province, city, country, overseas] of ASSOCIATION_PLAN) {
    const associationId = seedId(ASSOCIATIONS, row);
    const unit = unitRow === 5 ? seedId(DEPTS, 5) : seedId(DEPTS, unitRow);
    await w.insert('alumni_association', {
      id: associationId, associationName: name, shortName, associationType: type, parentId: parentRow ? seedId(ASSOCIATIONS, parentRow) : null,
      departmentId: type === '4' ? dept(1) : null, country, provinceCode: province, cityCode: city, overseasCity: overseas,
      foundDate: dayAgo(years * 365), isRegistered: row === 1 ? 1 : 0, creditCode: row === 1 ? '5111000050000123XY' : null,
      contactName: row === 2 ? '张伟' : '王晓梅', contactPhone: `010-6278${String(8000 + row)}`, email: row === 1 ? 'alumni@example.com' : null,
      address: row === 5 ? 'San Francisco, CA' : '示范大学校友之家', introduction: `<p>${name}是示范大学校友联络与服务的组织。</p>`,
      orgDeptId: unit, associationState: state, sort: row,
    }, TENANT);
    // Members: the college's alumni for its association, alumni taken in turn for the others.
    const pool = type === '4' ? cs : living;
    for (let i = 0; i < members; i++) {
      const alumnus = type === '4' ? pool[(i * 2) % pool.length] as Alumnus : pool[(cursor + i * 3) % pool.length] as Alumnus;
      const position = i < council ? (COUNCIL_ORDER[i] ?? '7') : '10';
      memberRow += 1;
      await w.insert('alumni_association_member', {
        id: seedId(MEMBERS, memberRow), associationId, alumniId: alumnus.id, position,
        termStart: i < council ? dayAgo(2 * 365) : null, termEnd: i < council ? dayAhead(2 * 365) : null,
        joinDate: dayAgo(Math.min(years * 365, 200 + i * 17)), isActive: 1, orgDeptId: unit,
      }, TENANT);
    }
    cursor += members * 3 + 1;
  }
  await w.insert('alumni_association', {
    id: seedId(ASSOCIATIONS, 101), associationName: '滨江职业技术学院校友会', shortName: '滨江校友会', associationType: '1', country: '中国',
    provinceCode: '330000', foundDate: dayAgo(5 * 365), isRegistered: 0, orgDeptId: seedId(DEPTS, 101), associationState: '2', sort: 1,
  }, OTHER_TENANT);
}

// ---------------------------------------------------------------- care list (DOMAIN 18.8)

async function seedCare(w: SeedWriter, living: Alumnus[]): Promise<string> {
  const seniors = [...living].sort((a, b) => a.year - b.year || a.id.localeCompare(b.id));
  const entry = async (row: number, a: Alumnus, values: Record<string, unknown>) => w.insert('alumni_act_carelist', {
    id: seedId(CARE, row), alumniId: a.id, responsibleUserId: OFFICE_USER, orgDeptId: a.orgDeptId, isUrgent: 0, amount: null, ...values,
  }, TENANT);
  // Eight senior alumni visited at the Double Ninth (activity 0009), D − 200.
  for (let i = 0; i < 8; i++) {
    await entry(i + 1, seniors[i] as Alumnus, {
      careType: '1', careReason: '高龄校友，重阳节看望', activityId: CARE_ACTIVITY, careStatus: '1', careMethod: '1', careDate: dayAgo(200),
      careContent: '校领导一行上门看望，送上节日祝福和慰问品，老校友身体硬朗，关心母校发展。', giftContent: '重阳糕、慰问品', amount: '500.00',
      contactName: '家属', contactPhone: `010-8888${String(1000 + i)}`, address: '北京市海淀区学院路',
    });
  }
  const ill = [seniors[20], seniors[21]] as Alumnus[];
  await entry(9, ill[0] as Alumnus, { careType: '3', careReason: '住院治疗，需持续关注', careStatus: '2', careMethod: '2', careDate: dayAgo(10), careContent: '电话问候，病情稳定。', nextCareDate: dayAhead(3), isUrgent: 1 });
  await entry(10, ill[1] as Alumnus, { careType: '3', careReason: '术后康复期', careStatus: '2', careMethod: '6', careDate: dayAgo(20), careContent: '医院探望，恢复良好。', nextCareDate: dayAhead(5) });
  await entry(11, seniors[30] as Alumnus, { careType: '4', careReason: '校友家属去世，吊唁慰问', careStatus: '3', careMethod: '1', careDate: dayAgo(90), careContent: '送花圈并慰问家属。', remark: '家属表示感谢，关怀结束' });
  await entry(12, seniors[31] as Alumnus, { careType: '4', careReason: '校友家属去世，吊唁慰问', careStatus: '3', careMethod: '3', careDate: dayAgo(150), careContent: '寄送慰问信。', remark: '已完成吊唁' });
  const keyAlumni = living.filter((a) => a.key);
  for (let i = 0; i < 3; i++) {
    await entry(13 + i, (keyAlumni[i] ?? living[100 + i]) as Alumnus, { careType: '5', careReason: '重点校友春节慰问', careStatus: '0' });
  }
  return seedId(CARE, 1);
}

// ---------------------------------------------------------------- honours (DOMAIN 18.8)

/** [name, category, level, awarded by, years ago, public]. */
const HONOR_PLAN: [string, string, string, string, number, number][] = [
  ['杰出校友', '1', '5', '示范大学', 1, 1], ['杰出校友', '1', '5', '示范大学', 3, 1], ['杰出校友', '1', '5', '示范大学', 5, 1],
  ['中国科学院院士', '2', '2', '中国科学院', 4, 1],
  ['全国劳动模范', '3', '2', '国务院', 6, 1], ['全国劳动模范', '3', '2', '国务院', 2, 1],
  ['省科学技术进步奖一等奖', '3', '3', '江苏省人民政府', 2, 1], ['省科学技术进步奖二等奖', '3', '3', '浙江省人民政府', 3, 1],
  ['省自然科学奖一等奖', '3', '3', '湖北省人民政府', 5, 1], ['省科学技术发明奖', '3', '3', '广东省人民政府', 1, 1],
  ['市优秀企业家', '5', '4', '深圳市人民政府', 2, 1], ['行业年度人物', '4', '99', '中国软件行业协会', 1, 1],
  ['校友之星', '1', '5', '示范大学校友总会', 1, 0], ['优秀校友导师', '5', '5', '示范大学', 2, 0],
  ['市五一劳动奖章', '5', '4', '上海市总工会', 3, 0], ['青年岗位能手', '5', '4', '北京市团委', 4, 0],
  ['优秀共产党员', '5', '4', '武汉市委', 2, 0], ['十佳青年律师', '4', '4', '杭州市律师协会', 1, 0],
  ['年度最佳雇主', '4', '99', '前程无忧', 1, 0], ['优秀志愿者', '5', '6', '计算机科学与技术学院', 1, 0],
];

async function seedHonors(w: SeedWriter, living: Alumnus[]): Promise<void> {
  // Honours that mark a key alumnus go to the key alumni, so the library's 25 stay 25 (DOMAIN 5.2, 18.4).
  const keyAlumni = living.filter((a) => a.key);
  const others = living.filter((a) => !a.key);
  let k = 0, o = 0;
  const thisYear = Number(dayAgo(0).slice(0, 4));
  for (const [i, [name, type, level, body, yearsAgo, isPublic]] of HONOR_PLAN.entries()) {
    const makesKey = type === '1' || ['1', '2', '3'].includes(level);
    const a = (makesKey ? keyAlumni[k++ % keyAlumni.length] : others[(o++ * 7) % others.length]) as Alumnus;
    await w.insert('alumni_honor', {
      id: seedId(HONORS, i + 1), alumniId: a.id, honorName: name, honorType: type, honorLevel: level, awardingBody: body,
      awardYear: thisYear - yearsAgo, description: `${a.name}校友获得${name}。`, isPublic, sort: i, orgDeptId: a.orgDeptId,
    }, TENANT);
  }
}

// ---------------------------------------------------------------- visit records (DOMAIN 18.8, 11.3)

interface VisitPlan {
  /** 0 draft, 1 pending, 2 approved, 3 returned. */
  status: number;
  /** Days before D; `thisYear` dates are kept inside the current year. */
  days: number;
  thisYear: boolean;
  type: string;
  department: number | null;
  leader: boolean;
  province: string;
  city: string | null;
  organization: string | null;
  alumni: number;
  by?: 'college';
  association?: number;
  care?: boolean;
}

const C = (status: number, days: number, type: string, department: number | null, leader: boolean, province: string, organization: string | null, alumni: number, more: Partial<VisitPlan> = {}): VisitPlan =>
  ({ status, days, thisYear: true, type, department, leader, province, city: null, organization, alumni, ...more });
const P = (status: number, days: number, type: string, department: number | null, leader: boolean, province: string, organization: string | null, alumni: number): VisitPlan =>
  ({ status, days, thisYear: false, type, department, leader, province, city: null, organization, alumni });

/**
 * The 30 visits. The twelve approved ones of the current year give DOMAIN 11.3: 5 by the office,
 * 4 by Computer Science, 2 by Economics and Management, 1 by Electronics; 5 led by a leader;
 * Beijing 3, Guangdong 3, Shanghai 2, Jiangsu 2, Zhejiang 2; 8 distinct organisations; 19 alumni.
 */
const VISIT_PLAN: VisitPlan[] = [
  C(2, 5, '1', null, true, '440000', '深圳市星河软件有限公司', 2),
  C(2, 12, '1', null, true, '110000', '远航电子股份有限公司', 2),
  C(2, 18, '1', 1, false, '440000', '华章证券深圳分公司', 1),
  C(2, 25, '1', 1, true, '310000', '上海云帆数据科技有限公司', 2),
  C(2, 33, '1', 4, false, '320000', '江苏金陵银行股份有限公司', 1),
  C(2, 40, '2', null, true, '110000', null, 2),
  C(2, 47, '2', null, false, '330000', null, 2),
  C(2, 55, '2', 1, false, '440000', null, 1, { care: true }),
  C(2, 62, '3', null, true, '310000', '上海校友会', 2, { association: 3 }),
  C(2, 70, '3', 2, false, '110000', '北京校友会', 1, { association: 2 }),
  C(2, 78, '4', 1, false, '330000', '之江智能研究院', 2),
  C(2, 85, '6', 4, false, '320000', '江苏金陵银行股份有限公司', 1),
  // Handed in, waiting for the office: one of them from the college.
  C(1, 3, '1', 1, true, '110000', '北京智源软件有限公司', 1, { by: 'college' }),
  C(1, 6, '2', null, true, '310000', null, 1),
  C(1, 9, '5', 3, false, '440000', '广州南沙重工有限公司', 0),
  C(3, 15, '1', 5, true, '320000', '苏州译通科技有限公司', 1),
  C(0, 1, '4', null, true, '330000', '宁波港湾集团', 0),
  C(0, 2, '2', 6, false, '110000', null, 1),
  // The year before.
  P(2, 0, '1', null, true, '110000', '远航电子股份有限公司', 1), P(2, 15, '2', null, false, '310000', null, 2),
  P(2, 30, '3', 1, true, '440000', '深圳校友会', 1), P(2, 45, '1', 2, false, '320000', '无锡芯源微电子有限公司', 1),
  P(2, 60, '6', 4, false, '330000', '杭州云栖科技有限公司', 0), P(2, 75, '2', null, true, '110000', null, 2),
  P(2, 90, '1', 3, false, '440000', '佛山精工机械有限公司', 1), P(2, 105, '4', null, false, '310000', '上海校友创业联盟', 0),
  P(2, 120, '1', 1, false, '110000', '中关村星河孵化器', 1), P(2, 135, '2', 5, false, '320000', null, 1),
  P(3, 150, '1', null, false, '330000', '绍兴纺织集团', 0), P(0, 165, '99', null, false, '440000', '深圳湾实验室', 0),
];

const MINUTES = '双方就校友发展、校企合作与人才培养进行了深入交流，校友介绍了企业近况并表达了支持母校建设的意愿，学校通报了学科建设与校友工作进展。';

async function seedVisits(w: SeedWriter, living: Alumnus[], careEntry: string): Promise<void> {
  const today = dayAgo(0);
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const lastYearEnd = `${Number(today.slice(0, 4)) - 1}-12-31`;
  const back = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  const cs = living.filter((a) => a.departmentId === dept(1));
  const rest = living.filter((a) => a.departmentId !== dept(1));
  let csAt = 40, restAt = 150;
  const leaders = ['陈志远', '王晓梅', '刘校长', '李副校长'];
  let leaderAt = 0;
  for (const [i, plan] of VISIT_PLAN.entries()) {
    const row = i + 1;
    const id = seedId(VISITS, row);
    const date = plan.thisYear ? (() => { const d = dayAgo(plan.days); return d < yearStart ? yearStart : d; })() : back(lastYearEnd, plan.days);
    const pool = plan.department === 1 ? cs : rest;
    const alumni: string[] = [];
    for (let n = 0; n < plan.alumni; n++) {
      const a = plan.department === 1 ? pool[csAt++ % pool.length] : pool[restAt++ % pool.length];
      alumni.push((a as Alumnus).id);
    }
    const byCollege = plan.by === 'college';
    const unit = plan.department === null ? OFFICE_UNIT : (await unitOf(w, dept(plan.department)));
    const createUser = byCollege ? COLLEGE_USER : OFFICE_USER;
    const created = `${date} 18:00:00`;
    const examined = plan.status === 2 || plan.status === 3;
    await w.insert('alumni_visit_record', {
      id, title: `${plan.organization ?? '看望校友'}走访`, visitType: plan.type, visitDate: date,
      departmentId: plan.department === null ? null : dept(plan.department), leaderName: plan.leader ? leaders[leaderAt++ % leaders.length] : null,
      visitors: byCollege ? '李建国' : '王晓梅,校友办科员', visitedAlumniIds: alumni.length ? [...new Set(alumni)].join(',') : null,
      visitedOrganization: plan.organization, associationId: plan.association ? seedId(ASSOCIATIONS, plan.association) : null,
      country: '中国', provinceCode: plan.province, cityCode: plan.city, purpose: '联络校友，了解校友发展情况',
      content: plan.status === 0 && i % 2 === 0 ? '待补充' : MINUTES, outcomes: plan.status === 2 ? (i % 3 === 0 ? '1,2' : '6') : null,
      careListId: plan.care ? careEntry : null, orgDeptId: unit, visitStatus: plan.status,
      examineUser: examined ? OFFICE_USER : null, examineTime: examined ? `${date} 20:00:00` : null,
      examineOpinion: plan.status === 3 ? '请补充走访成果和照片' : plan.status === 2 ? '同意' : null,
      createUser, createDept: byCollege ? CS_UNIT : OFFICE_UNIT, createTime: created, updateTime: created,
    }, TENANT);
    if (plan.status >= 1) await visitLog(w, id, 'submit', 0, 1, null, createUser, `${date} 18:00:00`);
    if (plan.status === 2) await visitLog(w, id, 'approve', 1, 2, '同意', OFFICE_USER, `${date} 20:00:00`);
    if (plan.status === 3) await visitLog(w, id, 'return', 1, 3, '请补充走访成果和照片', OFFICE_USER, `${date} 20:00:00`);
    if (plan.care) {
      // The approval did to the care entry what approving does (DOMAIN 5.3).
      await w.db.updateTable('alumni_act_carelist').set({ care_status: '1', care_date: date, care_method: '1', care_content: VISIT_MSG.careDone.zh.replace('{title}', `${plan.organization ?? '看望校友'}走访`) })
        .where('id', '=', careEntry).execute();
    }
  }
}

const units = new Map<string, string | null>();
async function unitOf(w: SeedWriter, departmentId: string): Promise<string | null> {
  if (!units.has(departmentId)) {
    const row = await w.db.selectFrom('alumni_department').select('org_dept_id').where('id', '=', departmentId).executeTakeFirst();
    units.set(departmentId, row?.org_dept_id === null || row?.org_dept_id === undefined ? null : String(row.org_dept_id));
  }
  return units.get(departmentId) ?? null;
}

async function visitLog(w: SeedWriter, bizId: string, action: string, from: number, to: number, opinion: string | null, user: string, time: string): Promise<void> {
  const names: Record<string, string> = { [OFFICE_USER]: '王晓梅', [COLLEGE_USER]: '李建国', [ADMIN]: '系统管理员' };
  await w.db.insertInto('alumni_examine_log').values(valuesToColumns({
    id: ids.next(), tenantId: TENANT, bizType: 'visitrecord', bizId, action, fromStatus: from, toStatus: to, opinion,
    examineUser: user, examineUserName: names[user] ?? user, examineTime: time, snapshot: null,
  })).execute();
}

// ---------------------------------------------------------------- document queries (DOMAIN 18.8)

/** [status, type, delivery, days ago]. */
const DOC_PLAN: [string, string, string, number][] = [
  ['0', '1', '1', 1], ['0', '3', '4', 2], ['0', '2', '3', 3], ['0', '4', '2', 4],
  ['1', '1', '1', 6], ['1', '3', '2', 8], ['1', '2', '3', 9],
  ['2', '1', '1', 20], ['2', '1', '4', 30], ['2', '2', '3', 40], ['2', '2', '3', 55], ['2', '3', '4', 70], ['2', '4', '2', 90],
  ['3', '5', '1', 25], ['4', '3', '2', 35],
];

async function seedDocQueries(w: SeedWriter, living: Alumnus[]): Promise<void> {
  const rule = docQueryEntity.numbers?.acceptNo as SequenceNumber;
  const prefix = typeof rule.prefix === 'string' ? rule.prefix : rule.prefix.default;
  const perDay = new Map<string, number>();
  const rows = [...DOC_PLAN.entries()].sort(([, a], [, b]) => b[3] - a[3]);
  for (const [i, [status, type, delivery, days]] of rows) {
    const a = living[(i * 13 + 5) % living.length] as Alumnus;
    const applied = daysAgo(days, '09:30:00');
    const period = periodOf(rule, applied);
    const value = (perDay.get(period) ?? 0) + 1;
    perDay.set(period, value);
    const departmentId = a.departmentId ?? dept(1);
    const accepted = status === '1' || status === '2' ? daysAgo(Math.max(days - 1, 0), '10:00:00') : null;
    const done = status === '2';
    const post = delivery === '2' || delivery === '3';
    await w.insert('alumni_doc_query', {
      id: seedId(DOC_QUERIES, i + 1), acceptNo: formatSequenceNumber(rule, prefix, period, value), queryType: type, name: a.name,
      idType: '2', idCardNo: `E${String(10_000_000 + i * 7919)}`, alumniId: a.id, departmentId, educationLevel: '2',
      enrollmentYear: a.year, graduationYear: a.year + 4, purpose: ['办理落户', '职称评审', '出国留学', '入职审查'][i % 4],
      areaCode: '+86', phone: `1390000${String(5000 + i).padStart(4, '0')}`, email: `doc${i + 1}@example.com`, deliveryMethod: delivery,
      recipientName: post ? a.name : null, recipientOrg: delivery === '3' ? '深圳市人才服务中心' : null, mailingAddress: post ? '广东省深圳市福田区深南大道1号' : null,
      applyTime: applied, handleStatus: status, handlerId: accepted ? OFFICE_USER : null, acceptTime: accepted,
      finishTime: done ? daysAgo(Math.max(days - 3, 0), '16:00:00') : null,
      archiveLocation: done && (type === '1' || type === '2') ? '深圳市人才服务中心' : null, transferDate: done && type === '2' ? dayAgo(Math.max(days - 3, 0)) : null,
      trackingNo: done && (post || type === '2') ? `JY${String(202400 + i)}` : null,
      replyContent: done ? '已办结，请查收。' : status === '3' ? '学籍信息与档案不符，请核实后重新申请' : null,
      remark: status === '4' ? '申请人来电表示已不需要' : null,
      orgDeptId: await unitOf(w, departmentId), createUser: OFFICE_USER, createDept: OFFICE_UNIT, createTime: applied, updateTime: applied,
    }, TENANT);
  }
  for (const [period, value] of perDay) {
    await w.db.insertInto('app_sequence').values({ tenant_id: TENANT, name: `${docQueryEntity.table}.acceptNo:${prefix}${period}`, value }).execute();
  }
}

