import { DONATION_STATUS, RECEIPT_STATUS, basicInfoEntity, donationEntity } from '@alumni/domain';
import { formatDateTime, now } from '../core/time.js';
import { nextSequenceValue } from '../engine/numbering/sequence-store.js';
import { seedId } from './menu-tree.js';
import { daysAgo } from './seed-calendar.js';
import type { SeedWriter } from './seed-writer.js';

const DONATIONS = 13, ALUMNI = 3, DEPARTMENTS = 1, ASSOCIATIONS = 7, DEPTS = 92, FOUNDATION_USER = seedId(90, 5);
/** Organisation units of the departments (DOMAIN 15.1): department row → unit row. */
const UNIT_OF: Record<number, number> = { 1: 4, 2: 6, 3: 7, 4: 8, 5: 9, 6: 10 };

/** When a gift was made, relative to day D: this month, earlier this year, or the two years before. */
type When = 'month' | 'year' | 'old';

interface Gift {
  amount: number;
  purpose: string;
  method: string;
  /** Beneficiary department row, or 0 for none. */
  dept: number;
  when: When;
  type: string;
  donor?: string;
  /** Alumni row behind the gift; individual gifts take the next alumnus in turn. */
  alumnus?: number;
  association?: number;
  anonymous?: boolean;
  currency?: { code: string; amount: number };
  inKind?: string;
  project?: string;
}

/**
 * The 16 gifts of companies, classes, associations and others (DOMAIN 18.7), ¥2,258,000 in all:
 * the ¥1,000,000 of an alumni company to CS research, five more above ¥100,000, a class gift, a
 * US-dollar gift, two in kind and one anonymous.
 */
const ORGANISATIONS: Gift[] = [
  { amount: 1_000_000, purpose: '5', method: '1', dept: 1, when: 'old', type: '2', donor: '深圳市示范校友科技有限公司', alumnus: 207, project: '计算机学院科研创新基金' },
  { amount: 200_000, purpose: '2', method: '1', dept: 2, when: 'year', type: '2', donor: '星河软件有限公司', project: '电子信息学科建设基金' },
  { amount: 150_000, purpose: '1', method: '1', dept: 3, when: 'old', type: '2', donor: '远航电子股份有限公司', project: '远航奖学金' },
  { amount: 120_000, purpose: '1', method: '1', dept: 1, when: 'old', type: '4', donor: '1985级计算机工程系全体校友', project: '计算机学院1985级校友奖学金' },
  { amount: 130_000, purpose: '3', method: '1', dept: 4, when: 'year', type: '2', donor: '华章证券', project: '经管楼报告厅改造' },
  { amount: 110_000, purpose: '1', method: '1', dept: 0, when: 'old', type: '6', donor: '明德教育基金会', project: '明德助学金' },
  { amount: 80_000, purpose: '8', method: '1', dept: 0, when: 'year', type: '3', donor: '北京校友会', association: 2, project: '校庆专项基金' },
  { amount: 90_000, purpose: '2', method: '1', dept: 2, when: 'old', type: '2', donor: '星河软件有限公司', project: '电子信息学科建设基金' },
  { amount: 36_000, purpose: '4', method: '6', dept: 0, when: 'old', type: '5', donor: '刘晨阳', inKind: '图书 1,200 册（经评估）', project: '图书馆赠书' },
  { amount: 85_000, purpose: '2', method: '6', dept: 2, when: 'old', type: '2', donor: '远航电子股份有限公司', inKind: '实验室示波器、信号发生器等设备 12 台（经评估）', project: '电子实验室设备' },
  { amount: 71_800, purpose: '9', method: '1', dept: 0, when: 'old', type: '5', donor: 'Michael Chen', currency: { code: 'USD', amount: 10_000 } },
  { amount: 40_000, purpose: '6', method: '1', dept: 0, when: 'year', type: '6', donor: '上海浦江文化发展有限公司', project: '校园文化节' },
  { amount: 32_200, purpose: '7', method: '1', dept: 0, when: 'old', type: '3', donor: '上海校友会', association: 3, project: '校友工作经费' },
  { amount: 60_000, purpose: '1', method: '1', dept: 1, when: 'old', type: '2', donor: '北京启明科技有限公司', project: '启明奖学金' },
  { amount: 5_000, purpose: '9', method: '2', dept: 0, when: 'old', type: '5', donor: '王海峰', anonymous: true },
  { amount: 48_000, purpose: '1', method: '1', dept: 0, when: 'old', type: '6', donor: '深圳湾教育基金会', project: '深圳湾助学金' },
];

