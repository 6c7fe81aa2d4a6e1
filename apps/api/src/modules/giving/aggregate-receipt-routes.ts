import { DONATION_MSG, DONATION_STATUS, RECEIPT_NUMBER, RECEIPT_STATUS, donationEntity, type Condition } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { EntityNumbers } from '../../engine/numbering/entity-numbers.js';

const tags = [`${donationEntity.label.en} (${donationEntity.label.zh})`];

/** The largest gift in CNY receipted in a month's aggregate (parameter `donation.receipt.aggregateMax`). */
const DEFAULT_AGGREGATE_MAX = 200;
/** Gifts one aggregate receipt takes at most: a month's small gifts, written in one transaction. */
const MAX_GIFTS = 5000;

/** The gifts of a month an aggregate receipt takes: received, anonymous, at most the limit in CNY, no receipt yet. */
export const aggregateConditions = (month: string, max: number): Condition[] => [
  { field: 'paymentStatus', op: 'equal', value: DONATION_STATUS.received },
  { field: 'isAnonymous', op: 'equal', value: 1 },
  { field: 'receiptStatus', op: 'equal', value: RECEIPT_STATUS.none },
  { field: 'cnyAmount', op: 'le', value: max },
  { field: 'donateTime', op: 'datege', value: `${month}-01 00:00:00` },
  { field: 'donateTime', op: 'datelt', value: nextMonth(month) },
];

/** The first moment of the month after `yyyy-MM`. */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01 00:00:00` : `${y}-${String(m + 1).padStart(2, '0')}-01 00:00:00`;
}

/**
 * Small anonymous gifts receipted together per month, as the foundation's rules allow (decision
 * 318): `POST /donation/receipt/aggregate?month=yyyy-MM` gives every received anonymous gift of the
 * month of at most `donation.receipt.aggregateMax` CNY (default 200) that has no receipt one number
 * of the yearly counter, each gift's change an audited write, all in one transaction.
 */
export function registerAggregateReceiptRoutes(app: FastifyInstance, numbers: EntityNumbers): void {
  const { operations: ops, repository, database, params } = app.services;

  app.post('/donation/receipt/aggregate', {
    schema: {
      tags, summary: 'Issue one receipt for the month\'s small anonymous gifts without a receipt (the limit is the parameter donation.receipt.aggregateMax)',
      querystring: { type: 'object', properties: { month: { type: 'string', description: 'yyyy-MM' } }, required: ['month'] },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await ops.requireCode(caller, 'donation_edit');
    const month = String((req.query as { month?: unknown }).month ?? '');
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw badRequest(DONATION_MSG.badMonth);
    if (month > now().slice(0, 7)) throw badRequest(DONATION_MSG.futureMonth);
    const max = await params.number(caller.tenantId, 'donation.receipt.aggregateMax', DEFAULT_AGGREGATE_MAX);
    const scope = await ops.rowScope(donationEntity, caller);
    const answer = await database.db.transaction().execute(async (tx) => {
      const gifts = await repository.scoped(donationEntity, scope, aggregateConditions(month, max), tx).selectAll().orderBy('donate_time').orderBy('id').limit(MAX_GIFTS).execute();
      if (gifts.length === 0) throw badRequest(DONATION_MSG.nothingToAggregate, { month });
      const receiptDate = now().slice(0, 10);
      const receiptNo = await numbers.next({ entity: donationEntity, tenantId: caller.tenantId, db: tx, stamp: now() }, 'receiptNo', { receiptDate }, RECEIPT_NUMBER);
      let cents = 0;
      for (const row of await repository.findByIds(donationEntity, scope, gifts.map((g) => String(g.id)), tx)) {
        cents += Math.round(Number(row.cnyAmount ?? 0) * 100);
        await ops.updateAudited(caller, donationEntity, scope, row, { receiptStatus: RECEIPT_STATUS.issued, receiptNo, receiptDate, updateUser: caller.userId, updateTime: now() }, tx);
      }
      return { receiptNo, receiptDate, month, count: gifts.length, amount: (cents / 100).toFixed(2) };
    });
    return ok(answer, req.lang);
  });
}
