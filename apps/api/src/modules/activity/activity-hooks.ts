import {
  ACTIVITY_MSG, ACTIVITY_TARGET_SCOPES, APPLY_STATUS, ENTITIES, PAYMENT_STATUS, actApplistEntity, activityCostEntity,
  departmentEntity, type Condition, type SubmitValues,
} from '@alumni/domain';
import type { Params } from '../../access/params.js';
import { badRequest } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import { after, filled } from '../academic/academic-rules.js';
import { refuse } from '../people/study-rules.js';
import { activityFigures, cents, phaseOf, prizesOf, seatsTaken, shiftTime } from './activity-rules.js';
import { lockActivity, promoteWaitlist, seatFreed } from './activity-seats.js';
import { newCheckInCode } from './applist-hooks.js';

const URL_RE = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

/** Whether another module defines the association entity (DOMAIN 5.1); its unit then owns the activity. */
const ASSOCIATION = ENTITIES.find((e) => (e.name as string) === 'association');

/** The JSON of `targetValue` per scope (DOMAIN 6.1). */
function checkTargetValue(scope: string, raw: unknown): boolean {
  if (scope === '1') return true;
  if (!filled(raw)) return false;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(String(raw)) as Record<string, unknown>;
  } catch {
    return false;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const idList = (v: unknown) => typeof v === 'string' && /^\d{1,19}(,\d{1,19})*$/.test(v);
  switch (scope) {
    case '2': return idList(value.departmentIds);
    case '3': {
      const from = Number(value.enrollmentYearFrom);
      const to = Number(value.enrollmentYearTo);
      return Number.isInteger(from) && Number.isInteger(to) && from >= 1900 && to <= 2100 && from <= to;
    }
    case '4': return idList(value.associationIds);
    case '7': return typeof value.provinceCodes === 'string' && /^\d{6}(,\d{6})*$/.test(value.provinceCodes);
    default: return false;
  }
}

/** The prizes as JSON: 1–10 rows, each a known level, a name and a quantity of 1–1000. */
function checkPrizes(raw: unknown): string | null {
  if (!filled(raw)) return null;
  let list: unknown;
  try {
    list = JSON.parse(String(raw));
  } catch {
    return null;
  }
  if (!Array.isArray(list) || list.length < 1 || list.length > 10) return null;
  const rows: { prizeLevel: string; prizeName: string; quantity: number }[] = [];
  for (const p of list as Record<string, unknown>[]) {
    const level = String(p?.prizeLevel ?? '');
    const name = String(p?.prizeName ?? '').trim();
    const quantity = Number(p?.quantity);
    if (!/^[1-9]\d{0,2}$/.test(level) || name === '' || name.length > 64 || !Number.isInteger(quantity) || quantity < 1 || quantity > 1000) return null;
    rows.push({ prizeLevel: level, prizeName: name, quantity });
  }
  return JSON.stringify(rows);
}

async function hasRows(db: Db, table: string, tenantId: string, activityId: string, extra?: (q: any) => any): Promise<boolean> { // eslint-disable-line @typescript-eslint/no-explicit-any
  let query = db.selectFrom(table).select('id').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('activity_id', '=', activityId);
  if (extra) query = extra(query);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** The unit that owns the activity: the organising association's, else the college's, else the creator's department. */
async function owningUnit(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<{ unit: string | null; name: string | null }> {
  const tenantId = ctx.caller.tenantId;
  const associationId = after(values, existing, 'associationId');
  if (ASSOCIATION && filled(associationId)) {
    const row = await ctx.db.selectFrom(ASSOCIATION.table).selectAll().where('tenant_id', '=', tenantId).where('id', '=', String(associationId))
      .where('is_deleted', '=', 0).executeTakeFirst() as Record<string, unknown> | undefined;
    if (!row) throw refuse(ctx, 'associationId', ACTIVITY_MSG.targetValue);
    if (row.org_dept_id !== null && row.org_dept_id !== undefined) {
      return { unit: String(row.org_dept_id), name: row.association_name ? String(row.association_name) : null };
    }
  }
  const departmentId = after(values, existing, 'departmentId');
  if (filled(departmentId)) {
    const row = await ctx.db.selectFrom(departmentEntity.table).select(['org_dept_id', 'department_name'])
      .where('tenant_id', '=', tenantId).where('id', '=', String(departmentId)).where('is_deleted', '=', 0).executeTakeFirst();
    if (!row) throw refuse(ctx, 'departmentId', { zh: '院系不存在', en: 'No such department' });
    if (row.org_dept_id !== null) return { unit: String(row.org_dept_id), name: String(row.department_name) };
  }
  return { unit: ctx.caller.deptId ?? null, name: null };
}

/** Cancels the applications still in play (0, 1, 4) when their activity is cancelled; pending payments close. */
async function cancelApplications(ctx: WriteContext, activityId: string): Promise<void> {
  const stamp = now();
  await lockActivity(ctx.db, ctx.caller.tenantId, activityId);
  const seated = await ctx.db.selectFrom(actApplistEntity.table).select('id')
    .where('tenant_id', '=', ctx.caller.tenantId).where('activity_id', '=', activityId).where('is_deleted', '=', 0)
    .where('apply_status', '=', APPLY_STATUS.confirmed).execute();
  const base = () => ctx.db.updateTable(actApplistEntity.table)
    .where('tenant_id', '=', ctx.caller.tenantId).where('activity_id', '=', activityId).where('is_deleted', '=', 0)
    .where('apply_status', 'in', [APPLY_STATUS.pending, APPLY_STATUS.confirmed, APPLY_STATUS.waitlisted]);
  await base().where('payment_status', '=', PAYMENT_STATUS.awaiting).set({ payment_status: PAYMENT_STATUS.closed }).execute();
  await base().set({
    apply_status: APPLY_STATUS.cancelled, confirm_opinion: ACTIVITY_MSG.cancelOpinion.zh, confirm_user: ctx.caller.userId,
    confirm_time: stamp, update_user: ctx.caller.userId, update_time: stamp,
  }).execute();
  for (const row of seated) await seatFreed(ctx.db, { tenantId: ctx.caller.tenantId, activityId, applicationId: String(row.id), via: 'activity' });
}

/** The ids of the tenant's activities in a phase (the phase is a time condition, not a column). */
async function idsInPhase(db: Db, tenantId: string, phase: string): Promise<Condition[]> {
  const stamp = now();
  const rows = await db.selectFrom('alumni_activity')
    .select(['id', 'is_cancelled', 'start_time', 'end_time', 'need_signup', 'signup_start_time', 'signup_end_time'])
    .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).execute();
  const str = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v));
  const ids = rows.filter((r) => phaseOf({
    isCancelled: Number(r.is_cancelled), startTime: str(r.start_time), endTime: str(r.end_time), needSignup: Number(r.need_signup),
    signupStartTime: str(r.signup_start_time), signupEndTime: str(r.signup_end_time),
  } as JsonRecord, stamp) === phase).map((r) => String(r.id));
  // No activity in the phase: a condition no row meets.
  return [{ field: 'id', op: 'in', value: ids.length > 0 ? ids : ['0'] }];
}

