import { APPLY_MSG, actApplistEntity, activityEntity, t } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { TICKET_TABLE } from '../../db/migrations/053-activity-tickets.js';
import { tellAlumnus, type TellDeps } from '../messaging/tell-alumnus.js';
import { onSeatFreed, onSeatTaken, type SeatEvent } from './activity-seats.js';
import { ticketOf } from './check-in-store.js';

/** What a seat taken tells the alumnus, by how it was taken: the ticket's absolute link always. */
const SEAT_MESSAGES = {
  ticket: {
    title: t('您的活动门票：{title}', 'Your ticket: {title}'),
    body: t('{name}，您报名的“{title}”（{start}）已确认。入场时出示门票二维码：{ticketUrl}', '{name}, your place at "{title}" ({start}) is confirmed. Show the ticket\'s QR code at the entrance: {ticketUrl}'),
    smsTemplate: 'ACTIVITY_TICKET_SMS',
  },
  promotion: {
    title: APPLY_MSG.promotedTitle,
    body: t(`${APPLY_MSG.promotedBody.zh}入场时出示门票二维码：{ticketUrl}`, `${APPLY_MSG.promotedBody.en} Show the ticket's QR code at the entrance: {ticketUrl}`),
    smsTemplate: 'WAITLIST_PROMOTED_SMS',
  },
} as const;

/**
 * Issues the ticket in the transaction that gives an application its seat and tells the alumnus,
 * in that transaction, through every channel they consented to: the ticket with its absolute link,
 * or — for a promotion from the waitlist — that they have a seat, with the same link (decisions 270,
 * 274); revokes it in the one that frees the seat. Listening stops when the app closes.
 */
export function registerTicketIssue(app: FastifyInstance): void {
  const stopTaken = onSeatTaken(async (tx, event) => {
    const fresh = !(await tx.selectFrom(TICKET_TABLE).select('serial').where('tenant_id', '=', event.tenantId)
      .where('application_id', '=', event.applicationId).executeTakeFirst());
    const state = await ticketOf(tx, event.tenantId, event.applicationId);
    if (!fresh && state.revoked) {
      await tx.updateTable(TICKET_TABLE).set({ revoked: 0, revoke_time: null, revoke_user: null }).where('tenant_id', '=', event.tenantId)
        .where('application_id', '=', event.applicationId).execute();
    }
    await tellSeat(tx, { jobs: app.services.jobs, sealing: app.services.sealing }, event);
  });
  const stopFreed = onSeatFreed(async (tx, event) => {
    await ticketOf(tx, event.tenantId, event.applicationId);
    await tx.updateTable(TICKET_TABLE).set({ revoked: 1, revoke_time: now() }).where('tenant_id', '=', event.tenantId)
      .where('application_id', '=', event.applicationId).execute();
  });
  app.addHook('onClose', async () => { stopTaken(); stopFreed(); });
}

/** Tells the applicant (an alumnus; a guest entered by staff has no channel) of the seat and its ticket. */
async function tellSeat(tx: Db, deps: TellDeps, event: SeatEvent): Promise<void> {
  const { tenantId, applicationId } = event;
  const application = await tx.selectFrom(actApplistEntity.table).select(['alumni_id', 'activity_id']).where('tenant_id', '=', tenantId)
    .where('id', '=', applicationId).executeTakeFirst();
  if (!application || application.alumni_id === null || application.alumni_id === undefined) return;
  const activity = await tx.selectFrom(activityEntity.table).select(['title', 'start_time', 'location']).where('tenant_id', '=', tenantId)
    .where('id', '=', String(application.activity_id)).executeTakeFirst();
  const title = String(activity?.title ?? '');
  const start = String(activity?.start_time ?? '').slice(0, 16);
  const text = event.via === 'promotion' ? SEAT_MESSAGES.promotion : SEAT_MESSAGES.ticket;
  await tellAlumnus(tx, deps, {
    tenantId, alumnusId: String(application.alumni_id), title: text.title, body: text.body, smsTemplate: text.smsTemplate,
    link: { name: 'ticketUrl', path: `/portal/ticket/${applicationId}?tenant=${encodeURIComponent(tenantId)}` },
    values: { title, start, activityTitle: title, startTime: start, location: String(activity?.location ?? '') },
  });
}
