import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { md5Hex } from './password.js';

describe.each(testDialects())('sign-in on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('answers the flat token object for the demo administrator', async () => {
    const token = await t.signIn('admin');
    const info = await t.call('GET', '/api/blade-auth/user-info', token);
    expect(info.json()).toMatchObject({ code: 200, data: { account: 'admin', tenantId: '000000' } });
  });

  it('refuses a wrong password with the protocol text', async () => {
    const q = new URLSearchParams({ tenantId: '000000', username: 'leader', password: md5Hex('nope'), grant_type: 'password' });
    const res = await t.app.inject({ method: 'POST', url: `/api/blade-auth/oauth/token?${q}`, headers: { authorization: CLIENT_HEADER } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: '用户名或密码错误' });
  });
});
