import { isId, MSG, t } from '@alumni/domain';
import type { Params } from '../../access/params.js';
import { hashPassword, md5Hex } from '../../auth/password.js';
import { AppError, badRequest, invalidFields } from '../../core/errors.js';
import { withDescendants } from '../../core/tree.js';
import type { Db } from '../../db/database.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import type { GrantOperations } from '../role/grant-operations.js';
import { submittedPassword } from './submitted-password.js';
import { addUserDisplayNames } from './user-display-names.js';
import type { UserStore } from './user-store.js';

export const USER_MSG = {
  quotaFull: t('当前租户已到最大账号额度!', 'This tenant has reached its account quota!'),
  deptMissing: t('所属部门不存在', 'The department does not exist'),
  postMissing: t('所属岗位不存在', 'The post does not exist'),
  roleMissing: t('所属角色不存在', 'The role does not exist'),
  deptOutside: t('只能把用户放在自己管理的部门及其下级部门: {count} 个部门超出范围', 'Users can only be placed in the departments you manage and those below them: {count} beyond them'),
};

const split = (v: unknown): string[] => String(v ?? '').split(',').filter(Boolean);

/** The password a new or reset account gets: parameter `account.initPassword`. */
export async function initialPasswordHash(params: Params, tenantId: string, db?: Db): Promise<string> {
  return hashPassword(md5Hex((await params.get(tenantId, 'account.initPassword', db)) ?? '123456'));
}

/**
 * Rules of users: the tenant's account quota on create; the password sent with a new user, else
 * the initial password; departments, posts
 * and roles of the same tenant, and only roles the caller may give; answers never carry the hash.
 */
export function userHooks(params: Params, store: UserStore, grants: GrantOperations): EntityHooks {
  return {
    listParams: {
      // A department's page shows the users any of whose departments is it or below it. Users of one
      // department match one of the ids; the joined lists of users of several departments that
      // contain one of them are added to the same `in`, so the query stays one indexed lookup.
      async deptId(value, caller) {
        if (!isId(value)) throw badRequest(MSG.badFilterValue, { name: 'deptId' });
        const below = withDescendants(await store.depts(caller.tenantId), [value]);
        const lists = (await store.multiDeptLists(caller.tenantId)).filter((list) => split(list).some((id) => below.has(id)));
        return [{ field: 'deptId', op: 'in', value: [...below, ...lists] }];
      },
    },
    async beforeSave(ctx, values, existing) {
      const tenantId = ctx.caller.tenantId;
      for (const [field, table, msg] of [['deptId', 'blade_dept', USER_MSG.deptMissing], ['postId', 'blade_post', USER_MSG.postMissing]] as const) {
        const list = split(values[field]);
        if (field in values && list.length && (await store.liveIds(tenantId, table, list, ctx.db)).size !== list.length) {
          throw invalidFields({ [field]: msg[ctx.lang] });
        }
      }
      // A delegated administrator (a data scope on users) places users only in the departments of its
      // scope; a department the user already had is not one it gives (decision 299).
      const clauses = ctx.scope.data?.clauses.filter((c) => c.column === 'dept_id') ?? [];
      if ('deptId' in values && clauses.length) {
        const inside = new Set(clauses.flatMap((c) => c.values));
        const had = new Set(split(existing?.deptId));
        const beyond = split(values.deptId).filter((id) => !had.has(id) && !inside.has(id)).length;
        if (beyond > 0) throw new AppError(403, USER_MSG.deptOutside, { count: beyond });
      }
      if ('roleId' in values) {
        const roles = split(values.roleId);
        if ((await store.liveIds(tenantId, 'blade_role', roles, ctx.db)).size !== roles.length) throw invalidFields({ roleId: USER_MSG.roleMissing[ctx.lang] });
        const previous = new Set(split(existing?.roleId));
        // Keeping a role the user already had is not giving it.
        await grants.checkAssignable(ctx.caller, roles.filter((r) => !previous.has(r)), ctx.db);
      }
      if (existing) return;
      const { limit, used } = await store.quota(tenantId, ctx.db);
      if (limit >= 0 && used >= limit) throw badRequest(USER_MSG.quotaFull);
      const chosen = submittedPassword(ctx.body, ctx.lang);
      values.password = chosen ? await hashPassword(chosen) : await initialPasswordHash(params, tenantId, ctx.db);
    },
    present(records) {
      for (const r of records) delete r.password;
    },
    withRelated: (records) => addUserDisplayNames(store, records),
  };
}
