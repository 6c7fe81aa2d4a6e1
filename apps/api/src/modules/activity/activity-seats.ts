import { APPLY_MSG, APPLY_STATUS, PAYMENT_STATUS, actApplistEntity, activityEntity } from '@alumni/domain';
import { sql } from 'kysely';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { cents, seatsTaken, yuan } from './activity-rules.js';

/**
 * Seats of an activity (issue 31, decisions 263–265). Whatever takes or frees a seat first locks the
 * activity's row inside its transaction (`lockActivity`), then counts and writes: on PostgreSQL the
 * row lock makes every other seat-taking transaction of that activity wait for the commit (across
 * processes too); on SQLite the one writer connection already runs transactions one at a time, and
 * the same statement takes the write lock before the count. So the count a transaction reads is
 * still true when it commits, and an activity is never oversold.
 */

/** Why an application came to hold a seat, or stopped holding one. */
export interface SeatEvent {
  tenantId: string;
  activityId: string;
  applicationId: string;
  via: 'apply' | 'confirm' | 'promotion' | 'cancel' | 'reject' | 'activity';
}
/** Runs inside the write's transaction (`db`): throwing rolls the whole write back. */
export type SeatListener = (db: Db, event: SeatEvent) => Promise<void>;

const taken: SeatListener[] = [];
const freed: SeatListener[] = [];

/** Listens for applications that come to hold a seat (tickets are issued here). */
export function onSeatTaken(listener: SeatListener): () => void {
  taken.push(listener);
  return () => void taken.splice(taken.indexOf(listener), 1);
}

/** Listens for applications that stop holding a seat (tickets are revoked here). */
export function onSeatFreed(listener: SeatListener): () => void {
  freed.push(listener);
  return () => void freed.splice(freed.indexOf(listener), 1);
}

export async function seatTaken(db: Db, event: SeatEvent): Promise<void> {
  for (const listener of [...taken]) await listener(db, event);
}

export async function seatFreed(db: Db, event: SeatEvent): Promise<void> {
  for (const listener of [...freed]) await listener(db, event);
}

/**
 * Locks the activity's row until the transaction ends: a write to the row (it changes nothing) takes
 * PostgreSQL's row lock and SQLite's write lock alike. Call it first in the transaction, before the
 * count it protects. Answers whether the activity exists.
 */
export async function lockActivity(tx: Db, tenantId: string, activityId: string): Promise<boolean> {
  const result = await tx.updateTable(activityEntity.table).set({ capacity: sql`capacity` })
    .where('tenant_id', '=', tenantId).where('id', '=', activityId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The next place in the activity's line (call under its lock). */
export async function nextQueueNo(tx: Db, tenantId: string, activityId: string): Promise<number> {
  const row = await tx.selectFrom(actApplistEntity.table).select(sql<number>`coalesce(max(queue_no), 0)`.as('n'))
    .where('tenant_id', '=', tenantId).where('activity_id', '=', activityId).executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/** The waitlist in its order: the line's place, then (older applications without one) the time and id. */
function waitlistQuery(db: Db, tenantId: string, activityId: string) {
  return db.selectFrom(actApplistEntity.table)
    .where('tenant_id', '=', tenantId).where('activity_id', '=', activityId).where('is_deleted', '=', 0)
    .where('apply_status', '=', APPLY_STATUS.waitlisted)
    .orderBy(sql`coalesce(queue_no, 0)`).orderBy('apply_time').orderBy('id');
}

/** Whether anyone waits on the activity's list (a new applicant then queues behind them). */
export async function anyoneWaiting(tx: Db, tenantId: string, activityId: string): Promise<boolean> {
  return (await waitlistQuery(tx, tenantId, activityId).select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** The 1-based places on the waitlist of the activities' waitlisted applications, by application id. */
export async function waitlistPositions(db: Db, tenantId: string, activityIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const activityId of new Set(activityIds)) {
    const rows = await waitlistQuery(db, tenantId, activityId).select('id').execute();
    rows.forEach((r, i) => out.set(String(r.id), i + 1));
  }
  return out;
}

/** Makes a new check-in code (`newCheckInCode`). */
type CodeMaker = (db: Db, tenantId: string, activityId: string) => Promise<string>;

/**
 * Fills freed seats from the waitlist, first in line first, while the head of the line fits (itself and
 * its companions); stops at the first that does not, so nobody is passed over. Only an activity with a
 * capacity that is not cancelled and has not started promotes. Each promoted alumnus is told, with
 * the ticket, through the channels they consented to (decision 274). Call under the activity's lock.
 * Answers the promoted ids.
 */
export async function promoteWaitlist(tx: Db, tenantId: string, activityId: string, userId: string | null, newCode: CodeMaker): Promise<string[]> {
  const activity = await tx.selectFrom(activityEntity.table).select(['id', 'title', 'capacity', 'is_cancelled', 'start_time', 'fee'])
    .where('tenant_id', '=', tenantId).where('id', '=', activityId).where('is_deleted', '=', 0).executeTakeFirst();
  const capacity = Number(activity?.capacity ?? 0);
  const stamp = now();
  if (!activity || capacity <= 0 || Number(activity.is_cancelled) === 1 || String(activity.start_time) <= stamp) return [];
  const promoted: string[] = [];
  let seats = await seatsTaken(tx, tenantId, activityId);
  for (;;) {
    const head = await waitlistQuery(tx, tenantId, activityId).select(['id', 'companions', 'check_in_code', 'payment_status'])
      .limit(1).executeTakeFirst();
    if (!head) break;
    const need = 1 + Number(head.companions ?? 0);
    if (seats + need > capacity) break;
    const fee = cents(activity.fee);
    await tx.updateTable(actApplistEntity.table).set({
      apply_status: APPLY_STATUS.confirmed, confirm_time: stamp, confirm_user: userId, confirm_opinion: APPLY_MSG.promotedOpinion.zh,
      check_in_code: head.check_in_code ?? await newCode(tx, tenantId, activityId), fee_amount: yuan(fee * need),
      payment_status: Number(head.payment_status) === PAYMENT_STATUS.paid ? PAYMENT_STATUS.paid : fee > 0 ? PAYMENT_STATUS.awaiting : PAYMENT_STATUS.none,
      update_time: stamp, ...(userId ? { update_user: userId } : {}),
    }).where('id', '=', String(head.id)).where('apply_status', '=', APPLY_STATUS.waitlisted).execute();
    seats += need;
    promoted.push(String(head.id));
    // Its listeners issue the ticket and tell the alumnus through their consented channels (ticket-issue.ts).
    await seatTaken(tx, { tenantId, activityId, applicationId: String(head.id), via: 'promotion' });
  }
  return promoted;
}
