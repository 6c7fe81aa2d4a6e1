import { createHash } from 'node:crypto';
import { actApplistEntity, formatSequenceNumber, periodOf, type ActivityPrize, type SequenceNumber } from '@alumni/domain';
import { formatDateTime, parseDateTime } from '../core/time.js';
import type { FieldSealing } from '../db/field-sealing.js';
import { awardPrizes, canonicalPool, drawOrder } from '../modules/activity/draw.js';
import { seedId } from './menu-tree.js';
import { knownAlumni, type Known } from './regist-seed-people.js';
import type { SeedWriter } from './seed-writer.js';

const TENANT = '000000', BINJIANG = '100001';
const ACTIVITIES = 9, APPLICATIONS = 10, COSTS = 12, DEPARTMENTS = 1, ASSOCIATIONS = 7, USERS = 90, DEPTS = 92;
const OFFICE = seedId(USERS, 2);
const DAY = 86_400_000;

/** A moment `days` after day D (before it when negative) at a time of day. */
const dayAt = (days: number, time: string): string => `${formatDateTime(new Date(Date.now() + days * DAY)).slice(0, 10)} ${time}`;
const yearAt = (days: number): number => Number(dayAt(days, '00:00:00').slice(0, 4));

/** Deterministic pseudo-random numbers (mulberry32): the same install every time. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The organisers of DOMAIN 18.6: the association (its row of DOMAIN 18.5), the unit that owns the activity. */
const ORGANISERS = {
  general: { association: 1, unit: 11, name: '示范大学校友总会' },
  beijing: { association: 2, unit: 12, name: '北京校友会' },
  shanghai: { association: 3, unit: 13, name: '上海校友会' },
  shenzhen: { association: 4, unit: 14, name: '深圳校友会' },
  badminton: { association: 8, unit: 17, name: '校友羽毛球俱乐部' },
  cs: { department: 1, unit: 4, name: '计算机科学与技术学院' },
} as const;

type Organiser = (typeof ORGANISERS)[keyof typeof ORGANISERS];

/** How an activity's applications end up: counts per outcome. */
interface Outcome {
  confirmed?: number; checkedIn?: number; winners?: number; paid?: number; waitlisted?: number; rejected?: number; cancelled?: number;
  refunded?: number; pending?: number;
}

interface ActivityPlan {
  row: number;
  title: string;
  type: string;
  organiser: Organiser;
  start: string;
  end: string;
  signup: [string, string] | null;
  capacity: number;
  fee: string;
  companions?: number;
  needConfirm?: number;
  online?: boolean;
  location: string;
  prizes?: ActivityPrize[];
  drawn?: boolean;
  enabled: number;
  cancelReason?: string;
  budget?: string;
  outcome: Outcome;
  guestShare: number;
  content: string;
}

