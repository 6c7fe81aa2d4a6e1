import { ids } from '../../core/ids.js';
import type { Db } from '../../db/database.js';

export interface ScopeRow {
  id: string;
  menuId: string;
  scopeName: string;
  scopeType: string;
}

/** The SQL of grants: roles' menus and scopes, and top menus' menus. */
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

  /** Live scopes (data: category 1, API: 2) of live menus, with their menu. */
  async scopes(category: 1 | 2, db: Db = this.db): Promise<ScopeRow[]> {
    const table = category === 1 ? 'blade_scope_data' : 'blade_scope_api';
    const rows = await db.selectFrom(`${table} as s`).innerJoin('blade_menu as m', 'm.id', 's.menu_id')
      .select(['s.id', 's.menu_id', 's.scope_name', 's.scope_type'])
      .where('s.is_deleted', '=', 0).where('m.is_deleted', '=', 0).orderBy('s.id').execute();
    return rows.map((r) => ({ id: String(r.id), menuId: String(r.menu_id), scopeName: String(r.scope_name), scopeType: String(r.scope_type ?? '') }));
  }

  async roleScopeIds(roleIds: string[], category: 1 | 2, db: Db = this.db): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await db.selectFrom('blade_role_scope').select('scope_id')
      .where('role_id', 'in', roleIds).where('scope_category', '=', category).execute();
    return [...new Set(rows.map((r) => String(r.scope_id)))];
  }

  async replaceRoleScopes(db: Db, roleId: string, category: 1 | 2, scopeIds: string[]): Promise<void> {
    await db.deleteFrom('blade_role_scope').where('role_id', '=', roleId).where('scope_category', '=', category).execute();
    for (const scopeId of scopeIds) await db.insertInto('blade_role_scope').values({ id: ids.next(), scope_category: category, scope_id: scopeId, role_id: roleId }).execute();
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
