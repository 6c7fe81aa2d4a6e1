import { defineEntity } from '../../entity.js';
import { datetime, dict, fk, flag, integer, money, text } from '../../fields.js';
import { t } from '../../text.js';
import { departmentPick } from '../people/people-fields.js';

/** Keys of `apply_status` (DOMAIN 6.2). */
export const APPLY_STATUS = { pending: 0, confirmed: 1, rejected: 2, cancelled: 3, waitlisted: 4 } as const;
/** The status in which an application holds a seat (itself and its companions); no other status does. */
export const SEAT_STATUS = APPLY_STATUS.confirmed;
/** Whether an application (a row as read, camelCase) holds a seat of its activity. */
export const holdsSeat = (row: { applyStatus?: unknown }): boolean => Number(row.applyStatus) === SEAT_STATUS;
/** Keys of `payment_status`. */
export const PAYMENT_STATUS = { none: 0, awaiting: 1, paid: 2, refunded: 3, closed: 4 } as const;
/** Key of `apply_source` for applications staff enter. */
export const STAFF_APPLY_SOURCE = '3';

/** Messages of the application rules (DOMAIN 6.2). */
export const APPLY_MSG = {
  phoneTaken: t('该手机号已报名本活动', 'This mobile number has already applied for the activity'),
  alumnusFrozen: t('该校友已停用', 'This alumnus is frozen'),
  activityEnded: t('活动已结束', 'The activity has ended'),
  activityCancelled: t('活动已取消，不能报名', 'The activity is cancelled: no applications'),
  noSignup: t('该活动无需报名', 'The activity takes no applications'),
  idCardRequired: t('本活动需要证件号码', 'The activity requires an ID number'),
  companions: t('同行人数应为 0 到 {max}', 'Companions must be from 0 to {max}'),
  full: t('名额已满，可设为候补', 'No seats left; the application may be waitlisted'),
  badTransition: t('报名状态不能从“{from}”改为“{to}”', 'The status cannot change from “{from}” to “{to}”'),
  badStatus: t('报名状态不正确', 'The application status is not valid'),
  rejectOpinion: t('请填写拒绝原因', 'Please give the reason for the rejection'),
  signInNotConfirmed: t('只有已确认的报名可以签到', 'Only confirmed applications can check in'),
  signInWindow: t('不在签到时间内', 'Check-in is not open now'),
  signInOnce: t('已签到，不能取消签到', 'Already checked in: check-in cannot be undone'),
  badSignIn: t('signIn 只能设为 1', 'signIn can only be set to 1'),
  ended: t('活动已结束，只能修改签到和缴费信息', 'The activity has ended: only check-in and payment may change'),
  removeState: t('只能删除已拒绝或已取消的报名', 'Only rejected or cancelled applications can be removed'),
  removePaid: t('已缴费的报名不能删除，请先退款', 'A paid application cannot be removed; refund it first'),
  payTransition: t('缴费状态不能从“{from}”改为“{to}”', 'The payment cannot change from “{from}” to “{to}”'),
  payMethodRequired: t('请选择缴费方式', 'Please select the payment method'),
  payTimeRequired: t('请选择缴费时间', 'Please select when it was paid'),
  codeNotFound: t('签到码不存在', 'No application has this check-in code'),
  badCode: t('签到码应为 6 位数字', 'A check-in code is 6 digits'),
  full_reason: t('名额已满', 'No seats left'),
  ended_reason: t('活动已结束', 'The activity has ended'),
  cancelled_reason: t('报名已取消', 'The application is cancelled'),
  handled_reason: t('该报名已处理', 'The application has been handled'),
  activityCancelledReason: t('活动已取消', 'The activity is cancelled'),
  promotedOpinion: t('候补递补', 'Promoted from the waitlist'),
  promotedTitle: t('候补成功：{title}', 'You have a seat: {title}'),
  promotedBody: t('{name}，您好！有名额空出，您在“{title}”的候补报名已转为确认，活动开始时间 {start}。',
    'Dear {name}, a seat came free: your waitlisted application for “{title}” is now confirmed. It starts at {start}.'),
} as const;

/**
 * One person's application for an activity 活动报名 (DOMAIN 6.2): entered by staff or from the
 * portal; confirmed, waitlisted or rejected; checked in with its code on the day; perhaps a winner.
 * Status changes and check-in travel through `submit` (their own button codes).
 */
