import { DONATION_MSG, DONATION_STATUS, donationEntity, parseIds, type Text } from '@alumni/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requireCaller, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, notFound } from '../../core/errors.js';
import { now } from '../../core/time.js';
import { listQuerySchema } from '../../engine/entity-routes.js';
import { requireIds } from '../../engine/entity-operations.js';
import type { EntityNumbers } from '../../engine/numbering/entity-numbers.js';
import { renderPdf } from '../../engine/pdf/pdf-renderer.js';
import { originOf } from '../../logs/request-origin.js';
import { countAmount } from './count-amount.js';
import { certificateDocument, schoolLook } from './donation-certificate.js';
import { donorProgress } from './donor-progress.js';
import { progressReportDocument } from './donor-progress-report.js';
import { receiptDocument } from './donation-receipt.js';
import { registerDonationReceiptRoutes } from './donation-receipt-routes.js';
import { registerAggregateReceiptRoutes } from './aggregate-receipt-routes.js';

const CODE_RE = /^[A-Z0-9-]{4,32}$/;
const tags = [`${donationEntity.label.en} (${donationEntity.label.zh})`];

/** The calls of donations beyond the entity engine's (DOMAIN 7, 11.4). */
export function registerDonationRoutes(app: FastifyInstance, numbers: EntityNumbers): void {
  const { operations: ops, repository, labels, database, logs, params } = app.services;
  registerDonationReceiptRoutes(app, numbers);
  registerAggregateReceiptRoutes(app, numbers);

  app.get('/donation/countAmount', {
    schema: { tags, summary: 'Sums of donations over the page\'s filters (DOMAIN 11.4): received gifts unless paymentStatus_equal is given', querystring: listQuerySchema(donationEntity) },
  }, async (req) => ok(await countAmount(ops, repository, database.db, database.dialect, labels, requireCaller(req.caller), req.query as Record<string, unknown>), req.lang));

  app.delete('/donation/remove/:id', {
    schema: { tags, summary: 'Remove a pledge or a closed pledge without a receipt', params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
  }, async (req) => {
    const id = requireIds(parseIds((req.params as { id?: unknown }).id));
    await ops.remove(donationEntity, requireCaller(req.caller), id, req.lang);
    return ok(true, req.lang);
  });

  app.post('/donation/updateDonationCode', {
    schema: {
      tags, summary: 'Generate (no donationCode) or set the donation code of a received or refunded gift',
      querystring: { type: 'object', properties: { id: { type: 'string' }, donationCode: { type: 'string' } }, required: ['id'] },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await ops.requireCode(caller, 'donation_code');
    const query = req.query as { id?: unknown; donationCode?: unknown };
    const [id] = requireIds(parseIds(query.id)) as [string];
    const wanted = typeof query.donationCode === 'string' ? query.donationCode.trim() : '';
    if (wanted !== '' && !CODE_RE.test(wanted)) throw badRequest(DONATION_MSG.badCode);
    const scope = await ops.rowScope(donationEntity, caller);
    const { code, previous } = await database.db.transaction().execute(async (tx) => {
      const row = await repository.findById(donationEntity, scope, id, tx);
      if (!row) throw notFound();
      const status = Number(row.paymentStatus);
      if (status !== DONATION_STATUS.received && status !== DONATION_STATUS.refunded) throw badRequest(DONATION_MSG.pledgeNoCode);
      let next = wanted;
      if (next === '') {
        next = await numbers.next({ entity: donationEntity, tenantId: caller.tenantId, db: tx, stamp: now() }, 'donationCode', { donateTime: row.donateTime });
      } else if (await repository.exists(donationEntity, { tenantId: caller.tenantId }, { donationCode: next }, id, tx)) {
        throw badRequest(DONATION_MSG.codeTaken);
      }
      await repository.update(donationEntity, scope, id, { donationCode: next, updateUser: caller.userId, updateTime: now() }, tx);
      return { code: next, previous: row.donationCode === null ? null : String(row.donationCode) };
    });
    // A changed code is written to the usual log (DOMAIN 7).
    if (previous && previous !== code) logs.usual(originOf(req, false), { logId: 'donation_code', logData: `donation ${id}: ${previous} -> ${code}` });
    return ok({ id, donationCode: code }, req.lang);
  });

  /**
   * The detail of a received gift for a printable document, and the school's name. The gift's state
   * is checked before its detail is read: reading the donor's details unmasked is a recorded access
   * (decision 302), and a refused document reads nothing.
   */
  const receivedGift = async (caller: Caller, idValue: unknown, refusal: Text) => {
    const [id] = requireIds(parseIds(idValue)) as [string];
    const [row] = await repository.findByIds(donationEntity, await ops.authoriseRead(donationEntity, caller), [id]);
    if (!row) throw notFound();
    if (Number(row.paymentStatus) !== DONATION_STATUS.received) throw badRequest(refusal);
    const donation = await ops.detail(donationEntity, caller, id);
    const tenant = await database.db.selectFrom('blade_tenant').select(['tenant_name']).where('tenant_id', '=', caller.tenantId).executeTakeFirst();
    return { id, donation, school: tenant?.tenant_name ? String(tenant.tenant_name) : '' };
  };
  const sendPdf = (reply: FastifyReply, pdf: Buffer, name: string) => reply.header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(pdf);

  app.get('/donation/receipt', {
    schema: {
      tags, summary: 'The printable receipt of a received gift as a PDF (Chinese font embedded)',
      querystring: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    },
  }, async (req, reply) => {
    const { id, donation, school } = await receivedGift(requireCaller(req.caller), (req.query as { id?: unknown }).id, DONATION_MSG.notReceived);
    const pdf = await renderPdf(receiptDocument({ donation, issuer: `${school}教育发展基金会`, printedAt: now() }));
    return sendPdf(reply, pdf, `捐赠收据-${String(donation.donationCode ?? id)}.pdf`);
  });

  app.get('/donation/certificate', {
    schema: {
      tags, summary: 'The donation certificate of a received gift as a PDF in the school\'s design (its colour and signer are parameters; Chinese font embedded)',
      querystring: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    },
  }, async (req, reply) => {
    const caller = requireCaller(req.caller);
    const { id, donation, school } = await receivedGift(caller, (req.query as { id?: unknown }).id, DONATION_MSG.certificateNeedsReceived);
    const pdf = await renderPdf(certificateDocument({ donation, school, ...await schoolLook(params, caller.tenantId, school) }));
    return sendPdf(reply, pdf, `捐赠证书-${String(donation.donationCode ?? id)}.pdf`);
  });

  app.get('/donation/progressReport', {
    schema: {
      tags, summary: 'The progress report of the donor of a gift as a PDF: the funds the donor gave to, each fund\'s total and donors, the donor\'s gifts',
      querystring: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    },
  }, async (req, reply) => {
    const caller = requireCaller(req.caller);
    const [id] = requireIds(parseIds((req.query as { id?: unknown }).id)) as [string];
    const scope = await ops.authoriseRead(donationEntity, caller);
    const [gift] = await repository.findByIds(donationEntity, scope, [id]);
    if (!gift) throw notFound();
    const progress = await donorProgress(database.db, repository, database.dialect, scope, gift);
    const tenant = await database.db.selectFrom('blade_tenant').select(['tenant_name']).where('tenant_id', '=', caller.tenantId).executeTakeFirst();
    const school = tenant?.tenant_name ? String(tenant.tenant_name) : '';
    const { color } = await schoolLook(params, caller.tenantId, school);
    const pdf = await renderPdf(progressReportDocument({
      progress, school, printedAt: now(), color,
      purposeNames: await labels.labels('biz', caller.tenantId, 'donation_purpose'), statusNames: await labels.labels('biz', caller.tenantId, 'payment_status'),
    }));
    return sendPdf(reply, pdf, `捐赠进展报告-${progress.donorName}.pdf`);
  });
}
