import { randomInt } from 'node:crypto';
import {
  APPLY_MSG, APPLY_STATUS, MOBILE_MSG, PAYMENT_STATUS, STAFF_APPLY_SOURCE, TELEPHONE_MSG, ID_CARD_MSG, actApplistEntity,
  activityEntity, basicInfoEntity, holdsSeat, isIdCard, isMobile, isTelephone, type SubmitValues, type Text,
} from '@alumni/domain';
import { AppError, badRequest, forbidden } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import { after, filled } from '../academic/academic-rules.js';
import { refuse } from '../people/study-rules.js';
import { activityOf, cents, seatsTaken, shiftTime, yuan } from './activity-rules.js';
import { anyoneWaiting, lockActivity, nextQueueNo, promoteWaitlist, seatFreed, seatTaken } from './activity-seats.js';

const CODE_ATTEMPTS = 50;

/** Status changes an application may make (DOMAIN 6.2); 2 and 3 are final. */
const NEXT_STATUS: Record<number, number[]> = {
  [APPLY_STATUS.pending]: [APPLY_STATUS.confirmed, APPLY_STATUS.waitlisted, APPLY_STATUS.rejected, APPLY_STATUS.cancelled],
  [APPLY_STATUS.waitlisted]: [APPLY_STATUS.confirmed, APPLY_STATUS.rejected, APPLY_STATUS.cancelled],
  [APPLY_STATUS.confirmed]: [APPLY_STATUS.rejected, APPLY_STATUS.cancelled],
};
/** Payment changes staff record: received, refunded, closed. */
const NEXT_PAYMENT: Record<number, number[]> = {
  [PAYMENT_STATUS.awaiting]: [PAYMENT_STATUS.paid, PAYMENT_STATUS.closed],
  [PAYMENT_STATUS.paid]: [PAYMENT_STATUS.refunded],
};
const STATUS_ZH: Record<number, string> = { 0: '待确认', 1: '已确认', 2: '已拒绝', 3: '已取消', 4: '候补' };
const STATUS_EN: Record<number, string> = { 0: 'Pending', 1: 'Confirmed', 2: 'Rejected', 3: 'Cancelled', 4: 'Waitlisted' };
const PAY_ZH: Record<number, string> = { 0: '无需支付', 1: '待支付', 2: '已支付', 3: '已退款', 4: '已关闭' };
const PAY_EN: Record<number, string> = { 0: 'Not required', 1: 'Awaiting payment', 2: 'Paid', 3: 'Refunded', 4: 'Closed' };

/** Fields whose change needs the edit code and which may still change after the activity ended (payment record). */
const PAYMENT_FIELDS = new Set(['payMethod', 'payTime', 'payOrderNo']);

/** A new check-in code: 6 random digits, unique among the activity's live applications. */
export async function newCheckInCode(db: Db, tenantId: string, activityId: string): Promise<string> {
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
    const code = String(randomInt(1_000_000)).padStart(6, '0');
    const taken = await db.selectFrom(actApplistEntity.table).select('id').where('tenant_id', '=', tenantId)
      .where('activity_id', '=', activityId).where('check_in_code', '=', code).where('is_deleted', '=', 0).limit(1).executeTakeFirst();
    if (!taken) return code;
  }
  throw new Error(`no free check-in code for activity ${activityId}`);
}

function checkPerson(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null, activity: JsonRecord): void {
  const areaCode = String(after(values, existing, 'areaCode') ?? '+86');
  if (!/^\+[0-9]{1,4}$/.test(areaCode)) throw refuse(ctx, 'areaCode', { zh: '国际区号格式不正确', en: 'The country code is not valid' });
  if (!existing) values.areaCode = areaCode;
  if ('phone' in values || 'areaCode' in values) {
    const phone = String(after(values, existing, 'phone') ?? '');
    if (areaCode === '+86' && !isMobile(phone)) throw refuse(ctx, 'phone', MOBILE_MSG.invalid);
    if (areaCode !== '+86' && !isTelephone(phone)) throw refuse(ctx, 'phone', TELEPHONE_MSG);
  }
  const idCardNo = after(values, existing, 'idCardNo');
  if (Number(activity.requireIdCard) === 1 && !filled(idCardNo)) throw refuse(ctx, 'idCardNo', APPLY_MSG.idCardRequired);
  if (filled(idCardNo) && ('idCardNo' in values || 'idType' in values)) {
    const type = String(after(values, existing, 'idType') ?? '1');
    if (!filled(after(values, existing, 'idType'))) values.idType = type;
    values.idCardNo = String(idCardNo).toUpperCase();
    if (type === '1' && !isIdCard(String(idCardNo))) throw refuse(ctx, 'idCardNo', ID_CARD_MSG);
  }
  const max = Number(activity.allowCompanion) === 1 ? Number(activity.maxCompanions ?? 0) : 0;
  const companions = Number(after(values, existing, 'companions') ?? 0);
  if (companions < 0 || companions > max) {
    throw badRequest(APPLY_MSG.companions, { max }, { errors: { companions: APPLY_MSG.companions[ctx.lang].replace('{max}', String(max)) } });
  }
  if (!existing) values.companions = companions;
}

