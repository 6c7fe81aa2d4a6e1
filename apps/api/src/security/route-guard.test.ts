import { postEntity, routedEntities, type EntityDef } from '@alumni/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COLLEGE_ASSISTANT_ROLE_ID, COLLEGE_ROLE_ID } from '../seed/college-administration.js';
import { ROLE_FIELD_TABLE } from '../db/migrations/073-role-field-rules.js';
import { DATA_SCOPE_TABLE, seedId } from '../seed/menu-tree.js';
import { ADMIN_ROLE_ID, ADMIN_USER_ID, ROOT_DEPT_ID, menuIdsByCode } from '../seed/platform-seed.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import {
  answerOf, answeredData, entityOfRoute, fillPath, liveIds, refusedCleanly, routeTable, summarize, type RouteEntry,
} from './route-table.js';

// Every instance of Fastify records its routes (see route-table.ts): a route added tomorrow is checked here the day it lands.
vi.mock('fastify', async (original) => (await import('./route-table.js')).withRouteTable(await original()));

/**
 * The calls any signed-in user may make whatever their roles hold: the shell's own calls after
 * sign-in, the user's own profile, reference data and dictionaries. Every other route must
 * refuse a caller whose role does not hold its menu. Keep each entry justified.
 */
const SELF_SERVICE: Record<string, string> = {
  // The signed-in user's own record.
  'GET /api/blade-auth/oauth/user-info': 'own user record',
  'GET /api/blade-auth/user-info': 'own user record',
  'GET /api/blade-user/info': 'own user record (personal info page)',
  'POST /api/blade-user/update-info': 'own name, phone, e-mail, avatar',
  'POST /api/blade-user/update-password': 'own password (needs the old one)',
  // Drops the server caches of menus, grants, dictionaries and clients; answers no data.
  'GET /api/blade-auth/oauth/clear-cache': 'cache drop, no data (BladeX offers it to every signed-in user)',
  'GET /api/blade-auth/clear-cache': 'cache drop, no data',
  // The shell's menus: computed from the caller's own grants, so a role holding nothing gets nothing.
  'GET /api/blade-system/menu/routes': 'own menu tree',
  'GET /api/blade-system/menu/buttons': 'own buttons',
  'GET /api/blade-system/menu/top-menu': 'top menus holding at least one of the own menus',
  'GET /api/blade-system/menu/tree': 'own menus as a tree',
  'GET /api/blade-system/menu/grant-tree': 'what the caller can grant: their own menus and scopes',
  'GET /api/blade-system/menu/grant-top-tree': 'own menus, for the top-menu picker',
  'GET /api/blade-system/menu/role-tree-keys': "roles' keys filtered to the menus the caller holds",
  // The forms' and lists' own restrictions: computed from the caller's own roles, so a role holding nothing gets nothing.
  'GET /api/blade-system/menu/field-rules': 'own hidden and read-only fields (decisions 320–322)',
  // Each list's columns as the user arranged them: the caller's own row only (decisions 326–327).
  'GET /api/blade-user/list-settings': 'own column settings of a list',
  'POST /api/blade-user/list-settings': 'own column settings of a list',
  'POST /api/blade-user/list-settings/reset': 'own column settings of a list, back to the defined ones',
  // The department/role switch dialog: what the caller holds (another user only for the super administrator).
  'GET /api/blade-system/dept/select': 'own departments',
  'GET /api/blade-system/role/select': 'own roles',
  // Pickers and statistics declare the menus they serve (access/route-grant.ts, picker-grants.test.ts);
  // these answer reference data and the school's name, never personal data or figures.
  'GET /api/blade-system/region/lazy-tree': 'region picker (reference data of every tenant)',
  'GET /api/blade-registInfo/registInfo/schoolBeginYear': 'the school\'s name and founding year that bound year pickers (signed in)',
  'GET /api/blade-system/dict/dictionary': 'drop-down entries of a system dictionary',
  'GET /api/blade-system/dict-biz/dictionary': "drop-down entries of the tenant's business dictionary",
  // The shell uploads its own error log and any form may upload a file (avatar, attachments).
  'POST /api/blade-log/error/client': "the shell's own client error log",
  'POST /api/blade-resource/oss/endpoint/put-file': 'upload of one file by any signed-in caller',
  // Signs stored links for the caller; a signature opens only the signing tenant's live attachments.
  'POST /api/blade-resource/oss/endpoint/file-links': 'short-lived signed links to show stored files (decision 238)',
  // The top bar's bell: the caller's own unread notices, waiting messages and to-dos; each part is
  // answered only with its menu (notice, message, work_todo), a role holding none gets empty parts.
  'GET /api/blade-desk/notice/bell': 'own unread notices, messages and to-dos, each part only with its menu',
};