function plans(): ActivityPlan[] {
  return [
    {
      row: 1, title: `${yearAt(-60)}年校友返校日`, type: '1', organiser: ORGANISERS.general, start: dayAt(-60, '09:00:00'), end: dayAt(-60, '17:00:00'),
      signup: [dayAt(-90, '09:00:00'), dayAt(-62, '18:00:00')], capacity: 300, fee: '0.00', companions: 2, location: '主校区大礼堂',
      prizes: [
        { prizeLevel: '1', prizeName: '平板电脑', quantity: 1 }, { prizeLevel: '2', prizeName: '蓝牙耳机', quantity: 2 },
        { prizeLevel: '3', prizeName: '保温杯', quantity: 3 }, { prizeLevel: '5', prizeName: '纪念U盘', quantity: 4 },
      ],
      drawn: true, enabled: 1, budget: '25000.00', guestShare: 0.2,
      outcome: { confirmed: 50, checkedIn: 45, waitlisted: 3, rejected: 3, cancelled: 4 },
      content: '<p>欢迎各届校友回家看看：校园参观、院系座谈、午宴与抽奖。</p>',
    },
    {
      row: 2, title: '北京校友会新春联谊会', type: '4', organiser: ORGANISERS.beijing, start: dayAt(-120, '18:00:00'), end: dayAt(-120, '21:30:00'),
      signup: [dayAt(-150, '09:00:00'), dayAt(-125, '18:00:00')], capacity: 120, fee: '200.00', companions: 1, location: '北京市朝阳区国贸大酒店',
      prizes: [{ prizeLevel: '2', prizeName: '智能手环', quantity: 1 }, { prizeLevel: '3', prizeName: '定制台历', quantity: 3 }, { prizeLevel: '5', prizeName: '纪念U盘', quantity: 4 }],
      drawn: true, enabled: 1, budget: '20000.00', guestShare: 0.3,
      outcome: { confirmed: 36, paid: 36, checkedIn: 34, cancelled: 2, refunded: 1, rejected: 2 },
      content: '<p>新春佳节，北京校友欢聚一堂。</p>',
    },
    {
      row: 3, title: '计算机学院校友讲坛：大模型与软件工程', type: '3', organiser: ORGANISERS.cs, start: dayAt(10, '14:00:00'), end: dayAt(10, '17:00:00'),
      signup: [dayAt(-5, '09:00:00'), dayAt(8, '18:00:00')], capacity: 100, fee: '0.00', location: '图书馆报告厅', enabled: 1, guestShare: 0.4,
      outcome: { confirmed: 15, pending: 8, cancelled: 2 }, content: '<p>校友专家分享大模型在软件工程中的实践。</p>',
    },
    {
      row: 4, title: '校友羽毛球邀请赛', type: '5', organiser: ORGANISERS.badminton, start: dayAt(20, '09:00:00'), end: dayAt(20, '17:00:00'),
      signup: [dayAt(-3, '09:00:00'), dayAt(15, '18:00:00')], capacity: 32, fee: '50.00', location: '体育馆羽毛球馆', enabled: 1, guestShare: 0.3,
      outcome: { confirmed: 6, paid: 4, pending: 5, rejected: 1 }, content: '<p>以球会友，欢迎校友组队参赛。</p>',
    },
    {
      row: 5, title: `建校${yearAt(45) - 1952}周年校庆大会`, type: '2', organiser: ORGANISERS.general, start: dayAt(45, '09:30:00'), end: dayAt(45, '12:00:00'),
      signup: [dayAt(5, '09:00:00'), dayAt(40, '18:00:00')], capacity: 1000, fee: '0.00', companions: 2, location: '体育场',
      prizes: [{ prizeLevel: '1', prizeName: '校庆纪念金币', quantity: 2 }, { prizeLevel: '3', prizeName: '校史画册', quantity: 8 }, { prizeLevel: '5', prizeName: '纪念徽章', quantity: 10 }],
      enabled: 1, guestShare: 0, outcome: {}, content: '<p>校庆大会暨校友代表座谈。</p>',
    },
    {
      row: 6, title: '上海校友会金融沙龙', type: '3', organiser: ORGANISERS.shanghai, start: dayAt(3, '19:00:00'), end: dayAt(3, '21:00:00'),
      signup: [dayAt(-20, '09:00:00'), dayAt(-1, '18:00:00')], capacity: 40, fee: '0.00', location: '上海市浦东新区陆家嘴金融中心', enabled: 1, guestShare: 0.3,
      outcome: { confirmed: 16, waitlisted: 2 }, content: '<p>金融行业校友交流。</p>',
    },
    {
      row: 7, title: `${yearAt(0) - 14}级校友毕业十周年返校聚会`, type: '4', organiser: ORGANISERS.general, start: dayAt(-1, '09:00:00'), end: dayAt(1, '18:00:00'),
      signup: [dayAt(-40, '09:00:00'), dayAt(-3, '18:00:00')], capacity: 80, fee: '0.00', companions: 1, location: '主校区学生活动中心',
      prizes: [{ prizeLevel: '2', prizeName: '纪念相册', quantity: 2 }, { prizeLevel: '5', prizeName: '纪念U盘', quantity: 4 }],
      enabled: 1, budget: '30000.00', guestShare: 0.25, outcome: { confirmed: 28, checkedIn: 20, cancelled: 2 }, content: '<p>十年再聚首。</p>',
    },
    {
      row: 8, title: '线上：校友职业发展分享会', type: '11', organiser: ORGANISERS.general, start: dayAt(-30, '19:30:00'), end: dayAt(-30, '21:00:00'),
      signup: [dayAt(-45, '09:00:00'), dayAt(-31, '18:00:00')], capacity: 0, fee: '0.00', needConfirm: 0, online: true, location: '线上',
      enabled: 1, guestShare: 0.5, outcome: { confirmed: 20, checkedIn: 16 }, content: '<p>线上分享职业发展经验。</p>',
    },
    {
      row: 9, title: '重阳节看望老校友', type: '10', organiser: ORGANISERS.general, start: dayAt(-200, '09:00:00'), end: dayAt(-200, '16:00:00'),
      signup: null, capacity: 0, fee: '0.00', location: '校友家中', enabled: 1, guestShare: 0, outcome: {}, content: '<p>重阳节走访慰问老校友。</p>',
    },
    {
      row: 10, title: '深圳校友企业交流会', type: '6', organiser: ORGANISERS.shenzhen, start: dayAt(15, '14:00:00'), end: dayAt(15, '18:00:00'),
      signup: [dayAt(-25, '09:00:00'), dayAt(10, '18:00:00')], capacity: 60, fee: '0.00', location: '深圳市南山区科技园', enabled: 0,
      cancelReason: '场地调整，另行通知', guestShare: 0.3, outcome: { cancelled: 6 }, content: '<p>校友企业交流与招聘对接。</p>',
    },
    {
      row: 11, title: `${yearAt(0) + 1}年地方校友会秘书长工作会议`, type: '9', organiser: ORGANISERS.general, start: dayAt(60, '09:00:00'), end: dayAt(60, '17:00:00'),
      signup: [dayAt(10, '09:00:00'), dayAt(50, '18:00:00')], capacity: 50, fee: '0.00', location: '校友之家会议室', enabled: 0, guestShare: 0,
      outcome: {}, content: '<p>各地校友会秘书长年度工作会议。</p>',
    },
  ];
}