const P1 = (amount: number, method: string, dept: number, when: When): Gift => ({ amount, purpose: '1', method, dept, when, type: '1', project: '校友爱心助学金' });
const G = (amount: number, purpose: string, method: string, dept: number, when: When, anonymous = false): Gift => ({ amount, purpose, method, dept, when, type: '1', anonymous });

/**
 * The 52 gifts of 41 alumni (¥960,650): two above ¥100,000, fifteen to scholarships, eleven to CS,
 * seventeen by bank transfer, four anonymous, the rest small gifts by WeChat Pay and Alipay.
 */
const INDIVIDUALS: Gift[] = [
  G(150_000, '2', '1', 2, 'year'), G(120_000, '3', '1', 3, 'year'),
  P1(45_000, '1', 2, 'old'), P1(45_000, '1', 3, 'old'), P1(45_000, '1', 4, 'old'), P1(45_000, '1', 5, 'old'), P1(45_000, '1', 6, 'old'),
  P1(45_000, '2', 2, 'old'), P1(45_000, '3', 3, 'old'), P1(45_000, '5', 4, 'old'), P1(45_000, '2', 0, 'old'), P1(45_000, '3', 0, 'old'),
  P1(45_000, '5', 6, 'old'), P1(45_000, '2', 5, 'old'), P1(30_000, '3', 0, 'old'), P1(27_000, '2', 4, 'year'), P1(20_000, '3', 2, 'year'),
  // Eleven gifts to CS (¥50,000).
  G(10_000, '2', '2', 1, 'month'), G(8_000, '5', '1', 1, 'month'), G(6_000, '4', '3', 1, 'year'), G(5_000, '2', '1', 1, 'old'),
  G(5_000, '6', '2', 1, 'month', true), G(4_000, '2', '1', 1, 'year'), G(4_000, '7', '3', 1, 'year'), G(3_000, '9', '1', 1, 'year'),
  G(2_500, '8', '2', 1, 'month'), G(1_500, '2', '1', 1, 'old'), G(1_000, '9', '3', 1, 'old', true),
  // Small gifts elsewhere (¥23,650).
  G(500, '7', '1', 0, 'year'), G(300, '9', '1', 0, 'old'), G(300, '8', '1', 0, 'old'), G(200, '9', '1', 0, 'year'), G(200, '6', '1', 0, 'old'),
  G(3_000, '3', '2', 2, 'old'), G(2_800, '4', '3', 3, 'old'), G(2_500, '6', '2', 0, 'old'), G(2_000, '8', '3', 4, 'year'), G(2_000, '9', '2', 0, 'old', true),
  G(1_800, '7', '3', 5, 'old'), G(1_500, '2', '2', 6, 'old'), G(1_200, '9', '3', 0, 'old'), G(1_000, '8', '2', 0, 'old'), G(1_000, '6', '3', 2, 'old'),
  G(800, '9', '2', 0, 'old'), G(600, '7', '3', 0, 'old'), G(500, '8', '2', 0, 'old'), G(500, '9', '3', 0, 'old', true), G(300, '6', '2', 0, 'old'),
  G(200, '9', '3', 0, 'old'), G(200, '7', '2', 0, 'old'), G(150, '9', '3', 0, 'old'), G(100, '8', '2', 0, 'month'),
];