const keyOf = (r: RouteEntry) => `${r.method} ${r.url}`;

/** The routes of users, roles and grants a delegated administrator reaches (decision 299). */
const DELEGATED_ROUTES = /^\/api\/(blade-user\/|blade-system\/(role|user)\/|blade-system\/menu\/(grant|role-tree-keys)|blade-system\/topmenu\/grant)/;

/**
 * Calls of those routes that answer rows of the whole tenant to a delegated administrator, by
 * design. Keep each entry justified.
 */
const TENANT_WIDE: Record<string, string> = {
  'GET /api/blade-user/select': "the staff picker of business forms: names of the tenant's staff (DOMAIN 13.1), no personal data",
};

interface Call {
  route: RouteEntry;
  url: string;
  body: Record<string, unknown> | undefined;
}

describe.each(testDialects())('security/routes on %s', (dialect) => {
  let t: TestApp;
  let routes: RouteEntry[];
  let nobody: string;
  let limited: string;
  /** Real ids of rows (taken before the test's own users exist) for id parameters. */
  const idOf = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    routes = routeTable(t.app);
    const admin = await t.signIn('admin');
    // Real-looking ids: a live row of each entity's table (not the administrator's own rows).
    const critical = new Set([ADMIN_USER_ID, ADMIN_ROLE_ID, ROOT_DEPT_ID]);
    for (const e of routedEntities()) {
      const [id] = await liveIds(t.app, e.table, critical, 1);
      if (id) idOf.set(e.name, id);
    }
    const [topMenu] = await liveIds(t.app, 'blade_top_menu', new Set(), 1);
    if (topMenu) idOf.set('topMenu', topMenu);

    nobody = await t.signInWithoutGrants(admin);

    // A role holding one menu alone, with its buttons: post management.
    const menus = menuIdsByCode();
    const postMenus = ['post', 'post_add', 'post_edit', 'post_delete', 'post_view'].map((c) => menus.get(c)).filter(Boolean);
    const created = async (url: string, body: object) => {
      const res = await t.call('POST', url, admin, body);
      if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.body}`);
      return res.json().data as { id: string };
    };
    const role = await created('/api/blade-system/role/submit', { parentId: '0', roleName: '仅岗位', roleAlias: 'post_only', sort: 98 });
    await created('/api/blade-system/role/grant', { roleIds: [role.id], menuIds: postMenus });
    await created('/api/blade-user/submit', { account: 'postonly', name: 'postonly', realName: '岗位管理员', roleId: role.id, deptId: ROOT_DEPT_ID });
    limited = await t.signIn('postonly');
  });
  afterAll(async () => t?.close());

  /** A real-looking value for a parameter, or undefined when the call does not need it. */
  function valueFor(route: RouteEntry, name: string, required: boolean): unknown {
    const entity: EntityDef | null = entityOfRoute(route.url);
    const isList = route.query.names.includes('current');
    const ids = (key: string) => idOf.get(key) ?? '1';
    if (name === 'id' || name === 'ids') return isList && !required ? undefined : ids(entity?.name ?? '');
    if (/^userIds?$/.test(name)) return ids('user');
    if (/^roleIds?$/.test(name)) return ids('role');
    if (/^topMenuIds?$/.test(name)) return ids('topMenu');
    if (/^menuIds?$/.test(name)) return isList ? undefined : ids('menu');
    if (name === 'packageId') return ids('tenant-package');
    if (name === 'tenantId') return '000000';
    if (name === 'code' && required) return 'sex';
    if (name === 'channel') return 'sms';
    if (name === 'name' && required) return '000000/upload/x.png';
    if (name === 'to') return 'someone@example.com';
    if (required) return ids(entity?.name ?? '');
    return undefined;
  }

  /**
   * The call of a route with real-looking parameters: those it requires (and ids outside list
   * filters). `thorough` also fills every id-like parameter and gives a body-less POST an `id`
   * body, for routes that read more than they document.
   */
  function callFor(route: RouteEntry, thorough = false): Call {
    const idLike = (name: string) => /^(id|ids)$|Ids?$/.test(name);
    const query = new URLSearchParams();
    for (const name of route.query.names) {
      const v = valueFor(route, name, route.query.required.includes(name) || (thorough && idLike(name)));
      if (v !== undefined) query.set(name, String(v));
    }
    let body: Record<string, unknown> | undefined;
    if (route.body) {
      body = {};
      for (const name of route.body.names) {
        const required = route.body.required.includes(name);
        // The grant calls take id lists; the other ids of a submit body stay out (their permission is checked first).
        const v = name === 'id' || required || /Ids$/.test(name) || (thorough && idLike(name)) ? valueFor(route, name, true) : undefined;
        if (v !== undefined) body[name] = /Ids$/.test(name) ? [v] : v;
      }
    } else if (thorough && route.method === 'POST' && !route.consumes.includes('multipart/form-data')) {
      body = Object.fromEntries([...query.entries()]);
      body.id ??= valueFor(route, 'id', true);
    }
    const qs = query.toString();
    return { route, url: `${fillPath(route.url, '1')}${qs ? `?${qs}` : ''}`, body };
  }

  const describeCall = (who: string, c: Call, res: LightMyRequestResponse) =>
    `${who}: ${c.route.method} ${c.url} body=${summarize(c.body)} → ${answerOf(res)}`;

  it('refuses every route to callers who do not hold it', async () => {
    const failures: string[] = [];
    let calls = 0;
    let dataWhereRefused = 0;
    const check = async (who: string, token: string | null, route: RouteEntry, mayAnswer: boolean) => {
      let c = callFor(route);
      calls++;
      let res = await t.call(route.method as 'GET' | 'POST', c.url, token, c.body);
      // A 400 may come before the permission check: the call is made again with every id-like parameter filled.
      if (!mayAnswer && res.statusCode === 400) {
        c = callFor(route, true);
        calls++;
        res = await t.call(route.method as 'GET' | 'POST', c.url, token, c.body);
      }
      if (res.statusCode >= 500) failures.push(`5xx — ${describeCall(who, c, res)}`);
      if (mayAnswer) return;
      if (answeredData(res)) {
        dataWhereRefused++;
        failures.push(`answered data — ${describeCall(who, c, res)}`);
      } else if (!refusedCleanly(res)) {
        failures.push(`no clean refusal — ${describeCall(who, c, res)}`);
      }
    };

    // (i) Without a token: every non-public route answers 401 and no data.
    for (const route of routes) {
      const c = callFor(route);
      if (route.isPublic) {
        await check('no token', null, route, true);
        continue;
      }
      calls++;
      const res = await t.call(route.method as 'GET' | 'POST', c.url, null, c.body);
      let body: { success?: unknown; data?: unknown } = {};
      try {
        body = res.json();
      } catch { /* reported below */ }
      if (res.statusCode !== 401 || body.success !== false || body.data !== null) {
        if (answeredData(res)) dataWhereRefused++;
        failures.push(`not 401 — ${describeCall('no token', c, res)}`);
      }
    }

    // (ii) A signed-in user whose only role holds no menu: the self-service routes alone.
    const tenantRoutes = routes.filter((r) => !r.isPublic);
    for (const route of tenantRoutes) await check('no grants', nobody, route, keyOf(route) in SELF_SERVICE);

    // (iii) A role holding post management alone: its own routes and the self-service ones.
    const postBase = `/api${postEntity.api?.base}/`;
    for (const route of tenantRoutes) await check('post only', limited, route, keyOf(route) in SELF_SERVICE || route.url.startsWith(postBase));

    // The limited role really reaches its own menu (else (iii) proves nothing).
    const own = await t.call('GET', `${postBase}list`, limited);
    expect(own.statusCode, own.body).toBe(200);

    // Self-service entries must still name real routes.
    const known = new Set(routes.map(keyOf));
    for (const key of Object.keys(SELF_SERVICE)) if (!known.has(key)) failures.push(`SELF_SERVICE names no route: ${key}`);

    console.log(`security/routes ${dialect}: ${routes.length} routes, ${calls} calls, ${dataWhereRefused} answered data where they should refuse`);
    expect(failures, `\n${failures.join('\n')}`).toEqual([]);
  }, 120_000);

  it('keeps a delegated college administrator inside its college and its own menus on every user, role and grant route', async () => {
    const college = await t.signIn('college');
    const menus = menuIdsByCode();
    /** A user, a role and a department outside the college; menus and a data scope the college does not hold. */
    const outside = { user: seedId(90, 2), account: 'office@example.com', role: ADMIN_ROLE_ID, dept: seedId(92, 2) };
    const notHeld = [menus.get('tenant'), menus.get('dept')] as string[];
    const userScopeAll = seedId(DATA_SCOPE_TABLE, 1);
    const db = t.app.services.database.db;
    const snapshot = async () => ({
      user: await db.selectFrom('blade_user').selectAll().where('id', '=', outside.user).executeTakeFirstOrThrow(),
      users: (await db.selectFrom('blade_user').select(['id', 'dept_id', 'role_id', 'is_deleted']).orderBy('id').execute()),
      roles: await db.selectFrom('blade_role').select(['id', 'parent_id', 'role_name', 'is_deleted']).orderBy('id').execute(),
      roleMenus: (await db.selectFrom('blade_role_menu').select(['role_id', 'menu_id']).execute()).map((r) => `${r.role_id}|${r.menu_id}`).sort(),
      roleScopes: (await db.selectFrom('blade_role_scope').select(['role_id', 'scope_id']).execute()).map((r) => `${r.role_id}|${r.scope_id}`).sort(),
      roleFields: (await db.selectFrom(ROLE_FIELD_TABLE).select(['role_id', 'entity', 'field', 'mode']).execute()).map((r) => `${r.role_id}|${r.entity}|${r.field}|${r.mode}`).sort(),
    });
    const before = await snapshot();

    const valueOf = (route: RouteEntry, name: string): unknown => {
      const roles = route.url.includes('/role/') || route.url.includes('/menu/');
      if (/^(id|ids)$/.test(name)) return roles ? outside.role : outside.user;
      if (/^userIds?$/.test(name)) return outside.user;
      if (/^roleIds?$/.test(name)) return outside.role;
      if (/^menuIds?$/.test(name)) return notHeld.join(',');
      if (name === 'dataScopeIds') return userScopeAll;
      if (name === 'deptId') return outside.dept;
      if (name === 'topMenuIds') return idOf.get('topMenu') ?? '1';
      if (name === 'tenantId') return '000000';
      return undefined;
    };
    const failures: string[] = [];
    let calls = 0;
    const reached = routes.filter((r) => !r.isPublic && DELEGATED_ROUTES.test(r.url) && !(keyOf(r) in SELF_SERVICE));
    for (const route of reached) {
      const query = new URLSearchParams();
      const body: Record<string, unknown> = {};
      for (const name of route.query.names) {
        const v = valueOf(route, name);
        if (v !== undefined) query.set(name, String(v));
      }
      for (const name of route.body?.names ?? []) {
        const v = valueOf(route, name);
        if (v !== undefined) body[name] = v;
      }
      if (route.method === 'POST' && !route.consumes.includes('multipart/form-data')) {
        // A write names the outside row by id (an edit), else the outside department (a new user).
        body.id ??= route.url.includes('/role/') ? outside.role : outside.user;
        if (route.url.endsWith('/submit') && route.url.includes('blade-user')) Object.assign(body, { account: 'delegated_out', name: 'x', realName: 'x', roleId: COLLEGE_ASSISTANT_ROLE_ID, deptId: outside.dept });
      }
      const qs = query.toString();
      const c: Call = { route, url: `${fillPath(route.url, outside.user)}${qs ? `?${qs}` : ''}`, body: route.method === 'GET' ? undefined : body };
      const variants: Call[] = [c];
      // A new user (no id) in a department outside; a grant to the role below its own of what it does not hold.
      if (route.url.endsWith('/blade-user/submit')) variants.push({ ...c, body: { ...body, id: undefined } });
      if (route.url.endsWith('/blade-system/role/grant')) {
        variants.push({ ...c, body: { roleIds: COLLEGE_ASSISTANT_ROLE_ID, menuIds: notHeld.join(',') } });
        variants.push({ ...c, body: { roleIds: COLLEGE_ASSISTANT_ROLE_ID, menuIds: menus.get('user'), dataScopeIds: userScopeAll } });
        variants.push({ ...c, body: { roleIds: COLLEGE_ROLE_ID, menuIds: menus.get('user') } });
      }
      // Field rules (decisions 320–322): of an entity whose menu it does not hold, of its own role, of a role outside.
      if (route.url.endsWith('/blade-system/role/field-rules') && route.method === 'POST') {
        const rules = [{ field: 'tenantName', mode: 'hidden' }];
        variants.push({ ...c, body: { roleId: COLLEGE_ASSISTANT_ROLE_ID, entity: 'tenant', rules } });
        variants.push({ ...c, body: { roleId: COLLEGE_ROLE_ID, entity: 'user', rules: [{ field: 'phone', mode: 'hidden' }] } });
        variants.push({ ...c, body: { roleId: outside.role, entity: 'user', rules: [{ field: 'phone', mode: 'hidden' }] } });
      }
      for (const v of variants) {
        calls++;
        const res = await t.call(route.method as 'GET' | 'POST', v.url, college, v.body);
        if (res.statusCode >= 500) failures.push(`5xx — ${describeCall('college', v, res)}`);
        const tenantWide = keyOf(route) in TENANT_WIDE;
        if (!tenantWide && answeredData(res) && [outside.user, outside.account, outside.role].some((x) => res.body.includes(x))) {
          failures.push(`answered a row outside the college — ${describeCall('college', v, res)}`);
        }
        if (route.method === 'POST' && res.statusCode === 200 && !tenantWide) failures.push(`accepted a write outside — ${describeCall('college', v, res)}`);
      }
    }
    // Nothing outside changed, and nothing was granted.
    const after = await snapshot();
    expect(after).toEqual(before);
    // The college really reaches its own (else the sweep proves nothing).
    const own = await t.call('GET', '/api/blade-user/page?size=100', college);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).toContain(seedId(90, 3));
    const grant = await t.call('GET', '/api/blade-system/menu/grant-tree', college);
    expect(grant.statusCode).toBe(200);
    for (const id of notHeld) expect(grant.body).not.toContain(`"${id}"`);
    expect(reached.length).toBeGreaterThan(10);
    for (const key of Object.keys(TENANT_WIDE)) if (!routes.some((r) => keyOf(r) === key)) failures.push(`TENANT_WIDE names no route: ${key}`);
    console.log(`security/routes ${dialect}: a delegated college administrator, ${reached.length} routes, ${calls} calls`);
    expect(failures, `\n${failures.join('\n')}`).toEqual([]);
  }, 120_000);
});
