import { DICT_MSG, drivesBehaviour, snake } from '@alumni/domain';
import { badRequest, invalidFields } from '../../core/errors.js';
import type { DictionaryLabels } from '../../engine/dictionary-labels.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';

export const PARENT_KEY = '-1';
const ROOT = '0';

/**
 * Rules of both dictionaries: a parent row has parentId 0 and dictKey -1; an entry lives under a
 * parent and takes its code; a renamed parent code carries over to its entries; a parent with
 * entries cannot be removed.
 */
export function dictionaryHooks(labels: DictionaryLabels, business = false): EntityHooks {
  // A shipped business entry that drives behaviour keeps its key and cannot be removed.
  const protectedEntry = (row: { code?: unknown; dictKey?: unknown; parentId?: unknown }) =>
    business && String(row.parentId) !== ROOT && drivesBehaviour(String(row.code ?? ''), String(row.dictKey ?? ''));
  return {
    async beforeSave(ctx, values, existing) {
      if (existing && protectedEntry(existing) && 'dictKey' in values && String(values.dictKey) !== String(existing.dictKey)) {
        throw badRequest(DICT_MSG.drivesBehaviour, { value: String(existing.dictValue ?? '') });
      }
      const parentId = String(existing ? existing.parentId : (values.parentId ?? ROOT));
      if (parentId === ROOT) {
        values.parentId = ROOT;
        values.dictKey = PARENT_KEY;
        return;
      }
      if (!existing) {
        const parent = await ctx.repository.findById(ctx.entity, ctx.scope, parentId, ctx.db);
        if (!parent) throw invalidFields({ parentId: DICT_MSG.parentMissing[ctx.lang] });
        if (String(parent.parentId) !== ROOT) throw badRequest(DICT_MSG.notParent);
        values.code = parent.code ?? null;
      } else {
        values.code = existing.code ?? null;
      }
      if ((existing && !('dictKey' in values) ? existing.dictKey : values.dictKey) === null) {
        throw invalidFields({ dictKey: DICT_MSG.keyRequired[ctx.lang] });
      }
    },
    async afterSave(ctx, record, existing) {
      if (existing && String(record.parentId) === ROOT && record.code !== existing.code) {
        await ctx.db.updateTable(ctx.entity.table).set({ [snake('code')]: record.code })
          .where('parent_id', '=', String(record.id)).where('is_deleted', '=', 0).execute();
      }
    },
    async beforeRemove(ctx, rows) {
      const kept = rows.find(protectedEntry);
      if (kept) throw badRequest(DICT_MSG.drivesBehaviour, { value: String(kept.dictValue ?? '') });
      const removing = new Set(rows.map((r) => String(r.id)));
      const parents = rows.filter((r) => String(r.parentId) === ROOT).map((r) => String(r.id));
      if (parents.length === 0) return;
      const children = await ctx.db.selectFrom(ctx.entity.table).select('id')
        .where('parent_id', 'in', parents).where('is_deleted', '=', 0).execute();
      if (children.some((c) => !removing.has(String(c.id)))) throw badRequest(DICT_MSG.hasChildren);
    },
    afterCommit: () => labels.invalidate(),
  };
}
