import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from '../test-support/jwt-claims.js';
import { passwordGrant, requestToken } from '../test-support/oauth.js';
import { startSecondServer, type SecondServer } from '../test-support/second-server.js';
import { CLIENT_HEADER, RELAXED_LIMITS, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

/**
 * Forced sign-out across two API processes on one PostgreSQL database (and Redis when the run has
 * it; decision 287): a session forced out through one process is refused at once by the other, its
 * access token and its refresh token alike, because both read the session record on every use.
 */
describe.each(testDialects().filter((d) => d === 'postgres'))('forced sign-out across two API processes on %s', (dialect) => {
  let t: TestApp;
  let second: SecondServer | undefined;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    second = await startSecondServer(t.config, RELAXED_LIMITS);
  }, 300_000);
  afterAll(async () => {
    second?.stop();
    await t?.close();
  });

  const other = (path: string, init: { method?: string; token?: string; headers?: Record<string, string> } = {}) =>
    fetch(`${second?.origin}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...(init.token ? { 'blade-auth': `bearer ${init.token}` } : {}), ...(init.headers ?? {}) },
    });

  it('a session forced out through one process gets 401 from the other at once', async () => {
    const admin = await t.signIn('admin');
    const victim = await requestToken(t, passwordGrant('admin', undefined, '100001'));
    const { access_token: access, refresh_token: refresh } = victim.json() as { access_token: string; refresh_token: string };
    expect((await other('/api/blade-auth/oauth/user-info', { token: access })).status).toBe(200);

    // Forced out through the second process; refused by the first.
    const ended = await other(`/api/blade-system/online-user/logout?id=${String(decodeJwt(access).sid)}`, { method: 'POST', token: admin });
    expect(ended.status).toBe(200);
    expect((await t.call('GET', '/api/blade-auth/oauth/user-info', access)).statusCode).toBe(401);
    expect((await other('/api/blade-auth/oauth/user-info', { token: access })).status).toBe(401);
    const refreshed = await other(`/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh, tenantId: '100001' })}`, {
      method: 'POST', headers: { authorization: CLIENT_HEADER, 'tenant-id': '100001' },
    });
    expect(refreshed.status).toBe(401);

    // And the other way round: forced out through the first, refused by the second.
    const next = (await requestToken(t, passwordGrant('admin', undefined, '100001'))).json().access_token as string;
    expect((await other('/api/blade-auth/oauth/user-info', { token: next })).status).toBe(200);
    const res = await t.call('POST', `/api/blade-system/online-user/logout-user?userId=${String(decodeJwt(next).user_id)}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await other('/api/blade-auth/oauth/user-info', { token: next })).status).toBe(401);
    // The administrator's own session stands in both.
    expect((await other('/api/blade-auth/oauth/user-info', { token: admin })).status).toBe(200);
  }, 120_000);
});
