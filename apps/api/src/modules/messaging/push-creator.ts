import type { Caller } from '../../core/caller.js';
import type { Db } from '../../db/database.js';
import { isSuperAdmin } from '../../auth/sign-in.js';

/**
 * The user who created a push, as a caller: a push sent later (scheduled, or by a job) reaches only
 * the recipients within its creator's data scope (DOMAIN 8.3, 15.3), read with the roles the
 * creator holds at the moment sending starts. Null when the user is gone.
 */
export async function creatorCaller(db: Db, tenantId: string, userId: string): Promise<Caller | null> {
  const user = await db.selectFrom('blade_user').select(['id', 'account', 'name', 'real_name', 'role_id', 'dept_id'])
    .where('tenant_id', '=', tenantId).where('id', '=', userId).where('is_deleted', '=', 0).executeTakeFirst();
  if (!user) return null;
  const roleIds = String(user.role_id ?? '').split(',').filter(Boolean);
  const roles = roleIds.length
    ? await db.selectFrom('blade_role').select(['id', 'role_alias']).where('tenant_id', '=', tenantId).where('id', 'in', roleIds).where('is_deleted', '=', 0).execute()
    : [];
  const aliases = roles.map((r) => String(r.role_alias));
  const deptIds = String(user.dept_id ?? '').split(',').filter(Boolean);
  return {
    userId: String(user.id), tenantId, account: String(user.account), userName: String(user.name ?? user.account), realName: String(user.real_name ?? ''),
    roleIds: roles.map((r) => String(r.id)), roleAliases: aliases, deptIds, deptId: deptIds[0] ?? null, clientId: 'job',
    isSuperAdmin: isSuperAdmin(tenantId, aliases), tokenId: '', refreshTokenId: '', expiresAt: 0, refreshExpiresAt: 0,
  };
}
