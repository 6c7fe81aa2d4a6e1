import { CARD_MSG, CARD_STATE, CARD_VALID_YEARS, EXAMINE_STATUS, alumniCardEntity } from '@alumni/domain';
import { badRequest } from '../core/errors.js';
import { now } from '../core/time.js';
import type { EntityHooks } from '../engine/entity-hooks.js';
import { nextSequenceValue } from '../engine/numbering/sequence-store.js';

/** A date `years` years after `day` (yyyy-MM-dd), less one day: the last day a card is valid. */
export function lastValidDay(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(y + years, m - 1, d));
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/**
 * The rules of an alumni card application (decision 271): one open at a time per alumnus (waiting
 * for examination, or a card still active or suspended); approval gives the card its number (the
 * year and a counter of the tenant), its validity and the state 有效, written to the card's history.
 */
export function alumniCardHooks(): EntityHooks {
  return {
    beforeSave: async (ctx, values, existing) => {
      if (existing) return;
      const alumnusId = String(values.alumniId ?? '');
      const open = await ctx.db.selectFrom(alumniCardEntity.table).select('id')
        .where('tenant_id', '=', ctx.caller.tenantId).where('alumni_id', '=', alumnusId).where('is_deleted', '=', 0)
        .where((w) => w.or([
          w('examine_status', '=', EXAMINE_STATUS.pending),
          w.and([w('examine_status', '=', EXAMINE_STATUS.approved), w('card_state', 'in', [CARD_STATE.active, CARD_STATE.suspended])]),
        ]))
        .executeTakeFirst();
      if (open) throw badRequest(CARD_MSG.open);
      // An application waits for examination, whoever makes it (the portal writes outside the shared examination hooks).
      Object.assign(values, {
        applyTime: now(), cardState: CARD_STATE.none, cardNo: null, validFrom: null, validUntil: null,
        examineStatus: EXAMINE_STATUS.pending, examineUser: null, examineTime: null, examineOpinion: null,
      });
    },
    afterExamine: async (ctx, row, status) => {
      if (status !== EXAMINE_STATUS.approved) return;
      const day = now().slice(0, 10);
      const year = day.slice(0, 4);
      const value = await nextSequenceValue(ctx.db, String(row.tenantId), `${alumniCardEntity.table}.cardNo:${year}`);
      // The card issued is a change of its own in the card's history (decision 275), after the examination's.
      const examined = await ctx.repository.findById(alumniCardEntity, ctx.scope, String(row.id), ctx.db);
      if (!examined || !ctx.operations) throw new Error('the examined card is not readable inside its examination');
      await ctx.operations.updateAudited(ctx.caller, alumniCardEntity, ctx.scope, examined, {
        cardNo: `${year}${String(value).padStart(6, '0')}`, validFrom: day, validUntil: lastValidDay(day, CARD_VALID_YEARS), cardState: CARD_STATE.active,
      }, ctx.db);
    },
  };
}
