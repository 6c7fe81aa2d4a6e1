import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLEGE_ASSISTANT_ROLE_ID, COLLEGE_ROLE_ID } from '../../seed/college-administration.js';
import { DATA_SCOPE_TABLE, seedId } from '../../seed/menu-tree.js';
import { ADMIN_ROLE_ID, menuIdsByCode } from '../../seed/platform-seed.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const MENU = menuIdsByCode();
const menu = (code: string) => MENU.get(code) as string;
const DEPT = { computer: seedId(92, 4), computerAssoc: seedId(92, 5), office: seedId(92, 2) };
const USER = { office: seedId(90, 2), college: seedId(90, 3), leader: seedId(90, 6) };
const ROLE = { office: seedId(91, 2), college: COLLEGE_ROLE_ID, assistant: COLLEGE_ASSISTANT_ROLE_ID, admin: ADMIN_ROLE_ID };
/** Seeded data scopes of the user menu: 全部可见, 本机构及子级可见. */
const USER_SCOPE = { all: seedId(DATA_SCOPE_TABLE, 1), deptAndBelow: seedId(DATA_SCOPE_TABLE, 2) };
const EN = { 'accept-language': 'en' };

describe.each(testDialects())('a delegated college administrator on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let college: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, college] = await Promise.all([t.signIn('admin'), t.signIn('college')]);
  });
  afterAll(async () => t?.close());

  async function data(method: 'GET' | 'POST', url: string, token: string, body?: unknown, code = 200) {
    const res = await t.call(method, url, token, body);
    expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(code);
    return res.json().data as Json;
  }
  /** The refusal's message in both languages. */
  async function refused(url: string, token: string, body: unknown, code: number): Promise<{ zh: string; en: string }> {
    const zh = await t.call('POST', url, token, body);
    const en = await t.call('POST', url, token, body, EN);
    expect(zh.statusCode, zh.body).toBe(code);
    expect(en.statusCode, en.body).toBe(code);
    return { zh: String(zh.json().msg), en: String(en.json().msg) };
  }
  const db = () => t.app.services.database.db;
  const userRow = (id: string) => db().selectFrom('blade_user').select(['real_name', 'dept_id', 'role_id', 'password', 'is_deleted']).where('id', '=', id).executeTakeFirstOrThrow();
  const roleMenus = async (roleId: string) => (await db().selectFrom('blade_role_menu').select('menu_id').where('role_id', '=', roleId).execute()).map((r) => String(r.menu_id)).sort();
  const roleScopes = async (roleId: string) => (await db().selectFrom('blade_role_scope').select('scope_id').where('role_id', '=', roleId).execute()).map((r) => String(r.scope_id)).sort();

  it('lists only the users of its college and the departments below it', async () => {
    const page = await data('GET', '/api/blade-user/page?size=100', college);
    const ids = page.records.map((r: Json) => r.id);
    expect(ids).toContain(USER.college);
    expect(ids).not.toContain(USER.office);
    for (const r of page.records) expect(String(r.deptId).split(',').some((d) => [DEPT.computer, DEPT.computerAssoc].includes(d))).toBe(true);
    // SpringBlade's list call answers the same.
    expect((await data('GET', '/api/blade-user/list?size=100', college)).records.map((r: Json) => r.id).sort()).toEqual([...ids].sort());
    // The tenant's administrator still sees everybody.
    expect((await data('GET', '/api/blade-user/page?size=100', admin)).records.map((r: Json) => r.id)).toEqual(expect.arrayContaining([USER.office, USER.college]));
  });

  it('cannot read, change, remove, reset or give roles to a user outside its college, and nothing changes', async () => {
    const before = await userRow(USER.office);
    await data('GET', `/api/blade-user/detail?id=${USER.office}`, college, undefined, 404);
    await data('POST', '/api/blade-user/submit', college, { id: USER.office, realName: '改了' }, 404);
    await data('POST', '/api/blade-user/update', college, { id: USER.office, realName: '改了' }, 404);
    await data('POST', `/api/blade-user/remove?ids=${USER.office}`, college, undefined, 404);
    await data('POST', `/api/blade-user/reset-password?userIds=${USER.office}`, college, undefined, 404);
    await data('POST', `/api/blade-user/grant?userIds=${USER.office}&roleIds=${ROLE.assistant}`, college, undefined, 404);
    expect(await userRow(USER.office)).toEqual(before);
  });

  it('cannot create a user in another department or add one to a user, and creates one in its own', async () => {
    const outside = { account: 'dlg_outside', name: 'x', realName: '外部', roleId: ROLE.assistant, deptId: DEPT.office };
    const msg = await refused('/api/blade-user/submit', college, outside, 403);
    expect(msg.zh).toContain('1 个部门超出范围');
    expect(msg.en).toContain('1 beyond them');
    // One department inside and one outside is still refused: every department given must be inside.
    await refused('/api/blade-user/submit', college, { ...outside, deptId: `${DEPT.computer},${DEPT.office}` }, 403);
    expect(await db().selectFrom('blade_user').select('id').where('account', '=', 'dlg_outside').execute()).toEqual([]);
    // Roles it may not give.
    await refused('/api/blade-user/submit', college, { ...outside, deptId: DEPT.computer, roleId: ROLE.office }, 403);

    const inside = await data('POST', '/api/blade-user/submit', college, { account: 'dlg_inside', name: 'x', realName: '院内', roleId: ROLE.assistant, deptId: DEPT.computerAssoc });
    await refused('/api/blade-user/submit', college, { id: inside.id, deptId: `${DEPT.computerAssoc},${DEPT.office}` }, 403);
    expect(String((await userRow(inside.id)).dept_id)).toBe(DEPT.computerAssoc);
    await data('POST', `/api/blade-user/reset-password?userIds=${inside.id}`, college);
    await data('POST', `/api/blade-user/remove?ids=${inside.id}`, college);
    expect(Number((await userRow(inside.id)).is_deleted)).toBe(1);
  });

  it('sees and changes only the roles below its own', async () => {
    const list = await data('GET', '/api/blade-system/role/list', college);
    const flat: string[] = [];
    const walk = (nodes: Json[]) => nodes.forEach((n) => { flat.push(n.id); walk(n.children ?? []); });
    walk(Array.isArray(list) ? list : list.records ?? []);
    expect(flat.sort()).toEqual([ROLE.college, ROLE.assistant].sort());
    const tree: string[] = [];
    const walkTree = (nodes: Json[]) => nodes.forEach((n) => { tree.push(n.id); walkTree(n.children ?? []); });
    walkTree(await data('GET', '/api/blade-system/role/tree', college) as unknown as Json[]);
    expect(tree.sort()).toEqual([ROLE.college, ROLE.assistant].sort());
    await data('GET', `/api/blade-system/role/detail?id=${ROLE.admin}`, college, undefined, 404);
    await data('POST', '/api/blade-system/role/submit', college, { id: ROLE.admin, roleName: '改了' }, 404);
    // Its own role: readable, never changed or removed by itself.
    await data('GET', `/api/blade-system/role/detail?id=${ROLE.college}`, college);
    const own = await refused('/api/blade-system/role/submit', college, { id: ROLE.college, roleName: '改了' }, 403);
    expect(own.zh).toContain('自己所属的角色');
    expect(own.en).toContain('a role you hold yourself');
    await refused(`/api/blade-system/role/remove?ids=${ROLE.college}`, college, undefined, 403);
    // Not at the top of the tree, nor moved out from below its own.
    await refused('/api/blade-system/role/submit', college, { parentId: '0', roleName: '顶层', roleAlias: 'dlg_top', sort: 1 }, 403);
    await refused('/api/blade-system/role/submit', college, { id: ROLE.assistant, parentId: ROLE.office }, 403);
    const child = await data('POST', '/api/blade-system/role/submit', college, { parentId: ROLE.assistant, roleName: '院系志愿者', roleAlias: 'dlg_volunteer', sort: 1 });
    await data('POST', '/api/blade-system/role/submit', college, { id: child.id, roleName: '院系志愿者组' });
    await data('POST', `/api/blade-system/role/remove?ids=${child.id}`, college);
    const roles = await db().selectFrom('blade_role').select(['id', 'role_name', 'parent_id']).where('id', 'in', [ROLE.admin, ROLE.college, ROLE.assistant]).execute();
    expect(roles.map((r) => [String(r.id), String(r.role_name), String(r.parent_id)]).sort()).toEqual([
      [ROLE.admin, expect.any(String), '0'], [ROLE.college, '院系校友秘书', seedId(91, 1)], [ROLE.assistant, '院系校友助理', ROLE.college],
    ].sort());
    expect(roles.find((r) => String(r.id) === ROLE.admin)?.role_name).not.toBe('改了');
  });

  it('grants only menus and scopes it holds, names how many were beyond them, and writes nothing then', async () => {
    const menusBefore = await roleMenus(ROLE.assistant);
    const scopesBefore = await roleScopes(ROLE.assistant);
    const othersBefore = await Promise.all([ROLE.college, ROLE.office, ROLE.admin].map(roleMenus));
    const held = [menu('system'), menu('user'), menu('user_view')];
    // Two menus it does not hold (departments and tenants).
    const msg = await refused('/api/blade-system/role/grant', college, { roleIds: [ROLE.assistant], menuIds: [...held, menu('dept'), menu('tenant')] }, 403);
    expect(msg.zh).toContain('2 项超出自身权限');
    expect(msg.en).toContain('2 beyond your own');
    // A data scope wider than its own.
    const wider = await refused('/api/blade-system/role/grant', college, { roleIds: [ROLE.assistant], menuIds: held, dataScopeIds: [USER_SCOPE.all] }, 403);
    expect(wider.en).toContain('1 beyond your own');
    // An API scope it does not hold.
    const api = await data('POST', '/api/blade-system/api-scope/submit', admin, { menuId: menu('user'), scopeName: '用户接口', scopePath: '/blade-user/**', scopeType: '1' });
    const apiMsg = await refused('/api/blade-system/role/grant', college, { roleIds: [ROLE.assistant], menuIds: held, apiScopeIds: [api.id] }, 403);
    expect(apiMsg.zh).toContain('接口权限');
    // Roles it may not grant: its own, one above it, the administrator's.
    for (const roleId of [ROLE.college, ROLE.office, ROLE.admin]) await refused('/api/blade-system/role/grant', college, { roleIds: [roleId], menuIds: held }, 403);
    expect(await roleMenus(ROLE.assistant)).toEqual(menusBefore);
    expect(await roleScopes(ROLE.assistant)).toEqual(scopesBefore);
    expect(await Promise.all([ROLE.college, ROLE.office, ROLE.admin].map(roleMenus))).toEqual(othersBefore);

    // What it holds it grants.
    await data('POST', '/api/blade-system/role/grant', college, { roleIds: [ROLE.assistant], menuIds: held, dataScopeIds: [USER_SCOPE.deptAndBelow] });
    expect(await roleMenus(ROLE.assistant)).toEqual(expect.arrayContaining(held));
    expect(await roleScopes(ROLE.assistant)).toContain(USER_SCOPE.deptAndBelow);
    await data('POST', `/api/blade-system/api-scope/remove?ids=${api.id}`, admin);
  });

  it('is offered in the grant dialog only what it holds', async () => {
    const tree = await data('GET', '/api/blade-system/menu/grant-tree', college);
    const keys: string[] = [];
    const walk = (nodes: Json[]) => nodes.forEach((n) => { keys.push(n.key); walk(n.children ?? []); });
    walk(tree.menu);
    const own = new Set(await roleMenus(ROLE.college));
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((k) => !own.has(k))).toEqual([]);
    expect(keys).not.toContain(menu('dept'));
    const scopeKeys: string[] = [];
    const walkScopes = (nodes: Json[]) => nodes.forEach((n) => { if (n.isScope) scopeKeys.push(n.key); walkScopes(n.children ?? []); });
    walkScopes(tree.dataScope);
    expect(scopeKeys).toContain(USER_SCOPE.deptAndBelow);
    expect(scopeKeys).not.toContain(USER_SCOPE.all);
  });

  it('leaves the tenant administrator its full power', async () => {
    await data('GET', `/api/blade-user/detail?id=${USER.office}`, admin);
    const list = await data('GET', '/api/blade-system/role/list', admin);
    expect(JSON.stringify(list)).toContain(ROLE.admin);
    await data('POST', '/api/blade-system/role/grant', admin, { roleIds: [ROLE.assistant], menuIds: [menu('dept'), menu('dept_view')], dataScopeIds: [USER_SCOPE.all] });
    expect(await roleMenus(ROLE.assistant)).toEqual([menu('dept'), menu('dept_view')].sort());
    const user = await data('POST', '/api/blade-user/submit', admin, { account: 'dlg_admin_made', name: 'x', realName: '办公室', roleId: ROLE.office, deptId: DEPT.office });
    await data('POST', `/api/blade-user/remove?ids=${user.id}`, admin);
  });
});
