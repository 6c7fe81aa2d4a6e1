import { actApplistEntity, activityEntity, holdsSeat, SEAT_STATUS, t, type Text } from '@alumni/domain';
import { sql } from 'kysely';
import { badRequest } from '../../core/errors.js';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { CHECK_IN_SCAN_TABLE, TICKET_TABLE } from '../../db/migrations/053-activity-tickets.js';
import { seatsTaken, shiftTime } from './activity-rules.js';
import type { TicketSigner } from './ticket-token.js';

/** Messages of tickets and check-in, in both languages. */
export const TICKET_MSG = {
  badToken: t('门票无效：二维码已被更改或不是本系统的门票', 'The ticket is not valid: its code was altered or is not one of ours'),
  otherTenant: t('这不是本单位的门票', 'This ticket belongs to another school'),
  revoked: t('门票已被吊销', 'The ticket has been revoked'),
  notFound: t('找不到该门票对应的报名', 'No application matches this ticket'),
  otherActivity: t('这张门票属于另一个活动：{title}', 'This ticket is for another activity: {title}'),
  notConfirmed: t('该报名未确认，不能签到', 'This application is not confirmed: it cannot check in'),
  window: t('不在签到时间内（活动开始前 1 小时至结束）', 'Check-in is not open now (from 1 hour before the start to the end)'),
  badScanId: t('scanId 应为 1–64 位字母、数字、- 或 _', 'scanId must be 1–64 letters, digits, - or _'),
  needTokenOrCode: t('请扫描门票或输入 6 位签到码', 'Scan a ticket or enter the 6-digit check-in code'),
  badCode: t('签到码应为 6 位数字', 'The check-in code must be 6 digits'),
  codeNotFound: t('该活动没有这个签到码', 'No application of this activity has this code'),
  badKiosk: t('签到二维码无效', 'The check-in code is not valid'),
  noApplication: t('您没有该活动已确认的报名', 'You have no confirmed application for this activity'),
  noTicket: t('该报名还没有门票（报名确认后才有）', 'This application has no ticket yet (tickets come with confirmation)'),
} as const satisfies Record<string, Text>;

/**
 * Whether an application holds a seat, and so has a ticket and may check in: the activity rules'
 * own test (`holdsSeat`, the confirmed state), for a row as the repository or the table answers it.
 */
export const hasTicket = (row: { applyStatus?: unknown; apply_status?: unknown }): boolean =>
  holdsSeat({ applyStatus: row.applyStatus ?? row.apply_status });

export interface TicketState {
  serial: number;
  revoked: boolean;
}

/** The ticket of an application, made (issue 1) the first time it is asked for. */
export async function ticketOf(db: Db, tenantId: string, applicationId: string): Promise<TicketState> {
  const read = () => db.selectFrom(TICKET_TABLE).select(['serial', 'revoked']).where('tenant_id', '=', tenantId)
    .where('application_id', '=', applicationId).executeTakeFirst();
  let row = await read();
  if (!row) {
    await db.insertInto(TICKET_TABLE).values({ application_id: applicationId, tenant_id: tenantId, serial: 1, revoked: 0, create_time: now() })
      .onConflict((oc) => oc.column('application_id').doNothing()).execute();
    row = await read();
  }
  return { serial: Number(row?.serial ?? 1), revoked: Number(row?.revoked ?? 0) === 1 };
}

/** Revokes an application's ticket (its token is refused from now on); answers the new state. */
export async function revokeTicket(db: Db, tenantId: string, applicationId: string, userId: string): Promise<TicketState> {
  await ticketOf(db, tenantId, applicationId);
  await db.updateTable(TICKET_TABLE).set({ revoked: 1, revoke_time: now(), revoke_user: userId })
    .where('tenant_id', '=', tenantId).where('application_id', '=', applicationId).execute();
  return ticketOf(db, tenantId, applicationId);
}

/** Issues an application's ticket again under a new issue number: every earlier token stays refused. */
export async function reissueTicket(db: Db, tenantId: string, applicationId: string): Promise<TicketState> {
  await ticketOf(db, tenantId, applicationId);
  await db.updateTable(TICKET_TABLE).set({ serial: sql`serial + 1`, revoked: 0, revoke_time: null, revoke_user: null })
    .where('tenant_id', '=', tenantId).where('application_id', '=', applicationId).execute();
  return ticketOf(db, tenantId, applicationId);
}

/** The application a ticket token names, after its signature, tenant and revocation are checked; else a 400. */
export async function applicationOfToken(db: Db, signer: TicketSigner, tenantId: string, token: unknown): Promise<Record<string, unknown>> {
  const claim = signer.verify(token);
  if (!claim) throw badRequest(TICKET_MSG.badToken);
  if (claim.tenantId !== tenantId) throw badRequest(TICKET_MSG.otherTenant);
  const ticket = await db.selectFrom(TICKET_TABLE).select(['serial', 'revoked']).where('tenant_id', '=', tenantId)
    .where('application_id', '=', claim.applicationId).executeTakeFirst();
  if (!ticket) throw badRequest(TICKET_MSG.notFound);
  if (Number(ticket.revoked) === 1 || Number(ticket.serial) !== claim.serial) throw badRequest(TICKET_MSG.revoked);
  const row = await applicationRow(db, tenantId, claim.applicationId);
  if (!row) throw badRequest(TICKET_MSG.notFound);
  return row;
}

