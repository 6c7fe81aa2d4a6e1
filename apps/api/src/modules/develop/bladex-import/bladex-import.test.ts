import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../../auth/password.js';
import { ROOT_DEPT_ID, menuIdsByCode } from '../../../seed/platform-seed.js';
import { CLIENT_HEADER, startTestApp, testDialects, type TestApp } from '../../../test-support/test-app.js';
import { LOCAL_SERVICES } from '../../../test-support/local-services.js';
import { HR, SCHOOL, bladexHash, createBladexDatabase, type BladexDatabase } from './bladex-fixture.js';
import { waitFor } from '../../../test-support/wait-for.js';
import { openSourceConnection } from '../source-connection.js';
import { applyPlan } from './apply-plan.js';
import { sourceKey } from './bladex-import-service.js';
import { planImport } from './bladex-plan.js';
import { readBladex } from './bladex-source.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const mysqlUrl = process.env.TEST_MYSQL_URL;
const BASE = '/api/blade-develop/bladex-import';
const TABLES = [
  'blade_tenant', 'blade_dept', 'blade_post', 'blade_role', 'blade_role_menu', 'blade_role_scope', 'blade_menu', 'blade_dict', 'blade_dict_biz',
  'blade_param', 'blade_user', 'app_bladex_import_map', 'app_bladex_import_run',
];

const counts = (create: number, match: number, skip: number, deleted: number, total: number) =>
  ({ total, create, update: 0, unchanged: 0, match, skip, deleted });

/** What the fixture's BladeX (bladex-fixture.ts) becomes in the demo product. */
const FIRST_RUN = {
  tenant: counts(1, 1, 0, 1, 3),
  dept: counts(5, 0, 0, 1, 6),
  post: counts(3, 1, 0, 0, 4),
  role: counts(4, 1, 0, 1, 6),
  menu: counts(0, 8, 3, 1, 12),
  roleMenu: counts(11, 0, 7, 0, 18),
  roleScope: counts(1, 0, 2, 0, 3),
  dict: counts(3, 4, 2, 1, 10),
  dictBiz: counts(3, 2, 1, 0, 6),
  param: counts(1, 1, 1, 1, 4),
  user: counts(3, 0, 3, 1, 7),
};

const grant = (tenantId: string, roleAlias: string, roleName: string, kind: string, sourceId: string, code: string | null, reason: string) =>
  ({ tenantId, roleAlias, roleName, grant: kind, sourceId, code, reason });

