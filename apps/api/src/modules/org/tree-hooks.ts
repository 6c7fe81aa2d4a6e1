import { t } from '@alumni/domain';
import { badRequest, invalidFields } from '../../core/errors.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';

export const ORG_MSG = {
  parentMissing: t('上级不存在', 'The parent does not exist'),
  parentLoop: t('上级不能是自己或下级', 'The parent cannot be the row itself or one of its children'),
  hasChildren: t('请先删除子节点!', 'Please remove the children first!'),
};

const ROOT = '0';

/**
 * Rules of the tree entities (departments, roles, menus): the parent must be a live row of the same
 * tenant and not the row itself or below it; a row with children cannot be removed alone.
 * Departments also keep `ancestors` (the comma-joined ids above the row).
 */
export function treeHooks(options: { ancestors?: boolean; afterCommit?: () => void } = {}): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      const parentId = String(values.parentId ?? existing?.parentId ?? ROOT);
      values.parentId = parentId;
      if (parentId === ROOT) {
        if (options.ancestors) values.ancestors = ROOT;
        return;
      }
      const parent = await ctx.repository.findById(ctx.entity, ctx.scope, parentId, ctx.db);
      if (!parent) throw invalidFields({ parentId: ORG_MSG.parentMissing[ctx.lang] });
      if (existing) {
        // Walk up from the new parent: meeting the row itself would make a loop.
        let cursor: string | null = parentId;
        for (let depth = 0; cursor && cursor !== ROOT && depth < 64; depth += 1) {
          if (cursor === String(existing.id)) throw badRequest(ORG_MSG.parentLoop);
          const row = await ctx.repository.findById(ctx.entity, ctx.scope, cursor, ctx.db);
          cursor = row ? String(row.parentId ?? ROOT) : null;
        }
      }
      if (options.ancestors) values.ancestors = `${String(parent.ancestors ?? ROOT)},${String(parent.id)}`;
    },
    async beforeRemove(ctx, rows) {
      const removing = new Set(rows.map((r) => String(r.id)));
      let query = ctx.db.selectFrom(ctx.entity.table).select('id').where('parent_id', 'in', [...removing]).where('is_deleted', '=', 0);
      if (ctx.scope.tenantId !== null) query = query.where('tenant_id', '=', ctx.scope.tenantId);
      const children = await query.execute();
      if (children.some((c) => !removing.has(String(c.id)))) throw badRequest(ORG_MSG.hasChildren);
    },
    ...(options.afterCommit ? { afterCommit: options.afterCommit } : {}),
  };
}
