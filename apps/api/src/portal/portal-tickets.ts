import { actApplistEntity, activityEntity, t } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../core/envelope.js';
import { badRequest, notFound } from '../core/errors.js';
import { linkBase, ticketLink } from '../modules/activity/check-in-routes.js';
import { TICKET_MSG, applicationRow, checkIn, hasTicket, scanIdOf, ticketOf } from '../modules/activity/check-in-store.js';
import { TicketSigner } from '../modules/activity/ticket-token.js';
import { PORTAL_BASE } from './portal-auth-routes.js';
import { requireAlumnus, type Alumnus } from './portal-auth.js';

const tags = ['Alumni portal (校友门户)'];
const portal = { public: true, portal: true };
const MAX_TICKETS = 200;
const BAD_ID = t('id 应为记录编号', 'id must be a record id');

const idOf = (value: unknown): string => {
  if (typeof value !== 'string' || !/^\d{1,20}$/.test(value)) throw badRequest(BAD_ID);
  return value;
};

/**
 * The alumnus's tickets (decision 267) and the kiosk's self check-in (decision 268): each confirmed
 * application of mine has a ticket, shown as a QR code of its signed token; scanning an activity's
 * kiosk code checks my confirmed application for it in.
 */
export function registerPortalTicketRoutes(app: FastifyInstance): void {
  const { database, config } = app.services;
  const db = database.db;
  const signer = new TicketSigner(config.tokenSecret);

  async function ticketView(who: Alumnus, application: Record<string, unknown>, req: FastifyRequest) {
    const id = String(application.id);
    const activity = await db.selectFrom(activityEntity.table).select(['id', 'title', 'start_time', 'end_time', 'location'])
      .where('tenant_id', '=', who.tenantId).where('id', '=', String(application.activity_id)).executeTakeFirst();
    const state = await ticketOf(db, who.tenantId, id);
    return {
      id, applyNo: application.apply_no, name: application.name, companions: Number(application.companions ?? 0),
      activity: activity ? { id: String(activity.id), title: activity.title, startTime: activity.start_time, endTime: activity.end_time, location: activity.location } : null,
      checkInCode: application.check_in_code ?? null,
      signIn: Number(application.sign_in ?? 0) === 1, signInTime: application.sign_in_time ?? null,
      revoked: state.revoked,
      token: state.revoked ? null : signer.sign({ tenantId: who.tenantId, applicationId: id, serial: state.serial }),
      link: ticketLink(await linkBase(app, who.tenantId, req), who.tenantId, id),
    };
  }

  app.get(`${PORTAL_BASE}/tickets`, {
    config: portal, schema: { tags, summary: 'My tickets: one per confirmed application, newest activity first, with its QR token (none while revoked)' },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const rows = await db.selectFrom(actApplistEntity.table).selectAll().where('tenant_id', '=', who.tenantId)
      .where('alumni_id', '=', who.alumnusId).where('is_deleted', '=', 0).orderBy('apply_time', 'desc').limit(MAX_TICKETS).execute();
    const out = [];
    for (const row of rows.filter((r) => hasTicket(r))) out.push(await ticketView(who, row, req));
    return ok(out, req.lang);
  });

  app.get(`${PORTAL_BASE}/tickets/:id`, {
    config: portal, schema: { tags, summary: 'One ticket of mine, by its application id; 404 when it is not mine or not confirmed' },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const row = await applicationRow(db, who.tenantId, idOf((req.params as { id?: unknown }).id));
    if (!row || String(row.alumni_id) !== who.alumnusId) throw notFound();
    if (!hasTicket(row)) throw badRequest(TICKET_MSG.noTicket);
    return ok(await ticketView(who, row, req), req.lang);
  });

  app.post(`${PORTAL_BASE}/kiosk/:activityId/check-in`, {
    config: portal,
    schema: {
      tags, summary: 'Self check-in: with the signature of the activity\'s kiosk QR code, checks my confirmed application for it in (once; again answers `already` with the time)',
      body: { type: 'object', properties: { k: { type: 'string' }, scanId: { type: 'string' } }, required: ['k'] },
    },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const activityId = idOf((req.params as { activityId?: unknown }).activityId);
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (!signer.kioskValid(who.tenantId, activityId, body.k)) throw badRequest(TICKET_MSG.badKiosk);
    const scanId = scanIdOf(body.scanId);
    const rows = await db.selectFrom(actApplistEntity.table).selectAll().where('tenant_id', '=', who.tenantId)
      .where('activity_id', '=', activityId).where('alumni_id', '=', who.alumnusId).where('is_deleted', '=', 0).execute();
    const application = rows.find((r) => hasTicket(r));
    if (!application) throw badRequest(TICKET_MSG.noApplication);
    const state = await ticketOf(db, who.tenantId, String(application.id));
    if (state.revoked) throw badRequest(TICKET_MSG.revoked);
    return ok(await checkIn(db, { tenantId: who.tenantId, application, activityId, scanId, source: 'kiosk', userId: null }), req.lang);
  });
}
