import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/password.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

describe.each(testDialects())('guest registration on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const register = (params: Record<string, string>) =>
    t.call('POST', `/api/blade-user/register-guest?${new URLSearchParams(params)}`, null);
  const guest = (account: string) => ({ tenantId: '000000', name: '访客', account, password: md5Hex('Guest@123'), oauthId: `gh-${account}` });

  it('creates a user waiting for an administrator, without roles, linked to the oauth id', async () => {
    const res = await register(guest('guest1'));
    expect(res.statusCode, res.body).toBe(200);
    const { db } = t.app.services.database;
    const user = await db.selectFrom('blade_user').selectAll().where('account', '=', 'guest1').executeTakeFirstOrThrow();
    expect(Number(user.status)).toBe(0);
    expect(user.role_id ?? '').toBe('');
    expect(String(user.password)).toMatch(/^scrypt\$/);
    const link = await db.selectFrom('blade_user_oauth').selectAll().where('uuid', '=', 'gh-guest1').executeTakeFirstOrThrow();
    expect(String(link.user_id)).toBe(String(user.id));
  });

  it('cannot sign in before approval', async () => {
    await register(guest('guest2'));
    // Answered like a wrong password: a caller without a token does not learn that the password was right.
    await expect(t.signIn('guest2', 'Guest@123')).rejects.toThrow(/用户名或密码错误/);
  });

  it('answers a taken account exactly like a new one, and writes nothing for it', async () => {
    const { db } = t.app.services.database;
    const users = async () => Number((await db.selectFrom('blade_user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await users();
    const taken = await register(guest('admin'));
    const fresh = await register(guest('guest6'));
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(await users()).toBe(before + 1);
    expect(await db.selectFrom('blade_user_oauth').selectAll().where('uuid', '=', 'gh-admin').execute()).toHaveLength(0);
    // The existing account keeps its password.
    await expect(t.signIn('admin')).resolves.toBeTruthy();
  });

  it('refuses an unknown tenant', async () => {
    const res = await register({ ...guest('guest3'), tenantId: '999999' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('租户ID未找到');
  });

  it.each([
    [{ account: '' }, '请先输入账号名称'],
    [{ password: '' }, '请先输入密码'],
    [{ password: 'plain-text' }, '密码格式不正确'],
  ])('refuses %j', async (change, msg) => {
    const res = await register({ ...guest('guest4'), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
  });

  it('needs no token', async () => {
    expect((await register(guest('guest5'))).statusCode).toBe(200);
  });
});
