import type { SourceRow } from './bladex-source.js';
import type { UnknownGrant } from './import-types.js';
import { type Planner, int } from './planner.js';

/**
 * Menus are this product's own: a BladeX menu or button is matched to the product's of the same
 * category by code, else by path; one that matches nothing is reported and not created (its grants
 * are dropped with it).
 */
export function planMenus(p: Planner): void {
  const byCode = new Map<string, string>();
  const byPath = new Map<string, string>();
  for (const menu of p.state.menus) {
    if (menu.code && !byCode.has(`${menu.category}:${menu.code}`)) byCode.set(`${menu.category}:${menu.code}`, menu.id);
    if (menu.path && !byPath.has(`${menu.category}:${menu.path}`)) byPath.set(`${menu.category}:${menu.path}`, menu.id);
  }
  const rows = p.rowsOf('menu', 'blade_menu');
  for (const row of rows) {
    const category = int(row.category, 1) ?? 1;
    const target = (row.code ? byCode.get(`${category}:${row.code}`) : undefined)
      ?? (row.path ? byPath.get(`${category}:${row.path}`) : undefined);
    if (target) {
      p.match('menu', row.id ?? '', target, '000000');
      continue;
    }
    p.skip('menu');
    p.report.unmatchedMenus.push({ id: row.id ?? '', code: row.code ?? null, name: row.name ?? null, path: row.path ?? null, category });
  }
  const sortOf = new Map(rows.map((r) => [r.id ?? '', int(r.sort, 0) ?? 0]));
  p.report.unmatchedMenus.sort((a, b) => (sortOf.get(a.id) ?? 0) - (sortOf.get(b.id) ?? 0) || (a.id < b.id ? -1 : 1));
}

interface RoleInfo {
  tenantId: string;
  alias: string | null;
  name: string | null;
}

/**
 * The roles whose grants this run writes: those it creates or updates (a role pointed at in the
 * product keeps the grants the product gave it).
 */
function grantableRoles(p: Planner): Map<string, RoleInfo & { targetId: string }> {
  const out = new Map<string, RoleInfo & { targetId: string }>();
  for (const row of p.snapshot.tables.blade_role.rows) {
    const planned = p.planned('role', row.id ?? '');
    if (!planned || planned.action === 'match') continue;
    out.set(row.id ?? '', { tenantId: planned.tenantId, alias: row.role_alias ?? null, name: row.role_name ?? null, targetId: planned.targetId });
  }
  return out;
}

const unknown = (role: RoleInfo, grant: UnknownGrant['grant'], sourceId: string, code: string | null, reason: UnknownGrant['reason']): UnknownGrant =>
  ({ tenantId: role.tenantId, roleAlias: role.alias, roleName: role.name, grant, sourceId, code, reason });

/** A role's menus and buttons: grants of matched menus are added; the others are reported. */
export function planRoleMenus(p: Planner): void {
  const roles = grantableRoles(p);
  const menus = new Map(p.snapshot.tables.blade_menu.rows.map((m) => [m.id ?? '', m]));
  const counts = p.counts('roleMenu');
  const planned = new Set<string>();
  for (const row of p.rowsOf('roleMenu', 'blade_role_menu')) {
    const role = roles.get(row.role_id ?? '');
    if (!role) {
      p.skip('roleMenu');
      continue;
    }
    const menuId = p.resolve('menu', row.menu_id);
    if (!menuId) {
      p.skip('roleMenu');
      const menu = menus.get(row.menu_id ?? '');
      p.report.unknownGrants.push(unknown(role, 'menu', row.menu_id ?? '', menu?.code ?? null, menu ? 'unmatched' : 'missing'));
      continue;
    }
    const key = `${role.targetId}:${menuId}`;
    if (planned.has(key) || p.state.roleMenus.get(role.targetId)?.has(menuId)) {
      counts.unchanged += 1;
      continue;
    }
    planned.add(key);
    counts.create += 1;
    p.links.push({ kind: 'roleMenu', roleId: role.targetId, targetId: menuId, scopeCategory: null });
  }
}

/**
 * The product scope a BladeX scope stands for: of the matched menu, a data scope of the same rule
 * type (the same column first), or an API scope of the same path. Scopes are never created: a
 * scope names columns and paths of BladeX's own services.
 */
function scopeTarget(p: Planner, category: number, scope: SourceRow | undefined): string | undefined {
  if (!scope) return undefined;
  const menuId = p.resolve('menu', scope.menu_id);
  if (!menuId) return undefined;
  if (category === 1) {
    const same = p.state.scopeData.filter((s) => s.menuId === menuId && s.scopeType === String(int(scope.scope_type, 0)));
    return (same.find((s) => s.scopeColumn === scope.scope_column) ?? same[0])?.id;
  }
  return p.state.scopeApi.find((s) => s.menuId === menuId && s.scopePath === scope.scope_path)?.id;
}

/** A role's data and API scopes (`scope_category` 1 and 2), as far as the product has them. */
export function planRoleScopes(p: Planner): void {
  const roles = grantableRoles(p);
  const data = new Map(p.snapshot.tables.blade_scope_data.rows.map((s) => [s.id ?? '', s]));
  const api = new Map(p.snapshot.tables.blade_scope_api.rows.map((s) => [s.id ?? '', s]));
  const counts = p.counts('roleScope');
  const planned = new Set<string>();
  for (const row of p.rowsOf('roleScope', 'blade_role_scope')) {
    const role = roles.get(row.role_id ?? '');
    const category = int(row.scope_category, 0) ?? 0;
    if (!role || (category !== 1 && category !== 2)) {
      p.skip('roleScope');
      continue;
    }
    const scope = (category === 1 ? data : api).get(row.scope_id ?? '');
    const target = scopeTarget(p, category, scope);
    if (!target) {
      p.skip('roleScope');
      p.report.unknownGrants.push(unknown(role, category === 1 ? 'dataScope' : 'apiScope', row.scope_id ?? '', scope?.scope_name ?? null, scope ? 'unmatched' : 'missing'));
      continue;
    }
    const key = `${category}:${target}`;
    if (planned.has(`${role.targetId}:${key}`) || p.state.roleScopes.get(role.targetId)?.has(key)) {
      counts.unchanged += 1;
      continue;
    }
    planned.add(`${role.targetId}:${key}`);
    counts.create += 1;
    p.links.push({ kind: 'roleScope', roleId: role.targetId, targetId: target, scopeCategory: category });
  }
}