export async function applicationRow(db: Db, tenantId: string, id: string): Promise<Record<string, unknown> | undefined> {
  return db.selectFrom(actApplistEntity.table).selectAll().where('tenant_id', '=', tenantId).where('id', '=', id)
    .where('is_deleted', '=', 0).executeTakeFirst();
}

export interface CheckInResult {
  /** `checkedIn`: this scan checked the ticket in; `already`: it had been checked in (at `signInTime`). */
  outcome: 'checkedIn' | 'already';
  signInTime: string;
  application: { id: string; applyNo: string; name: string; companions: number; activityId: string };
  activity: { id: string; title: string };
}

const SCAN_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A scan id from a request: absent, or 1–64 URL-safe characters; else a 400. */
export function scanIdOf(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !SCAN_ID.test(value)) throw badRequest(TICKET_MSG.badScanId);
  return value;
}

/**
 * Checks an application in, once: the change from not checked in to checked in is one conditional
 * update, so of two scans at the same moment exactly one checks in and the other is told when. A scan
 * with an id the desk gave it is recorded; the same scan sent again (a desk syncing after a network
 * loss) gets the answer the first one got.
 */
export async function checkIn(db: Db, input: {
  tenantId: string; application: Record<string, unknown>; activityId: string | null; scanId: string | null; source: 'desk' | 'kiosk' | 'code'; userId: string | null;
}): Promise<CheckInResult> {
  const app = input.application;
  const applicationId = String(app.id);
  const activity = await db.selectFrom(activityEntity.table).select(['id', 'title', 'start_time', 'end_time'])
    .where('tenant_id', '=', input.tenantId).where('id', '=', String(app.activity_id)).executeTakeFirst();
  if (!activity) throw badRequest(TICKET_MSG.notFound);
  const summary = (outcome: CheckInResult['outcome'], signInTime: string): CheckInResult => ({
    outcome, signInTime,
    application: { id: applicationId, applyNo: String(app.apply_no ?? ''), name: String(app.name ?? ''), companions: Number(app.companions ?? 0), activityId: String(activity.id) },
    activity: { id: String(activity.id), title: String(activity.title ?? '') },
  });
  if (input.scanId) {
    const seen = await db.selectFrom(CHECK_IN_SCAN_TABLE).select(['application_id', 'outcome', 'sign_in_time'])
      .where('tenant_id', '=', input.tenantId).where('scan_id', '=', input.scanId).executeTakeFirst();
    if (seen && String(seen.application_id) === applicationId) return summary(seen.outcome === 'checkedIn' ? 'checkedIn' : 'already', String(seen.sign_in_time));
  }
  if (input.activityId !== null && String(activity.id) !== input.activityId) throw badRequest(TICKET_MSG.otherActivity, { title: String(activity.title ?? '') });
  if (!hasTicket(app)) throw badRequest(TICKET_MSG.notConfirmed);
  const stamp = now();
  const start = stringOf(activity.start_time);
  const end = stringOf(activity.end_time);
  if (stamp < shiftTime(start, -3600) || stamp > end) throw badRequest(TICKET_MSG.window);
  const updated = await db.updateTable(actApplistEntity.table).set({ sign_in: 1, sign_in_time: stamp, update_time: stamp })
    .where('tenant_id', '=', input.tenantId).where('id', '=', applicationId).where('is_deleted', '=', 0)
    .where('apply_status', '=', SEAT_STATUS)
    .where((eb) => eb.or([eb('sign_in', '=', 0), eb('sign_in', 'is', null)])).executeTakeFirst();
  let result: CheckInResult;
  if (Number(updated.numUpdatedRows) === 1) result = summary('checkedIn', stamp);
  else {
    const after = await applicationRow(db, input.tenantId, applicationId);
    if (!after || Number(after.sign_in) !== 1) throw badRequest(TICKET_MSG.notConfirmed);
    result = summary('already', stringOf(after.sign_in_time));
  }
  if (input.scanId) {
    await db.insertInto(CHECK_IN_SCAN_TABLE).values({
      id: ids.next(), tenant_id: input.tenantId, scan_id: input.scanId, application_id: applicationId, source: input.source,
      outcome: result.outcome, sign_in_time: result.signInTime, create_user: input.userId, create_time: stamp,
    }).onConflict((oc) => oc.columns(['tenant_id', 'scan_id']).doNothing()).execute();
  }
  return result;
}

/** A stored time as text (both dialects answer `yyyy-MM-dd HH:mm:ss`). */
const stringOf = (value: unknown): string => String(value ?? '');

/** The live counts of an activity's check-in: checked in, confirmed (applications and seats), capacity. */
export async function checkInCounts(db: Db, tenantId: string, activityId: string): Promise<{ checkedIn: number; confirmed: number; seatsTaken: number; capacity: number }> {
  const row = await db.selectFrom(actApplistEntity.table)
    .select([sql<number>`count(*)`.as('confirmed'), sql<number>`sum(case when sign_in = 1 then 1 else 0 end)`.as('checked_in')])
    .where('tenant_id', '=', tenantId).where('activity_id', '=', activityId).where('apply_status', '=', SEAT_STATUS)
    .where('is_deleted', '=', 0).executeTakeFirst();
  const activity = await db.selectFrom(activityEntity.table).select('capacity').where('tenant_id', '=', tenantId).where('id', '=', activityId).executeTakeFirst();
  return {
    checkedIn: Number(row?.checked_in ?? 0), confirmed: Number(row?.confirmed ?? 0),
    seatsTaken: await seatsTaken(db, tenantId, activityId), capacity: Number(activity?.capacity ?? 0),
  };
}
