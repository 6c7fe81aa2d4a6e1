import { PLATFORM_TENANT } from '@alumni/domain';
import { sql } from 'kysely';
import { ids } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { valuesToColumns } from '../../db/row-mapping.js';

/** SQL of the tenant calls: a new tenant's first rows, settings, packages, the login page's lookup. */
export class TenantStore {
  constructor(private readonly db: Db) {}

  /** Inserts a row with the base columns filled in; answers its id. */
  async insert(db: Db, table: string, tenantId: string, by: { userId: string; time: string }, values: Record<string, unknown>): Promise<string> {
    const id = ids.next();
    await db.insertInto(table).values(valuesToColumns({
      id, tenantId, createUser: by.userId, createTime: by.time, updateUser: by.userId, updateTime: by.time, status: 1, isDeleted: 0, ...values,
    })).execute();
    return id;
  }

  async link(db: Db, roleId: string, menuIds: string[]): Promise<void> {
    for (const menuId of menuIds) await db.insertInto('blade_role_menu').values({ id: ids.next(), role_id: roleId, menu_id: menuId }).execute();
  }

  async packageMenuIds(db: Db, packageId: string): Promise<string[] | null> {
    const row = await db.selectFrom('blade_tenant_package').select('menu_id').where('id', '=', packageId).where('is_deleted', '=', 0).executeTakeFirst();
    return row ? String(row.menu_id ?? '').split(',').filter(Boolean) : null;
  }

  /** The menus with these codes and everything below them. */
  async menuIdsUnder(db: Db, codes: string[]): Promise<string[]> {
    const rows = await db.selectFrom('blade_menu').select(['id', 'parent_id', 'code']).where('is_deleted', '=', 0).execute();
    const children = new Map<string, string[]>();
    for (const r of rows) children.set(String(r.parent_id), [...(children.get(String(r.parent_id)) ?? []), String(r.id)]);
    const out = new Set<string>();
    const stack = rows.filter((r) => codes.includes(String(r.code))).map((r) => String(r.id));
    while (stack.length) {
      const id = stack.pop() as string;
      if (out.has(id)) continue;
      out.add(id);
      stack.push(...(children.get(id) ?? []));
    }
    return [...out];
  }

  async byDomain(domain: string) {
    const row = await this.db.selectFrom('blade_tenant').select(['tenant_id', 'domain', 'background_url'])
      .where('domain', '=', domain).where('is_deleted', '=', 0).executeTakeFirst();
    return row ? { tenantId: String(row.tenant_id), domain: String(row.domain), backgroundUrl: row.background_url === null ? '' : String(row.background_url) } : null;
  }

  /** Tenants as pickers show them, in tenant id order; only `tenantId` when given. */
  async choices(tenantId: string | null): Promise<{ id: string; tenantId: string; tenantName: string }[]> {
    let query = this.db.selectFrom('blade_tenant').select(['id', 'tenant_id', 'tenant_name']).where('is_deleted', '=', 0);
    if (tenantId !== null) query = query.where('tenant_id', '=', tenantId);
    const rows = await query.orderBy('tenant_id').execute();
    return rows.map((r) => ({ id: String(r.id), tenantId: String(r.tenant_id), tenantName: String(r.tenant_name ?? '') }));
  }

  /**
   * Every tenant id ever given, removed tenants included: their users' rows still carry the id, so
   * it is never handed out again. `db` is the write's transaction: it first locks the platform
   * tenant's row until the write ends, so tenants created at the same time read the ids one after
   * the other (on SQLite the write already holds the database).
   */
  async usedTenantIds(db: Db): Promise<Set<string>> {
    await db.updateTable('blade_tenant').set({ tenant_id: sql`tenant_id` }).where('tenant_id', '=', PLATFORM_TENANT).execute();
    const rows = await db.selectFrom('blade_tenant').select('tenant_id').execute();
    return new Set(rows.map((r) => String(r.tenant_id)));
  }

  async packageOf(tenantId: string): Promise<string | null> {
    const row = await this.db.selectFrom('blade_tenant').select('package_id').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst();
    return row?.package_id === null || row?.package_id === undefined ? null : String(row.package_id);
  }

  /** Gives the tenant's administrator roles (alias `admin`) exactly these menus. */
  async grantAdmins(tenantId: string, menuIds: string[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const roles = await tx.selectFrom('blade_role').select('id').where('tenant_id', '=', tenantId).where('role_alias', '=', 'admin').where('is_deleted', '=', 0).execute();
      for (const role of roles) {
        await tx.deleteFrom('blade_role_menu').where('role_id', '=', String(role.id)).execute();
        await this.link(tx, String(role.id), menuIds);
      }
    });
  }

  packageMenus(packageId: string): Promise<string[] | null> {
    return this.packageMenuIds(this.db, packageId);
  }
}
