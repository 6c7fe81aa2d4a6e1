import type { FastifyInstance } from 'fastify';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../auth/password.js';
import { CLIENT_HEADER, DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

type Json = Record<string, unknown>;

describe.each(testDialects())('logs on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, {
      beforeReady: (app: FastifyInstance) => {
        app.get('/api/test-only/explode', async () => {
          throw new Error('select secret from somewhere');
        });
      },
    });
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  async function rows(kind: 'usual' | 'api' | 'error', params: Record<string, string> = {}, token = admin): Promise<Json[]> {
    await t.app.services.logs.flush();
    const res = await t.call('GET', `/api/blade-log/${kind}/list?${new URLSearchParams({ size: '200', ...params })}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.records as Json[];
  }

  const tokenCall = (account: string, password: string) => t.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', username: account, password: md5Hex(password), grant_type: 'password' })}`,
    headers: { authorization: CLIENT_HEADER },
  });

  it('records a sign-in in the usual log', async () => {
    await t.signIn('office');
    const found = await rows('usual', { logId: 'sign_in', createBy: 'office' });
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatchObject({ logId: 'sign_in', createBy: 'office', tenantId: '000000', requestUri: '/api/blade-auth/oauth/token' });
  });

  it('records failed sign-ins and the lockout they cause', async () => {
    for (let i = 0; i < 5; i += 1) expect((await tokenCall('foundation', 'wrong')).statusCode).toBe(400);
    expect(await rows('usual', { logId: 'sign_in_failed', createBy: 'foundation' })).toHaveLength(4);
    expect(await rows('usual', { logId: 'lockout', createBy: 'foundation' })).toHaveLength(1);
    await t.app.services.signIn.unlock('000000', 'foundation');
  });

  it('records a sign-out', async () => {
    const token = await t.signIn('leader');
    await t.call('GET', '/api/blade-auth/oauth/logout', token);
    expect(await rows('usual', { logId: 'sign_out', createBy: 'leader' })).toHaveLength(1);
  });

  it('records writes in the API log with secrets masked, and not plain reads', async () => {
    await t.call('POST', '/api/blade-system/param/submit', admin, { paramName: '日志测试', paramKey: 'log.test.key', paramValue: 'v' });
    await t.call('GET', '/api/blade-system/param/list?paramKey=log.test', admin);
    await tokenCall('college', DEMO_PASSWORD);
    const submits = await rows('api', { requestUri: '/blade-system/param/submit' });
    expect(submits[0]).toMatchObject({ method: 'POST', statusCode: 200, createBy: 'admin' });
    expect(String(submits[0]?.params)).toContain('log.test.key');
    expect(await rows('api', { requestUri: '/blade-system/param/list' })).toHaveLength(0);
    const signIns = await rows('api', { requestUri: '/blade-auth/oauth/token', createBy: 'college' });
    expect(signIns.length).toBeGreaterThan(0);
    expect(String(signIns[0]?.params)).toContain('******');
    expect(String(signIns[0]?.params)).not.toContain(md5Hex(DEMO_PASSWORD));
  });

  it('names each logged call as a user reads it, in the reader\'s language', async () => {
    await t.call('POST', '/api/blade-system/param/submit', admin, { paramName: '日志名称', paramKey: 'log.title.key', paramValue: 'v' });
    await t.app.services.logs.flush();
    const list = (lang: string) => t.call('GET', '/api/blade-log/api/list?requestUri=/blade-system/param/submit&size=1', admin, undefined, { 'accept-language': lang });
    expect((await list('zh-CN')).json().data.records[0]).toMatchObject({ title: '参数 · 保存' });
    expect((await list('en')).json().data.records[0]).toMatchObject({ title: 'Parameter · save' });
  });

  it('records a server failure in the error log with the request id the answer carried, and hides it from the answer', async () => {
    const res = await t.call('GET', '/api/test-only/explode', admin);
    expect(res.statusCode).toBe(500);
    const requestId = res.json().data.requestId as string;
    expect(res.body).not.toContain('select secret');
    const entry = (await rows('error', { source: 'server' })).find((r) => r.requestId === requestId) as Json;
    const detail = await t.call('GET', `/api/blade-log/error/detail?id=${entry.id}`, admin);
    expect(detail.json().data).toMatchObject({ source: 'server', message: 'select secret from somewhere', requestId });
    expect(String(detail.json().data.stackTrace)).toContain('Error: select secret');
  });

  it("answers the server's host, address and environment in each log's detail, as BladeX's log tables hold them", async () => {
    const signIn = await tokenCall('admin', DEMO_PASSWORD);
    expect(signIn.statusCode, signIn.body).toBe(200);
    const submit = await t.call('POST', '/api/blade-system/param/submit', admin, { paramName: '服务器字段', paramKey: `server.${Date.now()}`, paramValue: '1' });
    expect(submit.statusCode, submit.body).toBe(200);
    const failed = await t.call('GET', '/api/test-only/explode', admin);
    const entries = {
      usual: (await rows('usual', { logId: 'sign_in', createBy: 'admin' }))[0],
      api: (await rows('api', { requestUri: '/blade-system/param/submit' }))[0],
      error: (await rows('error', { source: 'server' })).find((r) => r.requestId === failed.json().data.requestId),
    };
    for (const [kind, entry] of Object.entries(entries)) {
      expect(entry, kind).toBeDefined();
      const detail = await t.call('GET', `/api/blade-log/${kind}/detail?id=${String(entry?.id)}`, admin);
      expect(detail.statusCode, detail.body).toBe(200);
      const data = detail.json().data as Json;
      for (const field of ['serverHost', 'serverIp', 'env']) {
        expect(typeof data[field], `${kind} ${field}`).toBe('string');
        expect(String(data[field]).length, `${kind} ${field}`).toBeGreaterThan(0);
      }
      expect(data.serverHost).toBe(hostname());
      expect(data.env).toBe(t.config.environment);
    }
  });

  it('stores uploaded client logs as error-log rows of source client', async () => {
    const logs = [{ type: 'error', url: 'http://localhost/system/param/index', message: 'x is undefined', stack: 'TypeError: x is undefined\n at f', info: 'render', time: '2026-11-21 10:00:00' }];
    const res = await t.call('POST', '/api/blade-log/error/client', admin, logs);
    expect(res.json()).toMatchObject({ code: 200, data: true });
    const found = await rows('error', { source: 'client', message: 'x is undefined' });
    expect(found[0]).toMatchObject({ exceptionName: 'error', createBy: 'admin' });
  });

  it('stores an entry holding a NUL character, and the entries written with it', async () => {
    // Requests refuse NUL in their input, but a header or a decoded query can still carry one.
    const tag = Math.random().toString(36).slice(2, 8);
    t.app.services.logs.usual({ tenantId: '000000', userAgent: 'agent\u0000x', createBy: 'admin' }, { logId: 'test', logData: `nul${tag} a\u0000b` });
    t.app.services.logs.usual({ tenantId: '000000', createBy: 'admin' }, { logId: 'test', logData: `plain${tag}` });
    expect((await rows('usual', { logData: `nul${tag}` }))[0]?.logData).toBe(`nul${tag} a\uFFFDb`);
    expect(await rows('usual', { logData: `plain${tag}` })).toHaveLength(1);
  });

  it('refuses client logs that are not a list of entries, and stores nothing', async () => {
    const before = (await rows('error', { source: 'client' })).length;
    expect((await t.call('POST', '/api/blade-log/error/client', admin, { message: 'one' })).statusCode).toBe(400);
    expect((await t.call('POST', '/api/blade-log/error/client', admin, [])).statusCode).toBe(400);
    expect(await rows('error', { source: 'client' })).toHaveLength(before);
  });

  it('searches logs by time range', async () => {
    const all = await rows('usual');
    expect(all.length).toBeGreaterThan(0);
    expect(await rows('usual', { createTime_dategt: '2000-01-01 00:00:00', createTime_datelt: '2000-01-02 00:00:00' })).toHaveLength(0);
    const newest = String(all[0]?.createTime);
    expect((await rows('usual', { createTime_datege: newest })).length).toBeGreaterThan(0);
  });

  it('keeps log pages to holders of their menus', async () => {
    const leader = await t.signIn('leader');
    for (const kind of ['usual', 'api', 'error']) {
      expect((await t.call('GET', `/api/blade-log/${kind}/list`, leader)).statusCode).toBe(403);
    }
  });

  it('offers no way to write or remove log rows', async () => {
    expect((await t.call('POST', '/api/blade-log/usual/submit', admin, { logId: 'forged' })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/blade-log/usual/remove?ids=1', admin)).statusCode).toBe(404);
  });

  it('shows another tenant none of these rows', async () => {
    const theirs = await t.signIn('admin', DEMO_PASSWORD, '100001');
    await t.app.services.logs.flush();
    const res = await t.call('GET', '/api/blade-log/usual/list?createBy=office', theirs);
    // the other tenant's package has no log menus
    expect(res.statusCode).toBe(403);
    const count = await t.app.services.database.db.selectFrom('blade_log_usual').select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', '100001').where('create_by', '=', 'office').executeTakeFirst();
    expect(Number(count?.n)).toBe(0);
  });
});
