import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from '../test-support/jwt-claims.js';
import { passwordGrant, requestToken } from '../test-support/oauth.js';
import { ADMIN_USER_ID, menuIdsByCode } from '../seed/platform-seed.js';
import { SeedWriter } from '../seed/seed-writer.js';
import { CLIENT_HEADER, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { ONLINE_SESSION_TABLE } from '../db/migrations/061-online-sessions.js';
import { formatDateTime } from '../core/time.js';

const LIST = '/api/blade-system/online-user/list';
const LOGOUT = '/api/blade-system/online-user/logout';
const LOGOUT_USER = '/api/blade-system/online-user/logout-user';
const ME = '/api/blade-auth/oauth/user-info';

interface Pair { access: string; refresh: string }
interface Row { id: string; tenantId: string; userId: string; account: string; address: string | null; clientId: string; current: boolean; lastActiveTime: string }

/**
 * The page 在线用户 and forced sign-out (decision 287): every live session listed with its user,
 * tenant, address and client; forcing one or all of a user's sessions out makes their next request
 * 401, access and refresh token alike; a tenant's administrator sees and ends its own tenant's only.
 */
describe.each(testDialects())('online users and forced sign-out on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  const pair = async (account: string, tenantId = '000000'): Promise<Pair> => {
    const res = await requestToken(t, passwordGrant(account, undefined, tenantId));
    expect(res.statusCode, res.body).toBe(200);
    return { access: res.json().access_token, refresh: res.json().refresh_token };
  };
  const refresh = (p: Pair, tenantId = '000000') =>
    requestToken(t, { grant_type: 'refresh_token', refresh_token: p.refresh, tenantId }, {}, '/api/blade-auth/oauth/token');
  const sessionsOf = async (token: string, query = ''): Promise<Row[]> => {
    const res = await t.call('GET', `${LIST}?size=100${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.records as Row[];
  };
  const sidOf = (token: string) => String(decodeJwt(token).sid);

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  }, 180_000);
  afterAll(async () => t?.close());

  it('lists the live sessions with user, tenant, address, client and times; marks the caller\'s own', async () => {
    const other = await pair('admin');
    const rows = await sessionsOf(admin, '&account=adm');
    const own = rows.find((r) => r.id === sidOf(admin));
    expect(own).toMatchObject({ account: 'admin', tenantId: '000000', clientId: 'harness', address: '127.0.0.1', current: true });
    expect(rows.find((r) => r.id === sidOf(other.access))?.current).toBe(false);
    expect(await sessionsOf(admin, '&account=nobody-such')).toEqual([]);
    expect((await sessionsOf(admin, '&address=10.')).length).toBe(0);
    expect((await t.call('GET', `${LIST}?account=${'x'.repeat(65)}`, admin)).statusCode).toBe(400);
  });

  it('forcing a session out refuses its access and refresh tokens at once, and logs it', async () => {
    const victim = await pair('admin');
    expect((await t.call('GET', ME, victim.access)).statusCode).toBe(200);
    const res = await t.call('POST', `${LOGOUT}?id=${sidOf(victim.access)}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ended).toBe(1);
    expect((await t.call('GET', ME, victim.access)).statusCode).toBe(401);
    expect((await refresh(victim)).statusCode).toBe(401);
    // The caller's own session stands.
    expect((await t.call('GET', ME, admin)).statusCode).toBe(200);
    await t.app.services.logs.flush();
    const logged = await t.app.services.database.db.selectFrom('blade_log_usual').select('log_data')
      .where('log_id', '=', 'force_logout').execute();
    expect(logged.some((l) => String(l.log_data).includes(sidOf(victim.access)))).toBe(true);
  });

  it('a refresh keeps the session; forcing every session of a user out ends them all', async () => {
    const one = await pair('admin', '100001');
    const two = await pair('admin', '100001');
    const refreshed = await refresh(one, '100001');
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(sidOf(refreshed.json().access_token)).toBe(sidOf(one.access));
    const userId = String(decodeJwt(one.access).user_id);
    const res = await t.call('POST', `${LOGOUT_USER}?userId=${userId}`, admin);
    expect(res.json().data.ended).toBe(2);
    for (const token of [refreshed.json().access_token, two.access]) expect((await t.call('GET', ME, token)).statusCode).toBe(401);
    expect((await refresh(two, '100001')).statusCode).toBe(401);
    // Signing in again opens a new session.
    expect((await t.call('GET', ME, (await pair('admin', '100001')).access)).statusCode).toBe(200);
  });

  it('signing out ends the session\'s record', async () => {
    const p = await pair('admin');
    await t.call('GET', '/api/blade-auth/oauth/logout', p.access);
    expect((await sessionsOf(admin)).some((r) => r.id === sidOf(p.access))).toBe(false);
  });

  it('a tenant administrator sees and ends its own tenant\'s sessions only', async () => {
    const { db } = t.app.services.database;
    const menus = menuIdsByCode();
    const codes = ['monitor', 'online_user', 'online_user_logout', 'online_user_logout_all'];
    const ids = codes.map((c) => menus.get(c) as string);
    // The tenant's package and its administrator role are given the page.
    const tenant = await db.selectFrom('blade_tenant').select('package_id').where('tenant_id', '=', '100001').executeTakeFirstOrThrow();
    const pkg = await db.selectFrom('blade_tenant_package').select('menu_id').where('id', '=', tenant.package_id as string).executeTakeFirstOrThrow();
    await db.updateTable('blade_tenant_package').set({ menu_id: `${String(pkg.menu_id)},${ids.join(',')}` }).where('id', '=', tenant.package_id as string).execute();
    const role = await db.selectFrom('blade_role').select('id').where('tenant_id', '=', '100001').where('role_alias', '=', 'admin').executeTakeFirstOrThrow();
    const w = new SeedWriter(db, ADMIN_USER_ID);
    for (const menuId of ids) await w.link('blade_role_menu', { roleId: role.id, menuId });
    t.app.services.access.invalidate();

    const tenantAdmin = await pair('admin', '100001');
    const platformOther = await pair('admin');
    const seen = await sessionsOf(tenantAdmin.access);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.tenantId === '100001')).toBe(true);
    expect(seen.some((r) => r.id === sidOf(platformOther.access))).toBe(false);
    // Another tenant's session or user: not found, and nothing ends.
    expect((await t.call('POST', `${LOGOUT}?id=${sidOf(platformOther.access)}`, tenantAdmin.access)).statusCode).toBe(404);
    const platformUser = String(decodeJwt(platformOther.access).user_id);
    expect((await t.call('POST', `${LOGOUT_USER}?userId=${platformUser}`, tenantAdmin.access)).statusCode).toBe(404);
    expect((await t.call('GET', ME, platformOther.access)).statusCode).toBe(200);
    // The platform's administrator sees every tenant's.
    const all = await sessionsOf(admin);
    expect(new Set(all.map((r) => r.tenantId))).toEqual(new Set(['000000', '100001']));
    expect((await sessionsOf(admin, '&tenantId=100001')).every((r) => r.tenantId === '100001')).toBe(true);
  });

  it('refuses bad input with 400 and callers without the page with 403', async () => {
    expect((await t.call('POST', `${LOGOUT}?id=1%27or`, admin)).statusCode).toBe(400);
    expect((await t.call('POST', `${LOGOUT_USER}?userId=abc`, admin)).statusCode).toBe(400);
    expect((await t.call('POST', `${LOGOUT}?id=00000000-0000-0000-0000-000000000000`, admin)).statusCode).toBe(404);
    const nobody = await t.signInWithoutGrants(admin);
    expect((await t.call('GET', LIST, nobody)).statusCode).toBe(403);
    expect((await t.call('POST', `${LOGOUT}?id=${sidOf(admin)}`, nobody)).statusCode).toBe(403);
    expect((await t.call('GET', ME, admin)).statusCode).toBe(200);
  });

  it('writes the last activity at most once a minute per session', async () => {
    const p = await pair('admin');
    const { db } = t.app.services.database;
    const stored = async () => String((await db.selectFrom(ONLINE_SESSION_TABLE).select('last_active_time').where('id', '=', sidOf(p.access)).executeTakeFirstOrThrow()).last_active_time);
    const earlier = formatDateTime(new Date(Date.now() - 30_000));
    await db.updateTable(ONLINE_SESSION_TABLE).set({ last_active_time: earlier }).where('id', '=', sidOf(p.access)).execute();
    await t.call('GET', ME, p.access);
    expect(await stored()).toBe(earlier);
    const longAgo = formatDateTime(new Date(Date.now() - 5 * 60_000));
    await db.updateTable(ONLINE_SESSION_TABLE).set({ last_active_time: longAgo }).where('id', '=', sidOf(p.access)).execute();
    await t.call('GET', ME, p.access);
    expect(await stored() > longAgo).toBe(true);
  });

  it('a token without a session record is refused', async () => {
    const p = await pair('admin');
    await t.app.services.database.db.deleteFrom(ONLINE_SESSION_TABLE).where('id', '=', sidOf(p.access)).execute();
    expect((await t.call('GET', ME, p.access)).statusCode).toBe(401);
  });
});

