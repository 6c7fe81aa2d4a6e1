import { ACTIVITY_PHASE, actApplistEntity, activityEntity, parseIds } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, notFound } from '../../core/errors.js';
import { now } from '../../core/time.js';
import { browserOrigin } from '../resource/mail/public-base.js';
import { publicBase } from '../messaging/notice-push-text.js';
import { phaseOf } from './activity-rules.js';
import {
  TICKET_MSG, applicationOfToken, applicationRow, checkIn, checkInCounts, reissueTicket, revokeTicket, scanIdOf, ticketOf,
} from './check-in-store.js';
import { registerTicketIssue } from './ticket-issue.js';
import { TicketSigner } from './ticket-token.js';

export const CHECK_IN_BASE = '/blade-actApplist/checkIn';
const tags = ['Check-in (签到)'];
const DESK = ['checkindesk', 'checkinkiosk'];
const BAD_ID = { zh: 'id 应为记录编号', en: 'id must be a record id' };

function oneId(value: unknown): string {
  const list = parseIds(value) ?? [];
  if (list.length !== 1) throw badRequest(BAD_ID);
  return list[0] as string;
}

const bodyOf = (req: FastifyRequest): Record<string, unknown> =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body as Record<string, unknown> : {};

/** Where links alumni open start: the public base address, else the page's address, else the address the request came to. */
export async function linkBase(app: FastifyInstance, tenantId: string, req: FastifyRequest): Promise<string> {
  return (await publicBase(app.services.params, tenantId)) || browserOrigin(req) || `${req.protocol}://${req.headers.host ?? 'localhost'}`.replace(/\/+$/, '');
}

/** The absolute address of a ticket in the portal (it shows there to the signed-in alumnus). */
export const ticketLink = (base: string, tenantId: string, applicationId: string): string =>
  `${base}/portal/ticket/${encodeURIComponent(applicationId)}?tenant=${encodeURIComponent(tenantId)}`;

/** The address an activity's kiosk QR code holds: the portal's self check-in for it. */
export const kioskLink = (base: string, tenantId: string, activityId: string, signature: string): string =>
  `${base}/portal/kiosk/${encodeURIComponent(activityId)}?tenant=${encodeURIComponent(tenantId)}&k=${encodeURIComponent(signature)}`;

/**
 * The check-in desk and the kiosk (decision 268): scan a ticket's QR code (or enter its 6-digit
 * code), once per ticket; live counts; revoke or reissue a ticket; the kiosk's activity QR code.
 */
