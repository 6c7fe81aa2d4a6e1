import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../auth/password.js';
import { seedId } from '../seed/menu-tree.js';
import { menuIdsByCode } from '../seed/platform-seed.js';
import { CLIENT_HEADER, DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { sqliteSource } from '../test-support/develop-sources.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const MENU = menuIdsByCode();
const ROLE = { office: seedId(91, 2), college: seedId(91, 3), leader: seedId(91, 6), foreignAdmin: seedId(91, 101) };
const DEPT = { computer: seedId(92, 4), computerAssoc: seedId(92, 5), office: seedId(92, 2) };
const USER = { college: seedId(90, 3), leader: seedId(90, 6) };

describe.each(testDialects())('system administration on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let office: string;
  let foreign: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, office, foreign] = await Promise.all([t.signIn('admin'), t.signIn('office'), t.signIn('admin', DEMO_PASSWORD, '100001')]);
  });
  afterAll(async () => t?.close());

  const data = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown, code = 200) => {
    const res = await t.call(method, url, token, body);
    expect(res.statusCode, res.body).toBe(code);
    return res.json().data as Json;
  };
  const signInRaw = (account: string, password: string, tenantId = '000000') => {
    const q = new URLSearchParams({ tenantId, username: account, password: md5Hex(password), grant_type: 'password', scope: 'all', type: 'account' });
    return t.app.inject({ method: 'POST', url: `/api/blade-auth/oauth/token?${q}`, headers: { authorization: CLIENT_HEADER, 'tenant-id': tenantId } });
  };

  describe('departments and posts', () => {
    it('answers the department tree with protocol nodes', async () => {
      const tree = await data('GET', '/api/blade-system/dept/tree', office) as Json[];
      expect(tree).toHaveLength(1);
      expect(tree[0]).toMatchObject({ title: '示范大学', hasChildren: true });
      const computer = (tree[0]?.children as Json[]).find((n) => n.id === DEPT.computer);
      expect(computer).toMatchObject({ key: DEPT.computer, value: DEPT.computer, title: '计算机科学与技术学院', hasChildren: true });
    });

    it('answers one level with lazy-tree and lazy-list', async () => {
      const level = await data('GET', `/api/blade-system/dept/lazy-tree?parentId=${DEPT.computer}`, office) as Json[];
      expect(level.map((n) => n.id)).toEqual([DEPT.computerAssoc]);
      expect(level[0]?.hasChildren).toBe(false);
      const rows = await data('GET', `/api/blade-system/dept/lazy-list?parentId=${DEPT.computer}`, office) as Json[];
      expect(rows.map((r) => r.deptName)).toEqual(['计算机学院校友会']);
    });

    it('keeps ancestors and refuses removing a department with children', async () => {
      const child = await data('POST', '/api/blade-system/dept/submit', admin, { parentId: DEPT.computer, deptName: '测试系' });
      expect(child.ancestors).toMatch(new RegExp(`,${DEPT.computer}$`));
      const res = await t.call('POST', `/api/blade-system/dept/remove?ids=${DEPT.computer}`, admin);
      expect(res.json()).toMatchObject({ code: 400, msg: '请先删除子节点!' });
      await data('POST', `/api/blade-system/dept/remove?ids=${child.id}`, admin);
    });

    it('answers the post picker', async () => {
      const posts = await data('GET', '/api/blade-system/post/select', office) as Json[];
      expect(posts.map((p) => p.postCode)).toContain('director');
    });
  });

  describe('users', () => {
    it('answers the staff picker: the users of the own tenant, names only', async () => {
      const users = await data('GET', '/api/blade-user/select', office) as Json[];
      expect(users.map((u) => u.account)).toEqual(expect.arrayContaining(['admin', 'office']));
      expect(users.every((u) => Object.keys(u).sort().join() === 'account,id,name,realName')).toBe(true);
    });

    it('pages the users of a department and of those below it, without password hashes', async () => {
      const assocUser = await data('POST', '/api/blade-user/submit', admin, { account: `u${Date.now()}`, name: 'x', realName: '下级', roleId: ROLE.leader, deptId: DEPT.computerAssoc });
      const page = await data('GET', `/api/blade-user/page?deptId=${DEPT.computer}&size=100`, admin);
      expect(page.records.map((r: Json) => r.id).sort()).toEqual([USER.college, assocUser.id].sort());
      expect(page.records[0]).not.toHaveProperty('password');
      await data('POST', `/api/blade-user/remove?ids=${assocUser.id}`, admin);
    });

    it('refuses an account that exists in the tenant, and accepts it in another tenant', async () => {
      const res = await t.call('POST', '/api/blade-user/submit', admin, { account: 'office', name: 'x', realName: 'x', roleId: ROLE.leader, deptId: DEPT.office });
      expect(res.json()).toMatchObject({ code: 400, msg: '当前用户 [office] 已存在!' });
      const own = await data('POST', '/api/blade-user/submit', foreign, { account: 'office', name: 'x', realName: 'x', roleId: ROLE.foreignAdmin, deptId: seedId(92, 101) });
      await data('POST', `/api/blade-user/remove?ids=${own.id}`, foreign);
    });

    it('refuses a new user when the tenant has used its account quota', async () => {
      const { db } = t.app.services.database;
      await db.updateTable('blade_tenant').set({ account_number: 1 }).where('tenant_id', '=', '100001').execute();
      try {
        const res = await t.call('POST', '/api/blade-user/submit', foreign, { account: 'more', name: 'x', realName: 'x', roleId: ROLE.foreignAdmin, deptId: seedId(92, 101) });
        expect(res.json()).toMatchObject({ code: 400, msg: '当前租户已到最大账号额度!' });
      } finally {
        await db.updateTable('blade_tenant').set({ account_number: 20 }).where('tenant_id', '=', '100001').execute();
      }
    });

    it('does not let office give a role it does not hold, by submit or by grant', async () => {
      const res = await t.call('POST', '/api/blade-user/submit', office, { account: `n${Date.now()}`, name: 'x', realName: 'x', roleId: ROLE.college, deptId: DEPT.office });
      expect(res.statusCode).toBe(403);
      expect((await t.call('POST', `/api/blade-user/grant?userIds=${USER.leader}&roleIds=${ROLE.college}`, office)).statusCode).toBe(403);
    });

    it('gives roles with grant (super administrator)', async () => {
      await data('POST', `/api/blade-user/grant?userIds=${USER.leader}&roleIds=${ROLE.college},${ROLE.leader}`, admin);
      expect((await data('GET', `/api/blade-user/detail?id=${USER.leader}`, admin)).roleId).toBe(`${ROLE.college},${ROLE.leader}`);
      await data('POST', `/api/blade-user/grant?userIds=${USER.leader}&roleIds=${ROLE.leader}`, admin);
    });

    it('lifts a sign-in lockout with unlock', async () => {
      for (let i = 0; i < 5; i += 1) await signInRaw('leader', 'wrong-password');
      expect((await signInRaw('leader', DEMO_PASSWORD)).json().error_description).toBe('登录错误次数过多,请1分钟后再试');
      await data('POST', `/api/blade-user/unlock?userIds=${USER.leader}`, office);
      expect((await signInRaw('leader', DEMO_PASSWORD)).json().access_token).toBeTruthy();
    });

    it('resets a password to parameter account.initPassword', async () => {
      const { db } = t.app.services.database;
      await db.updateTable('blade_param').set({ param_value: 'Reset@2024' }).where('param_key', '=', 'account.initPassword').execute();
      try {
        await data('POST', `/api/blade-user/reset-password?userIds=${USER.leader}`, office);
        expect((await signInRaw('leader', 'Reset@2024')).json()).toMatchObject({ access_token: expect.any(String), must_change_password: true });
      } finally {
        await db.updateTable('blade_param').set({ param_value: DEMO_PASSWORD }).where('param_key', '=', 'account.initPassword').execute();
        await data('POST', `/api/blade-user/reset-password?userIds=${USER.leader}`, admin);
        // The other tests sign in as the leader: the reset's demand of a new password is lifted (decision 237).
        await db.updateTable('app_user_session').set({ must_change_password: 0 }).where('user_id', '=', USER.leader).execute();
      }
    });

    it('keeps a platform extension per user type', async () => {
      await data('POST', '/api/blade-user/update-platform', admin, { userId: USER.leader, userType: 2, userExt: '{"openId":"x"}' });
      expect(await data('GET', `/api/blade-user/platform-detail?id=${USER.leader}`, admin)).toMatchObject({ userType: 2, userExt: '{"openId":"x"}' });
      expect((await t.call('POST', '/api/blade-user/update-platform', office, { userId: USER.leader, userType: 1 })).statusCode).toBe(403);
    });

    it('answers the signed-in user with info', async () => {
      expect(await data('GET', '/api/blade-user/info', office)).toMatchObject({ account: 'office', realName: '王晓梅' });
    });
  });

  describe('roles and grants', () => {
    it('answers the role tree', async () => {
      const tree = await data('GET', '/api/blade-system/role/tree', admin) as Json[];
      expect(tree.map((n) => n.title)).toEqual(['超级管理员', '校友工作']);
      expect(await data('GET', `/api/blade-system/role/tree-by-id?roleId=${ROLE.office}`, admin)).toEqual(tree);
    });

    it('grants a role menus and buttons, read back by role-tree-keys and effective at once', async () => {
      const menuIds = ['system', 'post', 'post_view'].map((c) => MENU.get(c));
      await data('POST', '/api/blade-system/role/grant', admin, { roleIds: [ROLE.leader], menuIds });
      expect((await data('GET', `/api/blade-system/menu/role-tree-keys?roleIds=${ROLE.leader}`, admin)).menu.sort()).toEqual([...menuIds].sort());
      const leader = await t.signIn('leader');
      expect((await t.call('GET', '/api/blade-system/post/list', leader)).statusCode).toBe(200);
      await data('POST', '/api/blade-system/role/grant', admin, { roleIds: [ROLE.leader], menuIds: [] });
      expect((await t.call('GET', '/api/blade-system/post/list', leader)).statusCode).toBe(403);
    });

    it("offers a tenant's administrator only its package in grant-tree, and refuses a menu outside it", async () => {
      const tree = await data('GET', '/api/blade-system/menu/grant-tree', foreign);
      const codes: string[] = [];
      const walk = (nodes: Json[]) => nodes.forEach((n) => { codes.push(n.code); walk(n.children ?? []); });
      walk(tree.menu);
      expect(codes).toContain('user');
      expect(codes).not.toContain('param');
      const role = await data('POST', '/api/blade-system/role/submit', foreign, { roleName: '测试', roleAlias: 'test', sort: 2 });
      const res = await t.call('POST', '/api/blade-system/role/grant', foreign, { roleIds: role.id, menuIds: `${MENU.get('system')},${MENU.get('param')}` });
      expect(res.statusCode).toBe(403);
      await data('POST', `/api/blade-system/role/remove?ids=${role.id}`, foreign);
    });

    it('does not let anybody but the super administrator widen their own role', async () => {
      const res = await t.call('POST', '/api/blade-system/role/grant', foreign, { roleIds: ROLE.foreignAdmin, menuIds: MENU.get('system') });
      expect(res.statusCode).toBe(403);
    });

    it('sets the menus of a top menu', async () => {
      const top = seedId(95, 3);
      await data('POST', '/api/blade-system/topmenu/grant', admin, { topMenuIds: top, menuIds: `${MENU.get('authority')}` });
      expect((await data('GET', `/api/blade-system/menu/top-tree-keys?topMenuIds=${top}`, admin)).menu).toEqual([MENU.get('authority')]);
    });
  });

  describe('menus', () => {
    it('answers one level with lazy-list and only menus with lazy-menu-list', async () => {
      const level = await data('GET', `/api/blade-system/menu/lazy-list?parentId=${MENU.get('user')}`, admin) as Json[];
      expect(level.map((m) => m.code)).toContain('user_unlock');
      expect(await data('GET', `/api/blade-system/menu/lazy-menu-list?parentId=${MENU.get('user')}`, admin)).toEqual([]);
      const roots = await data('GET', '/api/blade-system/menu/lazy-menu-list', admin) as Json[];
      expect(roots.find((m) => m.code === 'system')?.hasChildren).toBe(true);
    });

    it('answers every menu as a tree with menu-list, platform only', async () => {
      const tree = await data('GET', '/api/blade-system/menu/menu-list', admin) as Json[];
      expect(tree.map((n) => n.code)).toContain('authority');
      expect((await t.call('GET', '/api/blade-system/menu/menu-list', foreign)).statusCode).toBe(403);
    });
  });

  describe('tenants', () => {
    it("creates a tenant's administrator, who signs in and sees only its package", async () => {
      const code = `t${Date.now().toString(36).slice(-6)}`;
      const tenant = await data('POST', '/api/blade-system/tenant/submit', admin, { tenantId: code, tenantName: '新租户', domain: `${code}.example.com` });
      await data('POST', `/api/blade-system/tenant/package-setting?tenantId=${code}&packageId=${seedId(97, 2)}`, admin);
      expect((await data('GET', `/api/blade-system/tenant/package-detail?tenantId=${code}`, admin)).packageName).toBe('校友基础版');
      const token = await t.signIn('admin', DEMO_PASSWORD, code);
      expect((await t.call('GET', '/api/blade-system/param/list', token)).statusCode).toBe(403);
      await data('POST', `/api/blade-system/tenant/setting?ids=${tenant.id}&accountNumber=1`, admin);
      const full = await t.call('POST', '/api/blade-user/submit', token, { account: 'second', name: 'x', realName: 'x', roleId: (await data('GET', '/api/blade-user/info', token)).roleId, deptId: (await data('GET', '/api/blade-user/info', token)).deptId });
      expect(full.json()).toMatchObject({ code: 400, msg: '当前租户已到最大账号额度!' });
      expect((await t.call('GET', `/api/blade-system/tenant/info?domain=${code}.example.com`)).json().data).toEqual({ tenantId: code, domain: `${code}.example.com`, backgroundUrl: '' });
      await data('POST', `/api/blade-system/tenant/setting?ids=${tenant.id}&accountNumber=-1&expireTime=2020-01-01 00:00:00`, admin);
      expect((await signInRaw('admin', DEMO_PASSWORD, code)).json().error_description).toBe('租户授权已过期,请联系管理员');
    });

    it('records a data source and refuses tenant calls from another tenant', async () => {
      const source = sqliteSource('tenant-binding');
      const saved = await data('POST', '/api/blade-develop/datasource/submit', admin, { name: `租户数据源${dialect}`, driverClass: source.driverClass, url: source.url });
      expect((await t.call('POST', `/api/blade-system/tenant/datasource?tenantId=100001&datasourceId=123`, admin)).json()).toMatchObject({ code: 400, msg: '数据源不存在' });
      await data('POST', `/api/blade-system/tenant/datasource?tenantId=100001&datasourceId=${saved.id}`, admin);
      expect((await t.call('POST', `/api/blade-develop/datasource/remove?ids=${saved.id}`, admin)).statusCode).toBe(400);
      expect((await t.call('POST', '/api/blade-system/tenant/setting?ids=1&accountNumber=1', foreign)).statusCode).toBe(403);
    });

    it('refuses the sign-in of an expired tenant', async () => {
      const { db } = t.app.services.database;
      await db.updateTable('blade_tenant').set({ expire_time: '2020-01-01 00:00:00' }).where('tenant_id', '=', '100001').execute();
      try {
        expect((await signInRaw('admin', DEMO_PASSWORD, '100001')).json().error_description).toBe('租户授权已过期,请联系管理员');
      } finally {
        await db.updateTable('blade_tenant').set({ expire_time: '2099-01-01 00:00:00' }).where('tenant_id', '=', '100001').execute();
      }
    });
  });
});
