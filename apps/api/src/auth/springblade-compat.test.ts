import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from './password.js';
import { passwordGrant, requestToken } from '../test-support/oauth.js';
import { CLIENT_HEADER, DEMO_PASSWORD, SABER_HEADER, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

/**
 * What a client of the open-source SpringBlade line (its Saber client) sends to sign in, and the
 * smaller BladeX wire differences: each call is sent as such a client sends it.
 */
describe.each(testDialects())('SpringBlade sign-in and BladeX wire differences on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  /** `POST /api/blade-auth/token` as SpringBlade's Saber client sends it: everything in the query. */
  const token = (query: Record<string, string>, headers: Record<string, string> = {}, remoteAddress?: string) => t.app.inject({
    method: 'POST', url: `/api/blade-auth/token?${new URLSearchParams(query)}`, ...(remoteAddress ? { remoteAddress } : {}),
    headers: { authorization: CLIENT_HEADER, 'tenant-id': query.tenantId ?? '000000', ...headers },
  });
  const springGrant = (account: string, password = DEMO_PASSWORD, grantType = 'password') =>
    ({ tenantId: '000000', account, password: md5Hex(password), type: 'account', grantType });
  const captcha = async () => {
    const res = await t.call('GET', '/api/blade-auth/captcha');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Json;
    expect(body).toMatchObject({ code: 200, success: true, data: { key: expect.any(String), image: expect.stringMatching(/^data:image\//) } });
    const text = await t.app.services.captcha.peek(body.data.key);
    return { key: String(body.data.key), code: String(text) };
  };

  it('answers the captcha inside the envelope and signs in by the captcha grant with AuthInfo', async () => {
    const { key, code } = await captcha();
    const res = await token(springGrant('admin', DEMO_PASSWORD, 'captcha'), { authorization: SABER_HEADER, 'captcha-key': key, 'captcha-code': code.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Json;
    expect(body).toMatchObject({
      code: 200, success: true, msg: '操作成功',
      data: {
        accessToken: expect.any(String), tokenType: 'bearer', refreshToken: expect.any(String), account: 'admin',
        userName: expect.any(String), authority: expect.stringContaining('administrator'), expiresIn: expect.any(Number),
        license: 'powered by blade', tenantId: '000000', userId: expect.any(String),
      },
    });
    // The staff token every other route takes.
    const info = await t.call('GET', '/api/blade-auth/oauth/user-info', body.data.accessToken);
    expect(info.json()).toMatchObject({ code: 200, data: { account: 'admin' } });
    // The captcha was spent.
    const again = await token(springGrant('admin', DEMO_PASSWORD, 'captcha'), { authorization: SABER_HEADER, 'captcha-key': key, 'captcha-code': code });
    expect(again.json()).toMatchObject({ code: 400, success: false, msg: '验证码不正确' });
  });

  it('takes the password grant by default, and refuses what the BladeX route refuses, alike', async () => {
    const { grantType: _unused, ...noGrant } = springGrant('office');
    expect((await token(noGrant)).json()).toMatchObject({ code: 200, data: { account: 'office' } });

    const { key } = await captcha();
    const badCaptcha = await token(springGrant('office', DEMO_PASSWORD, 'captcha'), { authorization: SABER_HEADER, 'captcha-key': key, 'captcha-code': 'zzzz' });
    expect(badCaptcha.statusCode).toBe(400);
    expect(badCaptcha.json()).toEqual({ code: 400, success: false, data: null, msg: '验证码不正确' });

    const wrong = await token(springGrant('office', 'wrong-password'));
    const bladeX = await requestToken(t, passwordGrant('office', 'wrong-password'));
    expect(wrong.statusCode).toBe(bladeX.statusCode);
    expect(wrong.json()).toEqual({ code: 400, success: false, data: null, msg: bladeX.json().error_description });
    expect(wrong.json().msg).toBe('用户名或密码错误');

    // The demo client has the captcha grant only, as on the BladeX route.
    const noPasswordGrant = await token(springGrant('office'), { authorization: SABER_HEADER });
    expect(noPasswordGrant.json()).toMatchObject({ code: 400, success: false, msg: '不支持的授权类型' });
    const noClient = await token(springGrant('office'), { authorization: '' });
    expect(noClient.json()).toMatchObject({ code: 401, success: false, msg: '请求头中无client信息' });
    await t.app.services.signIn.unlock('000000', 'office');
  });

  it('counts failures on both sign-in routes together towards the wait', async () => {
    const address = '10.19.0.1';
    try {
      for (let i = 0; i < 3; i++) await token(springGrant('college', 'wrong-password'), {}, address);
      for (let i = 0; i < 2; i++) {
        await t.app.inject({
          method: 'POST', url: `/api/blade-auth/oauth/token?${new URLSearchParams(passwordGrant('college', 'wrong-password'))}`, remoteAddress: address,
          headers: { authorization: CLIENT_HEADER, 'tenant-id': '000000' },
        });
      }
      // Five failures (account.failCount) across the two routes: the right password waits on both.
      const spring = await token(springGrant('college'), {}, address);
      expect(spring.statusCode).toBe(400);
      expect(spring.json()).toEqual({ code: 400, success: false, data: null, msg: '登录错误次数过多,请1分钟后再试' });
      const bladeX = await t.app.inject({
        method: 'POST', url: `/api/blade-auth/oauth/token?${new URLSearchParams(passwordGrant('college'))}`, remoteAddress: address,
        headers: { authorization: CLIENT_HEADER, 'tenant-id': '000000' },
      });
      expect(bladeX.json().error_description).toBe('登录错误次数过多,请1分钟后再试');
    } finally {
      await t.app.services.signIn.unlock('000000', 'college');
    }
  });

  it('refreshes the SpringBlade way, once per refresh token', async () => {
    const first = (await token(springGrant('association'))).json().data as Json;
    const refresh = { grantType: 'refresh_token', refreshToken: String(first.refreshToken), tenantId: '000000' };
    const res = await token(refresh);
    expect(res.statusCode, res.body).toBe(200);
    const second = res.json().data as Json;
    expect(second).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), account: 'association', tokenType: 'bearer' });
    expect(second.accessToken).not.toBe(first.accessToken);
    expect((await t.call('GET', '/api/blade-auth/oauth/user-info', second.accessToken)).json().code).toBe(200);
    const spent = await token(refresh);
    expect(spent.statusCode).toBe(401);
    expect(spent.json()).toEqual({ code: 401, success: false, data: null, msg: '令牌已失效' });
  });

  it('answers blade-user/list as blade-user/page, with the filters the user page sends', async () => {
    const query = 'current=1&size=10&account=admin';
    const list = await t.call('GET', `/api/blade-user/list?${query}`, admin);
    expect(list.statusCode, list.body).toBe(200);
    const page = await t.call('GET', `/api/blade-user/page?${query}`, admin);
    expect(list.json()).toEqual(page.json());
    expect(list.json().data).toMatchObject({ records: expect.any(Array), total: expect.any(Number), size: 10, current: 1 });
    expect((list.json().data.records as Json[]).map((r) => r.account)).toContain('admin');
    expect((await t.call('GET', `/api/blade-user/list?${query}`, null)).statusCode).toBe(401);
  });

  it("answers blade-flow/model/list with each process key's newest version as a model", async () => {
    const res = await t.call('GET', '/api/blade-flow/model/list?current=1&size=10', admin);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as Json;
    expect(data).toMatchObject({ records: expect.any(Array), total: expect.any(Number), size: 10, current: 1, pages: expect.any(Number) });
    const manager = (await t.call('GET', '/api/blade-flow/manager/list?current=1&size=100', admin)).json().data.records as Json[];
    const keys = [...new Set(manager.map((d) => d.key))];
    expect(data.total).toBe(keys.length);
    for (const model of data.records as Json[]) {
      expect(model).toMatchObject({ id: expect.any(String), modelKey: expect.any(String), name: expect.any(String), version: expect.any(Number), lastUpdated: expect.any(String) });
      expect(model.version).toBe(Math.max(...manager.filter((d) => d.key === model.modelKey).map((d) => Number(d.version))));
    }
    if (keys[0]) {
      const one = (await t.call('GET', `/api/blade-flow/model/list?modelKey=${encodeURIComponent(keys[0])}`, admin)).json().data as Json;
      expect((one.records as Json[]).map((m) => m.modelKey)).toEqual([keys[0]]);
    }
    const office = await t.signInWithoutGrants(admin);
    expect((await t.call('GET', '/api/blade-flow/model/list', office)).statusCode).toBe(403);
  });

  it("answers role/tree-by-id without an id with the caller's tenant's role tree", async () => {
    const res = await t.call('GET', '/api/blade-system/role/tree-by-id', admin);
    expect(res.statusCode, res.body).toBe(200);
    const tree = (await t.call('GET', '/api/blade-system/role/tree', admin)).json().data;
    expect(res.json().data).toEqual(tree);
    expect((tree as Json[]).length).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/blade-system/role/tree-by-id?roleId=x', admin)).statusCode).toBe(400);
  });

  // SpringBlade answers dept/list and dict/list with a tree, not a page (decision 280): a page there
  // freezes its tree tables. The paged lists the product's own pages read are dept/page and dict/page.
  it('answers dept/list and dict/list as unpaged trees, and the paged lists at page', async () => {
    for (const base of ['/api/blade-system/dept', '/api/blade-system/dict']) {
      const res = await t.call('GET', `${base}/list?current=1&size=1`, admin);
      expect(res.statusCode, res.body).toBe(200);
      const nodes = res.json().data as Json[];
      expect(Array.isArray(nodes)).toBe(true);
      expect(nodes.length).toBeGreaterThan(0);
      expect(nodes.some((n) => n.hasChildren === true && Array.isArray(n.children))).toBe(true);
      const page = await t.call('GET', `${base}/page?current=1&size=10`, admin);
      expect(page.json().data).toMatchObject({ records: expect.any(Array), total: expect.any(Number), size: 10, current: 1 });
    }
  });
});

