import {
  PRIVACY_KIND, PRIVACY_MSG, PRIVACY_STATE, PRIVACY_STEPS, basicInfoEntity, privacyRequestEntity,
} from '@alumni/domain';
import { badRequest, invalidFields } from '../core/errors.js';
import { now } from '../core/time.js';
import type { EntityHooks } from '../engine/entity-hooks.js';
import { anonymiseAlumnus, withdrawEverything } from './portal-privacy-anonymise.js';
import { privacyDeadline } from './portal-privacy-deadline.js';

const STATE_NAMES: Record<number, { zh: string; en: string }> = {
  0: { zh: '待处理', en: 'Waiting' }, 1: { zh: '处理中', en: 'Being handled' }, 2: { zh: '已完成', en: 'Done' }, 3: { zh: '已驳回', en: 'Rejected' },
};
const OPEN: readonly number[] = [PRIVACY_STATE.waiting, PRIVACY_STATE.handling];
const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/**
 * The rules of privacy requests (decisions 258–260): a new one waits, stamped with its legal
 * deadline, one open request per alumnus and kind; staff move it on (waiting → handling → done, or
 * rejected with an opinion); beyond its opinion nothing else of it changes. Done, a deletion anonymises the alumnus
 * and a withdrawal stops every channel, in the same transaction as the handling, which the audit
 * trail records as any write. Only a rejected request may be removed.
 */
export function privacyRequestHooks(): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      const stamp = now();
      if (!existing) {
        const kind = String(values.kind ?? '');
        if (!Object.values(PRIVACY_KIND).includes(kind as never)) throw invalidFields({ kind: PRIVACY_MSG.badKind[ctx.lang] });
        if (kind === PRIVACY_KIND.correction && blank(values.detail)) throw invalidFields({ detail: PRIVACY_MSG.detailRequired[ctx.lang] });
        const alumnusId = String(values.alumniId ?? '');
        if (!(await ctx.repository.findById(basicInfoEntity, { tenantId: ctx.caller.tenantId }, alumnusId, ctx.db))) {
          throw invalidFields({ alumniId: PRIVACY_MSG.alumnusMissing[ctx.lang] });
        }
        const open = await ctx.db.selectFrom(privacyRequestEntity.table).select('id').where('tenant_id', '=', ctx.caller.tenantId)
          .where('alumni_id', '=', alumnusId).where('kind', '=', kind).where('state', 'in', [...OPEN]).where('is_deleted', '=', 0).executeTakeFirst();
        if (open) throw badRequest(PRIVACY_MSG.pendingExists);
        Object.assign(values, { state: PRIVACY_STATE.waiting, requestTime: stamp, deadline: privacyDeadline(stamp), handleUser: null, handleTime: null });
        return;
      }
      const from = Number(existing.state);
      const to = blank(values.state) ? from : Number(values.state);
      if (!(to in STATE_NAMES)) throw invalidFields({ state: PRIVACY_MSG.badState[ctx.lang] });
      // The opinion may be written at any time; the state moves only forward.
      if (to === from) return;
      if (!(PRIVACY_STEPS[from] ?? []).includes(to)) {
        throw badRequest(PRIVACY_MSG.badStep, { from: (STATE_NAMES[from] ?? STATE_NAMES[0])![ctx.lang], to: STATE_NAMES[to]![ctx.lang] });
      }
      const opinion = values.opinion === undefined ? existing.opinion : values.opinion;
      if (to === PRIVACY_STATE.rejected && blank(opinion)) throw invalidFields({ opinion: PRIVACY_MSG.opinionRequired[ctx.lang] });
      Object.assign(values, { state: to, handleUser: ctx.caller.userId, handleTime: stamp });
      if (to !== PRIVACY_STATE.done) return;
      const tenantId = ctx.caller.tenantId;
      const alumnusId = String(existing.alumniId);
      if (String(existing.kind) === PRIVACY_KIND.deletion) {
        // Erasing cannot be undone: the queue's 执行匿名化 asks first and says so (`anonymise: 1`).
        if (String(ctx.body?.anonymise ?? '') !== '1' && ctx.body?.anonymise !== true) throw badRequest(PRIVACY_MSG.anonymiseAsked);
        await anonymiseAlumnus(ctx.db, ctx.repository, tenantId, alumnusId, ctx.caller.userId === '0' ? null : ctx.caller.userId);
      } else if (String(existing.kind) === PRIVACY_KIND.withdraw) {
        const record = await ctx.repository.findById(basicInfoEntity, { tenantId }, alumnusId, ctx.db);
        if (record) await withdrawEverything(ctx.db, tenantId, alumnusId, record, null, '隐私权请求：撤回同意');
      }
    },
    async beforeRemove(ctx, rows) {
      if (rows.some((r) => Number(r.state) !== PRIVACY_STATE.rejected)) {
        throw badRequest(PRIVACY_MSG.removeRejectedOnly);
      }
    },
  };
}
