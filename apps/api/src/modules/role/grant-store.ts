import { ids } from '../../core/ids.js';
import type { Db } from '../../db/database.js';

/** The SQL of grants: roles' menus and top menus' menus. */
export class GrantStore {
  constructor(private readonly db: Db) {}

  /** Live roles of a tenant: id and parent. */
  async roles(tenantId: string, db: Db = this.db): Promise<{ id: string; parentId: string }[]> {
    const rows = await db.selectFrom('blade_role').select(['id', 'parent_id'])
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).execute();
    return rows.map((r) => ({ id: String(r.id), parentId: String(r.parent_id ?? '0') }));
  }

  async tenantOfRole(roleId: string): Promise<string | null> {
    const row = await this.db.selectFrom('blade_role').select('tenant_id').where('id', '=', roleId).where('is_deleted', '=', 0).executeTakeFirst();
    return row ? String(row.tenant_id) : null;
  }

  async roleMenuIds(roleIds: string[], db: Db = this.db): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await db.selectFrom('blade_role_menu').select('menu_id').where('role_id', 'in', roleIds).execute();
    return [...new Set(rows.map((r) => String(r.menu_id)))];
  }

  async transaction(work: (tx: Db) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(work);
  }

  async replaceRoleMenus(db: Db, roleId: string, menuIds: string[]): Promise<void> {
    await db.deleteFrom('blade_role_menu').where('role_id', '=', roleId).execute();
    for (const menuId of menuIds) await db.insertInto('blade_role_menu').values({ id: ids.next(), role_id: roleId, menu_id: menuId }).execute();
  }

  async topMenuIds(tenantId: string, topMenuIds: string[]): Promise<string[]> {
    if (topMenuIds.length === 0) return [];
    const rows = await this.db.selectFrom('blade_top_menu').select('id')
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('id', 'in', topMenuIds).execute();
    return rows.map((r) => String(r.id));
  }

  async topMenuMenuIds(topMenuIds: string[]): Promise<string[]> {
    if (topMenuIds.length === 0) return [];
    const rows = await this.db.selectFrom('blade_top_menu_setting').select('menu_id').where('top_menu_id', 'in', topMenuIds).execute();
    return [...new Set(rows.map((r) => String(r.menu_id)))];
  }

  async replaceTopMenuMenus(topMenuIds: string[], menuIds: string[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      for (const topMenuId of topMenuIds) {
        await tx.deleteFrom('blade_top_menu_setting').where('top_menu_id', '=', topMenuId).execute();
        for (const menuId of menuIds) await tx.insertInto('blade_top_menu_setting').values({ id: ids.next(), top_menu_id: topMenuId, menu_id: menuId }).execute();
      }
    });
  }
}
