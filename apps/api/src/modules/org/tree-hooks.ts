import { t } from '@alumni/domain';
import { badRequest, invalidFields } from '../../core/errors.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';

export const ORG_MSG = {
  parentMissing: t('上级不存在', 'The parent does not exist'),
  parentLoop: t('上级不能是自己或下级', 'The parent cannot be the row itself or one of its children'),
  hasChildren: t('请先删除子节点!', 'Please remove the children first!'),
};

const ROOT = '0';

/**
 * Rules of the tree entities (departments, roles, menus): the parent must be a live row of the same
 * tenant and not the row itself or below it; a row with children cannot be removed alone.
 * Departments also keep `ancestors` (the comma-joined ids above the row); moving one rewrites the
 * ancestors of everything below it in the same transaction.
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
          // The whole tenant's tree: the way up may pass rows outside the caller's data scope.
          const row = await ctx.repository.findById(ctx.entity, { tenantId: ctx.scope.tenantId }, cursor, ctx.db);
          cursor = row ? String(row.parentId ?? ROOT) : null;
        }
      }
      if (options.ancestors) values.ancestors = `${String(parent.ancestors ?? ROOT)},${String(parent.id)}`;
    },
    async afterSave(ctx, record, existing) {
      if (!options.ancestors || !existing || String(record.ancestors ?? '') === String(existing.ancestors ?? '')) return;
      await rewriteDescendantAncestors(ctx, String(record.id), String(record.ancestors ?? ROOT));
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

/**
 * After a row moved, sets the ancestors of every live row below it from the parent links (not from
 * the old ancestors text, so rows left stale by older moves are repaired too): one update per
 * parent, since siblings share their ancestors. Runs in the write's transaction.
 */
async function rewriteDescendantAncestors(ctx: WriteContext, rowId: string, rowAncestors: string): Promise<void> {
  const { table } = ctx.entity;
  let query = ctx.db.selectFrom(table).select(['id', 'parent_id']).where('is_deleted', '=', 0);
  if (ctx.scope.tenantId !== null) query = query.where('tenant_id', '=', ctx.scope.tenantId);
  const children = new Map<string, string[]>();
  for (const row of await query.execute()) {
    const parent = String(row.parent_id ?? ROOT);
    const list = children.get(parent) ?? [];
    list.push(String(row.id));
    children.set(parent, list);
  }
  const stack: [string, string][] = [[rowId, rowAncestors]];
  const seen = new Set<string>();
  while (stack.length) {
    const [parentId, parentAncestors] = stack.pop() as [string, string];
    if (seen.has(parentId)) continue;
    seen.add(parentId);
    const below = children.get(parentId);
    if (!below?.length) continue;
    const ancestors = `${parentAncestors},${parentId}`;
    let update = ctx.db.updateTable(table).set({ ancestors }).where('parent_id', '=', parentId).where('is_deleted', '=', 0);
    if (ctx.scope.tenantId !== null) update = update.where('tenant_id', '=', ctx.scope.tenantId);
    await update.execute();
    for (const child of below) stack.push([child, ancestors]);
  }
}