/**
 * The costs of DOMAIN 18.6 (25 rows) as [activity, category, item, amount, days after D, state]; their
 * sums are the answers of DOMAIN 11.5: 48,260.00 in all, 30,100.00 reimbursed, 18,160.00 pending,
 * venues 3 rows for 12,000.00, the homecoming 6 rows for 21,860.00.
 */
export const COST_PLAN: [number, string, string, string, number, '0' | '1' | '2'][] = [
  [1, '1', '大礼堂场地租用', '8000.00', -65, '2'], [1, '2', '返校日午宴', '6500.00', -60, '2'], [1, '5', '签到手册与海报印刷', '2360.00', -68, '2'],
  [1, '6', '校友纪念品', '3000.00', -66, '2'], [1, '9', '抽奖奖品', '1500.00', -64, '2'], [1, '8', '活动宣传推广', '500.00', -70, '2'],
  [2, '1', '酒店宴会厅场地', '2500.00', -122, '2'], [2, '2', '联谊会晚宴', '3000.00', -120, '1'], [2, '9', '抽奖奖品', '1200.00', -123, '2'],
  [2, '5', '背景板与物料', '800.00', -124, '2'], [2, '6', '新春礼品', '1000.00', -121, '1'],
  [7, '1', '学生活动中心场地', '1500.00', -5, '0'], [7, '2', '聚会餐饮', '7200.00', -1, '0'], [7, '5', '纪念册印制', '960.00', -4, '0'],
  [7, '6', '十周年纪念品', '2400.00', -3, '0'], [7, '9', '抽奖奖品', '1600.00', -2, '0'], [7, '3', '校友接驳车', '500.00', -1, '0'],
  [8, '7', '分享嘉宾劳务费', '2000.00', -30, '2'], [8, '8', '线上推广', '300.00', -31, '2'],
  [9, '6', '慰问礼品（一）', '300.00', -201, '2'], [9, '6', '慰问礼品（二）', '300.00', -201, '2'], [9, '6', '慰问礼品（三）', '240.00', -200, '2'],
  [9, '6', '慰问鲜花', '200.00', -200, '2'], [9, '3', '走访用车（上午）', '200.00', -200, '2'], [9, '3', '走访用车（下午）', '200.00', -200, '2'],
];

const GUEST_SURNAMES = '欧阳司马上官诸葛东方';
const GUEST_GIVEN = ['明远', '若兰', '子墨', '思齐', '嘉禾', '清扬', '雨桐', '景行', '书瑶', '振宇'];
const COMPANIES = ['星河软件有限公司', '远航电子股份有限公司', '华章证券', '青松咨询', '蓝海生物科技', '启明教育'];

