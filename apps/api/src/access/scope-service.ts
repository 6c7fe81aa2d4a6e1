import { BASE_FIELDS, permissionCodes, roleEntity, snake, type EntityDef } from '@alumni/domain';
import type { Caller } from '../core/caller.js';
import { withDescendants } from '../core/tree.js';
import type { Db } from '../db/database.js';

/** Scope categories of `blade_role_scope` (dictionary `scope_category`). */
export const SCOPE_CATEGORY = { data: 1, api: 2 } as const;

/** The role alias of a tenant's own administrator (made with the tenant). */
export const TENANT_ADMIN_ALIAS = 'admin';

/**
 * Whether the caller administers the whole tenant: the platform's super administrator or a
 * tenant's administrator (role alias `admin`). Anybody else holding the user, role or grant menus
 * is a delegated administrator (decision 299): limited to its own roles and those below them.
 */
export const managesWholeTenant = (caller: Pick<Caller, 'isSuperAdmin' | 'roleAliases'>): boolean =>
  caller.isSuperAdmin || caller.roleAliases.includes(TENANT_ADMIN_ALIAS);

/** Types of dictionary `data_scope_type`. */
export const DATA_SCOPE_TYPE = { all: '1', own: '2', ownDept: '3', ownDeptAndBelow: '4', custom: '5' } as const;

/**
 * One condition of a data scope: the row's `column` is one of `values`. A `list` column holds
 * comma-joined ids (a user's departments) and matches when any of its ids is among the values;
 * `asText` compares the column's text (custom values need not be ids).
 */
export interface ScopeClause {
  column: string;
  list: boolean;
  asText: boolean;
  values: string[];
}

/** The rows a data scope lets through: those matching any clause (none: no row). */
export interface DataFilter {
  clauses: ScopeClause[];
}

export interface DataScopeRow {
  id: string;
  scopeColumn: string;
  scopeType: string;
  scopeValue: string | null;
}

interface ApiScopeRow {
  roleId: string;
  menuCode: string;
  pattern: RegExp;
}

interface RoleScopes {
  /** Menu code → the caller's roles holding it. */
  holders: Map<string, string[]>;
  /** `role|menu code` → the data scopes granted to the role for that menu. */
  data: Map<string, DataScopeRow[]>;
  api: ApiScopeRow[];
  expiresAt: number;
}

const TTL_MS = 10_000;

/**
 * A scope path as a regular expression: exact text, `*` one path segment (or part of one), `**`
 * anything below (`/a/**` also matches `/a`). A leading `/api` is left out, as routes are matched
 * without it.
 */
