import { t } from '@alumni/domain';
import type { AccessService, MenuRow } from '../../access/access-service.js';
import { managesWholeTenant, SCOPE_CATEGORY, type ScopeService } from '../../access/scope-service.js';
import type { Caller } from '../../core/caller.js';
import { AppError, notFound } from '../../core/errors.js';
import { withDescendants } from '../../core/tree.js';
import type { Db } from '../../db/database.js';
import { nest, type TreeNode } from '../org/tree-nodes.js';
import type { GrantStore, ScopeRow } from './grant-store.js';

export const GRANT_MSG = {
  roleNotHeld: t('不能授予未持有的角色', 'You cannot grant a role you do not hold'),
  ownRole: t('不能修改自己所属角色的权限', "You cannot change the grants of your own role"),
  menuNotHeld: t('不能授予未持有的菜单: {count} 项超出自身权限', 'You cannot grant a menu you do not hold: {count} beyond your own'),
  scopeWider: t('不能授予超出自身数据权限的数据权限: {count} 项超出自身权限', 'You cannot grant a data scope wider than your own: {count} beyond your own'),
  apiScopeNotHeld: t('不能授予未持有的接口权限: {count} 项超出自身权限', 'You cannot grant an API scope you do not hold: {count} beyond your own'),
};

const refuse = (text: { zh: string; en: string }, count?: number) => new AppError(403, text, count === undefined ? {} : { count });

/** Refuses (403, naming how many) when any of `ids` is not in `allowed`. */
function refuseBeyond(ids: string[], allowed: Set<string>, text: { zh: string; en: string }): void {
  const beyond = ids.filter((id) => !allowed.has(id)).length;
  if (beyond > 0) throw refuse(text, beyond);
}

export interface GrantRequest {
  roleIds: string[];
  menuIds: string[];
  /** Absent: the roles' data scopes stay as they are. */
  dataScopeIds?: string[];
  /** Absent: the roles' API scopes stay as they are. */
  apiScopeIds?: string[];
}

type ScopeKind = 'dataScope' | 'apiScope';
const CATEGORY: Record<ScopeKind, 1 | 2> = { dataScope: SCOPE_CATEGORY.data, apiScope: SCOPE_CATEGORY.api };

/** Scopes as grant-tree nodes, each under its menu; only the menus (and their parents) that have scopes. */
export function scopeNodes(menus: MenuRow[], scopes: ScopeRow[]): TreeNode[] {
  const byId = new Map(menus.filter((m) => m.category === 1).map((m) => [m.id, m]));
  const keep = new Set<string>();
  for (const s of scopes) {
    for (let id: string | undefined = s.menuId; id && byId.has(id) && !keep.has(id); id = byId.get(id)?.parentId) keep.add(id);
  }
  const menuNodes = [...byId.values()].filter((m) => keep.has(m.id)).map((m) => ({
    id: m.id, parentId: m.parentId, title: m.name, titleEn: m.nameEn, key: m.id, value: m.id, code: m.code, category: m.category, hasChildren: false,
  }));
  const leaves = scopes.filter((s) => byId.has(s.menuId)).map((s) => ({
    id: s.id, parentId: s.menuId, title: s.scopeName, key: s.id, value: s.id, scopeType: s.scopeType, isScope: true, hasChildren: false,
  }));
  return nest([...menuNodes, ...leaves]);
}

/** Menus as grant-tree nodes (menus and buttons), with the English name beside. */
export function menuNodes(menus: MenuRow[]): TreeNode[] {
  return nest(menus.map((m) => ({
    id: m.id, parentId: m.parentId, title: m.name, titleEn: m.nameEn, key: m.id, value: m.id,
    code: m.code, category: m.category, hasChildren: false,
  })));
}

/**
 * Who may grant what. The super administrator grants anything; anybody else grants only roles
 * below their own (never their own, which would widen their own rights) and only menus they
 * hold — which are already limited to their tenant's package.
 */
export class GrantOperations {
  constructor(private readonly store: GrantStore, private readonly access: AccessService, private readonly scopes: ScopeService) {}