/** The outcome of each application of an activity, in application order. */
function outcomesOf(o: Outcome): { status: number; signIn: boolean; paid: boolean; refunded: boolean }[] {
  const list: { status: number; signIn: boolean; paid: boolean; refunded: boolean }[] = [];
  for (let i = 0; i < (o.confirmed ?? 0); i += 1) list.push({ status: 1, signIn: i < (o.checkedIn ?? 0), paid: i < (o.paid ?? 0), refunded: false });
  for (let i = 0; i < (o.pending ?? 0); i += 1) list.push({ status: 0, signIn: false, paid: false, refunded: false });
  for (let i = 0; i < (o.waitlisted ?? 0); i += 1) list.push({ status: 4, signIn: false, paid: false, refunded: false });
  for (let i = 0; i < (o.rejected ?? 0); i += 1) list.push({ status: 2, signIn: false, paid: false, refunded: false });
  for (let i = 0; i < (o.cancelled ?? 0); i += 1) list.push({ status: 3, signIn: false, paid: i < (o.refunded ?? 0), refunded: i < (o.refunded ?? 0) });
  return list;
}

/** The seed of a demo draw: fixed per activity, so every install draws the same winners, and verifiable as any draw. */
export const demoDrawSeed = (row: number): string => createHash('sha256').update(`demo-draw-${row}`).digest('hex');

/**
 * The activities of DOMAIN 18.6 with their 211 applications (about a third guests) and 25 costs,
 * and tenant 100001's activity with 8 applications. Written as the API writes them: application
 * numbers by day with the counters left where the seed stopped, check-in codes on confirmation,
 * amounts due, payments, check-ins, and the two past draws made by the server's own shuffle.
 */