/** The same phone may apply once per activity among the applications still in play (0, 1, 4). */
async function checkPhoneFree(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const status = Number(after(values, existing, 'applyStatus') ?? APPLY_STATUS.pending);
  if (![APPLY_STATUS.pending, APPLY_STATUS.confirmed, APPLY_STATUS.waitlisted].includes(status as 0)) return;
  const activityId = String(after(values, existing, 'activityId'));
  const phone = after(values, existing, 'phone');
  for (const s of [APPLY_STATUS.pending, APPLY_STATUS.confirmed, APPLY_STATUS.waitlisted]) {
    if (await ctx.repository.exists(actApplistEntity, { tenantId: ctx.caller.tenantId }, { activityId, phone, applyStatus: s }, existing ? String(existing.id) : null, ctx.db)) {
      throw refuse(ctx, 'phone', APPLY_MSG.phoneTaken);
    }
  }
}

/** The alumnus named, who must not be frozen; or the one matched by name and phone. */
async function linkAlumnus(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const tenantId = ctx.caller.tenantId;
  const alumniId = after(values, existing, 'alumniId');
  if (filled(alumniId)) {
    if (!('alumniId' in values)) return;
    const alumnus = await ctx.repository.findById(basicInfoEntity, { tenantId }, String(alumniId), ctx.db);
    if (!alumnus) throw refuse(ctx, 'alumniId', { zh: '校友不存在', en: 'No such alumnus' });
    if (Number(alumnus.status) === 2) throw refuse(ctx, 'alumniId', APPLY_MSG.alumnusFrozen);
    return;
  }
  if (existing) return;
  const name = after(values, existing, 'name');
  const phone = after(values, existing, 'phone');
  if (!filled(name) || !filled(phone)) return;
  const found = await ctx.repository.idBy(basicInfoEntity, { tenantId }, { name, phone }, ctx.db);
  if (found) {
    const alumnus = await ctx.repository.findById(basicInfoEntity, { tenantId }, found, ctx.db);
    if (alumnus && Number(alumnus.status) !== 2) values.alumniId = found;
  }
}

/** What a confirmation sets: the check-in code, the amount due and the payment state. */
async function confirm(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null, activity: JsonRecord): Promise<void> {
  const activityId = String(activity.id);
  const companions = Number(after(values, existing, 'companions') ?? 0);
  const capacity = Number(activity.capacity ?? 0);
  if (capacity > 0) {
    const taken = await seatsTaken(ctx.db, ctx.caller.tenantId, activityId, existing ? String(existing.id) : null);
    if (taken + 1 + companions > capacity) throw badRequest(APPLY_MSG.full);
  }
  values.applyStatus = APPLY_STATUS.confirmed;
  if (!filled(existing?.checkInCode)) values.checkInCode = await newCheckInCode(ctx.db, ctx.caller.tenantId, activityId);
  const fee = cents(activity.fee);
  values.feeAmount = yuan(fee * (1 + companions));
  const paid = Number(existing?.paymentStatus ?? 0);
  if (paid !== PAYMENT_STATUS.paid) values.paymentStatus = fee > 0 ? PAYMENT_STATUS.awaiting : PAYMENT_STATUS.none;
}

const transitionError = (ctx: WriteContext, text: Text, names: [Record<number, string>, Record<number, string>], from: number, to: number) => {
  const shown = ctx.lang === 'en' ? names[1] : names[0];
  return badRequest(text, { from: shown[from] ?? String(from), to: shown[to] ?? String(to) });
};

function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return norm(a) === norm(b);
}