export function activityHooks(db: Db, params: Params): EntityHooks {
  const phase = (value: string, caller: { tenantId: string }) => idsInPhase(db, caller.tenantId, value);
  return {
    listParams: { phase, phase_equal: phase },
    async beforeSave(ctx, values, existing) {
      const body = ctx.body ?? {};
      const tenantId = ctx.caller.tenantId;
      if (existing && Number(existing.isCancelled) === 1) throw badRequest(ACTIVITY_MSG.cancelled);
      const v = (name: string) => after(values, existing, name);
      if ('isCancelled' in body && existing) {
        const cancel = Number(body.isCancelled);
        if (cancel === 1) {
          const reason = typeof body.cancelReason === 'string' ? body.cancelReason.trim() : '';
          if (reason === '' || reason.length > 255) throw refuse(ctx, 'cancelReason', ACTIVITY_MSG.cancelReasonRequired);
          values.isCancelled = 1;
          values.cancelReason = reason;
          values.enabled = 0;
        }
      }
      // Times: the end after the start, a new activity not starting before today (one day of slack).
      const start = String(v('startTime') ?? '');
      const end = String(v('endTime') ?? '');
      if (filled(start) && filled(end) && end <= start) throw refuse(ctx, 'endTime', ACTIVITY_MSG.endBeforeStart);
      if (!existing && !ctx.system && start < shiftTime(`${now().slice(0, 10)} 00:00:00`, -86400)) throw refuse(ctx, 'startTime', ACTIVITY_MSG.startInPast);
      // Venue or link.
      const online = Number(v('isOnline') ?? 0) === 1;
      if (!online && !filled(v('location'))) throw refuse(ctx, 'location', ACTIVITY_MSG.locationRequired);
      if (online && !filled(v('onlineUrl'))) throw refuse(ctx, 'onlineUrl', ACTIVITY_MSG.onlineUrlRequired);
      if (filled(v('onlineUrl')) && !URL_RE.test(String(v('onlineUrl')))) throw refuse(ctx, 'onlineUrl', ACTIVITY_MSG.badUrl);
      // Sign-up window.
      const signup = Number(v('needSignup') ?? 1) === 1;
      if (signup) {
        const opens = v('signupStartTime');
        const closes = v('signupEndTime');
        if (!filled(opens) || !filled(closes)) throw refuse(ctx, filled(opens) ? 'signupEndTime' : 'signupStartTime', ACTIVITY_MSG.signupTimesRequired);
        if (String(closes) <= String(opens)) throw refuse(ctx, 'signupEndTime', ACTIVITY_MSG.signupOrder);
        if (filled(end) && String(closes) > end) throw refuse(ctx, 'signupEndTime', ACTIVITY_MSG.signupAfterEnd);
      }
      if (Number(v('allowCompanion') ?? 0) === 1) {
        const max = Number(v('maxCompanions'));
        if (!Number.isInteger(max) || max < 1 || max > 5) throw refuse(ctx, 'maxCompanions', ACTIVITY_MSG.maxCompanions);
      }
      const scope = String(v('targetScope') ?? '1');
      if (!(ACTIVITY_TARGET_SCOPES as readonly string[]).includes(scope)) throw refuse(ctx, 'targetScope', ACTIVITY_MSG.targetScope);
      if ('targetScope' in values || 'targetValue' in values) {
        if (!checkTargetValue(scope, v('targetValue'))) throw refuse(ctx, 'targetValue', ACTIVITY_MSG.targetValue);
        if (scope === '1') values.targetValue = null;
      }
      if (Number(v('hasLottery') ?? 0) === 1) {
        if (!filled(v('lotteryPool'))) values.lotteryPool = 2;
        const prizes = checkPrizes(v('prizes'));
        if (!prizes) throw refuse(ctx, 'prizes', ACTIVITY_MSG.prizesRequired);
        values.prizes = prizes;
      } else if ('prizes' in values && filled(values.prizes) && !checkPrizes(values.prizes)) {
        throw refuse(ctx, 'prizes', ACTIVITY_MSG.prizesRequired);
      }
      if (existing) {
        const id = String(existing.id);
        if ('capacity' in values && Number(values.capacity) > 0) {
          await lockActivity(ctx.db, tenantId, id);
          const taken = await seatsTaken(ctx.db, tenantId, id);
          if (Number(values.capacity) < taken) throw badRequest(ACTIVITY_MSG.capacityBelowTaken, { n: taken }, { errors: { capacity: ACTIVITY_MSG.capacityBelowTaken[ctx.lang].replace('{n}', String(taken)) } });
        }
        if ('fee' in values && cents(values.fee) !== cents(existing.fee)
          && await hasRows(ctx.db, actApplistEntity.table, tenantId, id, (q) => q.where('payment_status', 'in', [PAYMENT_STATUS.paid, PAYMENT_STATUS.refunded]))) {
          throw refuse(ctx, 'fee', ACTIVITY_MSG.feeFrozen);
        }
        if (Number(existing.needSignup) === 1 && 'needSignup' in values && Number(values.needSignup) === 0
          && await hasRows(ctx.db, actApplistEntity.table, tenantId, id)) {
          throw refuse(ctx, 'needSignup', ACTIVITY_MSG.signupLocked);
        }
      }
      if (!existing || 'associationId' in values || 'departmentId' in values) {
        const owner = await owningUnit(ctx, values, existing);
        values.orgDeptId = owner.unit;
        if (!filled(v('organizer'))) {
          values.organizer = owner.name ?? (await params.get(tenantId, 'alumni.schoolName', ctx.db)) ?? null;
        }
      }
      if (!existing) {
        if (!ctx.system) {
          values.enabled = 0;
          values.isCancelled = 0;
          values.winnersCreated = 0;
        }
        values.fee ??= '0.00';
      }
      values.phase = null;
    },
    async afterSave(ctx, record, existing) {
      if (existing && Number(existing.isCancelled) !== 1 && Number(record.isCancelled) === 1) await cancelApplications(ctx, String(record.id));
      // More seats: the waitlist moves up.
      if (existing && Number(record.capacity ?? 0) > Number(existing.capacity ?? 0) && Number(existing.capacity ?? 0) > 0) {
        await promoteWaitlist(ctx.db, ctx.caller.tenantId, String(record.id), ctx.caller.userId ?? null, newCheckInCode);
      }
    },
    async beforeRemove(ctx, rows) {
      for (const row of rows) {
        const id = String(row.id);
        const used = await hasRows(ctx.db, actApplistEntity.table, ctx.caller.tenantId, id)
          || await hasRows(ctx.db, activityCostEntity.table, ctx.caller.tenantId, id)
          || (ENTITIES.some((e) => e.table === 'alumni_photo_album') && await hasRows(ctx.db, 'alumni_photo_album', ctx.caller.tenantId, id));
        if (used) throw badRequest(ACTIVITY_MSG.removeGuard);
      }
    },
    present(records) {
      const stamp = now();
      for (const r of records) r.phase = phaseOf(r, stamp);
    },
    async withRelated(records, caller) {
      const figures = await activityFigures(db, caller.tenantId, records.map((r) => String(r.id)));
      for (const r of records) {
        Object.assign(r, figures.get(String(r.id)) ?? {});
      }
    },
    async detailExtras(stored, caller) {
      const prizes = prizesOf(stored);
      if (Number(stored.winnersCreated) !== 1) return { prizeList: prizes, winners: [] };
      const winners = await db.selectFrom(actApplistEntity.table)
        .select(['id', 'name', 'apply_no', 'prize_level', 'prize_name', 'draw_rank', 'sign_in'])
        .where('tenant_id', '=', caller.tenantId).where('activity_id', '=', String(stored.id)).where('is_deleted', '=', 0).where('is_winner', '=', 1)
        .orderBy('draw_rank').execute();
      return {
        prizeList: prizes,
        winners: winners.map((w) => ({
          applicationId: String(w.id), applyNo: w.apply_no, name: w.name, prizeLevel: w.prize_level, prizeName: w.prize_name, drawRank: Number(w.draw_rank),
        })),
      };
    },
  };
}

