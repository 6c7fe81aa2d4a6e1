import { DONATION_MSG, DONATION_STATUS, donationEntity } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { ok } from '../core/envelope.js';
import { badRequest, notFound } from '../core/errors.js';
import { now } from '../core/time.js';
import { renderPdf } from '../engine/pdf/pdf-renderer.js';
import { receiptDocument } from '../modules/giving/donation-receipt.js';
import { requireAlumnus } from './portal-auth.js';
import { PORTAL_BASE, PORTAL_ROUTE, idParam, portalCaller } from './portal-content-support.js';

const tags = ['Alumni portal (校友门户)'];
const MAX_GIFTS = 500;

/** My gifts in the portal (issue 28): my donations and, for those received, the receipt the staff print (DOMAIN 7). */
export function registerPortalGiftRoutes(app: FastifyInstance): void {
  const { database, repository, operations, labels } = app.services;

  app.get(`${PORTAL_BASE}/gifts`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'My gifts, newest first: id, amount, currency, time, purpose (its label), received, receiptUrl (the receipt PDF of a received gift) or null' },
  }, async (req) => {
    const who = await requireAlumnus(req);
    const rows = await repository.all(donationEntity, { tenantId: who.tenantId }, [{ field: 'alumniId', op: 'equal', value: who.alumnusId }],
      [{ field: 'donateTime', desc: true }], MAX_GIFTS);
    return ok(await Promise.all(rows.map(async (d) => {
      const received = Number(d.paymentStatus) === DONATION_STATUS.received;
      return {
        id: String(d.id), code: d.donationCode ?? null, amount: d.amount, currency: d.currency, time: d.donateTime,
        purpose: d.purpose === null || d.purpose === undefined ? '' : await labels.label('biz', who.tenantId, 'donation_purpose', String(d.purpose), req.lang), received,
        receiptUrl: received ? `/api${PORTAL_BASE}/gifts/${String(d.id)}/receipt` : null,
      };
    })), req.lang);
  });

  app.get(`${PORTAL_BASE}/gifts/:id/receipt`, {
    config: PORTAL_ROUTE,
    schema: { tags, summary: 'The receipt of one of my received gifts as a PDF download (the staff\'s receipt)', params: { type: 'object', properties: { id: { type: 'string' } } } },
  }, async (req, reply) => {
    const who = await requireAlumnus(req);
    const id = idParam(req.params);
    const stored = await repository.findById(donationEntity, { tenantId: who.tenantId }, id);
    if (!stored || String(stored.alumniId ?? '') !== who.alumnusId) throw notFound();
    if (Number(stored.paymentStatus) !== DONATION_STATUS.received) throw badRequest(DONATION_MSG.notReceived);
    // Read with its display names as the staff call reads it, now that it is known to be the alumnus's own.
    const donation = await operations.detail(donationEntity, portalCaller(who, req, true), id);
    const tenant = await database.db.selectFrom('blade_tenant').select(['tenant_name']).where('tenant_id', '=', who.tenantId).executeTakeFirst();
    const issuer = `${tenant?.tenant_name ? String(tenant.tenant_name) : ''}教育发展基金会`;
    const pdf = await renderPdf(receiptDocument({ donation, issuer, printedAt: now() }));
    const name = `捐赠收据-${String(donation.donationCode ?? id)}.pdf`;
    return reply.header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
