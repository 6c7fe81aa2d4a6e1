import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

describe.each(testDialects())('error model on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // A route that fails the way a bug would, registered on this test's app only.
    t = await startTestApp(dialect, { LOG_LEVEL: 'fatal' }, {
      beforeReady: (app) => {
        app.get('/api/test-only/explode', { config: { public: true } }, async () => {
          throw new Error('select password from blade_user where id = 1 -- secret detail');
        });
      },
    });
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  it('answers an unknown API route with the 404 envelope', async () => {
    const res = await t.call('GET', '/api/blade-system/no-such-thing', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, success: false, data: null, msg: '接口不存在' });
    const english = await t.call('GET', '/api/blade-system/no-such-thing', admin, undefined, { 'accept-language': 'en' });
    expect(english.json(), 'in the language the caller asks for').toMatchObject({ code: 404, msg: expect.not.stringMatching(/接口/) });
  });

  it('answers an unknown API route without a token with 404 too', async () => {
    const res = await t.call('POST', '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, success: false });
  });

  it('answers an unexpected failure with the 500 envelope and a request id, hiding the details', async () => {
    const res = await t.call('GET', '/api/test-only/explode');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ code: 500, success: false });
    expect(body.data.requestId).toBeTypeOf('string');
    expect(body.msg).toContain(body.data.requestId);
    expect(res.body).not.toMatch(/select|password|secret|stack|at .*\.ts/i);
  });

  it('answers malformed JSON with the 400 envelope', async () => {
    const res = await t.call('POST', '/api/blade-system/param/submit', admin, '{"paramName":', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false, msg: '请求参数错误' });
  });

  it('answers an unsupported media type with the 415 envelope', async () => {
    const res = await t.call('POST', '/api/blade-system/param/submit', admin, 'paramName=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 415, success: false, msg: '不支持的媒体类型' });
  });

  it('takes an empty JSON body as no body (a remove sent with a JSON content type)', async () => {
    const res = await t.call('POST', '/api/blade-system/param/remove?ids=1', admin, '', { 'content-type': 'application/json' });
    expect(res.json()).toMatchObject({ code: 404, msg: '数据不存在' });
  });

  it('answers a business failure in English when asked', async () => {
    const res = await t.call('POST', '/api/blade-system/param/submit', admin, {}, { 'accept-language': 'en' });
    expect(res.json()).toMatchObject({ code: 400, data: { errors: { paramName: 'Please enter the parameter name' } } });
  });
});