export async function seedActivities(w: SeedWriter, sealing: FieldSealing): Promise<void> {
  const db = w.db;
  const rand = random(20250618);
  const alive = new Set((await db.selectFrom('alumni_basic_info').select(['id']).where('tenant_id', '=', TENANT).where('status', '=', 1)
    .where('is_deceased', '=', 0).execute()).map((r) => String(r.id)));
  const alumni = (await knownAlumni(db, sealing)).filter((a) => alive.has(a.id) && a.phone);
  const counters = new Map<string, number>();
  const rule = actApplistEntity.numbers?.applyNo as SequenceNumber;
  const nextNo = (tenantId: string, stamp: string) => {
    const period = periodOf(rule, stamp);
    const key = `${tenantId}:${period}`;
    const value = (counters.get(key) ?? 0) + 1;
    counters.set(key, value);
    return formatSequenceNumber(rule, 'BM', period, value);
  };
  let appRow = 0;
  let guestNo = 0;
  let alumnusCursor = 0;
  for (const plan of plans()) {
    const organiser = plan.organiser;
    const activityId = seedId(ACTIVITIES, plan.row);
    const cancelled = plan.cancelReason !== undefined;
    const values: Record<string, unknown> = {
      id: activityId, title: plan.title, activityType: plan.type, coverImage: null,
      associationId: 'association' in organiser ? seedId(ASSOCIATIONS, organiser.association) : null,
      departmentId: 'department' in organiser ? seedId(DEPARTMENTS, organiser.department) : null,
      organizer: organiser.name, startTime: plan.start, endTime: plan.end, isOnline: plan.online ? 1 : 0, location: plan.location,
      onlineUrl: plan.online ? 'https://meeting.example.com/alumni-career' : null, needSignup: plan.signup ? 1 : 0,
      signupStartTime: plan.signup?.[0] ?? null, signupEndTime: plan.signup?.[1] ?? null, capacity: plan.capacity, needConfirm: plan.needConfirm ?? 1,
      allowCompanion: plan.companions ? 1 : 0, maxCompanions: plan.companions ?? null, requireIdCard: 0, fee: plan.fee, budgetAmount: plan.budget ?? null,
      targetScope: '1', targetValue: null, content: plan.content, contactName: '王晓梅', contactPhone: '010-62780001',
      hasLottery: plan.prizes ? 1 : 0, lotteryPool: plan.prizes ? 2 : null, prizes: plan.prizes ? JSON.stringify(plan.prizes) : null,
      winnersCreated: 0, enabled: plan.enabled, isCancelled: cancelled ? 1 : 0, cancelReason: plan.cancelReason ?? null, isTop: plan.row === 5 ? 1 : 0,
      orgDeptId: seedId(DEPTS, organiser.unit), createUser: OFFICE, createTime: plan.signup ? shiftDays(plan.signup[0], -3) : shiftDays(plan.start, -10),
    };
    await w.insert('alumni_activity', values, TENANT);

    // Applications: alumni first (in seed order, spread over the alumni), guests among them by the plan's share.
    const outcomes = outcomesOf(plan.outcome);
    const checkInCodes = new Set<string>();
    const entrants: { id: string; applyNo: string }[] = [];
    const rows: Record<string, unknown>[] = [];
    outcomes.forEach((o, i) => {
      const guest = rand() < plan.guestShare;
      const person: Known | null = guest ? null : (alumni[(alumnusCursor++ * 7) % alumni.length] as Known);
      appRow += 1;
      const id = seedId(APPLICATIONS, appRow);
      // Spread over the sign-up window as far as it has passed, in application order.
      const [opens, closes] = plan.signup as [string, string];
      const until = Math.min(parseDateTime(closes).getTime(), Date.now() - 3_600_000);
      const applyTime = formatDateTime(new Date(parseDateTime(opens).getTime() + ((until - parseDateTime(opens).getTime()) * (i + 0.5)) / outcomes.length));
      const companions = plan.companions && o.status === 1 && i % 4 === 0 ? 1 : 0;
      let code: string | null = null;
      if (o.status === 1 || (o.status === 3 && o.paid)) {
        do code = String(Math.floor(rand() * 1_000_000)).padStart(6, '0'); while (checkInCodes.has(code));
        checkInCodes.add(code);
      }
      const feeCents = Math.round(Number(plan.fee) * 100);
      const confirmed = o.status === 1 || (o.status === 3 && o.paid);
      const paymentStatus = feeCents === 0 || !confirmed ? 0 : o.refunded ? 3 : o.paid ? 2 : 1;
      guestNo += guest ? 1 : 0;
      const name = person ? person.name : `${GUEST_SURNAMES.slice((guestNo % 5) * 2, (guestNo % 5) * 2 + 2)}${GUEST_GIVEN[guestNo % GUEST_GIVEN.length]}`;
      const applyNo = nextNo(TENANT, applyTime);
      rows.push({
        id, applyNo, activityId, alumniId: person?.id ?? null, name, gender: person ? person.gender : String(1 + (guestNo % 2)), areaCode: '+86',
        phone: person ? person.phone : `136${String(10000000 + appRow * 7331).slice(-8)}`,
        email: person?.email ?? null, departmentId: person?.departmentId ?? null, enrollmentYear: person?.enrollmentYear ?? null,
        educationLevel: person?.educationLevel ?? null, company: person?.company ?? COMPANIES[appRow % COMPANIES.length], position: person?.position ?? null,
        companions, applyTime, applySource: String(1 + (appRow % 3)), applyStatus: o.status,
        confirmUser: o.status === 0 ? null : OFFICE, confirmTime: o.status === 0 ? null : shiftHours(applyTime, 20),
        confirmOpinion: o.status === 2 ? '名额有限，优先安排往届校友' : o.status === 3 ? (cancelled ? '活动取消' : '本人申请取消') : null,
        feeAmount: confirmed ? ((feeCents * (1 + companions)) / 100).toFixed(2) : null, paymentStatus,
        payMethod: o.paid ? '2' : null, payTime: o.paid ? shiftHours(applyTime, 22) : null, payOrderNo: o.paid ? `WX${applyNo}` : null,
        checkInCode: code, signIn: o.signIn ? 1 : 0, signInTime: o.signIn ? shiftHours(plan.start, -0.5 + (i % 5) * 0.1) : null,
        isWinner: 0, prizeLevel: null, prizeName: null, drawRank: null, orgDeptId: seedId(DEPTS, organiser.unit), createTime: applyTime,
      });
      if (o.status === 1 && o.signIn) entrants.push({ id, applyNo });
    });
    // The past draws, made by the server's own shuffle from a fixed seed.
    if (plan.drawn && plan.prizes) {
      const seed = demoDrawSeed(plan.row);
      const pool = canonicalPool(entrants);
      const order = drawOrder(seed, pool);
      const byId = new Map(rows.map((r) => [r.id as string, r]));
      for (const award of awardPrizes(order, plan.prizes)) {
        Object.assign(byId.get(award.applicationId) as Record<string, unknown>, { isWinner: 1, prizeLevel: award.prizeLevel, prizeName: award.prizeName, drawRank: award.rank });
      }
      await db.updateTable('alumni_activity').set({
        winners_created: 1, winners_create_time: shiftHours(plan.end, -1), winners_create_user: OFFICE, draw_seed: seed, draw_pool: JSON.stringify({ pool, order }),
      }).where('id', '=', activityId).execute();
    }
    for (const row of rows) await w.insert('alumni_act_applist', { ...row, createUser: OFFICE }, TENANT);
  }

  let costRow = 0;
  for (const [activity, costType, costItem, amount, days, costStatus] of COST_PLAN) {
    costRow += 1;
    const organiser = (plans().find((p) => p.row === activity) as ActivityPlan).organiser;
    await w.insert('alumni_activity_cost', {
      id: seedId(COSTS, costRow), activityId: seedId(ACTIVITIES, activity), costType, costItem, amount, costDate: dayAt(days, '00:00:00').slice(0, 10),
      payee: ['示范大学后勤集团', '校友餐饮服务公司', '星河文化传播', '远航礼品商行'][costRow % 4], payMethod: ['1', '5', '2', '1'][costRow % 4],
      invoiceNo: `FP${String(24000000 + costRow * 137)}`, invoiceFiles: null, handlerName: '王晓梅', costStatus,
      voucherNo: costStatus === '2' ? `PZ${String(1000 + costRow)}` : null, reimburseDate: costStatus === '2' ? dayAt(Math.min(days + 20, 0), '00:00:00').slice(0, 10) : null,
      remark: null, orgDeptId: seedId(DEPTS, organiser.unit), createUser: OFFICE,
    }, TENANT);
  }

  // Tenant 100001: one activity of its own with 8 applications (5 confirmed, 3 pending).
  const binjiangActivity = seedId(ACTIVITIES, 101);
  const binjiangUnit = seedId(DEPTS, 101);
  await w.insert('alumni_activity', {
    id: binjiangActivity, title: '滨江校友返校座谈会', activityType: '1', departmentId: seedId(DEPARTMENTS, 101), organizer: '滨江职业技术学院',
    startTime: dayAt(7, '14:00:00'), endTime: dayAt(7, '17:00:00'), isOnline: 0, location: '行政楼会议室', needSignup: 1,
    signupStartTime: dayAt(-7, '09:00:00'), signupEndTime: dayAt(5, '18:00:00'), capacity: 50, needConfirm: 1, allowCompanion: 0, requireIdCard: 0,
    fee: '0.00', targetScope: '1', content: '<p>返校座谈。</p>', contactName: '周老师', contactPhone: '0571-88880001', hasLottery: 0,
    winnersCreated: 0, enabled: 1, isCancelled: 0, isTop: 0, orgDeptId: binjiangUnit,
  }, BINJIANG);
  for (let i = 0; i < 8; i += 1) {
    appRow += 1;
    const applyTime = dayAt(-6 + Math.floor(i / 2), '10:00:00');
    const confirmed = i < 5;
    await w.insert('alumni_act_applist', {
      id: seedId(APPLICATIONS, 100 + appRow), applyNo: nextNo(BINJIANG, applyTime), activityId: binjiangActivity, name: `滨江校友${i + 1}`, areaCode: '+86',
      phone: `135${String(10000000 + i * 913).slice(-8)}`, companions: 0, applyTime, applySource: '3', applyStatus: confirmed ? 1 : 0,
      confirmUser: null, confirmTime: confirmed ? shiftHours(applyTime, 4) : null, feeAmount: confirmed ? '0.00' : null, paymentStatus: 0,
      checkInCode: confirmed ? String(200000 + i * 13579).slice(-6) : null, signIn: 0, isWinner: 0, orgDeptId: binjiangUnit, createTime: applyTime,
    }, BINJIANG);
  }

  // Each day's counter where the seed left it, so the next application of that day takes the next number.
  for (const [key, value] of counters) {
    const [tenantId, period] = key.split(':') as [string, string];
    await db.insertInto('app_sequence').values({ tenant_id: tenantId, name: `${actApplistEntity.table}.applyNo:BM${period}`, value }).execute();
  }
}

function shiftDays(stamp: string, days: number): string {
  return formatDateTime(new Date(parseDateTime(stamp).getTime() + days * DAY));
}

function shiftHours(stamp: string, hours: number): string {
  return formatDateTime(new Date(parseDateTime(stamp).getTime() + Math.round(hours * 3_600_000)));
}
