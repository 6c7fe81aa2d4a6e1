import { t } from '@alumni/domain';
import type { AccessService, MenuRow } from '../../access/access-service.js';
import type { Caller } from '../../core/caller.js';
import { AppError, notFound } from '../../core/errors.js';
import { withDescendants } from '../../core/tree.js';
import type { Db } from '../../db/database.js';
import { nest, type TreeNode } from '../org/tree-nodes.js';
import type { GrantStore } from './grant-store.js';

export const GRANT_MSG = {
  roleNotHeld: t('不能授予未持有的角色', 'You cannot grant a role you do not hold'),
  ownRole: t('不能修改自己所属角色的权限', "You cannot change the grants of your own role"),
  menuNotHeld: t('不能授予未持有的菜单', 'You cannot grant a menu you do not hold'),
};

const refuse = (text: { zh: string; en: string }) => new AppError(403, text);

export interface GrantRequest {
  roleIds: string[];
  menuIds: string[];
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
  constructor(private readonly store: GrantStore, private readonly access: AccessService) {}

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

  async grantTree(caller: Caller) {
    return { menu: menuNodes(await this.access.menus(caller)), dataScope: [], apiScope: [] };
  }

  async grantTopTree(caller: Caller) {
    return { menu: menuNodes((await this.access.menus(caller)).filter((m) => m.category === 1)) };
  }

  /** The menus granted to roles of the caller's tenant, as far as the caller's package shows them. */
  async roleTreeKeys(caller: Caller, roleIds: string[]) {
    const own = new Set((await this.store.roles(caller.tenantId)).map((r) => r.id));
    const granted = await this.store.roleMenuIds(roleIds.filter((id) => own.has(id)));
    const visible = new Set((await this.access.menus(caller)).map((m) => m.id));
    return { menu: granted.filter((id) => visible.has(id)), dataScope: [], apiScope: [] };
  }

  async grantRoles(caller: Caller, req: GrantRequest): Promise<void> {
    await this.access.require(caller, 'role_grant');
    const roles = await this.store.roles(caller.tenantId);
    if (req.roleIds.some((id) => !roles.some((r) => r.id === id))) throw notFound();
    if (!caller.isSuperAdmin) {
      if (req.roleIds.some((id) => caller.roleIds.includes(id))) throw refuse(GRANT_MSG.ownRole);
      const below = withDescendants(roles, caller.roleIds);
      if (req.roleIds.some((id) => !below.has(id))) throw refuse(GRANT_MSG.roleNotHeld);
    }
    const held = new Set((await this.access.menus(caller)).map((m) => m.id));
    if (req.menuIds.some((id) => !held.has(id))) throw refuse(GRANT_MSG.menuNotHeld);
    const keepByRole = new Map<string, string[]>();
    for (const roleId of req.roleIds) {
      // Menus the granter cannot see stay as they are: the granter could not have meant to remove them.
      keepByRole.set(roleId, (await this.store.roleMenuIds([roleId])).filter((id) => !held.has(id)));
    }
    await this.store.transaction(async (tx) => {
      for (const roleId of req.roleIds) await this.store.replaceRoleMenus(tx, roleId, [...new Set([...(keepByRole.get(roleId) ?? []), ...req.menuIds])]);
    });
    this.access.invalidate();
  }

  async topTreeKeys(caller: Caller, topMenuIds: string[]) {
    return { menu: await this.store.topMenuMenuIds(await this.store.topMenuIds(caller.tenantId, topMenuIds)) };
  }

  async grantTopMenus(caller: Caller, topMenuIds: string[], menuIds: string[]): Promise<void> {
    await this.access.require(caller, 'topmenu_setting');
    const found = await this.store.topMenuIds(caller.tenantId, topMenuIds);
    if (found.length !== topMenuIds.length) throw notFound();
    const held = new Set((await this.access.menus(caller)).filter((m) => m.category === 1).map((m) => m.id));
    if (menuIds.some((id) => !held.has(id))) throw refuse(GRANT_MSG.menuNotHeld);
    await this.store.replaceTopMenuMenus(topMenuIds, menuIds);
  }
}
