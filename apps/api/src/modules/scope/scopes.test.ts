import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customValues, requestPath, scopePathPattern } from '../../access/scope-service.js';
import { DATA_SCOPE_TABLE, seedId } from '../../seed/menu-tree.js';
import { menuIdsByCode } from '../../seed/platform-seed.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const MENU = menuIdsByCode();
const ROLE = { office: seedId(91, 2), alumni: seedId(91, 1) };
const DEPT = { computer: seedId(92, 4), computerAssoc: seedId(92, 5), office: seedId(92, 2) };
const USER = { office: seedId(90, 2), college: seedId(90, 3) };
/** Seeded data scopes of the user menu: 全部可见, 本机构及子级可见 (dept_id), 本人可见 (create_user). */
const USER_SCOPE = { all: seedId(DATA_SCOPE_TABLE, 1), deptAndBelow: seedId(DATA_SCOPE_TABLE, 2), own: seedId(DATA_SCOPE_TABLE, 3) };
const USER_MENUS = ['system', 'user', 'user_add', 'user_edit', 'user_delete', 'user_view', 'user_role', 'authority', 'role', 'role_view', 'role_grant', 'dept', 'dept_view'];

describe('scope paths', () => {
  it('match exact paths, * within a segment and ** below', () => {
    expect(scopePathPattern('/blade-user/page').test('/blade-user/page')).toBe(true);
    expect(scopePathPattern('/blade-user/page').test('/blade-user/page-x')).toBe(false);
    expect(scopePathPattern('/blade-system/dept/lazy-*').test('/blade-system/dept/lazy-tree')).toBe(true);
    expect(scopePathPattern('/blade-system/dept/lazy-*').test('/blade-system/dept/lazy-tree/x')).toBe(false);
    expect(scopePathPattern('/blade-system/user/**').test('/blade-system/user')).toBe(true);
    expect(scopePathPattern('/blade-system/user/**').test('/blade-system/user/a/b')).toBe(true);
    expect(scopePathPattern('/blade-system/user/**').test('/blade-system/users')).toBe(false);
    expect(scopePathPattern('/api/blade-desk/**').test('/blade-desk/notice/list')).toBe(true);
    expect(scopePathPattern('/a.b').test('/aXb')).toBe(false);
    expect(requestPath('/api/blade-user/page?current=1')).toBe('/blade-user/page');
  });

  it('substitutes the variables of custom values', () => {
    expect(customValues('${userId}, 7, ${deptId},t-${tenantId}', { userId: '1', deptIds: ['2', '3'], roleIds: ['4'], tenantId: '000000' }))
      .toEqual(['1', '7', '2', '3', 't-000000']);
  });
});

