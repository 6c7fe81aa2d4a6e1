import { t } from '@alumni/domain';
import type { Params } from '../../access/params.js';
import { hashPassword, md5Hex } from '../../auth/password.js';
import { invalidFields } from '../../core/errors.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import { nextTenantId } from './next-tenant-id.js';
import type { TenantStore } from './tenant-store.js';

export const TENANT_MSG = {
  badCode: t('租户编号只能包含字母和数字', 'The tenant ID may hold letters and digits only'),
};

/**
 * A new tenant sent without a tenant id gets the next free six-digit one. It starts with a root department, an administrator role granted its package's menus
 * (else parameter `tenant.default.menuCode`) and the account `admin` with parameter
 * `tenant.default.password`; its account quota is parameter `tenant.default.accountNumber`.
 */
export function tenantHooks(params: Params, store: TenantStore, onChange: () => void): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      if (existing) return;
      if (values.tenantId === null || values.tenantId === undefined) values.tenantId = nextTenantId(await store.usedTenantIds(ctx.db));
      if (!/^[A-Za-z0-9]{1,12}$/.test(String(values.tenantId ?? ''))) throw invalidFields({ tenantId: TENANT_MSG.badCode[ctx.lang] });
      const quota = Number(await params.get(ctx.caller.tenantId, 'tenant.default.accountNumber', ctx.db));
      values.accountNumber = Number.isInteger(quota) ? quota : -1;
    },
    async afterSave(ctx, record, existing) {
      if (existing) return;
      const tenantId = String(record.tenantId);
      const by = { userId: ctx.caller.userId, time: String(record.createTime) };
      const deptId = await store.insert(ctx.db, 'blade_dept', tenantId, by, {
        parentId: '0', ancestors: '0', deptCategory: 1, deptName: record.tenantName, fullName: record.tenantName, sort: 1,
      });
      const roleId = await store.insert(ctx.db, 'blade_role', tenantId, by, { parentId: '0', roleName: '管理员', roleAlias: 'admin', sort: 1 });
      const fromPackage = record.packageId ? await store.packageMenuIds(ctx.db, String(record.packageId)) : null;
      const codes = String((await params.get(ctx.caller.tenantId, 'tenant.default.menuCode', ctx.db)) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      await store.link(ctx.db, roleId, fromPackage ?? (await store.menuIdsUnder(ctx.db, codes)));
      const password = (await params.get(ctx.caller.tenantId, 'tenant.default.password', ctx.db)) ?? '123456';
      await store.insert(ctx.db, 'blade_user', tenantId, by, {
        code: 'admin', userType: 1, account: 'admin', password: await hashPassword(md5Hex(password)), name: 'admin',
        realName: '管理员', roleId, deptId,
      });
    },
    afterCommit: onChange,
  };
}