/** Pledges (6, two this month, ¥150,000), refunds (2, receipts voided) and closed pledges (2). */
const OTHERS: (Gift & { status: number })[] = [
  { ...G(50_000, '8', '1', 0, 'month'), type: '2', donor: '华章证券', status: DONATION_STATUS.pledged, project: '校庆专项基金' },
  { ...G(30_000, '1', '1', 1, 'month'), status: DONATION_STATUS.pledged },
  { ...G(30_000, '2', '1', 2, 'old'), status: DONATION_STATUS.pledged },
  { ...G(20_000, '1', '1', 0, 'old'), type: '4', donor: '1995级机械工程系全体校友', status: DONATION_STATUS.pledged },
  { ...G(10_000, '3', '1', 3, 'old'), status: DONATION_STATUS.pledged },
  { ...G(10_000, '6', '2', 0, 'old'), status: DONATION_STATUS.pledged },
  { ...G(8_000, '9', '2', 0, 'old'), status: DONATION_STATUS.refunded },
  { ...G(3_000, '7', '3', 0, 'old'), status: DONATION_STATUS.refunded },
  { ...G(20_000, '2', '1', 4, 'old'), status: DONATION_STATUS.closed },
  { ...G(5_000, '9', '1', 0, 'old'), status: DONATION_STATUS.closed },
];

const DAY = 86_400_000;

/** Days before D of the n-th gift of a period: this month, this year before this month, or the two years before. */
function daysBack(when: When, n: number): number {
  const today = new Date(Date.now());
  const dayOfMonth = Number(formatDateTime(today).slice(8, 10));
  const yearStart = new Date(`${formatDateTime(today).slice(0, 4)}-01-01T00:00:00`);
  const dayOfYear = Math.floor((today.getTime() - yearStart.getTime()) / DAY);
  if (when === 'month') return Math.min(n % dayOfMonth, dayOfMonth - 1);
  if (when === 'year') {
    // Before this month when there is room (from February on), else within it.
    const span = dayOfYear - dayOfMonth;
    return span > 0 ? dayOfMonth + (n * 7) % span : Math.min(n, dayOfMonth - 1);
  }
  // Last year or the year before: between the year's start and 24 months back.
  return dayOfYear + 3 + (n * 11) % Math.max(1, 720 - dayOfYear - 3);
}

/**
 * The giving of the demo school (DOMAIN 18.7): 78 gifts over the last 24 months — 68 received, 2
 * refunded (70 with codes), 6 pledges, 2 closed pledges — so that countAmount answers exactly the
 * figures of DOMAIN 11.4. Codes come from the same counter the server uses, in the order of the
 * gifts' times within each year, so the next code follows them.
 */
