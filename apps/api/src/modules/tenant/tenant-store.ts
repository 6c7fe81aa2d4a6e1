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