  /** Roles the caller may give to users: their own and those below them. */
  async assignableRoles(caller: Caller, db?: Db): Promise<Set<string>> {
    const roles = await this.store.roles(caller.tenantId, db);
    if (caller.isSuperAdmin) return new Set(roles.map((r) => r.id));
    return withDescendants(roles, caller.roleIds.filter((id) => roles.some((r) => r.id === id)));
  }

  /** Refuses roles that do not exist in the caller's tenant (404) or that the caller may not give (403). */
  async checkAssignable(caller: Caller, roleIds: string[], db?: Db): Promise<void> {
    const roles = new Set((await this.store.roles(caller.tenantId, db)).map((r) => r.id));
    if (roleIds.some((id) => !roles.has(id))) throw notFound();
    const allowed = await this.assignableRoles(caller, db);
    if (roleIds.some((id) => !allowed.has(id))) throw refuse(GRANT_MSG.roleNotHeld);
  }

  /** The tenant whose role tree `tree-by-id` shows: the role's, when the caller may see it. */
  async tenantOfRole(caller: Caller, roleId: string): Promise<string> {
    const tenantId = await this.store.tenantOfRole(roleId);
    return tenantId && (caller.isSuperAdmin || tenantId === caller.tenantId) ? tenantId : caller.tenantId;
  }

  /**
   * The scopes a caller may grant: those of menus the caller holds; of a menu on which the
   * caller's own data scope is restricted, only the data scopes the caller's roles have.
   */
  private async grantableScopes(caller: Caller, menus: MenuRow[], kind: ScopeKind): Promise<ScopeRow[]> {
    const held = new Set(menus.filter((m) => m.category === 1).map((m) => m.id));
    const codes = new Map(menus.map((m) => [m.id, m.code]));
    const all = (await this.store.scopes(CATEGORY[kind])).filter((s) => held.has(s.menuId));
    if (caller.isSuperAdmin) return all;
    // A delegated administrator grants only the API scopes its roles hold (decision 301).
    if (kind === 'apiScope') {
      if (managesWholeTenant(caller)) return all;
      const own = new Set(await this.store.roleScopeIds(caller.roleIds, CATEGORY.apiScope));
      return all.filter((s) => own.has(s.id));
    }
    const out: ScopeRow[] = [];
    const own = new Map<string, Set<string> | null>();
    for (const s of all) {
      if (!own.has(s.menuId)) {
        const rows = await this.scopes.menuScopes(caller, codes.get(s.menuId) ?? '');
        own.set(s.menuId, rows ? new Set(rows.map((r) => r.id)) : null);
      }
      const allowed = own.get(s.menuId);
      if (!allowed || allowed.has(s.id)) out.push(s);
    }
    return out;
  }

  async grantTree(caller: Caller) {
    const menus = await this.access.menus(caller);
    return {
      menu: menuNodes(menus),
      dataScope: scopeNodes(menus, await this.grantableScopes(caller, menus, 'dataScope')),
      apiScope: scopeNodes(menus, await this.grantableScopes(caller, menus, 'apiScope')),
    };
  }

  async grantTopTree(caller: Caller) {
    return { menu: menuNodes((await this.access.menus(caller)).filter((m) => m.category === 1)) };
  }

  /** The menus granted to roles of the caller's tenant, as far as the caller's package shows them. */
  async roleTreeKeys(caller: Caller, roleIds: string[]) {
    const own = new Set((await this.store.roles(caller.tenantId)).map((r) => r.id));
    const granted = await this.store.roleMenuIds(roleIds.filter((id) => own.has(id)));
    const menus = await this.access.menus(caller);
    const visible = new Set(menus.map((m) => m.id));
    const roles = roleIds.filter((id) => own.has(id));
    const scopeKeys = async (kind: ScopeKind) => {
      const shown = new Set((await this.grantableScopes(caller, menus, kind)).map((s) => s.id));
      return (await this.store.roleScopeIds(roles, CATEGORY[kind])).filter((id) => shown.has(id));
    };
    return { menu: granted.filter((id) => visible.has(id)), dataScope: await scopeKeys('dataScope'), apiScope: await scopeKeys('apiScope') };
  }

