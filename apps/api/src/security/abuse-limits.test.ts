import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { md5Hex } from '../auth/password.js';
import { SABER_HEADER, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

const verifyCalls = vi.hoisted(() => [] as (string | null)[]);
vi.mock('../auth/password.js', async (original) => {
  const real = await original<typeof import('../auth/password.js')>();
  return {
    ...real,
    verifyPassword: (stored: string | null, given: string) => {
      verifyCalls.push(stored);
      return real.verifyPassword(stored, given);
    },
  };
});

describe.each(testDialects())('abuse limits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      TRUST_PROXY: 'true',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '5', RATE_LIMIT_ACCOUNT_PER_MINUTE: '4', RATE_LIMIT_REGISTER_PER_HOUR: '3', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '40',
    });
  });
  afterAll(async () => t?.close());

  /** A password sign-in of the harness client from the given address. */
  const signInFrom = (ip: string, account: string, password = 'Wrong@123', headers: Record<string, string> = {}) => t.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', username: account, password: md5Hex(password), grant_type: 'password' })}`,
    headers: { authorization: headers.authorization ?? `Basic ${Buffer.from('harness:harness_secret').toString('base64')}`, 'tenant-id': '000000', 'x-forwarded-for': ip, ...headers },
  });

  it('refuses sign-ins past the per-address limit with 429 in the envelope', async () => {
    const answers = [];
    for (let i = 0; i < 8; i += 1) answers.push((await signInFrom('10.0.0.1', `nobody${i}`)).statusCode);
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5)).toEqual([429, 429, 429]);
    const refused = await signInFrom('10.0.0.1', 'admin', 'Xy@123456');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, success: false, msg: '请求过于频繁,请稍后再试' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await signInFrom('10.0.0.2', 'admin', 'Xy@123456')).statusCode).toBe(200);
  });

  it('refuses sign-ins of one account past the per-account limit from any address', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await signInFrom(`10.1.0.${i + 1}`, 'foundation')).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('counts every call without a token per address', async () => {
    const answers = [];
    for (let i = 0; i < 45; i += 1) {
      answers.push((await t.app.inject({ method: 'GET', url: '/api/blade-system/tenant/info?domain=x', headers: { 'x-forwarded-for': '10.2.0.1' } })).statusCode);
    }
    expect(answers.filter((s) => s === 429)).toHaveLength(5);
    expect((await t.app.inject({ method: 'GET', url: '/api/blade-user/page', headers: { 'x-forwarded-for': '10.2.0.1' } })).statusCode).toBe(429);
  });

  it('gives the demo client saber the captcha grant only', async () => {
    const res = await signInFrom('10.3.0.1', 'admin', 'Xy@123456', { authorization: SABER_HEADER });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const captcha = (await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha', headers: { 'x-forwarded-for': '10.3.0.1' } })).json();
    const code = await t.app.services.captcha.peek(captcha.key);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5Hex('Xy@123456'), grant_type: 'captcha' })}`,
      headers: { authorization: SABER_HEADER, 'tenant-id': '000000', 'captcha-key': captcha.key, 'captcha-code': code ?? '', 'x-forwarded-for': '10.3.0.1' },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().access_token).toBeTruthy();
  });

  it('spends the same hash work on an unknown account as on a known one', async () => {
    verifyCalls.length = 0;
    await signInFrom('10.4.0.1', 'no-such-account');
    await signInFrom('10.4.0.2', 'leader');
    expect(verifyCalls).toHaveLength(2);
    for (const stored of verifyCalls) expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
  });

  describe('guest registration', () => {
    const register = (ip: string, params: Record<string, string>) => t.app.inject({
      method: 'POST', url: `/api/blade-user/register-guest?${new URLSearchParams(params)}`, headers: { 'x-forwarded-for': ip },
    });
    const users = async () => Number((await t.app.services.database.db.selectFrom('blade_user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    it('refuses an account longer than the user definition allows, storing nothing', async () => {
      const before = await users();
      const res = t.app.inject({
        method: 'POST', url: '/api/blade-user/register-guest', headers: { 'x-forwarded-for': '10.5.0.1', 'content-type': 'application/json' },
        payload: JSON.stringify({ tenantId: '000000', account: 'a'.repeat(1_000_002), password: md5Hex('Guest@123'), name: 'x' }),
      });
      expect((await res).statusCode).toBe(400);
      const long = await register('10.5.0.2', { tenantId: '000000', account: 'b'.repeat(46), password: md5Hex('Guest@123'), name: 'x' });
      expect(long.statusCode).toBe(400);
      expect(long.json().data.errors.account).toMatch(/45/);
      expect(await users()).toBe(before);
    });

    it('creates at most the hourly limit of accounts from one address', async () => {
      const before = await users();
      const answers = [];
      for (let i = 0; i < 6; i += 1) {
        answers.push((await register('10.6.0.1', { tenantId: '000000', account: `guestlimit${i}`, password: md5Hex('Guest@123'), name: `guest${i}` })).statusCode);
      }
      expect(answers).toEqual([200, 200, 200, 429, 429, 429]);
      expect(await users()).toBe(before + 3);
    });
  });
});
