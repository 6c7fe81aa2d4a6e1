import { roleEntity } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { nest, pickerScope, toNode } from '../org/tree-nodes.js';
import type { GrantOperations } from './grant-operations.js';
import { idList, param } from './id-list.js';

const tags = ['Role (角色)'];
const ids = { type: 'string', description: 'comma-joined ids (or an array in the body)' };

/** Role trees and the grant of menus (PROTOCOL section 7; spec section 7 "System"). */
export function registerRoleRoutes(app: FastifyInstance, grants: GrantOperations): void {
  const { repository, scopes } = app.services;
  const sort = [{ field: 'sort', desc: false }];
  const caller = (req: FastifyRequest) => requireCaller(req.caller);

  // A delegated administrator's trees hold its own roles and those below them (decision 300).
  const tree = async (c: Caller, tenantId: string) =>
    nest((await repository.all(roleEntity, { tenantId, data: await scopes.roleFilter(c) }, [], sort)).map((r) => toNode(r, 'roleName', { roleAlias: r.roleAlias })));

  app.get('/blade-system/role/tree', {
    schema: { tags, summary: 'The roles of a tenant as tree nodes', querystring: { type: 'object', properties: { tenantId: { type: 'string' } } } },
  }, async (req) => ok(await tree(caller(req), pickerScope(caller(req), (req.query as Record<string, unknown>).tenantId).tenantId as string), req.lang));

  app.get('/blade-system/role/tree-by-id', {
    schema: { tags, summary: "The role tree of the tenant owning roleId (without roleId, as BladeX: the caller's tenant)", querystring: { type: 'object', properties: { roleId: { type: 'string' } } } },
  }, async (req) => {
    const c = caller(req);
    const [roleId] = idList((req.query as Record<string, unknown>).roleId, 'roleId');
    return ok(await tree(c, roleId ? await grants.tenantOfRole(c, roleId) : c.tenantId), req.lang);
  });

  app.post('/blade-system/role/grant', {
    schema: { tags, summary: 'Grants roles menus and buttons (also data and API scopes)', body: { type: 'object', properties: { roleIds: ids, menuIds: ids, dataScopeIds: ids, apiScopeIds: ids } } },
  }, async (req) => {
    const roleIds = idList(param(req.query, req.body, 'roleIds'), 'roleIds', true);
    const menuIds = idList(param(req.query, req.body, 'menuIds'), 'menuIds');
    // A scope list left out keeps the roles' scopes of that kind; an empty one clears them.
    const scopeIds = (name: string) => {
      const raw = param(req.query, req.body, name);
      return raw === undefined ? undefined : idList(raw, name);
    };
    const dataScopeIds = scopeIds('dataScopeIds');
    const apiScopeIds = scopeIds('apiScopeIds');
    await grants.grantRoles(caller(req), { roleIds, menuIds, ...(dataScopeIds ? { dataScopeIds } : {}), ...(apiScopeIds ? { apiScopeIds } : {}) });
    return ok(true, req.lang);
  });

  app.get('/blade-system/menu/grant-tree', { schema: { tags: ['Menus (菜单)'], summary: 'What the signed-in user can grant: menus with buttons, data and API scopes' } },
    async (req) => ok(await grants.grantTree(caller(req)), req.lang));

  app.get('/blade-system/menu/role-tree-keys', {
    schema: { tags: ['Menus (菜单)'], summary: 'The granted keys of roles', querystring: { type: 'object', properties: { roleIds: ids } } },
  }, async (req) => ok(await grants.roleTreeKeys(caller(req), idList((req.query as Record<string, unknown>).roleIds, 'roleIds', true)), req.lang));

  app.get('/blade-system/menu/grant-top-tree', { schema: { tags: ['Menus (菜单)'], summary: 'Menus a top menu can be given' } },
    async (req) => ok(await grants.grantTopTree(caller(req)), req.lang));

  app.get('/blade-system/menu/top-tree-keys', {
    schema: { tags: ['Menus (菜单)'], summary: 'The menus of top menus', querystring: { type: 'object', properties: { topMenuIds: ids } } },
  }, async (req) => ok(await grants.topTreeKeys(caller(req), idList((req.query as Record<string, unknown>).topMenuIds, 'topMenuIds', true)), req.lang));

  app.post('/blade-system/topmenu/grant', {
    schema: { tags: ['Top menu (顶部菜单)'], summary: 'Sets the menus of top menus', body: { type: 'object', properties: { topMenuIds: ids, menuIds: ids } } },
  }, async (req) => {
    const topMenuIds = idList(param(req.query, req.body, 'topMenuIds'), 'topMenuIds', true);
    const menuIds = idList(param(req.query, req.body, 'menuIds'), 'menuIds');
    await grants.grantTopMenus(caller(req), topMenuIds, menuIds);
    return ok(true, req.lang);
  });
}
