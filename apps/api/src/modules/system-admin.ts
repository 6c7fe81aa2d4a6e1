import { deptEntity, menuEntity, menuIconSource, noticeEntity, regionEntity, roleEntity, tenantEntity, topMenuEntity, userEntity } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import type { AccessService } from '../access/access-service.js';
import type { Params } from '../access/params.js';
import type { ScopeService } from '../access/scope-service.js';
import type { Db } from '../db/database.js';
import type { EntityHooks } from '../engine/entity-hooks.js';
import { registerMenuAdminRoutes } from './menu/menu-admin-routes.js';
import { registerNoticeBellRoutes } from './notice/notice-bell-routes.js';
import { noticeHooksWithReads } from './notice/notice-hooks.js';
import { registerOrgRoutes } from './org/org-routes.js';
import { regionHooks } from './region/region-hooks.js';
import { registerRegionRoutes } from './region/region-routes.js';
import { treeHooks } from './org/tree-hooks.js';
import { GrantOperations } from './role/grant-operations.js';
import { GrantStore } from './role/grant-store.js';
import { roleHooks } from './role/role-hooks.js';
import { registerRoleRoutes } from './role/role-routes.js';
import { registerFieldRuleRoutes } from './role/field-rule-routes.js';
import { tenantHooks } from './tenant/tenant-hooks.js';
import { TenantOperations } from './tenant/tenant-operations.js';
import { registerTenantRoutes } from './tenant/tenant-routes.js';
import { TenantStore } from './tenant/tenant-store.js';
import { userHooks } from './user/user-hooks.js';
import { UserOperations } from './user/user-operations.js';
import { registerUserRoutes } from './user/user-routes.js';
import { UserStore } from './user/user-store.js';

/** The entity hooks of system administration (users, organisation, roles, menus, top menus). */
export function systemAdminHooks(db: Db, access: AccessService, params: Params, scopes: ScopeService): [string, EntityHooks][] {
  const grants = new GrantOperations(new GrantStore(db), access, scopes);
  const dropGrants = () => access.invalidate();
  return [
    [userEntity.name, userHooks(params, new UserStore(db), grants)],
    [deptEntity.name, treeHooks({ ancestors: true })],
    [roleEntity.name, roleHooks(scopes, dropGrants)],
    [menuEntity.name, withMenuIcon(treeHooks({ afterCommit: dropGrants }))],
    [topMenuEntity.name, withMenuIcon({ afterCommit: dropGrants })],
    [tenantEntity.name, tenantHooks(params, new TenantStore(db), dropGrants)],
    [noticeEntity.name, noticeHooksWithReads(db)],
    [regionEntity.name, regionHooks],
  ];
}

/**
 * A menu's or top menu's icon saved from this product's form as a bare Ant Design name is stored in
 * the form BladeX's clients draw too (decision 281); a BladeX class is kept as it is.
 */
function withMenuIcon(hooks: EntityHooks): EntityHooks {
  return {
    ...hooks,
    async beforeSave(ctx, values, existing) {
      if (typeof values.source === 'string') values.source = menuIconSource(values.source);
      await hooks.beforeSave?.(ctx, values, existing);
    },
  };
}

/** The calls of system administration beyond each entity's list/detail/submit/remove. */
export function registerSystemAdminRoutes(app: FastifyInstance): void {
  const { database, access, scopes, operations, repository, params, signIn, sessions, quotas } = app.services;
  const grants = new GrantOperations(new GrantStore(database.db), access, scopes);
  registerOrgRoutes(app);
  registerRegionRoutes(app);
  registerRoleRoutes(app, grants);
  registerFieldRuleRoutes(app, grants);
  registerMenuAdminRoutes(app);
  registerNoticeBellRoutes(app);
  registerTenantRoutes(app, new TenantOperations(operations, repository, access, new TenantStore(database.db), quotas));
  registerUserRoutes(app, new UserOperations(operations, repository, access, grants, new UserStore(database.db), params, signIn, sessions));
}