export const actApplistEntity = defineEntity({
  name: 'actApplist',
  label: t('活动报名', 'Activity application'),
  table: 'alumni_act_applist',
  scope: 'tenant',
  permission: 'actapplist',
  api: { base: '/blade-actApplist/actApplist', list: 'page' },
  fields: {
    applyNo: text(t('报名编号', 'Application no.'), { max: 20, form: 'readonly', list: true, search: 'like', width: 150 }),
    activityId: fk(t('活动', 'Activity'), {
      required: true, ref: 'activity', form: 'create-only', list: true, search: 'equal', width: 200,
      options: { url: '/blade-activity/activity/select', shape: 'list', labelKey: 'title', valueKey: 'id' },
    }),
    alumniId: fk(t('校友', 'Alumnus'), {
      ref: 'basicInfo', list: true, search: 'equal', width: 120,
      options: { url: '/blade-basicInfo/basicInfo/select', shape: 'list', labelKey: 'label', valueKey: 'id', search: 'keyword' },
    }),
    name: text(t('姓名', 'Name'), { max: 30, required: true, list: true, search: 'like', width: 100 }),
    gender: dict(t('性别', 'Gender'), 'sex', { list: true, search: 'equal', width: 70 }),
    areaCode: text(t('国际区号', 'Country code'), { max: 6, default: '+86' }),
    phone: text(t('手机号码', 'Mobile'), { max: 20, required: true, list: true, search: 'equal', width: 130, sensitive: 'phone' }),
    email: text(t('电子邮箱', 'E-mail'), { max: 100, check: 'email', sensitive: 'email' }),
    idType: dict(t('证件类型', 'ID type'), 'id_type', { source: 'biz' }),
    idCardNo: text(t('证件号码', 'ID number'), { max: 30, search: 'equal', sensitive: 'idCard' }),
    departmentId: departmentPick(t('院系', 'Department')),
    enrollmentYear: integer(t('入学年份', 'Enrollment year'), { min: 1900, max: 2100, list: true, search: 'range', width: 100 }),
    educationLevel: dict(t('学历层次', 'Level'), 'education_level', { source: 'biz', search: 'equal' }),
    company: text(t('工作单位', 'Employer'), { max: 128, list: true, search: 'like', width: 150 }),
    position: text(t('职务', 'Position'), { max: 64 }),
    companions: integer(t('同行人数', 'Companions'), { min: 0, max: 5, default: 0, list: true, width: 90 }),
    companionNames: text(t('同行人员', 'Companion names'), { max: 255 }),
    /** The order the application joined its activity's line (1, 2, …), given under the activity's lock; the waitlist follows it. */
    queueNo: integer(t('排队序号', 'Queue no.'), { form: 'readonly' }),
    applyTime: datetime(t('报名时间', 'Applied at'), { form: 'readonly', list: true, search: 'range', width: 170 }),
    applySource: dict(t('报名来源', 'Source'), 'apply_source', { source: 'biz', form: 'readonly', list: true, search: 'equal', width: 110 }),
    applyStatus: dict(t('报名状态', 'Status'), 'apply_status', { source: 'biz', numeric: true, form: 'readonly', list: true, search: 'equal', width: 90 }),
    confirmUser: fk(t('处理人', 'Handled by'), { ref: 'user', form: 'readonly' }),
    confirmTime: datetime(t('处理时间', 'Handled at'), { form: 'readonly', list: true, sortable: true, width: 170 }),
    confirmOpinion: text(t('处理意见', 'Note'), { max: 255 }),
    feeAmount: money(t('应缴金额', 'Amount due'), { form: 'readonly', list: true, width: 100 }),
    paymentStatus: dict(t('缴费状态', 'Payment'), 'payment_status', { source: 'biz', numeric: true, form: 'readonly', list: true, search: 'equal', width: 90 }),
    payMethod: dict(t('缴费方式', 'Payment method'), 'pay_method', { source: 'biz', search: 'equal' }),
    payTime: datetime(t('缴费时间', 'Paid at'), { search: 'range' }),
    payOrderNo: text(t('交易流水号', 'Transaction no.'), { max: 64, search: 'equal' }),
    checkInCode: text(t('签到码', 'Check-in code'), { max: 6, form: 'readonly', list: true, search: 'equal', width: 90 }),
    signIn: flag(t('已签到', 'Checked in'), { form: 'readonly', list: true, search: 'equal', width: 80 }),
    signInTime: datetime(t('签到时间', 'Checked in at'), { form: 'readonly' }),
    isWinner: flag(t('中奖', 'Winner'), { form: 'readonly', list: true, search: 'equal', width: 70 }),
    prizeLevel: dict(t('奖项等级', 'Prize level'), 'prize_level', { source: 'biz', form: 'readonly', list: true, width: 90 }),
    prizeName: text(t('奖品', 'Prize'), { max: 64, form: 'readonly', list: true, width: 110 }),
    drawRank: integer(t('抽中顺序', 'Draw rank'), { form: 'readonly' }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
  },
  defaultSort: [{ field: 'applyTime', desc: true }],
  titleField: 'name',
  numbers: { applyNo: { kind: 'sequence', prefix: 'BM', period: 'day', digits: 4 } },
  excel: { export: true },
});

/** Fields of an application a submit changes only with a code of their own (DOMAIN 6.2). */
export const APPLY_ACTION_FIELDS = {
  status: ['applyStatus', 'confirmOpinion'],
  signIn: ['signIn'],
  payment: ['paymentStatus', 'payMethod', 'payTime', 'payOrderNo'],
} as const;
