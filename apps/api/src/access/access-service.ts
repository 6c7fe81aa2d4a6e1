import { PLATFORM_TENANT } from '@alumni/domain';
import type { Caller } from '../core/caller.js';
import { forbidden } from '../core/errors.js';
import type { Db } from '../db/database.js';
import { plain } from '../db/row-mapping.js';
import { FieldPermissions } from './field-permissions.js';

export interface MenuRow {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn: string | null;
  alias: string | null;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  action: number;
  isOpen: number;
  component: string | null;
  remark: string | null;
}

interface Grant {
  menus: MenuRow[];
  codes: Set<string>;
  expiresAt: number;
}

/** How long a role's grants are remembered; grants, menus and packages also clear it when written. */
const GRANT_TTL_MS = 10_000;

/**
 * What a caller may see and do: the menus and buttons granted to their roles, limited to the
 * tenant's package. The server is the only judge; the web client only hides what this refuses.
 */
export class AccessService {
  private readonly cache = new Map<string, Grant>();
  /** The caller's hidden and read-only fields (decisions 320–322), dropped with the grants. */
  readonly fields: FieldPermissions;

  constructor(private readonly db: Db) {
    this.fields = new FieldPermissions(db, this);
  }

  private readonly dependents: (() => void)[] = [];

  /** Also drops another cache (the role scopes) whenever grants are dropped. */
  onInvalidate(drop: () => void): void {
    this.dependents.push(drop);
  }

  invalidate(): void {
    this.cache.clear();
    for (const drop of this.dependents) drop();
  }

  private key(caller: Caller) {
    return caller.isSuperAdmin ? `super:${caller.tenantId}` : `${caller.tenantId}:${[...caller.roleIds].sort().join(',')}`;
  }

  async grant(caller: Caller): Promise<Grant> {
    const key = this.key(caller);
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached;
    const menus = await this.loadMenus(caller);
    const grant = { menus, codes: new Set(menus.map((m) => m.code)), expiresAt: Date.now() + GRANT_TTL_MS };
    this.cache.set(key, grant);
    return grant;
  }

  async menus(caller: Caller): Promise<MenuRow[]> {
    return (await this.grant(caller)).menus;
  }

  async can(caller: Caller, code: string): Promise<boolean> {
    return (await this.grant(caller)).codes.has(code);
  }

  async require(caller: Caller, code: string): Promise<void> {
    if (!(await this.can(caller, code))) throw forbidden();
  }

  /** Menu ids a tenant's package allows, or null when the tenant has no package (no limit). */
  async packageMenuIds(tenantId: string): Promise<Set<string> | null> {
    if (tenantId === PLATFORM_TENANT) return null;
    const row = await this.db.selectFrom('blade_tenant as t')
      .innerJoin('blade_tenant_package as p', 'p.id', 't.package_id')
      .select('p.menu_id').where('t.tenant_id', '=', tenantId).where('t.is_deleted', '=', 0).where('p.is_deleted', '=', 0)
      .executeTakeFirst();
    return row ? new Set(String(row.menu_id ?? '').split(',').filter(Boolean)) : null;
  }

  private async loadMenus(caller: Caller): Promise<MenuRow[]> {
    let query = this.db.selectFrom('blade_menu as m')
      .select(['m.id', 'm.parent_id', 'm.code', 'm.name', 'm.name_en', 'm.alias', 'm.path', 'm.source', 'm.sort',
        'm.category', 'm.action', 'm.is_open', 'm.component', 'm.remark'])
      .where('m.is_deleted', '=', 0);
    if (!caller.isSuperAdmin) {
      if (caller.roleIds.length === 0) return [];
      query = query.where('m.id', 'in', this.db.selectFrom('blade_role_menu').select('menu_id').where('role_id', 'in', caller.roleIds));
    }
    const rows = (await query.orderBy('m.sort').orderBy('m.id').execute()).map((r) => plain(r) as unknown as MenuRow);
    for (const row of rows) {
      row.sort = Number(row.sort);
      row.category = Number(row.category);
    }
    const allowed = await this.packageMenuIds(caller.tenantId);
    const inPackage = allowed ? rows.filter((m) => allowed.has(m.id)) : rows;
    // A button counts only together with its menu.
    const menuIds = new Set(inPackage.filter((m) => m.category === 1).map((m) => m.id));
    return inPackage.filter((m) => m.category === 1 || menuIds.has(m.parentId));
  }
}
