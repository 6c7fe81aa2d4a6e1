import { defineEntity } from '../../entity.js';
import { datetime, dict, fk, flag, integer, list, money, text, textarea } from '../../fields.js';
import { t } from '../../text.js';
import { departmentPick, regionFields } from '../people/people-fields.js';
import { associationPick } from '../relation/relation-fields.js';

/** Messages of the activity rules (DOMAIN 6.1). */
export const ACTIVITY_MSG = {
  endBeforeStart: t('结束时间必须晚于开始时间', 'The end must be after the start'),
  startInPast: t('开始时间不能早于今天', 'The start cannot be before today'),
  locationRequired: t('请输入活动地点', 'Please enter the venue'),
  onlineUrlRequired: t('请输入线上链接', 'Please enter the online link'),
  badUrl: t('请输入以 http:// 或 https:// 开头的链接', 'Please enter a link starting with http:// or https://'),
  signupTimesRequired: t('请选择报名开始和截止时间', 'Please select when sign-up opens and closes'),
  signupOrder: t('报名截止时间必须晚于报名开始时间', 'Sign-up must close after it opens'),
  signupAfterEnd: t('报名截止时间不能晚于活动结束时间', 'Sign-up cannot close after the activity ends'),
  maxCompanions: t('最多同行人数应为 1 到 5', 'Max companions must be from 1 to 5'),
  capacityBelowTaken: t('人数上限不能小于已确认人数 {n}', 'Capacity cannot be below the {n} seats taken'),
  feeFrozen: t('已有报名人员缴费，不能修改报名费', 'Applicants have paid: the fee cannot change'),
  signupLocked: t('已有报名记录，不能取消报名设置', 'The activity has applications: sign-up cannot be switched off'),
  targetScope: t('参与范围只能是全体校友、按院系、按入学年份、按校友会或按地区', 'Open to must be all alumni, by department, by enrollment year, by association or by region'),
  targetValue: t('范围取值格式不正确', 'The scope values are not valid'),
  lotteryPoolRequired: t('请选择抽奖范围', 'Please select who the draw is among'),
  prizesRequired: t('请设置奖项（1 到 10 项，每项数量 1 到 1000）', 'Please set the prizes (1 to 10 rows, each quantity 1 to 1000)'),
  cancelReasonRequired: t('请输入取消原因', 'Please enter the cancellation reason'),
  cancelled: t('活动已取消，不能修改', 'The activity is cancelled and cannot be edited'),
  cancelIrreversible: t('活动取消后不能恢复', 'A cancelled activity cannot be restored'),
  publishEnded: t('活动已结束，不能上架', 'The activity has ended and cannot be published'),
  publishCancelled: t('活动已取消，不能上架', 'The activity is cancelled and cannot be published'),
  publishIncomplete: t('请先完善活动详情和时间', 'Please complete the details and times first'),
  badEnabled: t('enabled 应为 0 或 1', 'enabled must be 0 or 1'),
  removeGuard: t('该活动已有报名、费用或相册记录，不能删除，可取消或下架', 'The activity has applications, costs or albums: it cannot be removed; cancel or unpublish it instead'),
  noDraw: t('该活动未设置抽奖', 'The activity has no lucky draw'),
  drawCancelled: t('活动已取消，不能抽奖', 'The activity is cancelled: no draw'),
  drawBeforeStart: t('活动开始后才能抽奖', 'The draw can only take place after the start'),
  emptyPool: t('抽奖范围内没有符合条件的报名人员', 'Nobody in the draw pool'),
  alreadyDrawn: t('中奖名单已生成，如需重新抽取请选择“重新抽奖”', 'The winners are drawn; choose “Redraw” to draw again'),
  badRedraw: t('redraw 应为 0 或 1', 'redraw must be 0 or 1'),
  cancelOpinion: t('活动取消', 'Activity cancelled'),
} as const;

/** Keys of `activity_phase` (DOMAIN 14.2). */
export const ACTIVITY_PHASE = { notStarted: '1', signup: '2', signupClosed: '3', running: '4', ended: '5', cancelled: '6' } as const;

/** Keys of `target_scope` an activity may take (DOMAIN 6.1). */
export const ACTIVITY_TARGET_SCOPES = ['1', '2', '3', '4', '7'] as const;

/** A prize row of an activity's draw. */
export interface ActivityPrize { prizeLevel: string; prizeName: string; quantity: number }

/**
 * An activity 活动 (DOMAIN 6.1): prepared unpublished, published for sign-up, run, perhaps ended by
 * a lucky draw. Its phase is derived from the clock on every read; the draw keeps its seed and the
 * drawn order so anyone can repeat it.
 */
