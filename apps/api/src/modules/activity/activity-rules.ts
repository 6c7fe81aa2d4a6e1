import {
  ACTIVITY_PHASE, APPLY_STATUS, PAYMENT_STATUS, actApplistEntity, activityCostEntity, activityEntity, type ActivityPrize,
} from '@alumni/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityRepository } from '../../engine/entity-repository.js';

/** `yyyy-MM-dd HH:mm:ss` shifted by whole seconds. */
export function shiftTime(stamp: string, seconds: number): string {
  const d = new Date(`${stamp.replace(' ', 'T')}Z`);
  d.setUTCSeconds(d.getUTCSeconds() + seconds);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * The phase of an activity at `now` (DOMAIN 6.1), in this order: cancelled; before sign-up opens
 * (before the start without sign-up); within the sign-up window; sign-up closed before the start;
 * running; ended.
 */
export function phaseOf(a: JsonRecord, now: string): string {
  if (Number(a.isCancelled) === 1) return ACTIVITY_PHASE.cancelled;
  const start = text(a.startTime) ?? '';
  const end = text(a.endTime) ?? '';
  const signup = Number(a.needSignup) === 1;
  const opens = signup ? (text(a.signupStartTime) ?? start) : start;
  const closes = signup ? (text(a.signupEndTime) ?? start) : null;
  if (now < opens) return ACTIVITY_PHASE.notStarted;
  if (closes !== null && now <= closes) return ACTIVITY_PHASE.signup;
  if (now < start) return ACTIVITY_PHASE.signupClosed;
  if (now <= end) return ACTIVITY_PHASE.running;
  return ACTIVITY_PHASE.ended;
}

/** The prizes of an activity as stored (JSON text), or an empty list. */
export function prizesOf(a: JsonRecord): ActivityPrize[] {
  try {
    const list = JSON.parse(String(a.prizes ?? '[]')) as ActivityPrize[];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

export interface ActivityFigures {
  applicationCount: number;
  confirmedCount: number;
  waitlistCount: number;
  pendingCount: number;
  signedInCount: number;
  winnerCount: number;
  /** Confirmed applicants and their companions. */
  seatsTaken: number;
  /** Companions of the confirmed applications. */
  companionCount: number;
  paidCount: number;
  costTotal: string;
}

const EMPTY: ActivityFigures = {
  applicationCount: 0, confirmedCount: 0, waitlistCount: 0, pendingCount: 0, signedInCount: 0, winnerCount: 0,
  seatsTaken: 0, companionCount: 0, paidCount: 0, costTotal: '0.00',
};

/** Cents of a money value as stored (a decimal number or its text). */
export const cents = (v: unknown): number => (v === null || v === undefined || v === '' ? 0 : Math.round(Number(v) * 100));
export const yuan = (c: number): string => (c / 100).toFixed(2);

/** The counts of applications and the cost total of activities, read for all of them at once. */
export async function activityFigures(db: Db, tenantId: string, activityIds: readonly string[]): Promise<Map<string, ActivityFigures>> {
  const figures = new Map<string, ActivityFigures>(activityIds.map((id) => [id, { ...EMPTY }]));
  if (activityIds.length === 0) return figures;
  const apps = await db.selectFrom(actApplistEntity.table)
    .select(['activity_id', 'apply_status', 'sign_in', 'is_winner', 'payment_status', sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(companions), 0)`.as('companions')])
    .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('activity_id', 'in', [...activityIds])
    .groupBy(['activity_id', 'apply_status', 'sign_in', 'is_winner', 'payment_status']).execute();
  for (const row of apps) {
    const f = figures.get(String(row.activity_id));
    if (!f) continue;
    const n = Number(row.n);
    const status = Number(row.apply_status);
    f.applicationCount += n;
    if (status === APPLY_STATUS.confirmed) {
      f.confirmedCount += n;
      f.companionCount += Number(row.companions);
      f.seatsTaken += n + Number(row.companions);
      if (Number(row.sign_in) === 1) f.signedInCount += n;
    }
    if (status === APPLY_STATUS.waitlisted) f.waitlistCount += n;
    if (status === APPLY_STATUS.pending) f.pendingCount += n;
    if (Number(row.is_winner) === 1) f.winnerCount += n;
    if (Number(row.payment_status) === PAYMENT_STATUS.paid) f.paidCount += n;
  }
  const costs = await db.selectFrom(activityCostEntity.table).select(['activity_id', 'amount'])
    .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('activity_id', 'in', [...activityIds]).execute();
  const totals = new Map<string, number>();
  for (const c of costs) totals.set(String(c.activity_id), (totals.get(String(c.activity_id)) ?? 0) + cents(c.amount));
  for (const [id, total] of totals) {
    const f = figures.get(id);
    if (f) f.costTotal = yuan(total);
  }
  return figures;
}

/** Seats the confirmed applications of an activity take (each applicant and their companions), but one. */
export async function seatsTaken(db: Db, tenantId: string, activityId: string, exceptId: string | null = null): Promise<number> {
  let query = db.selectFrom(actApplistEntity.table)
    .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(companions), 0)`.as('companions')])
    .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('activity_id', '=', activityId)
    .where('apply_status', '=', APPLY_STATUS.confirmed);
  if (exceptId) query = query.where('id', '<>', exceptId);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0) + Number(row?.companions ?? 0);
}

/** An activity of the tenant (whatever the caller's data scope), or null. */
export const activityOf = (repository: EntityRepository, db: Db, tenantId: string, id: string): Promise<JsonRecord | null> =>
  repository.findById(activityEntity, { tenantId }, id, db);
