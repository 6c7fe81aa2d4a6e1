import { PLATFORM_TENANT, PUSH_CHANNEL, PUSH_STATUS, TARGET_STATUS, actApplistEntity, activityEntity, noticePushEntity, noticePushRecordEntity, t } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { TICKET_TABLE } from '../../db/migrations/053-activity-tickets.js';
import { inAppAllowed } from '../../portal/portal-consent.js';
import { PUBLIC_BASE_KEY } from '../resource/mail/public-base.js';
import { onSeatFreed, onSeatTaken } from './activity-seats.js';
import { ticketOf } from './check-in-store.js';

const TICKET_SENT = {
  title: t('您的活动门票：{title}', 'Your ticket: {title}'),
  body: t('{name}，您报名的“{title}”（{start}）已确认。入场时出示门票二维码：{link}', '{name}, your place at "{title}" ({start}) is confirmed. Show the ticket\'s QR code at the entrance: {link}'),
};

/**
 * Issues the ticket in the transaction that gives an application its seat and sends the alumnus its
 * absolute link in-app (unless they withdrew in-app consent; a promotion from the waitlist is told by
 * the waitlist's own message); revokes it in the one that frees the
 * seat (decision 270). Listening stops when the app closes.
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
    // A promotion is told by the waitlist's own message; a seat taken on applying or confirmation sends the ticket.
    if (event.via !== 'promotion') await sendLink(tx, await baseOf(tx, event.tenantId), event.tenantId, event.applicationId);
  });
  const stopFreed = onSeatFreed(async (tx, event) => {
    await ticketOf(tx, event.tenantId, event.applicationId);
    await tx.updateTable(TICKET_TABLE).set({ revoked: 1, revoke_time: now() }).where('tenant_id', '=', event.tenantId)
      .where('application_id', '=', event.applicationId).execute();
  });
  app.addHook('onClose', async () => { stopTaken(); stopFreed(); });
}

/** The public base address (the tenant's own, else the platform's), read in the write's transaction. */
async function baseOf(tx: Db, tenantId: string): Promise<string> {
  for (const tenant of [tenantId, PLATFORM_TENANT]) {
    const row = await tx.selectFrom('blade_param').select('param_value').where('tenant_id', '=', tenant).where('param_key', '=', PUBLIC_BASE_KEY)
      .where('is_deleted', '=', 0).orderBy('id').executeTakeFirst();
    if (row) return String(row.param_value ?? '').trim().replace(/\/+$/, '');
  }
  return '';
}

async function sendLink(tx: Db, base: string, tenantId: string, applicationId: string): Promise<void> {
  const application = await tx.selectFrom(actApplistEntity.table).select(['alumni_id', 'name', 'activity_id']).where('tenant_id', '=', tenantId)
    .where('id', '=', applicationId).executeTakeFirst();
  const alumnusId = application?.alumni_id ? String(application.alumni_id) : null;
  if (!application || !alumnusId || !(await inAppAllowed(tx, tenantId, [alumnusId])).has(alumnusId)) return;
  const activity = await tx.selectFrom(activityEntity.table).select(['title', 'start_time']).where('tenant_id', '=', tenantId)
    .where('id', '=', String(application.activity_id)).executeTakeFirst();
  const link = `${base}/portal/ticket/${applicationId}?tenant=${encodeURIComponent(tenantId)}`;
  const name = String(application.name ?? '');
  const fill = (text: string) => text.replace('{name}', name).replace('{title}', String(activity?.title ?? '')).replace('{start}', String(activity?.start_time ?? '').slice(0, 16)).replace('{link}', link);
  const stamp = now();
  const subject = `${fill(TICKET_SENT.title.zh)} / ${fill(TICKET_SENT.title.en)}`.slice(0, 100);
  const pushId = ids.next();
  await tx.insertInto(noticePushEntity.table).values({
    id: pushId, tenant_id: tenantId, title: subject, channels: PUSH_CHANNEL.inApp, subject, content: `${fill(TICKET_SENT.body.zh)}\n${fill(TICKET_SENT.body.en)}`,
    target_scope: '5', target_value: JSON.stringify({ alumniIds: alumnusId }), send_type: '1', send_time: stamp, push_status: PUSH_STATUS.done,
    target_count: 1, success_count: 1, fail_count: 0, skip_count: 0, read_count: 0, create_time: stamp, update_time: stamp, status: 1, is_deleted: 0,
  }).execute();
  await tx.insertInto(noticePushRecordEntity.table).values({
    id: ids.next(), tenant_id: tenantId, push_id: pushId, alumni_id: alumnusId, alumni_name: name.slice(0, 30), channel: PUSH_CHANNEL.inApp,
    address: alumnusId, status: TARGET_STATUS.delivered, send_time: stamp, create_time: stamp, update_time: stamp, is_deleted: 0,
  }).execute();
}