export const activityEntity = defineEntity({
  name: 'activity',
  label: t('活动', 'Activity'),
  table: 'alumni_activity',
  scope: 'tenant',
  permission: 'activity',
  api: { base: '/blade-activity/activity' },
  fields: {
    coverImage: text(t('封面图', 'Cover'), { max: 1000, image: true, list: true, width: 90 }),
    title: text(t('活动名称', 'Title'), { max: 100, required: true, list: true, search: 'like', width: 220 }),
    activityType: dict(t('活动类型', 'Type'), 'activity_type', { source: 'biz', required: true, list: true, search: 'equal', width: 100 }),
    associationId: associationPick(t('主办校友会', 'Organising association'), { search: 'equal' }),
    departmentId: departmentPick(t('主办院系', 'Organising college')),
    organizer: text(t('主办单位', 'Organiser'), { max: 128, search: 'like' }),
    startTime: datetime(t('开始时间', 'Starts'), { required: true, list: true, search: 'range', width: 170 }),
    endTime: datetime(t('结束时间', 'Ends'), { required: true, list: true, sortable: true, width: 170 }),
    isOnline: flag(t('线上活动', 'Online'), { search: 'equal' }),
    location: text(t('活动地点', 'Venue'), { max: 255, list: true, search: 'like', width: 160 }),
    onlineUrl: text(t('线上链接', 'Online link'), { max: 500 }),
    ...(({ provinceCode, cityCode }) => ({ provinceCode, cityCode }))(regionFields()),
    needSignup: flag(t('需要报名', 'Sign-up required'), { default: 1 }),
    signupStartTime: datetime(t('报名开始', 'Sign-up opens')),
    signupEndTime: datetime(t('报名截止', 'Sign-up closes'), { list: true, sortable: true, width: 170 }),
    capacity: integer(t('人数上限', 'Capacity'), { min: 0, max: 1_000_000, default: 0, list: true, width: 90 }),
    needConfirm: flag(t('报名需审核', 'Confirm applications'), { default: 1 }),
    allowCompanion: flag(t('可带同行人员', 'Companions allowed')),
    maxCompanions: integer(t('最多同行人数', 'Max companions'), { min: 0, max: 5 }),
    requireIdCard: flag(t('需要证件号码', 'ID number required')),
    fee: money(t('报名费（每人）', 'Fee per person'), { max: 99_999.99, default: '0.00', list: true, width: 110 }),
    budgetAmount: money(t('预算金额', 'Budget'), { max: 99_999_999.99 }),
    targetScope: dict(t('参与范围', 'Open to'), 'target_scope', { source: 'biz', required: true, default: '1', search: 'equal' }),
    targetValue: textarea(t('范围取值', 'Scope values'), { max: 4000 }),
    content: textarea(t('活动详情', 'Details'), { max: 100_000, required: true, richText: true }),
    contactName: text(t('联系人', 'Contact'), { max: 32, required: true }),
    contactPhone: text(t('联系电话', 'Contact phone'), { max: 20, required: true, check: 'telephone' }),
    hasLottery: flag(t('抽奖', 'Lucky draw'), { search: 'equal' }),
    lotteryPool: dict(t('抽奖范围', 'Draw among'), 'lottery_pool', { source: 'biz', numeric: true }),
    prizes: list(t('奖项设置', 'Prizes'), {
      prizeLevel: dict(t('奖项等级', 'Prize level'), 'prize_level', { source: 'biz', required: true }),
      prizeName: text(t('奖品', 'Prize'), { max: 64, required: true }),
      quantity: integer(t('数量', 'Quantity'), { min: 1, max: 1000, required: true }),
    }, { maxRows: 10 }),
    winnersCreated: flag(t('已抽奖', 'Winners drawn'), { form: 'readonly', list: true, search: 'equal', width: 80 }),
    winnersCreateTime: datetime(t('抽奖时间', 'Drawn at'), { form: 'readonly' }),
    winnersCreateUser: fk(t('抽奖人', 'Drawn by'), { form: 'readonly', ref: 'user' }),
    drawSeed: text(t('抽奖种子', 'Draw seed'), { max: 64, form: 'readonly' }),
    drawPool: textarea(t('抽奖名单顺序', 'Draw pool and order'), { max: 100_000, form: 'readonly' }),
    enabled: dict(t('上架状态', 'Published'), 'shelf_status', { source: 'biz', numeric: true, form: 'readonly', list: true, search: 'equal', width: 90 }),
    isCancelled: flag(t('已取消', 'Cancelled'), { form: 'readonly', search: 'equal' }),
    cancelReason: text(t('取消原因', 'Cancellation reason'), { max: 255, form: 'readonly' }),
    isTop: flag(t('置顶', 'Pinned'), { list: true, sortable: true, width: 70 }),
    phase: dict(t('活动阶段', 'Phase'), 'activity_phase', { source: 'biz', form: 'hidden', list: true, search: 'equal', width: 90 }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
  },
  defaultSort: [{ field: 'isTop', desc: true }, { field: 'startTime', desc: true }],
  titleField: 'title',
  buttonCodes: { view: 'activity_view' },
  excel: { export: true },
});