export function applistHooks(db: Db, repository: EntityRepository): EntityHooks {
  return {
    editCodesByChange: true,
    async beforeSave(ctx, values, existing) {
      const body = ctx.body ?? {};
      const tenantId = ctx.caller.tenantId;
      const stamp = now();
      const activityId = String(after(values, existing, 'activityId'));
      const activity = await activityOf(repository, ctx.db, tenantId, activityId);
      if (!activity) throw refuse(ctx, 'activityId', { zh: '活动不存在', en: 'No such activity' });
      const ended = stamp > String(activity.endTime);
      if (!existing) {
        if (Number(activity.isCancelled) === 1) throw refuse(ctx, 'activityId', APPLY_MSG.activityCancelled);
        if (Number(activity.needSignup) !== 1) throw refuse(ctx, 'activityId', APPLY_MSG.noSignup);
        if (ended && !ctx.system) throw refuse(ctx, 'activityId', APPLY_MSG.activityEnded);
        checkPerson(ctx, values, existing, activity);
        await linkAlumnus(ctx, values, existing);
        values.orgDeptId = activity.orgDeptId === null ? null : String(activity.orgDeptId);
        values.applyTime ??= stamp;
        values.applySource ??= STAFF_APPLY_SOURCE;
        values.signIn = 0;
        values.isWinner = 0;
        values.paymentStatus = PAYMENT_STATUS.none;
        values.applyStatus = APPLY_STATUS.pending;
        // The activity's lock first: the duplicate check, the place in line and the seat count hold until the commit.
        await lockActivity(ctx.db, tenantId, activityId);
        await checkPhoneFree(ctx, values, existing);
        values.queueNo = await nextQueueNo(ctx.db, tenantId, activityId);
        if (Number(activity.needConfirm) === 0) {
          // A seat if one is free and nobody waits ahead; else the waitlist.
          if (await anyoneWaiting(ctx.db, tenantId, activityId)) {
            values.applyStatus = APPLY_STATUS.waitlisted;
          } else {
            try {
              await confirm(ctx, values, existing, activity);
            } catch (error) {
              if (!(error instanceof AppError) || error.code !== 400) throw error;
              values.applyStatus = APPLY_STATUS.waitlisted;
            }
          }
          values.confirmTime = stamp;
        }
        return;
      }
      // An edit: which codes it needs follows from what it changes.
      const codes = ctx.codes ?? new Set<string>();
      const holds = (code: string) => ctx.caller.isSuperAdmin || (codes.has('actapplist') && codes.has(code));
      const fromStatus = Number(existing.applyStatus);
      const toStatus = 'applyStatus' in body && filled(body.applyStatus) ? Number(body.applyStatus) : fromStatus;
      if (!Number.isInteger(toStatus) || STATUS_ZH[toStatus] === undefined) throw refuse(ctx, 'applyStatus', APPLY_MSG.badStatus);
      const statusChange = toStatus !== fromStatus;
      const signInChange = 'signIn' in body && filled(body.signIn) && Number(body.signIn) !== Number(existing.signIn);
      const fromPay = Number(existing.paymentStatus ?? 0);
      const toPay = 'paymentStatus' in body && filled(body.paymentStatus) ? Number(body.paymentStatus) : fromPay;
      const payChange = toPay !== fromPay;
      const changed = Object.keys(values).filter((k) => !same(values[k], existing[k]) && !(k === 'confirmOpinion' && statusChange));
      if (statusChange || changed.includes('companions')) await lockActivity(ctx.db, tenantId, activityId);
      if (statusChange && !holds('actapplist_confirm')) throw forbidden();
      if (signInChange && !holds('actapplist_signin')) throw forbidden();
      if ((payChange || changed.length > 0) && !holds('actapplist_edit')) throw forbidden();
      if (ended && (statusChange || changed.some((k) => !PAYMENT_FIELDS.has(k)))) throw badRequest(APPLY_MSG.ended);
      if (changed.some((k) => ['phone', 'areaCode', 'idCardNo', 'idType', 'companions'].includes(k))) checkPerson(ctx, values, existing, activity);
      if (changed.includes('alumniId')) await linkAlumnus(ctx, values, existing);
      if (statusChange) {
        if (!(NEXT_STATUS[fromStatus] ?? []).includes(toStatus)) throw transitionError(ctx, APPLY_MSG.badTransition, [STATUS_ZH, STATUS_EN], fromStatus, toStatus);
        if (toStatus === APPLY_STATUS.confirmed) {
          if (Number(activity.isCancelled) === 1) throw badRequest(APPLY_MSG.activityCancelled);
          await confirm(ctx, values, existing, activity);
        }
        if (toStatus === APPLY_STATUS.rejected) {
          const opinion = String(after(values, null, 'confirmOpinion') ?? '').trim();
          if (opinion.length < 2) throw refuse(ctx, 'confirmOpinion', APPLY_MSG.rejectOpinion);
        }
        if ((toStatus === APPLY_STATUS.rejected || toStatus === APPLY_STATUS.cancelled) && fromPay === PAYMENT_STATUS.awaiting && !payChange) {
          values.paymentStatus = PAYMENT_STATUS.closed;
        }
        if (toStatus === APPLY_STATUS.confirmed || toStatus === APPLY_STATUS.waitlisted) await checkPhoneFree(ctx, { ...values, applyStatus: toStatus }, existing);
        values.applyStatus = toStatus;
        values.confirmUser = ctx.caller.userId;
        values.confirmTime = stamp;
      } else if (changed.includes('companions') && fromStatus === APPLY_STATUS.confirmed) {
        // A confirmed application that brings more companions needs their seats, and owes their fee.
        await confirm(ctx, values, existing, activity);
      }
      if (changed.includes('phone') && !statusChange) await checkPhoneFree(ctx, values, existing);
      if (signInChange) {
        if (Number(body.signIn) !== 1) throw refuse(ctx, 'signIn', Number(existing.signIn) === 1 ? APPLY_MSG.signInOnce : APPLY_MSG.badSignIn);
        if (Number(after(values, existing, 'applyStatus')) !== APPLY_STATUS.confirmed) throw badRequest(APPLY_MSG.signInNotConfirmed);
        if (stamp < shiftTime(String(activity.startTime), -3600) || stamp > String(activity.endTime)) throw badRequest(APPLY_MSG.signInWindow);
        values.signIn = 1;
        values.signInTime = stamp;
      }
      if (payChange) {
        const from = Number(values.paymentStatus ?? fromPay);
        if (!(NEXT_PAYMENT[from] ?? []).includes(toPay)) throw transitionError(ctx, APPLY_MSG.payTransition, [PAY_ZH, PAY_EN], from, toPay);
        if (toPay === PAYMENT_STATUS.paid) {
          if (!filled(after(values, existing, 'payMethod'))) throw refuse(ctx, 'payMethod', APPLY_MSG.payMethodRequired);
          if (!filled(after(values, existing, 'payTime'))) throw refuse(ctx, 'payTime', APPLY_MSG.payTimeRequired);
        }
        values.paymentStatus = toPay;
      }
    },
    async afterSave(ctx, record, existing) {
      const tenantId = ctx.caller.tenantId;
      const activityId = String(record.activityId);
      const had = existing !== null && holdsSeat(existing);
      const applicationId = String(record.id);
      if (!had && holdsSeat(record)) await seatTaken(ctx.db, { tenantId, activityId, applicationId, via: existing ? 'confirm' : 'apply' });
      if (had && !holdsSeat(record)) {
        await seatFreed(ctx.db, { tenantId, activityId, applicationId, via: Number(record.applyStatus) === APPLY_STATUS.rejected ? 'reject' : 'cancel' });
      }
      // A seat came free (a cancellation, a rejection, fewer companions): the next in line takes it.
      if (had && (!holdsSeat(record) || Number(record.companions ?? 0) < Number(existing.companions ?? 0))) {
        await promoteWaitlist(ctx.db, tenantId, activityId, ctx.caller.userId ?? null, newCheckInCode);
      }
    },
    async beforeRemove(_ctx, rows) {
      for (const row of rows) {
        const status = Number(row.applyStatus);
        if (status !== APPLY_STATUS.rejected && status !== APPLY_STATUS.cancelled) throw badRequest(APPLY_MSG.removeState);
        if (Number(row.paymentStatus) === PAYMENT_STATUS.paid) throw badRequest(APPLY_MSG.removePaid);
      }
    },
    async withRelated(records, caller) {
      await addActivityTitles(db, caller.tenantId, records);
      const alumni = [...new Set(records.map((r) => r.alumniId).filter(filled).map(String))];
      const codes = new Map<string, string>();
      if (alumni.length > 0) {
        const rows = await db.selectFrom(basicInfoEntity.table).select(['id', 'alumni_code']).where('tenant_id', '=', caller.tenantId).where('id', 'in', alumni).execute();
        for (const row of rows) codes.set(String(row.id), String(row.alumni_code ?? ''));
      }
      for (const r of records) r.alumniCode = filled(r.alumniId) ? (codes.get(String(r.alumniId)) ?? null) : null;
    },
  };
}

/** Adds `activityTitle` beside `activityId` (the specification's name for it). */
export async function addActivityTitles(db: Db, tenantId: string, records: JsonRecord[]): Promise<void> {
  const ids = [...new Set(records.map((r) => r.activityId).filter(filled).map(String))];
  const titles = new Map<string, string>();
  if (ids.length > 0) {
    const rows = await db.selectFrom(activityEntity.table).select(['id', 'title']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    for (const row of rows) titles.set(String(row.id), String(row.title));
  }
  for (const r of records) r.activityTitle = filled(r.activityId) ? (titles.get(String(r.activityId)) ?? null) : null;
}