export async function seedGiving(w: SeedWriter): Promise<void> {
  const alumni = await w.db.selectFrom(basicInfoEntity.table).select(['id', 'name'])
    .where('tenant_id', '=', '000000').where('is_deleted', '=', 0).where('is_deceased', '=', 0).orderBy('id').limit(41).execute();
  const departments = new Map((await w.db.selectFrom('alumni_department').select(['id', 'org_dept_id']).where('tenant_id', '=', '000000').execute())
    .map((d) => [String(d.id), d.org_dept_id === null ? null : String(d.org_dept_id)]));
  const counters: Record<When, number> = { month: 0, year: 0, old: 0 };
  let nextAlumnus = 0;
  const rows: Record<string, unknown>[] = [];
  const all: (Gift & { status: number })[] = [
    ...ORGANISATIONS.map((g) => ({ ...g, status: DONATION_STATUS.received })),
    ...INDIVIDUALS.map((g) => ({ ...g, status: DONATION_STATUS.received })),
    ...OTHERS,
  ];
  let received = 0;
  for (const [i, gift] of all.entries()) {
    const back = daysBack(gift.when, counters[gift.when]++);
    const donateTime = daysAgo(back, `${String(9 + (i % 9)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:00`);
    let alumniId: string | null = gift.alumnus ? seedId(ALUMNI, gift.alumnus) : null;
    let donor = gift.donor ?? '';
    let phone: string | null = null;
    if (gift.type === '1') {
      const alumnus = alumni[nextAlumnus++ % alumni.length];
      if (!alumnus) throw new Error('the giving seed needs the demo alumni');
      alumniId = String(alumnus.id);
      donor = String(alumnus.name);
      // A contact number of the demo block (the alumni record's own is sealed for its own table).
      phone = `1390000${String(4000 + i).padStart(4, '0')}`;
    }
    const departmentId = gift.dept ? seedId(DEPARTMENTS, gift.dept) : null;
    const orgDeptId = departmentId ? departments.get(departmentId) ?? seedId(DEPTS, UNIT_OF[gift.dept] ?? 3) : seedId(DEPTS, 3);
    const arrived = gift.status === DONATION_STATUS.received || gift.status === DONATION_STATUS.refunded;
    const arrivalDate = arrived ? donateTime.slice(0, 10) : null;
    // Receipts of received gifts (DOMAIN 18.7): 52 issued, 6 not required, 10 still to issue; refunds voided.
    let receiptStatus: number = RECEIPT_STATUS.none;
    if (gift.status === DONATION_STATUS.refunded) receiptStatus = RECEIPT_STATUS.voided;
    else if (gift.status === DONATION_STATUS.received) {
      received += 1;
      receiptStatus = received <= 52 ? RECEIPT_STATUS.issued : received <= 58 ? RECEIPT_STATUS.notRequired : RECEIPT_STATUS.none;
    }
    const issued = receiptStatus === RECEIPT_STATUS.issued || receiptStatus === RECEIPT_STATUS.voided;
    rows.push({
      id: seedId(DONATIONS, i + 1), donationCode: null, donorType: gift.type, alumniId,
      associationId: gift.association ? seedId(ASSOCIATIONS, gift.association) : null,
      donorName: donor, isAnonymous: gift.anonymous ? 1 : 0, contactName: gift.type === '1' ? null : '联络人', areaCode: '+86', phone,
      email: null, address: null, projectName: gift.project ?? null, purpose: gift.purpose, departmentId, activityId: null,
      donationMethod: gift.method, currency: gift.currency?.code ?? 'CNY',
      amount: (gift.currency?.amount ?? gift.amount).toFixed(2), cnyAmount: gift.amount.toFixed(2),
      inKindDescription: gift.inKind ?? null, donateTime, message: gift.type === '1' && i % 4 === 0 ? '感恩母校，回馈社会' : null,
      paymentStatus: gift.status, arrivalDate, payOrderNo: arrived && gift.method !== '6' ? `PAY${donateTime.replace(/\D/g, '')}${String(i + 1).padStart(3, '0')}` : null,
      receiptStatus, receiptNo: issued ? `GY${donateTime.slice(0, 4)}${String(i + 1).padStart(5, '0')}` : null, receiptDate: issued ? arrivalDate : null,
      receiptFiles: null, agreementNo: gift.amount >= 100_000 ? `XY-${donateTime.slice(0, 4)}-${String(i + 1).padStart(3, '0')}` : null, agreementFiles: null,
      certificateIssued: issued && gift.amount >= 10_000 ? 1 : 0, thanked: arrived ? 1 : 0, isPublic: gift.anonymous ? 0 : 1, handlerName: '赵敏',
      remark: gift.status === DONATION_STATUS.refunded ? '捐赠方申请退款，票据已作废' : gift.status === DONATION_STATUS.closed ? '捐赠方取消认捐' : null,
      orgDeptId,
    });
  }
  // Codes of received and refunded gifts, by year of the gift and in time order, from the server's counter.
  const coded = rows.filter((r) => r.arrivalDate !== null).sort((a, b) => String(a.donateTime).localeCompare(String(b.donateTime)) || String(a.id).localeCompare(String(b.id)));
  for (const row of coded) {
    const year = String(row.donateTime).slice(0, 4);
    const value = await nextSequenceValue(w.db, '000000', `${donationEntity.table}.donationCode:JZ${year}`);
    row.donationCode = `JZ${year}${String(value).padStart(6, '0')}`;
  }
  const stamp = now();
  for (const row of rows) {
    await w.insert(donationEntity.table, { ...row, createUser: FOUNDATION_USER, createDept: seedId(DEPTS, 3), createTime: String(row.donateTime) < stamp ? row.donateTime : stamp });
  }
}
