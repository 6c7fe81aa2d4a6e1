import { sql } from 'kysely';
import { ids } from '../../core/ids.js';
import type { Db } from '../../db/database.js';

/** SQL of the user calls beyond the entity engine: quota, platform extensions. */
export class UserStore {
  constructor(private readonly db: Db) {}

  /** The tenant's account quota (-1 = unlimited) and its live users. */
  async quota(tenantId: string, db: Db = this.db): Promise<{ limit: number; used: number }> {
    const tenant = await db.selectFrom('blade_tenant').select('account_number')
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    const count = await db.selectFrom('blade_user').select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    return { limit: tenant?.account_number === null || tenant?.account_number === undefined ? -1 : Number(tenant.account_number), used: Number(count?.n ?? 0) };
  }

  async depts(tenantId: string): Promise<{ id: string; parentId: string }[]> {
    const rows = await this.db.selectFrom('blade_dept').select(['id', 'parent_id']).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).execute();
    return rows.map((r) => ({ id: String(r.id), parentId: String(r.parent_id ?? '0') }));
  }

  /**
   * The distinct department lists of the tenant's users of more than one department (`dept_id`
   * holding a comma). The literal `like` lets both planners read the partial index
   * `blade_user_multi_dept` (migration 008), so users of one department are never read here.
   */
  async multiDeptLists(tenantId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('blade_user').select('dept_id').distinct()
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where(sql.raw<boolean>(`dept_id like '%,%'`)).execute();
    return rows.map((r) => String(r.dept_id));
  }

  async liveIds(tenantId: string, table: string, idList: string[], db: Db = this.db): Promise<Set<string>> {
    if (idList.length === 0) return new Set();
    const rows = await db.selectFrom(table).select('id').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('id', 'in', idList).execute();
    return new Set(rows.map((r) => String(r.id)));
  }

  /** Names of the rows of `table` with these ids, by id: one query whatever the number of ids. */
  async namesById(table: 'blade_role' | 'blade_dept' | 'blade_post', column: 'role_name' | 'dept_name' | 'post_name', idList: string[]): Promise<Map<string, string>> {
    if (idList.length === 0) return new Map();
    const rows = await this.db.selectFrom(table).select(['id', column]).where('id', 'in', idList).execute();
    return new Map(rows.map((r) => [String(r.id), String(r[column] ?? '')]));
  }

  async tenantNames(tenantIds: string[]): Promise<Map<string, string>> {
    if (tenantIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('blade_tenant').select(['tenant_id', 'tenant_name']).where('tenant_id', 'in', tenantIds).where('is_deleted', '=', 0).execute();
    return new Map(rows.map((r) => [String(r.tenant_id), String(r.tenant_name ?? '')]));
  }

  /** Entries of system dictionary `code`, key to value. */
  async dictionary(code: string): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('blade_dict').select(['dict_key', 'dict_value'])
      .where('code', '=', code).where('parent_id', '!=', '0').where('is_deleted', '=', 0).execute();
    return new Map(rows.map((r) => [String(r.dict_key), String(r.dict_value ?? '')]));
  }

  async platform(userId: string): Promise<{ userType: number; userExt: string | null }[]> {
    const rows = await this.db.selectFrom('blade_user_platform').select(['user_type', 'user_ext']).where('user_id', '=', userId).orderBy('user_type').execute();
    return rows.map((r) => ({ userType: Number(r.user_type), userExt: r.user_ext === null ? null : String(r.user_ext) }));
  }

  async savePlatform(tenantId: string, userId: string, userType: number, userExt: string | null): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('blade_user_platform').where('user_id', '=', userId).where('user_type', '=', userType).execute();
      await tx.insertInto('blade_user_platform').values({ id: ids.next(), tenant_id: tenantId, user_id: userId, user_type: userType, user_ext: userExt }).execute();
    });
  }
}
