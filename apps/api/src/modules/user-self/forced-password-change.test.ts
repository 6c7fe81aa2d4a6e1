import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/password.js';
import { CLIENT_HEADER, DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

/** Decision 237: a password an administrator reset must be changed before the account does anything else. */
describe.each(testDialects())('a reset password is changed first on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  const tokenAnswer = async (account: string, password: string) => {
    const query = new URLSearchParams({ tenantId: '000000', username: account, password: md5Hex(password), grant_type: 'password', scope: 'all', type: 'account' });
    const res = await t.app.inject({ method: 'POST', url: `/api/blade-auth/oauth/token?${query}`, headers: { authorization: CLIENT_HEADER, 'tenant-id': '000000' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { access_token: string; refresh_token: string; must_change_password: boolean };
  };

  /** A new user with a role that opens the notice list, and the id of that user. */
  const newUser = async () => {
    const token = await t.signInWithCodes(admin, ['desk', 'notice']);
    const info = (await t.call('GET', '/api/blade-auth/oauth/user-info', token)).json().data as { id: string; account: string };
    return { id: String(info.id), account: info.account };
  };

  const reset = async (userId: string) => {
    const res = await t.call('POST', `/api/blade-user/reset-password?userIds=${userId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
  };

  const change = (token: string, oldPassword: string, newPassword: string, lang = 'zh') =>
    t.call('POST', `/api/blade-user/update-password?${new URLSearchParams({ oldPassword: md5Hex(oldPassword), newPassword: md5Hex(newPassword), newPassword1: md5Hex(newPassword) })}`, token, undefined, { 'accept-language': lang });

  it('signs in with a flag and refuses every other call until the password is changed', async () => {
    const user = await newUser();
    expect((await tokenAnswer(user.account, DEMO_PASSWORD)).must_change_password).toBe(false);
    await reset(user.id);

    const answer = await tokenAnswer(user.account, DEMO_PASSWORD);
    expect(answer.must_change_password).toBe(true);
    const token = answer.access_token;
    const notices = await t.call('GET', '/api/blade-desk/notice/list?current=1&size=10', token);
    expect(notices.statusCode).toBe(403);
    expect(notices.json()).toMatchObject({ code: 403, success: false, msg: '密码已被重置,请先修改密码' });
    const inEnglish = await t.call('GET', '/api/blade-system/menu/routes', token, undefined, { 'accept-language': 'en' });
    expect(inEnglish.json().msg).toBe('Your password was reset; please change it first');

    // The user's own info answers, with the flag; a refresh keeps the flag.
    const me = await t.call('GET', '/api/blade-auth/oauth/user-info', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ account: user.account, mustChangePassword: true });
    const refresh = await t.app.inject({
      method: 'POST', url: `/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: answer.refresh_token, tenantId: '000000' })}`,
      headers: { authorization: CLIENT_HEADER, 'tenant-id': '000000' },
    });
    expect(refresh.json()).toMatchObject({ must_change_password: true });
    const refreshed = (refresh.json() as { access_token: string }).access_token;
    expect((await t.call('GET', '/api/blade-desk/notice/list', refreshed)).statusCode).toBe(403);

    // The change itself answers; then a new sign-in is free.
    const changed = await change(refreshed, DEMO_PASSWORD, 'Fresh@2026');
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await tokenAnswer(user.account, 'Fresh@2026');
    expect(after.must_change_password).toBe(false);
    expect((await t.call('GET', '/api/blade-desk/notice/list?current=1&size=10', after.access_token)).statusCode).toBe(200);
  });

  it('lets the forced user sign out', async () => {
    const user = await newUser();
    await reset(user.id);
    const { access_token: token } = await tokenAnswer(user.account, DEMO_PASSWORD);
    const out = await t.call('GET', '/api/blade-auth/oauth/logout', token);
    expect(out.statusCode).toBe(200);
    expect((await t.call('GET', '/api/blade-auth/oauth/user-info', token)).statusCode).toBe(401);
  });

  it('clears the mark when the password is changed on the login page', async () => {
    const user = await newUser();
    await reset(user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/blade-user/open/update-password?${new URLSearchParams({ tenantId: '000000', account: user.account, oldPassword: md5Hex(DEMO_PASSWORD), newPassword: md5Hex('Other@2026'), newPassword1: md5Hex('Other@2026') })}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await tokenAnswer(user.account, 'Other@2026')).must_change_password).toBe(false);
  });

  it('leaves users whose password was not reset free', async () => {
    const user = await newUser();
    const { access_token: token, must_change_password: flag } = await tokenAnswer(user.account, DEMO_PASSWORD);
    expect(flag).toBe(false);
    expect((await t.call('GET', '/api/blade-desk/notice/list?current=1&size=10', token)).statusCode).toBe(200);
  });
});
