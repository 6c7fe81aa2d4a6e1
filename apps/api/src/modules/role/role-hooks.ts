import { t } from '@alumni/domain';
import { managesWholeTenant, type ScopeService } from '../../access/scope-service.js';
import { AppError } from '../../core/errors.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import { treeHooks } from '../org/tree-hooks.js';

export const ROLE_MSG = {
  ownRole: t('不能修改或删除自己所属的角色', 'You cannot change or remove a role you hold yourself'),
  outside: t('只能在自己的角色之下添加或移动角色', 'Roles can only be added or moved below your own roles'),
};

/**
 * Rules of roles beyond the tree's: a delegated administrator (decision 300) reads its own roles and
 * those below them (the row scope), changes and removes only those strictly below its own, and puts
 * a role only below a role it reaches — never at the top of the tree. The tenant's administrators
 * are not limited.
 */
export function roleHooks(scopes: ScopeService, afterCommit: () => void): EntityHooks {
  const tree = treeHooks({ afterCommit });
  return {
    ...tree,
    async beforeSave(ctx, values, existing) {
      if (!managesWholeTenant(ctx.caller)) {
        if (existing && ctx.caller.roleIds.includes(String(existing.id))) throw new AppError(403, ROLE_MSG.ownRole);
        const parentId = String(values.parentId ?? existing?.parentId ?? '0');
        if (!(await scopes.reachableRoles(ctx.caller, ctx.db)).has(parentId)) throw new AppError(403, ROLE_MSG.outside);
      }
      await tree.beforeSave?.(ctx, values, existing);
    },
    async beforeRemove(ctx, rows) {
      if (!managesWholeTenant(ctx.caller) && rows.some((r) => ctx.caller.roleIds.includes(String(r.id)))) throw new AppError(403, ROLE_MSG.ownRole);
      await tree.beforeRemove?.(ctx, rows);
    },
  };
}