describe.each(testDialects())('data scopes and API scopes on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let office: string;
  let scopedRole: string;
  let childRole: string;
  let scoped: string;
  let scopedUserId: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, office] = await Promise.all([t.signIn('admin'), t.signIn('office')]);
    // A role holding users (with the own-department-and-below scope) and the grant of roles, and a role below it.
    scopedRole = (await data('POST', '/api/blade-system/role/submit', admin, { parentId: '0', roleName: '院系管理', roleAlias: 'dept_admin', sort: 9 })).id;
    childRole = (await data('POST', '/api/blade-system/role/submit', admin, { parentId: scopedRole, roleName: '院系助理', roleAlias: 'dept_assist', sort: 1 })).id;
    await data('POST', '/api/blade-system/role/grant', admin, { roleIds: [scopedRole], menuIds: USER_MENUS.map((c) => MENU.get(c)), dataScopeIds: [USER_SCOPE.deptAndBelow] });
    const user = await data('POST', '/api/blade-user/submit', admin, { account: 'deptadmin', name: 'd', realName: '院系管理员', roleId: scopedRole, deptId: DEPT.computer });
    scopedUserId = user.id;
    scoped = await t.signIn('deptadmin');
  });
  afterAll(async () => t?.close());

  async function data(method: 'GET' | 'POST', url: string, token: string, body?: unknown, code = 200) {
    const res = await t.call(method, url, token, body);
    expect(res.statusCode, res.body).toBe(code);
    return res.json().data as Json;
  }
  const userRow = async (id: string) => {
    const row = await t.app.services.database.db.selectFrom('blade_user').select(['real_name', 'dept_id', 'is_deleted']).where('id', '=', id).executeTakeFirstOrThrow();
    return { realName: String(row.real_name), deptId: String(row.dept_id), isDeleted: Number(row.is_deleted) };
  };

  describe('data scope records', () => {
    it('lists the seeded scopes of a menu and answers them in the grant tree under their menu', async () => {
      const page = await data('GET', `/api/blade-system/data-scope/list?menuId=${MENU.get('user')}`, admin);
      expect(page.records.map((r: Json) => [r.scopeName, r.scopeType, r.scopeColumn]).sort()).toEqual([
        ['全部可见', '1', 'id'], ['本人可见', '2', 'create_user'], ['本机构及子级可见', '4', 'dept_id'],
      ].sort());
      expect(page.records[0]).toMatchObject({ resourceCode: 'user', scopeTypeName: expect.any(String) });
      const tree = await data('GET', '/api/blade-system/menu/grant-tree', admin);
      const system = (tree.dataScope as Json[]).find((n) => n.key === MENU.get('system'));
      const userNode = (system?.children as Json[]).find((n) => n.key === MENU.get('user'));
      expect((userNode?.children as Json[]).map((n) => n.key).sort()).toEqual(Object.values(USER_SCOPE).sort());
      expect(tree.apiScope).toEqual([]);
      expect((await data('GET', `/api/blade-system/menu/role-tree-keys?roleIds=${scopedRole}`, admin)).dataScope).toEqual([USER_SCOPE.deptAndBelow]);
    });

    it('takes the resource code from the menu and refuses bad columns, missing custom values and unknown menus', async () => {
      const row = await data('POST', '/api/blade-system/data-scope/submit', admin, { menuId: MENU.get('post'), scopeName: '自定义', scopeColumn: 'create_user', scopeType: '5', scopeValue: '${userId}', resourceCode: 'x' });
      expect(row.resourceCode).toBe('post');
      for (const [body, field] of [
        [{ scopeColumn: 'a; drop table x' }, 'scopeColumn'], [{ scopeValue: '' }, 'scopeValue'], [{ menuId: '123' }, 'menuId'], [{ menuId: MENU.get('post_add') }, 'menuId'],
      ] as const) {
        const res = await t.call('POST', '/api/blade-system/data-scope/submit', admin, { menuId: MENU.get('post'), scopeName: 'x', scopeColumn: 'id', scopeType: '5', scopeValue: '1', ...(body as Json) });
        expect(res.json(), JSON.stringify(body)).toMatchObject({ code: 400, data: { errors: { [field]: expect.any(String) } } });
      }
      const res = await t.call('POST', '/api/blade-system/api-scope/submit', admin, { menuId: MENU.get('post'), scopeName: 'x', scopePath: 'no-slash', scopeType: '1' });
      expect(res.json()).toMatchObject({ code: 400, data: { errors: { scopePath: expect.any(String) } } });
      await data('POST', `/api/blade-system/data-scope/remove?ids=${row.id}`, admin);
    });

    it('is platform administration: another tenant cannot read it', async () => {
      expect((await t.call('GET', '/api/blade-system/data-scope/list', office)).statusCode).toBe(403);
    });
  });

  describe('a user limited to their own department and below', () => {
    it('lists only the users of their departments, on every list', async () => {
      const page = await data('GET', '/api/blade-user/page?size=100', scoped);
      const ids = page.records.map((r: Json) => r.id);
      expect(ids).toContain(USER.college);
      expect(ids).toContain(scopedUserId);
      expect(ids).not.toContain(USER.office);
      for (const r of page.records) expect(String(r.deptId).split(',').some((d: string) => [DEPT.computer, DEPT.computerAssoc].includes(d))).toBe(true);
      expect(page.total).toBe(page.records.length);
      // Somebody holding the menu without any scope row sees everything.
      const all = await data('GET', '/api/blade-user/page?size=100', office);
      expect(all.records.map((r: Json) => r.id)).toContain(USER.office);
    });

    it('matches a user of several departments when any of them is inside', async () => {
      const both = await data('POST', '/api/blade-user/submit', admin, { account: 'twodepts', name: 'x', realName: '两个部门', roleId: ROLE.office, deptId: `${DEPT.office},${DEPT.computerAssoc}` });
      const page = await data('GET', '/api/blade-user/page?size=100', scoped);
      expect(page.records.map((r: Json) => r.id)).toContain(both.id);
      await data('GET', `/api/blade-user/detail?id=${both.id}`, scoped);
      await data('POST', `/api/blade-user/remove?ids=${both.id}`, admin);
    });

    it('answers 404 for detail, update and remove of a user elsewhere and changes nothing', async () => {
      await data('GET', `/api/blade-user/detail?id=${USER.office}`, scoped, undefined, 404);
      await data('POST', '/api/blade-user/submit', scoped, { id: USER.office, realName: '改了' }, 404);
      await data('POST', `/api/blade-user/remove?ids=${USER.office}`, scoped, undefined, 404);
      await data('POST', `/api/blade-user/remove?ids=${USER.office},${USER.college}`, scoped, undefined, 404);
      // The user calls beyond list/detail/submit/remove go through the same scope.
      await data('POST', `/api/blade-user/grant?userIds=${USER.office}&roleIds=${childRole}`, scoped, undefined, 404);
      expect(await userRow(USER.office)).toMatchObject({ realName: '王晓梅', isDeleted: 0 });
      expect((await t.app.services.database.db.selectFrom('blade_user').select('role_id').where('id', '=', USER.office).executeTakeFirstOrThrow()).role_id).toBe(ROLE.office);
      expect(await userRow(USER.college)).toMatchObject({ isDeleted: 0 });
    });

    it('refuses to create a user in another department or move one there, and allows its own', async () => {
      await data('POST', '/api/blade-user/submit', scoped, { account: 'outside', name: 'x', realName: '外部', roleId: childRole, deptId: DEPT.office }, 403);
      const rows = await t.app.services.database.db.selectFrom('blade_user').select('id').where('account', '=', 'outside').execute();
      expect(rows).toHaveLength(0);
      const inside = await data('POST', '/api/blade-user/submit', scoped, { account: 'inside', name: 'x', realName: '内部', roleId: childRole, deptId: DEPT.computerAssoc });
      await data('POST', '/api/blade-user/submit', scoped, { id: inside.id, deptId: DEPT.office }, 403);
      expect(await userRow(inside.id)).toMatchObject({ deptId: DEPT.computerAssoc });
      await data('POST', `/api/blade-user/remove?ids=${inside.id}`, scoped);
      expect(await userRow(inside.id)).toMatchObject({ isDeleted: 1 });
    });

    it('cannot widen its own role, hand out a wider scope, or give roles it does not hold', async () => {
      const menuIds = USER_MENUS.map((c) => MENU.get(c));
      await data('POST', '/api/blade-system/role/grant', scoped, { roleIds: [scopedRole], menuIds, dataScopeIds: [USER_SCOPE.all] }, 403);
      expect((await data('GET', `/api/blade-system/menu/role-tree-keys?roleIds=${scopedRole}`, admin)).dataScope).toEqual([USER_SCOPE.deptAndBelow]);
      // Below its own role: only the scope it has itself.
      await data('POST', '/api/blade-system/role/grant', scoped, { roleIds: [childRole], menuIds: [MENU.get('system'), MENU.get('user')], dataScopeIds: [USER_SCOPE.all] }, 403);
      await data('POST', '/api/blade-system/role/grant', scoped, { roleIds: [childRole], menuIds: [MENU.get('system'), MENU.get('user')], dataScopeIds: [USER_SCOPE.own] }, 403);
      await data('POST', '/api/blade-system/role/grant', scoped, { roleIds: [childRole], menuIds: [MENU.get('system'), MENU.get('user')], dataScopeIds: [USER_SCOPE.deptAndBelow] });
      expect((await data('GET', `/api/blade-system/menu/role-tree-keys?roleIds=${childRole}`, admin)).dataScope).toEqual([USER_SCOPE.deptAndBelow]);
      const tree = await data('GET', '/api/blade-system/menu/grant-tree', scoped);
      const keys: string[] = [];
      const walk = (nodes: Json[]) => nodes.forEach((n) => { if (n.isScope) keys.push(n.key); walk(n.children ?? []); });
      walk(tree.dataScope);
      // Of users only its own scope; of departments (where it is not limited) all of them.
      expect(keys.filter((k) => Object.values(USER_SCOPE).includes(k))).toEqual([USER_SCOPE.deptAndBelow]);
      expect(keys).toContain(seedId(DATA_SCOPE_TABLE, 4));
      // Roles it does not hold, by grant or by submit.
      await data('POST', `/api/blade-user/grant?userIds=${USER.college}&roleIds=${ROLE.office}`, scoped, undefined, 403);
      await data('POST', '/api/blade-user/submit', scoped, { account: 'other', name: 'x', realName: 'x', roleId: ROLE.office, deptId: DEPT.computer }, 403);
    });

    it('follows a custom scope with variables, and lifts the limit with a role holding the menu without scopes', async () => {
      const custom = await data('POST', '/api/blade-system/data-scope/submit', admin, { menuId: MENU.get('user'), scopeName: '仅自己', scopeColumn: 'id', scopeType: '5', scopeValue: '${userId}' });
      await data('POST', '/api/blade-system/role/grant', admin, { roleIds: [scopedRole], menuIds: USER_MENUS.map((c) => MENU.get(c)), dataScopeIds: [custom.id] });
      expect((await data('GET', '/api/blade-user/page', scoped)).records.map((r: Json) => r.id)).toEqual([scopedUserId]);
      await data('POST', `/api/blade-system/data-scope/remove?ids=${custom.id}`, admin);
      // Without a live scope row the role holds the menu unlimited (DOMAIN 15.2).
      expect((await data('GET', '/api/blade-user/page?size=100', scoped)).records.map((r: Json) => r.id)).toContain(USER.office);
      await data('POST', '/api/blade-system/role/grant', admin, { roleIds: [scopedRole], menuIds: USER_MENUS.map((c) => MENU.get(c)), dataScopeIds: [USER_SCOPE.deptAndBelow] });
      expect((await data('GET', '/api/blade-user/page?size=100', scoped)).records.map((r: Json) => r.id)).not.toContain(USER.office);
    });
  });

  describe('API scopes', () => {
    it('take exactly the matching paths from a role, not from the super administrator', async () => {
      const scope = await data('POST', '/api/blade-system/api-scope/submit', admin, { menuId: MENU.get('dept'), scopeName: '懒加载', scopePath: '/blade-system/dept/lazy-*', scopeType: '1' });
      const keys = await data('GET', `/api/blade-system/menu/role-tree-keys?roleIds=${ROLE.office}`, admin);
      const paths = ['/api/blade-system/dept/lazy-tree?parentId=0', '/api/blade-system/dept/lazy-list?parentId=0', '/api/blade-system/dept/tree', '/api/blade-system/dept/list'];
      for (const path of paths) await data('GET', path, office);
      await data('POST', '/api/blade-system/role/grant', admin, { roleIds: [ROLE.office], menuIds: keys.menu, apiScopeIds: [scope.id] });
      expect((await data('GET', `/api/blade-system/menu/role-tree-keys?roleIds=${ROLE.office}`, admin)).apiScope).toEqual([scope.id]);
      for (const path of paths.slice(0, 2)) {
        const res = await t.call('GET', path, office);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 403, msg: '无权限' });
      }
      for (const path of paths.slice(2)) await data('GET', path, office);
      for (const path of paths) await data('GET', path, admin);
      // A grant without apiScopeIds keeps them; an empty list clears them.
      await data('POST', '/api/blade-system/role/grant', admin, { roleIds: [ROLE.office], menuIds: keys.menu });
      await data('GET', paths[0] as string, office, undefined, 403);
      await data('POST', '/api/blade-system/role/grant', admin, { roleIds: [ROLE.office], menuIds: keys.menu, apiScopeIds: [] });
      for (const path of paths) await data('GET', path, office);
      await data('POST', `/api/blade-system/api-scope/remove?ids=${scope.id}`, admin);
    });

    it('refuses unknown scope ids', async () => {
      await data('POST', '/api/blade-system/role/grant', admin, { roleIds: [childRole], menuIds: [], apiScopeIds: ['123'] }, 404);
    });
  });
});