describe.skipIf(!mysqlUrl).each(testDialects())('moving in from BladeX on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let source: BladexDatabase;
  /** The data sources (研发工具 › 数据源管理) naming the BladeX database, and a database without its tables. */
  let datasourceId: string;
  let notBladexId: string;
  beforeAll(async () => {
    source = await createBladexDatabase(mysqlUrl as string, `${dialect}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`);
    t = await startTestApp(dialect, LOCAL_SERVICES);
    await t.app.services.jobs.start();
    admin = await t.signIn('admin');
    const save = async (name: string, url: string) => {
      const res = await t.call('POST', '/api/blade-develop/datasource/submit', admin, {
        name, driverClass: source.settings.driverClass, url, username: source.settings.username, password: source.settings.password || undefined,
      });
      expect(res.statusCode, res.body).toBe(200);
      return String(res.json().data.id);
    };
    datasourceId = await save('BladeX', source.settings.url);
    notBladexId = await save('test', source.settings.url.replace(/bladex_\w+/, 'test'));
  });
  afterAll(async () => {
    await t?.close();
    await source?.drop();
  });

  const db = () => t.app.services.database.db;
  const tableCounts = async () => {
    const out: Record<string, number> = {};
    for (const table of TABLES) out[table] = Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return out;
  };
  const post = async (path: string, body: Json, token = admin, lang?: string) =>
    t.call('POST', `${BASE}/${path}`, token, body, lang ? { 'accept-language': lang } : {});
  const dryRun = async (body: Json = {}) => {
    const res = await post('dry-run', { datasourceId, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json;
  };
  const runToEnd = async () => {
    const started = await post('run', { datasourceId });
    expect(started.statusCode, started.body).toBe(200);
    // The job may have started before the answer is written.
    expect(['queued', 'running']).toContain(started.json().data.state);
    expect(started.json().data).toMatchObject({ source: expect.stringMatching(/^mysql:\/\/.+\/bladex_/) });
    const last = await waitFor('the import to end', async () => (await t.call('GET', `${BASE}/last`, admin)).json().data as Json,
      (run) => run?.id === started.json().data.id && (run.state === 'completed' || run.state === 'failed'));
    expect(last.error).toBeNull();
    expect(last).toMatchObject({ state: 'completed', progressTotal: expect.any(Number) });
    expect(last.progressDone).toBe(last.progressTotal);
    return last;
  };
  const signIn = (account: string, password: string, tenantId: string) => t.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId, username: account, password: md5Hex(password), grant_type: 'password', scope: 'all', type: 'account' })}`,
    headers: { authorization: CLIENT_HEADER, 'tenant-id': tenantId },
  });
  const stored = async (id: string) => String((await db().selectFrom('blade_user').select('password').where('id', '=', id).executeTakeFirstOrThrow()).password);

  it('reports in a dry run what an import would do, and writes nothing', async () => {
    const before = await tableCounts();
    const report = await dryRun();
    expect(report.source).toEqual({
      driver: 'mysql', database: expect.stringMatching(/^mysql:\/\/127\.0\.0\.1:3306\/bladex_/), domainColumn: 'domain_url', missingTables: [],
      tenants: [
        { tenantId: '000000', tenantName: '管理组', target: '000000' },
        { tenantId: '200001', tenantName: '江南大学校友会', target: '200001' },
      ],
    });
    expect(report.kinds).toEqual(FIRST_RUN);
    expect(report.unmatchedMenus).toEqual([
      { id: '1123598815738675209', code: 'process_leave', name: '请假流程', path: '/work/process/leave', category: 1 },
      { id: '1123598815738675208', code: 'zipkin', name: 'Zipkin', path: 'http://localhost:9411', category: 1 },
      { id: '1123598815738675210', code: 'school_stats', name: '学校统计', path: '/school/stats', category: 1 },
    ]);
    expect(report.unknownGrants).toEqual([
      grant('000000', 'user', '用户', 'menu', '1123598815738675208', 'zipkin', 'unmatched'),
      grant('000000', 'user', '用户', 'menu', '1999999999999999999', null, 'missing'),
      grant('000000', 'hr', '人事', 'menu', '1123598815738675210', 'school_stats', 'unmatched'),
      grant('000000', 'hr', '人事', 'menu', '1123598815738675211', null, 'missing'),
      grant('200001', 'admin', '管理员', 'menu', '1123598815738675209', 'process_leave', 'unmatched'),
      grant('200001', 'admin', '管理员', 'dataScope', '1600000000000000002', '通知所在机构可见', 'unmatched'),
      grant('000000', 'user', '用户', 'apiScope', '1600000000000000011', '用户分页', 'unmatched'),
    ]);
    expect(report.usersWithMissing).toEqual([
      { tenantId: '200001', account: 'lisi', depts: ['1500000000000000103', '1999999999999999998'], roles: [], posts: [] },
    ]);
    expect(report.dictionaryConflicts).toEqual([
      { kind: 'dict', tenantId: null, code: 'yes_no', dictKey: '1', source: '否', product: '是' },
      { kind: 'dict', tenantId: null, code: 'yes_no', dictKey: '2', source: '是', product: null },
      { kind: 'dictBiz', tenantId: '000000', code: 'leave_type', dictKey: '2', source: '病休', product: '病假' },
    ]);
    // 123456 is the product's value nowhere, and it would break the password rules.
    expect(report.paramConflicts).toEqual([{ tenantId: '000000', paramKey: 'account.initPassword', source: '123456', product: 'Xy@123456', reason: 'rules' }]);
    expect(report.duplicateAccounts).toEqual([
      { tenantId: '000000', account: 'admin', sourceIds: ['1123598821738675201'], kept: null, reason: 'product' },
      { tenantId: '200001', account: SCHOOL.account, sourceIds: [SCHOOL.userId, '1500000000000000402'], kept: SCHOOL.userId, reason: 'source' },
    ]);
    expect(report.orphans).toEqual([]);
    expect(report.otherTenants).toEqual([{ tenantId: '300001', rows: 1 }]);
    expect(report.removedInProduct).toEqual([]);
    expect(report.removedUsers).toEqual([]);
    // The platform's super administrator grants every role; the school's admin role has no sibling.
    expect(report.reparentedRoles).toEqual([]);
    // BladeX's seeded root department has the id of the product's own root.
    expect(report.renumbered).toEqual({ dept: 1 });
    expect(await tableCounts()).toEqual(before);
  });

  it('imports only the chosen tenants, into the tenant each is mapped to', async () => {
    const report = await dryRun({ tenantIds: ['200001'], tenantMap: { 200001: '200009' } });
    expect(report.source.tenants).toEqual([
      { tenantId: '000000', tenantName: '管理组', target: null },
      { tenantId: '200001', tenantName: '江南大学校友会', target: '200009' },
    ]);
    expect(report.kinds.user).toMatchObject({ create: 2, skip: 4 });
    expect(report.kinds.param).toMatchObject({ create: 0, match: 0, skip: 3 });
  });

  it('refuses bad input with a clear bilingual 400', async () => {
    const cases: [Json, string, string][] = [
      [{ datasourceId, tenantIds: ['999999'] }, 'BladeX 中没有租户 999999', 'BladeX has no tenant 999999'],
      [{ datasourceId, tenantMap: { 200001: '000000' } }, '租户 000000 和 200001 不能导入到同一个租户 000000', 'Tenants 000000 and 200001 cannot both go to tenant 000000'],
      [{ datasourceId, tenantMap: { 200001: 'bad code!' } }, '目标租户编号 bad code! 只能是1-12位字母或数字', 'The target tenant ID bad code! must be 1 to 12 letters or digits'],
      [{ datasourceId: notBladexId }, '该数据源不是 BladeX 数据库：缺少表 blade_tenant', 'The data source is not a BladeX database: table blade_tenant is missing'],
      [{ datasourceId: '1999999999999999999' }, '数据源不存在', 'The data source does not exist'],
      [{}, '请选择数据源', 'Please choose a data source'],
    ];
    for (const [body, zh, en] of cases) {
      const res = await post('dry-run', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false, msg: zh });
      expect((await post('dry-run', body, admin, 'en-US')).json().msg).toBe(en);
    }
    // A password changed on the database since the data source was saved (stored plain here; it is read as it is).
    await db().updateTable('blade_datasource').set({ password: 'wrong-password' }).where('id', '=', notBladexId).execute();
    const wrong = await post('dry-run', { datasourceId: notBladexId });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toMatch(/^无法连接数据源：/);
    expect(wrong.body).not.toContain('wrong-password');
  });

  it('lets only the platform administrators import', async () => {
    const foreign = await t.signIn('admin', undefined, '100001');
    const office = await t.signIn('office');
    for (const token of [foreign, office]) {
      expect((await post('dry-run', { datasourceId }, token)).statusCode).toBe(403);
      expect((await post('run', { datasourceId }, token)).statusCode).toBe(403);
      expect((await t.call('GET', `${BASE}/last`, token)).statusCode).toBe(403);
    }
    expect((await t.call('GET', `${BASE}/last`, admin)).json().data).toBeNull();
  });

  it('imports as a job; a moved user signs in with the old password, gets the right tenant, role and department, and is re-hashed', async () => {
    const run = await runToEnd();
    expect(run.report.kinds).toEqual(FIRST_RUN);

    expect(await stored(SCHOOL.userId)).toBe(bladexHash(SCHOOL.password));
    const res = await signIn(SCHOOL.account, SCHOOL.password, SCHOOL.tenantId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      tenant_id: SCHOOL.tenantId, user_id: SCHOOL.userId, role_id: SCHOOL.roleId, dept_id: SCHOOL.deptId,
      post_id: '1500000000000000201', account: SCHOOL.account, real_name: '张伟', role_name: 'admin',
    });
    expect(await stored(SCHOOL.userId)).toMatch(/^scrypt\$/);
    expect((await signIn(SCHOOL.account, SCHOOL.password, SCHOOL.tenantId)).statusCode).toBe(200);

    // The school's administrator reads the menus BladeX granted that this product has.
    const token = String(res.json().access_token);
    const routes = (await t.call('GET', '/api/blade-system/menu/routes', token)).json().data as Json[];
    expect(routes.map((m) => m.code)).toEqual(['desk', 'datascope']);
    const buttons = await t.call('GET', '/api/blade-system/menu/buttons', token);
    expect(JSON.stringify(buttons.json().data)).toContain('"notice_view"');

    // BladeX's tenant 000000 is the product's: its users join it with their translated ids.
    const staff = (await db().selectFrom('blade_post').select('id').where('tenant_id', '=', '000000').where('post_code', '=', 'staff').executeTakeFirstOrThrow()).id;
    const hr = await signIn(HR.account, HR.password, '000000');
    expect(hr.json()).toMatchObject({ user_id: HR.userId, role_id: HR.roleId, dept_id: HR.deptId, post_id: `1123598817738675206,${String(staff)}` });
    const dept = await db().selectFrom('blade_dept').select(['ancestors', 'parent_id']).where('id', '=', HR.deptId).executeTakeFirstOrThrow();
    const root = String(dept.parent_id);
    expect(root).not.toBe(ROOT_DEPT_ID);
    expect(dept.ancestors).toBe(`0,${root}`);
    expect((await db().selectFrom('blade_dept').select('dept_name').where('id', '=', root).executeTakeFirstOrThrow()).dept_name).toBe('刀锋科技');
    const hrMenus = (await db().selectFrom('blade_role_menu').select('menu_id').where('role_id', '=', HR.roleId).execute()).map((r) => String(r.menu_id)).sort();
    const menus = menuIdsByCode();
    expect(hrMenus).toEqual([menus.get('system'), menus.get('user'), menus.get('user_add')].sort());
    // BladeX's admin stayed behind: the product's admin signs in as before.
    expect((await signIn('admin', 'admin', '000000')).statusCode).toBe(400);
  });

  it('changes nothing and adds nothing on a second run, and keeps the re-hashed password', async () => {
    const before = await tableCounts();
    const upgraded = await stored(SCHOOL.userId);
    const run = await runToEnd();
    for (const [kind, c] of Object.entries(run.report.kinds as Record<string, Json>)) {
      expect({ kind, create: c.create, update: c.update }).toEqual({ kind, create: 0, update: 0 });
    }
    expect(run.report.kinds.user).toMatchObject({ unchanged: 3 });
    expect(run.report.kinds.roleMenu).toMatchObject({ unchanged: 11 });
    expect({ ...(await tableCounts()), app_bladex_import_run: before.app_bladex_import_run }).toEqual(before);
    expect(await stored(SCHOOL.userId)).toBe(upgraded);
  });

  it('updates on a later run what changed in BladeX since', async () => {
    await source.exec(`update blade_dept set dept_name = '计算机与人工智能学院' where id = ${SCHOOL.deptId}`);
    const report = await dryRun();
    expect(report.kinds.dept).toMatchObject({ create: 0, update: 1, unchanged: 4 });
    await runToEnd();
    expect((await db().selectFrom('blade_dept').select('dept_name').where('id', '=', SCHOOL.deptId).executeTakeFirstOrThrow()).dept_name).toBe('计算机与人工智能学院');
  });

  it('ends here a user BladeX deleted since an import: disabled and removed, signed out, and named in the report', async () => {
    const before = await signIn(HR.account, HR.password, '000000');
    expect(before.statusCode, before.body).toBe(200);
    const token = String(before.json().access_token);
    expect((await t.call('GET', '/api/blade-user/info', token)).statusCode).toBe(200);
    await source.exec(`update blade_user set is_deleted = 1 where id = ${HR.userId}`);
    const removed = [{ tenantId: '000000', account: HR.account, sourceId: HR.userId, targetId: HR.userId }];
    const report = await dryRun();
    expect(report.removedUsers).toEqual(removed);
    expect(report.kinds.user).toMatchObject({ total: 7, deleted: 2, unchanged: 2, create: 0, update: 0 });
    // The dry run wrote nothing: the user still signs in.
    expect((await signIn(HR.account, HR.password, '000000')).statusCode).toBe(200);

    const run = await runToEnd();
    expect(run.report.removedUsers).toEqual(removed);
    const row = await db().selectFrom('blade_user').select(['status', 'is_deleted']).where('id', '=', HR.userId).executeTakeFirstOrThrow();
    expect({ status: Number(row.status), isDeleted: Number(row.is_deleted) }).toEqual({ status: 0, isDeleted: 1 });
    // The token endpoint refuses the account, and the tokens it had are refused too.
    const refused = await signIn(HR.account, HR.password, '000000');
    expect(refused.statusCode).toBe(400);
    expect((await t.call('GET', '/api/blade-user/info', token)).statusCode).toBe(401);
    // Its sessions were ended explicitly (as a reset or disabling does), not only by its state.
    const session = await db().selectFrom('app_user_session').select('version').where('user_id', '=', HR.userId).executeTakeFirst();
    expect(Number(session?.version ?? 0)).toBeGreaterThan(0);
    // A later run finds it removed and names nobody again.
    expect((await dryRun()).removedUsers).toEqual([]);
  });
});

describe.skipIf(!mysqlUrl).each(testDialects())('an interrupted BladeX import on %s', (dialect) => {
  let t: TestApp;
  let source: BladexDatabase;
  beforeAll(async () => {
    source = await createBladexDatabase(mysqlUrl as string, `${dialect}_r${process.pid}_${Math.random().toString(36).slice(2, 8)}`);
    t = await startTestApp(dialect, LOCAL_SERVICES);
  });
  afterAll(async () => {
    await t?.close();
    await source?.drop();
  });

  const plan = async () => {
    const connection = await openSourceConnection(source.settings, t.app.services.outbound);
    try {
      return await planImport(t.app.services.database.db, await readBladex(connection), { tenantIds: [], tenantMap: {} }, { key: sourceKey(source.settings), driver: 'mysql' });
    } finally {
      await connection.close();
    }
  };
  const apply = async (planned: Awaited<ReturnType<typeof plan>>, failAfter: number | null) => applyPlan(planned.plan, {
    db: t.app.services.database.db, repository: t.app.services.repository, state: planned.state, source: sourceKey(source.settings),
    userId: '1123598821738675201', deptId: null, chunkSize: 10,
    endSessions: (userIds, db) => t.app.services.sessions.endSessions(userIds, db),
    progress: async (done) => {
      if (failAfter !== null && done >= failAfter) throw new Error('the process stopped');
    },
  });
  const created = (kinds: Json) => Object.values(kinds as Record<string, Json>).reduce((sum, c) => sum + Number(c.create), 0);

  it('keeps the transactions it committed, and the next run goes on from there without duplicates', async () => {
    const first = await plan();
    const planned = created(first.plan.report.kinds);
    await expect(apply(first, 20)).rejects.toThrow('the process stopped');
    const users = async () => (await t.app.services.database.db.selectFrom('blade_user').select('account').where('tenant_id', '=', SCHOOL.tenantId).execute()).map((r) => r.account);
    // Tenants, departments and posts came first and were committed; the users were not reached.
    expect(await users()).toEqual([]);
    const second = await plan();
    const left = created(second.plan.report.kinds);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(planned);
    expect(second.plan.report.kinds.tenant).toMatchObject({ create: 0, unchanged: 1 });
    await apply(second, null);
    expect((await users()).sort()).toEqual(['lisi', SCHOOL.account]);
    const third = await plan();
    expect(created(third.plan.report.kinds)).toBe(0);
  });
});

describe.skipIf(!mysqlUrl).each(testDialects())('a BladeX tenant moved into a tenant the import creates on %s', (dialect) => {
  const NEW = '200009';
  const options = { tenantIds: ['000000'], tenantMap: { '000000': NEW } };
  let t: TestApp;
  let source: BladexDatabase;
  let admin: string;
  let datasourceId: string;
  beforeAll(async () => {
    source = await createBladexDatabase(mysqlUrl as string, `${dialect}_n${process.pid}_${Math.random().toString(36).slice(2, 8)}`);
    t = await startTestApp(dialect, LOCAL_SERVICES);
    await t.app.services.jobs.start();
    admin = await t.signIn('admin');
    const res = await t.call('POST', '/api/blade-develop/datasource/submit', admin, {
      name: 'BladeX', driverClass: source.settings.driverClass, url: source.settings.url, username: source.settings.username, password: source.settings.password || undefined,
    });
    expect(res.statusCode, res.body).toBe(200);
    datasourceId = String(res.json().data.id);
  });
  afterAll(async () => {
    await t?.close();
    await source?.drop();
  });

  const db = () => t.app.services.database.db;

  it('keeps the password rules of the product, and lets the imported administrator grant the imported roles', async () => {
    const conflicts = [{ tenantId: NEW, paramKey: 'account.initPassword', source: '123456', product: 'Xy@123456', reason: 'rules' }];
    // BladeX's 用户 sits beside its administrator; 人事 under 用户 stays there.
    const reparented = [{ tenantId: NEW, sourceId: '1123598816738675202', roleAlias: 'user', roleName: '用户', parentSourceId: '1123598816738675201', parentName: '超级管理员' }];
    const dry = await t.call('POST', `${BASE}/dry-run`, admin, { datasourceId, ...options });
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json().data as Json;
    expect(report.kinds.tenant).toMatchObject({ create: 1 });
    expect(report.kinds.param).toMatchObject({ create: 2, skip: 1 });
    expect(report.paramConflicts).toEqual(conflicts);
    expect(report.reparentedRoles).toEqual(reparented);

    const started = await t.call('POST', `${BASE}/run`, admin, { datasourceId, ...options });
    expect(started.statusCode, started.body).toBe(200);
    const run = await waitFor('the import to end', async () => (await t.call('GET', `${BASE}/last`, admin)).json().data as Json,
      (r) => r?.id === started.json().data.id && (r.state === 'completed' || r.state === 'failed'));
    expect(run.error).toBeNull();
    expect(run.report.paramConflicts).toEqual(conflicts);
    expect(run.report.reparentedRoles).toEqual(reparented);

    // The created tenant has BladeX's other settings, and reads the platform's initial password.
    const params = await db().selectFrom('blade_param').select('param_key').where('tenant_id', '=', NEW).where('is_deleted', '=', 0).execute();
    expect(params.map((r) => r.param_key).sort()).toEqual(['account.failCount', 'account.registerUser']);
    expect(await t.app.services.params.get(NEW, 'account.initPassword')).toBe('Xy@123456');

    const roles = new Map((await db().selectFrom('blade_role').select(['id', 'parent_id', 'role_alias']).where('tenant_id', '=', NEW).execute())
      .map((r) => [String(r.role_alias), { id: String(r.id), parentId: String(r.parent_id) }]));
    const role = (alias: string) => roles.get(alias) as { id: string; parentId: string };
    expect(role('administrator').parentId).toBe('0');
    expect(role('user').parentId).toBe(role('administrator').id);
    expect(role('hr').parentId).toBe(role('user').id);

    // BladeX granted its administrator no menu this product has for users: the product's are granted here.
    const menus = menuIdsByCode();
    await db().insertInto('blade_role_menu').values(['system', 'user', 'user_role'].map((code, i) => ({
      id: String(1900000000000000001n + BigInt(i)), role_id: role('administrator').id, menu_id: menus.get(code) as string,
    }))).execute();
    t.app.services.access.invalidate();
    const signedIn = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: NEW, username: 'admin', password: md5Hex('admin'), grant_type: 'password', scope: 'all', type: 'account' })}`,
      headers: { authorization: CLIENT_HEADER, 'tenant-id': NEW },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = String(signedIn.json().access_token);
    for (const alias of ['user', 'hr']) {
      const granted = await t.call('POST', `/api/blade-user/grant?userIds=${HR.userId}&roleIds=${role(alias).id}`, token);
      expect(granted.statusCode, granted.body).toBe(200);
    }
    expect(String((await db().selectFrom('blade_user').select('role_id').where('id', '=', HR.userId).executeTakeFirstOrThrow()).role_id)).toBe(role('hr').id);
  });
});