export function scopePathPattern(path: string): RegExp {
  const p = path.trim().replace(/^\/api(?=\/)/, '').replace(/\/+$/, '') || '/';
  let out = '';
  for (let i = 0; i < p.length; i += 1) {
    const c = p[i] as string;
    if (c === '*' && p[i + 1] === '*') {
      if (out.endsWith('/')) out = `${out.slice(0, -1)}(?:/.*)?`;
      else out += '.*';
      i += 1;
    } else if (c === '*') out += '[^/]*';
    else out += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}/?$`);
}

/** The request path a scope path is matched against: no `/api` prefix, no query. */
export const requestPath = (url: string): string => (url.split('?')[0] ?? '').replace(/^\/api(?=\/|$)/, '') || '/';

/**
 * Data scopes and API scopes of the caller's roles (DOMAIN 15.2). The super administrator has no
 * scopes. Per menu, a caller is restricted only when every one of their roles holding the menu has
 * data scopes for it; the restriction is then the union of those scopes. The scopes of a role set
 * are remembered for 10 s and dropped on every grant and every scope write.
 */
export class ScopeService {
  private readonly roles = new Map<string, RoleScopes>();
  private readonly depts = new Map<string, { rows: { id: string; parentId: string }[]; expiresAt: number }>();

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.roles.clear();
    this.depts.clear();
  }

  private async roleScopes(caller: Caller): Promise<RoleScopes> {
    const key = `${caller.tenantId}:${[...caller.roleIds].sort().join(',')}`;
    const cached = this.roles.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached;
    const scopes: RoleScopes = { holders: new Map(), data: new Map(), api: [], expiresAt: Date.now() + TTL_MS };
    if (caller.roleIds.length > 0) {
      const held = await this.db.selectFrom('blade_role_menu as rm').innerJoin('blade_menu as m', 'm.id', 'rm.menu_id')
        .select(['rm.role_id', 'm.code']).where('rm.role_id', 'in', caller.roleIds).where('m.is_deleted', '=', 0).execute();
      for (const r of held) {
        const list = scopes.holders.get(String(r.code)) ?? [];
        list.push(String(r.role_id));
        scopes.holders.set(String(r.code), list);
      }
      const data = await this.db.selectFrom('blade_role_scope as rs')
        .innerJoin('blade_scope_data as s', 's.id', 'rs.scope_id').innerJoin('blade_menu as m', 'm.id', 's.menu_id')
        .select(['rs.role_id', 'm.code', 's.id', 's.scope_column', 's.scope_type', 's.scope_value'])
        .where('rs.scope_category', '=', SCOPE_CATEGORY.data).where('rs.role_id', 'in', caller.roleIds)
        .where('s.is_deleted', '=', 0).where('m.is_deleted', '=', 0).execute();
      for (const r of data) {
        const k = `${String(r.role_id)}|${String(r.code)}`;
        const list = scopes.data.get(k) ?? [];
        list.push({ id: String(r.id), scopeColumn: String(r.scope_column), scopeType: String(r.scope_type), scopeValue: r.scope_value === null ? null : String(r.scope_value) });
        scopes.data.set(k, list);
      }
      const api = await this.db.selectFrom('blade_role_scope as rs')
        .innerJoin('blade_scope_api as s', 's.id', 'rs.scope_id').innerJoin('blade_menu as m', 'm.id', 's.menu_id')
        .select(['rs.role_id', 'm.code', 's.scope_path'])
        .where('rs.scope_category', '=', SCOPE_CATEGORY.api).where('rs.role_id', 'in', caller.roleIds)
        .where('s.is_deleted', '=', 0).where('m.is_deleted', '=', 0).execute();
      scopes.api = api.map((r) => ({ roleId: String(r.role_id), menuCode: String(r.code), pattern: scopePathPattern(String(r.scope_path)) }));
    }
    this.roles.set(key, scopes);
    return scopes;
  }

  /**
   * The data scopes that restrict the caller on a menu, or null when nothing does: the super
   * administrator, a menu none of the caller's roles holds, a holding role without scopes for
   * it, or a granted scope of type 1.
   */
  async menuScopes(caller: Caller, menuCode: string): Promise<DataScopeRow[] | null> {
    if (caller.isSuperAdmin) return null;
    const scopes = await this.roleScopes(caller);
    const holders = scopes.holders.get(menuCode) ?? [];
    if (holders.length === 0) return null;
    const rows: DataScopeRow[] = [];
    for (const roleId of holders) {
      const granted = scopes.data.get(`${roleId}|${menuCode}`);
      if (!granted || granted.length === 0) return null;
      rows.push(...granted);
    }
    return rows.some((r) => r.scopeType === DATA_SCOPE_TYPE.all) ? null : rows;
  }

  /**
   * The caller's data filter on an entity (the scopes of its permission menu), or null when the
   * caller sees all of its rows. With `db`, the departments are read afresh through it (a write
   * checking the row it just made, e.g. a new department below the caller's own).
   */
  async dataFilter(entity: EntityDef, caller: Caller, db?: Db): Promise<DataFilter | null> {
    if (entity.name === roleEntity.name) return this.roleFilter(caller, db);
    const rows = await this.menuScopes(caller, permissionCodes(entity).menu);
    if (!rows) return null;
    const merged = new Map<string, ScopeClause>();
    for (const row of rows) {
      const column = columnOf(entity, row.scopeColumn);
      // A scope naming a column the entity does not have lets nothing through.
      if (!column) continue;
      const custom = row.scopeType === DATA_SCOPE_TYPE.custom;
      const values = await this.values(row, caller, db);
      const key = `${column.name}|${custom}`;
      const clause = merged.get(key) ?? { column: column.name, list: column.list, asText: custom && !column.list, values: [] };
      clause.values = [...new Set([...clause.values, ...values])];
      merged.set(key, clause);
    }
    return { clauses: [...merged.values()] };
  }

  /**
   * The roles a delegated administrator reaches (decision 300): its own roles and every role below
   * them in the role tree, read afresh through `db` when given (a role just added below its own).
   * The tenant's administrators reach every role.
   */
  async roleFilter(caller: Caller, db?: Db): Promise<DataFilter | null> {
    if (managesWholeTenant(caller)) return null;
    return { clauses: [{ column: 'id', list: false, asText: false, values: [...await this.reachableRoles(caller, db)] }] };
  }

  /** The caller's own roles of its tenant and all roles below them. */
  async reachableRoles(caller: Caller, db?: Db): Promise<Set<string>> {
    const rows = (await (db ?? this.db).selectFrom('blade_role').select(['id', 'parent_id'])
      .where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0).execute())
      .map((r) => ({ id: String(r.id), parentId: String(r.parent_id ?? '0') }));
    return withDescendants(rows, caller.roleIds.filter((id) => rows.some((r) => r.id === id)));
  }

  private async values(row: DataScopeRow, caller: Caller, db?: Db): Promise<string[]> {
    switch (row.scopeType) {
      case DATA_SCOPE_TYPE.own: return [caller.userId];
      case DATA_SCOPE_TYPE.ownDept: return caller.deptIds;
      case DATA_SCOPE_TYPE.ownDeptAndBelow: return [...withDescendants(await this.deptRows(caller.tenantId, db), caller.deptIds)];
      case DATA_SCOPE_TYPE.custom: return customValues(row.scopeValue ?? '', caller);
      default: return [];
    }
  }

  private async deptRows(tenantId: string, db?: Db): Promise<{ id: string; parentId: string }[]> {
    const cached = db ? undefined : this.depts.get(tenantId);
    if (cached && cached.expiresAt > Date.now()) return cached.rows;
    const rows = (await (db ?? this.db).selectFrom('blade_dept').select(['id', 'parent_id'])
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).execute())
      .map((r) => ({ id: String(r.id), parentId: String(r.parent_id ?? '0') }));
    this.depts.set(tenantId, { rows, expiresAt: Date.now() + TTL_MS });
    return rows;
  }

  /**
   * Whether an API scope takes the path away from the caller: a granted scope matches it, and
   * every role of the caller that holds that scope's menu (or is granted a matching scope) is
   * granted a matching scope too — a role that holds the menu unrestricted keeps the call.
   */
  async apiRefused(caller: Caller, path: string): Promise<boolean> {
    if (caller.isSuperAdmin) return false;
    const scopes = await this.roleScopes(caller);
    if (scopes.api.length === 0) return false;
    const matching = scopes.api.filter((s) => s.pattern.test(path));
    if (matching.length === 0) return false;
    const restricted = new Set(matching.map((s) => s.roleId));
    const concerned = new Set(restricted);
    for (const s of matching) for (const roleId of scopes.holders.get(s.menuCode) ?? []) concerned.add(roleId);
    return [...concerned].every((roleId) => restricted.has(roleId));
  }
}

/** The entity column a scope names (snake or camel case), with whether it holds comma-joined ids. */
function columnOf(entity: EntityDef, name: string): { name: string; list: boolean } | null {
  const wanted = snake(name.trim());
  for (const [field, def] of Object.entries(entity.fields)) if (snake(field) === wanted) return { name: wanted, list: def.kind === 'ids' };
  for (const field of Object.keys(BASE_FIELDS)) if (snake(field) === wanted) return { name: wanted, list: false };
  return null;
}

/** The values of a custom scope with `${userId}`, `${deptId}`, `${roleId}` and `${tenantId}` replaced (several departments or roles give several values). */
export function customValues(text: string, caller: Pick<Caller, 'userId' | 'deptIds' | 'roleIds' | 'tenantId'>): string[] {
  const out: string[] = [];
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (part === '${deptId}') out.push(...caller.deptIds);
    else if (part === '${roleId}') out.push(...caller.roleIds);
    else out.push(part.replaceAll('${userId}', caller.userId).replaceAll('${tenantId}', caller.tenantId)
      .replaceAll('${deptId}', caller.deptIds[0] ?? '').replaceAll('${roleId}', caller.roleIds[0] ?? ''));
  }
  return [...new Set(out)];
}
