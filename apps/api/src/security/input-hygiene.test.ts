import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../auth/password.js';
import { CLIENT_HEADER, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

describe.each(testDialects())('input hygiene on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  const params = async () => Number((await t.app.services.database.db.selectFrom('blade_param').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('answers a NUL byte in a sign-in without a token with 400, not 500', async () => {
    const query = new URLSearchParams({ tenantId: '000000', username: 'ad\u0000min', password: md5Hex('x'), grant_type: 'password' });
    const res = await t.app.inject({ method: 'POST', url: `/api/blade-auth/oauth/token?${query}`, headers: { authorization: CLIENT_HEADER } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('参数 username 含有不允许的字符');
  });

  it('answers a NUL byte in a list filter, a path and a JSON body with 400 and writes nothing', async () => {
    expect((await t.call('GET', '/api/blade-system/param/list?paramKey=a%00b', admin)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/blade-system/param/detail?id=1%00', admin)).statusCode).toBe(400);
    const before = await params();
    const res = await t.call('POST', '/api/blade-system/param/submit', admin, { paramName: 'x\u0000', paramKey: 'nul.key', paramValue: 'v' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('参数 paramName 含有不允许的字符');
    expect(await params()).toBe(before);
  });

  it('answers a repeated scalar parameter with 400 naming it, in the language asked for', async () => {
    const res = await t.call('GET', '/api/blade-system/dict/dictionary?code=a&code=b', admin, undefined, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Parameter code may appear only once');
  });

  it('still takes a repeated list of ids', async () => {
    const res = await t.call('GET', '/api/blade-system/param/list?ids=1&ids=2', admin);
    expect(res.statusCode).not.toBe(500);
  });

  it('answers an over-long query value and an over-deep body with 400', async () => {
    expect((await t.call('GET', `/api/blade-system/param/list?paramKey=${'k'.repeat(40_000)}`, admin)).statusCode).toBe(400);
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/blade-system/param/submit', headers: { 'blade-auth': `bearer ${admin}`, 'content-type': 'application/json' }, payload: deep });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请求内容嵌套过深');
  });
});
