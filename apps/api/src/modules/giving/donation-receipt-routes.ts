import { DONATION_MSG, DONATION_STATUS, MSG, RECEIPT_NUMBER, RECEIPT_STATUS, donationEntity, parseIds } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, notFound } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import { requireIds } from '../../engine/entity-operations.js';
import type { EntityNumbers } from '../../engine/numbering/entity-numbers.js';

const tags = [`${donationEntity.label.en} (${donationEntity.label.zh})`];
const REASON_MAX = 200;
const idQuery = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;

/**
 * Receipts the foundation numbers itself (decision 318): issuing one gives the next number of the
 * tenant and year (SJ2026000001); voiding it keeps the number and the reason on the gift; issuing
 * again gives a new number. Each is an audited write of the gift, so its history shows the number
 * voided with its reason and the number that replaced it.
 */
export function registerDonationReceiptRoutes(app: FastifyInstance, numbers: EntityNumbers): void {
  const { operations: ops, repository, database } = app.services;

  /** Runs `change` on the caller's gift inside one transaction, after the edit permission is checked. */
  const withGift = async (caller: Caller, idValue: unknown, change: (row: JsonRecord, tx: Db) => Promise<Record<string, unknown>>) => {
    await ops.requireCode(caller, 'donation_edit');
    const [id] = requireIds(parseIds(idValue)) as [string];
    const scope = await ops.rowScope(donationEntity, caller);
    await database.db.transaction().execute(async (tx) => {
      const row = await repository.findById(donationEntity, scope, id, tx);
      if (!row) throw notFound();
      const values = await change(row, tx);
      await ops.updateAudited(caller, donationEntity, scope, row, { ...values, updateUser: caller.userId, updateTime: now() }, tx);
    });
    return ops.detail(donationEntity, caller, id);
  };

  app.post('/donation/receipt/issue', {
    schema: { tags, summary: 'Issue the receipt of a received gift (or issue it again after voiding) with the next number of the tenant and year', querystring: idQuery },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const saved = await withGift(caller, (req.query as { id?: unknown }).id, async (row, tx) => {
      if (Number(row.paymentStatus) !== DONATION_STATUS.received) throw badRequest(DONATION_MSG.receiptNeedsReceived);
      if (Number(row.receiptStatus) === RECEIPT_STATUS.issued) throw badRequest(DONATION_MSG.receiptAlreadyIssued);
      const receiptDate = now().slice(0, 10);
      const receiptNo = await numbers.next({ entity: donationEntity, tenantId: caller.tenantId, db: tx, stamp: now() }, 'receiptNo', { receiptDate }, RECEIPT_NUMBER);
      return { receiptStatus: RECEIPT_STATUS.issued, receiptNo, receiptDate };
    });
    return ok(saved, req.lang);
  });

  app.post('/donation/receipt/void', {
    schema: {
      tags, summary: 'Void the issued receipt of a gift, with the reason (kept on the gift and in its history)',
      querystring: idQuery,
      body: { type: 'object', properties: { reason: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const raw = (req.body as { reason?: unknown } | undefined)?.reason;
    const reason = typeof raw === 'string' ? raw.trim() : '';
    if (reason === '') throw badRequest(DONATION_MSG.voidReasonRequired, {}, { errors: { reason: DONATION_MSG.voidReasonRequired[req.lang] } });
    if (reason.length > REASON_MAX) throw badRequest(MSG.tooLong, { label: donationEntity.fields.receiptVoidReason.label[req.lang], max: REASON_MAX });
    const saved = await withGift(caller, (req.query as { id?: unknown }).id, async (row) => {
      if (Number(row.receiptStatus) !== RECEIPT_STATUS.issued) throw badRequest(DONATION_MSG.receiptNotIssued);
      return { receiptStatus: RECEIPT_STATUS.voided, receiptVoidReason: reason };
    });
    return ok(saved, req.lang);
  });
}
