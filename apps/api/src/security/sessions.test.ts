import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { md5Hex } from '../auth/password.js';
import { ROOT_DEPT_ID } from '../seed/platform-seed.js';
import { CLIENT_HEADER, DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

/** The claims of a token, read without checking it. */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

interface Session { userId: string; account: string; access: string; refresh: string }

describe.each(testDialects())('sessions that end on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let roleId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { ACCESS_TOKEN_SECONDS: '60', REFRESH_TOKEN_SECONDS: '120' });
    admin = await t.signIn('admin');
    const role = await t.call('POST', '/api/blade-system/role/submit', admin, { parentId: '0', roleName: '会话测试', roleAlias: 'session_test', sort: 50 });
    roleId = role.json().data.id;
  });
  afterAll(async () => t?.close());
  afterEach(() => void vi.useRealTimers());

  const data = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown) => {
    const res = await t.call(method, url, token, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data;
  };

  /** Signs in with a token request, answering both tokens. */
  async function tokenPair(account: string, password = DEMO_PASSWORD, tenantId = '000000') {
    const query = new URLSearchParams({ tenantId, username: account, password: md5Hex(password), grant_type: 'password', scope: 'all' });
    const res = await t.app.inject({ method: 'POST', url: `/api/blade-auth/oauth/token?${query}`, headers: { authorization: CLIENT_HEADER, 'tenant-id': tenantId } });
    const body = res.json();
    if (!body.access_token) throw new Error(`sign-in of ${account} failed: ${res.body}`);
    return { access: body.access_token as string, refresh: body.refresh_token as string, userId: body.user_id as string };
  }

  /** A new user of tenant 000000, signed in. */
  async function newSession(): Promise<Session> {
    const account = `s${Math.random().toString(36).slice(2, 10)}`;
    await data('POST', '/api/blade-user/submit', admin, { account, name: account, realName: '会话', roleId, deptId: ROOT_DEPT_ID });
    return { account, ...(await tokenPair(account)) };
  }

  const status = async (token: string) => (await t.call('GET', '/api/blade-auth/oauth/user-info', token)).statusCode;
  const refreshStatus = async (refresh: string) => (await t.app.inject({
    method: 'POST', url: `/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh, tenantId: '000000' })}`,
    headers: { authorization: CLIENT_HEADER, 'tenant-id': '000000' },
  })).statusCode;

  /** The session's tokens both stop working, while another user's session goes on. */
  async function expectEnded(session: Session, bystander: Session) {
    expect(await status(session.access)).toBe(401);
    expect(await refreshStatus(session.refresh)).toBe(401);
    expect(await status(bystander.access)).toBe(200);
  }

  it('issues tokens that carry exp and are refused after it, access and refresh each by its own lifetime', async () => {
    const session = await newSession();
    const access = claimsOf(session.access);
    const refresh = claimsOf(session.refresh);
    expect(Number(access.exp) - Number(access.iat)).toBe(60);
    expect(Number(refresh.exp) - Number(refresh.iat)).toBe(120);
    expect(await status(session.access)).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 75_000 });
    expect(await status(session.access)).toBe(401);
    const renewed = await t.app.inject({
      method: 'POST', url: `/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: session.refresh, tenantId: '000000' })}`,
      headers: { authorization: CLIENT_HEADER, 'tenant-id': '000000' },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    vi.setSystemTime(Date.now() + 60_000);
    expect(await refreshStatus(renewed.json().refresh_token)).toBe(200);
    vi.setSystemTime(Date.now() + 130_000);
    expect(await refreshStatus(session.refresh)).toBe(401);
  });

  it('keeps a signed-out token refused for as long as it could live, and revokes the refresh token too', async () => {
    const session = await newSession();
    expect((await t.call('GET', '/api/blade-auth/oauth/logout', session.access)).statusCode).toBe(200);
    expect(await status(session.access)).toBe(401);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 50_000 });
    expect(await status(session.access)).toBe(401);
    expect(await refreshStatus(session.refresh)).toBe(401);
  });

  it('ends the sessions of a user whose roles are replaced', async () => {
    const [session, bystander] = [await newSession(), await newSession()];
    const other = await t.call('POST', '/api/blade-system/role/submit', admin, { parentId: '0', roleName: `换角色${session.account}`, roleAlias: `swap_${session.account}`, sort: 51 });
    await data('POST', `/api/blade-user/grant?userIds=${session.userId}&roleIds=${other.json().data.id}`, admin);
    await expectEnded(session, bystander);
    expect(await status((await tokenPair(session.account)).access)).toBe(200); // a new sign-in carries the new roles
  });

  it('ends the sessions of a removed user', async () => {
    const [session, bystander] = [await newSession(), await newSession()];
    await data('POST', `/api/blade-user/remove?ids=${session.userId}`, admin);
    await expectEnded(session, bystander);
  });

  it('ends the sessions of a disabled user', async () => {
    const [session, bystander] = [await newSession(), await newSession()];
    await t.app.services.database.db.updateTable('blade_user').set({ status: 0 }).where('id', '=', session.userId).execute();
    await expectEnded(session, bystander);
  });

  it('ends the sessions of a user whose password is reset', async () => {
    const [session, bystander] = [await newSession(), await newSession()];
    await data('POST', `/api/blade-user/reset-password?userIds=${session.userId}`, admin);
    await expectEnded(session, bystander);
  });

  it('ends every session of a user who changes the password, including the one that changed it', async () => {
    const [session, bystander] = [await newSession(), await newSession()];
    const second = await tokenPair(session.account);
    const change = { oldPassword: md5Hex(DEMO_PASSWORD), newPassword: md5Hex('New@12345'), newPassword1: md5Hex('New@12345') };
    await data('POST', `/api/blade-user/update-password?${new URLSearchParams(change)}`, session.access);
    await expectEnded(session, bystander);
    expect(await status(second.access)).toBe(401);
    expect(await status((await tokenPair(session.account, 'New@12345')).access)).toBe(200);
  });

  it('keeps the live session of an account that others guess at, past the failures that make them wait', async () => {
    const session = await newSession();
    for (let i = 0; i < 7; i += 1) await expect(tokenPair(session.account, 'Wrong@123')).rejects.toThrow();
    expect(await status(session.access)).toBe(200);
    expect(await refreshStatus(session.refresh)).toBe(200);
  });

  it('gives exactly one token pair for ten parallel refreshes of one refresh token', async () => {
    const session = await newSession();
    let refresh = session.refresh;
    for (let trial = 0; trial < 20; trial += 1) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => t.app.inject({
        method: 'POST', url: `/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh, tenantId: '000000' })}`,
        headers: { authorization: CLIENT_HEADER, 'tenant-id': '000000' },
      })));
      const pairs = answers.filter((a) => a.statusCode === 200);
      expect(pairs, `trial ${trial}`).toHaveLength(1);
      for (const refused of answers.filter((a) => a.statusCode !== 200)) {
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ error: 'invalid_grant', error_description: '令牌已失效' });
      }
      refresh = pairs[0]!.json().refresh_token as string;
    }
    // The one pair of the last trial works.
    expect(await refreshStatus(refresh)).toBe(200);
  });

  it("ends the sessions of a tenant's users when the tenant expires or is removed", async () => {
    const tenantAdmin = await tokenPair('admin', DEMO_PASSWORD, '100001');
    const bystander = await newSession();
    const tenant = await t.app.services.database.db.selectFrom('blade_tenant').select('id').where('tenant_id', '=', '100001').executeTakeFirstOrThrow();
    await data('POST', `/api/blade-system/tenant/setting?ids=${tenant.id}&accountNumber=-1&expireTime=2020-01-01 00:00:00`, admin);
    expect(await status(tenantAdmin.access)).toBe(401);
    expect(await status(bystander.access)).toBe(200);
    await data('POST', `/api/blade-system/tenant/setting?ids=${tenant.id}&accountNumber=-1&expireTime=`, admin);
    const again = await tokenPair('admin', DEMO_PASSWORD, '100001');
    expect(await status(again.access)).toBe(200);
    await data('POST', `/api/blade-system/tenant/remove?ids=${tenant.id}`, admin);
    expect(await status(again.access)).toBe(401);
    expect(await refreshStatus(again.refresh)).toBe(401);
    expect(await status(bystander.access)).toBe(200);
  });
});