export function registerCheckInRoutes(app: FastifyInstance): void {
  const { operations: ops, repository, access, database, config } = app.services;
  const db = database.db;
  const signer = new TicketSigner(config.tokenSecret);
  registerTicketIssue(app);

  /** An activity the caller may read, or 404. */
  async function activityFor(caller: Caller, id: string) {
    const scope = await ops.rowScope(activityEntity, caller, undefined, 'read');
    const row = await repository.findById(activityEntity, scope, id);
    if (!row) throw notFound();
    return row;
  }
  /** An application the caller may act on, or 404. */
  async function applicationFor(caller: Caller, id: string) {
    const scope = await ops.rowScope(actApplistEntity, caller, undefined, 'read');
    if (!(await repository.findById(actApplistEntity, scope, id))) throw notFound();
    const row = await applicationRow(db, caller.tenantId, id);
    if (!row) throw notFound();
    return row;
  }

  app.get(`${CHECK_IN_BASE}/activities`, {
    config: { menus: DESK },
    schema: { tags, summary: 'Activities open for check-in now or soon (not cancelled, not ended), soonest first, within the caller\'s data scope' },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const scope = await ops.rowScope(activityEntity, caller, undefined, 'read');
    const stamp = now();
    const rows = await repository.all(activityEntity, scope, [{ field: 'endTime', op: 'ge', value: stamp }], [{ field: 'startTime', desc: false }], 200);
    return ok(rows.filter((r) => phaseOf(r, stamp) !== ACTIVITY_PHASE.cancelled)
      .map((r) => ({ id: r.id, title: r.title, startTime: r.startTime, endTime: r.endTime, location: r.location, capacity: Number(r.capacity ?? 0) })), req.lang);
  });

  app.get(`${CHECK_IN_BASE}/counts`, {
    config: { menus: DESK },
    schema: { tags, summary: 'Live counts of an activity: checked in, confirmed applications, seats taken, capacity (0 = no limit)', querystring: { type: 'object', properties: { activityId: { type: 'string' } }, required: ['activityId'] } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const activity = await activityFor(caller, oneId((req.query as Record<string, unknown>).activityId));
    return ok(await checkInCounts(db, caller.tenantId, String(activity.id)), req.lang);
  });

  app.post(`${CHECK_IN_BASE}/scan`, {
    config: { menus: ['checkindesk'] },
    schema: {
      tags, summary: 'Checks a ticket in at the desk, by its QR token or its 6-digit code; once per ticket (a second scan answers `already` with the time); a repeated scanId answers as the first time',
      body: { type: 'object', properties: { activityId: { type: 'string' }, token: { type: 'string' }, checkInCode: { type: 'string' }, scanId: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'actapplist_signin');
    const body = bodyOf(req);
    const activity = await activityFor(caller, oneId(body.activityId));
    const scanId = scanIdOf(body.scanId);
    const token = typeof body.token === 'string' ? body.token.trim() : '';
    const code = typeof body.checkInCode === 'string' ? body.checkInCode.trim() : '';
    let application: Record<string, unknown>;
    if (token !== '') application = await applicationOfToken(db, signer, caller.tenantId, token);
    else if (code !== '') {
      if (!/^\d{6}$/.test(code)) throw badRequest(TICKET_MSG.badCode);
      const found = await db.selectFrom(actApplistEntity.table).select('id').where('tenant_id', '=', caller.tenantId)
        .where('activity_id', '=', String(activity.id)).where('check_in_code', '=', code).where('is_deleted', '=', 0).executeTakeFirst();
      if (!found) throw badRequest(TICKET_MSG.codeNotFound);
      application = await applicationFor(caller, String(found.id));
    } else throw badRequest(TICKET_MSG.needTokenOrCode);
    await applicationFor(caller, String(application.id));
    const result = await checkIn(db, {
      tenantId: caller.tenantId, application, activityId: String(activity.id), scanId, source: token !== '' ? 'desk' : 'code', userId: caller.userId,
    });
    return ok({ ...result, counts: await checkInCounts(db, caller.tenantId, String(activity.id)) }, req.lang);
  });

  app.get(`${CHECK_IN_BASE}/ticket`, {
    config: { menus: ['checkindesk', 'actapplist'] },
    schema: { tags, summary: 'The ticket of a confirmed application: its token, whether revoked, and the absolute link the alumnus opens it at', querystring: { type: 'object', properties: { applicationId: { type: 'string' } }, required: ['applicationId'] } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const application = await applicationFor(caller, oneId((req.query as Record<string, unknown>).applicationId));
    const state = await ticketOf(db, caller.tenantId, String(application.id));
    const base = await linkBase(app, caller.tenantId, req);
    return ok({
      applicationId: String(application.id), revoked: state.revoked, serial: state.serial,
      token: signer.sign({ tenantId: caller.tenantId, applicationId: String(application.id), serial: state.serial }),
      link: ticketLink(base, caller.tenantId, String(application.id)),
    }, req.lang);
  });

  for (const [action, summary] of [
    ['revoke', 'Revokes the ticket of an application: its QR code is refused from now on'],
    ['reissue', 'Issues the ticket of an application again with a new code; every earlier code stays refused'],
  ] as const) {
    app.post(`${CHECK_IN_BASE}/${action}`, {
      config: { menus: ['checkindesk'] },
      schema: { tags, summary, body: { type: 'object', properties: { applicationId: { type: 'string' } }, required: ['applicationId'] } },
    }, async (req) => {
      const caller = requireCaller(req.caller);
      await access.require(caller, 'checkindesk_revoke');
      const application = await applicationFor(caller, oneId(bodyOf(req).applicationId));
      const id = String(application.id);
      const state = action === 'revoke' ? await revokeTicket(db, caller.tenantId, id, caller.userId) : await reissueTicket(db, caller.tenantId, id);
      return ok({ applicationId: id, revoked: state.revoked, serial: state.serial }, req.lang);
    });
  }

  app.get(`${CHECK_IN_BASE}/kiosk`, {
    config: { menus: ['checkinkiosk'] },
    schema: { tags, summary: 'The QR address of an activity\'s self check-in kiosk: alumni scan it and check in in the portal', querystring: { type: 'object', properties: { activityId: { type: 'string' } }, required: ['activityId'] } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const activity = await activityFor(caller, oneId((req.query as Record<string, unknown>).activityId));
    const id = String(activity.id);
    const base = await linkBase(app, caller.tenantId, req);
    return ok({
      activityId: id, title: activity.title, link: kioskLink(base, caller.tenantId, id, signer.kioskSignature(caller.tenantId, id)),
      counts: await checkInCounts(db, caller.tenantId, id),
    }, req.lang);
  });
}