/** Each OAuth client's token lifetimes, as its page sets them (decision 289). */
describe.each(testDialects())('per-client token lifetimes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); }, 180_000);
  afterAll(async () => t?.close());

  it('issues each client\'s access and refresh lifetimes, changed on its page at once', async () => {
    const admin = await t.signIn('admin');
    const made = await t.call('POST', '/api/blade-system/client/submit', admin, {
      clientId: 'shortlived', clientSecret: 'shortlived_secret', scope: 'all', authorizedGrantTypes: 'password,refresh_token',
      accessTokenValidity: 600, refreshTokenValidity: 1800, webServerRedirectUri: '', autoapprove: 'true',
    });
    expect(made.statusCode, made.body).toBe(200);
    const header = { authorization: `Basic ${Buffer.from('shortlived:shortlived_secret').toString('base64')}` };
    const lifetimes = async () => {
      const res = await requestToken(t, passwordGrant('admin'), header);
      expect(res.statusCode, res.body).toBe(200);
      const access = decodeJwt(res.json().access_token);
      const refresh = decodeJwt(res.json().refresh_token);
      return { expiresIn: res.json().expires_in, access: Number(access.exp) - Number(access.iat), refresh: Number(refresh.exp) - Number(refresh.iat) };
    };
    expect(await lifetimes()).toEqual({ expiresIn: 600, access: 600, refresh: 1800 });
    const id = String(made.json().data.id);
    const detail = (await t.call('GET', `/api/blade-system/client/detail?id=${id}`, admin)).json().data;
    const saved = await t.call('POST', '/api/blade-system/client/submit', admin, { ...detail, accessTokenValidity: 900, refreshTokenValidity: 3600 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await lifetimes()).toEqual({ expiresIn: 900, access: 900, refresh: 3600 });
    // The harness's own client keeps its lifetimes.
    const harness = await requestToken(t, passwordGrant('admin'), { authorization: CLIENT_HEADER });
    expect(harness.json().expires_in).toBe(3600);
  });
});
