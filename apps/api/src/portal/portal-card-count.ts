import { CARD_STATE, EXAMINE_STATUS, alumniCardEntity } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller, type Caller } from '../core/caller.js';
import { ok } from '../core/envelope.js';
import { now } from '../core/time.js';
import type { EntityOperations } from '../engine/entity-operations.js';

/** The alumni cards of a tenant by where they are (issue 31's statistics). */
export interface CardCount {
  /** Every application, whatever became of it. */
  applied: number;
  /** Applications awaiting examination. */
  pending: number;
  rejected: number;
  /** Approved applications: the cards, whatever their state. */
  approved: number;
  /** Approved cards in the state 有效 and within their validity. */
  active: number;
  /** Approved cards in the state 有效 past their last valid day. */
  expired: number;
  suspended: number;
  revoked: number;
}

/**
 * The figures of the alumni cards the caller may read (the card list's menu and data scope): one
 * grouped count by examination result and card state, and one count of the active cards past their
 * last valid day (as the portal and the verification read a card's state, `cardStatus`).
 */
export async function countCards(ops: EntityOperations, caller: Caller): Promise<CardCount> {
  const today = now().slice(0, 10);
  const [groups, [outOfDate]] = await Promise.all([
    ops.aggregate(alumniCardEntity, caller, [], [{ field: 'examineStatus' }, { field: 'cardState' }], [{ fn: 'count' }], 100),
    ops.aggregate(alumniCardEntity, caller, [
      { field: 'examineStatus', op: 'equal', value: EXAMINE_STATUS.approved },
      { field: 'cardState', op: 'equal', value: CARD_STATE.active },
      { field: 'validUntil', op: 'lt', value: today },
    ], [], [{ fn: 'count' }], 1),
  ]);
  const out: CardCount = { applied: 0, pending: 0, rejected: 0, approved: 0, active: 0, expired: Number(outOfDate?.sums[0] ?? 0), suspended: 0, revoked: 0 };
  for (const g of groups) {
    const n = Number(g.sums[0] ?? 0);
    const [exam, state] = g.groups.map((v) => (v === null ? null : Number(v)));
    out.applied += n;
    if (exam === EXAMINE_STATUS.pending) out.pending += n;
    if (exam === EXAMINE_STATUS.rejected) out.rejected += n;
    if (exam !== EXAMINE_STATUS.approved) continue;
    out.approved += n;
    if (state === CARD_STATE.active) out.active += n;
    if (state === CARD_STATE.suspended) out.suspended += n;
    if (state === CARD_STATE.revoked) out.revoked += n;
  }
  out.active -= out.expired;
  return out;
}

/** The card statistics call of the dashboard; its grant is the card list's menus (access/route-grant.ts). */
export function registerCardCountRoute(app: FastifyInstance): void {
  const { operations } = app.services;
  app.get(`${alumniCardEntity.api?.base as string}/countCard`, {
    schema: {
      tags: ['电子校友卡 Alumni card'],
      summary: 'Figures of the alumni cards (issue 31): applied, awaiting examination, rejected, approved, active, expired, suspended, revoked; within the caller\'s data scope',
    },
  }, async (req) => ok(await countCards(operations, requireCaller(req.caller)), req.lang));
}