  /**
   * Refuses a caller without `role_grant` (403), roles outside the caller's tenant (404), and for
   * anybody but the super administrator its own roles and roles not below them (403).
   */
  async checkGrantable(caller: Caller, roleIds: string[]): Promise<void> {
    await this.access.require(caller, 'role_grant');
    const roles = await this.store.roles(caller.tenantId);
    if (roleIds.some((id) => !roles.some((r) => r.id === id))) throw notFound();
    if (!caller.isSuperAdmin) {
      if (roleIds.some((id) => caller.roleIds.includes(id))) throw refuse(GRANT_MSG.ownRole);
      const below = withDescendants(roles, caller.roleIds);
      if (roleIds.some((id) => !below.has(id))) throw refuse(GRANT_MSG.roleNotHeld);
    }
  }

  async grantRoles(caller: Caller, req: GrantRequest): Promise<void> {
    await this.checkGrantable(caller, req.roleIds);
    const menus = await this.access.menus(caller);
    const held = new Set(menus.map((m) => m.id));
    refuseBeyond(req.menuIds, held, GRANT_MSG.menuNotHeld);
    const scopeGrants: { kind: ScopeKind; ids: string[]; grantable: Set<string> }[] = [];
    for (const kind of ['dataScope', 'apiScope'] as const) {
      const ids = req[`${kind}Ids`];
      if (!ids) continue;
      const existing = new Map((await this.store.scopes(CATEGORY[kind])).map((s) => [s.id, s]));
      if (ids.some((id) => !existing.has(id))) throw notFound();
      const grantable = new Set((await this.grantableScopes(caller, menus, kind)).map((s) => s.id));
      refuseBeyond(ids, grantable, kind === 'dataScope' ? GRANT_MSG.scopeWider : GRANT_MSG.apiScopeNotHeld);
      scopeGrants.push({ kind, ids, grantable });
    }
    const keepByRole = new Map<string, string[]>();
    const keepScopes = new Map<string, string[]>();
    for (const roleId of req.roleIds) {
      // Menus and scopes the granter cannot see stay as they are: the granter could not have meant to remove them.
      keepByRole.set(roleId, (await this.store.roleMenuIds([roleId])).filter((id) => !held.has(id)));
      for (const g of scopeGrants) {
        keepScopes.set(`${roleId}|${g.kind}`, (await this.store.roleScopeIds([roleId], CATEGORY[g.kind])).filter((id) => !g.grantable.has(id)));
      }
    }
    await this.store.transaction(async (tx) => {
      for (const roleId of req.roleIds) {
        await this.store.replaceRoleMenus(tx, roleId, [...new Set([...(keepByRole.get(roleId) ?? []), ...req.menuIds])]);
        for (const g of scopeGrants) {
          await this.store.replaceRoleScopes(tx, roleId, CATEGORY[g.kind], [...new Set([...(keepScopes.get(`${roleId}|${g.kind}`) ?? []), ...g.ids])]);
        }
      }
    });
    this.access.invalidate();
  }

  async topTreeKeys(caller: Caller, topMenuIds: string[]) {
    await this.access.require(caller, 'topmenu_setting');
    return { menu: await this.store.topMenuMenuIds(await this.store.topMenuIds(caller.tenantId, topMenuIds)) };
  }

  async grantTopMenus(caller: Caller, topMenuIds: string[], menuIds: string[]): Promise<void> {
    await this.access.require(caller, 'topmenu_setting');
    const found = await this.store.topMenuIds(caller.tenantId, topMenuIds);
    if (found.length !== topMenuIds.length) throw notFound();
    const held = new Set((await this.access.menus(caller)).filter((m) => m.category === 1).map((m) => m.id));
    refuseBeyond(menuIds, held, GRANT_MSG.menuNotHeld);
    await this.store.replaceTopMenuMenus(topMenuIds, menuIds);
  }
}
