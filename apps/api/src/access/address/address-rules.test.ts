import { ADDRESS_RULE_SCOPE as SCOPE, ADDRESS_RULE_TYPE as TYPE } from '@alumni/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/password.js';
import { CLIENT_HEADER, DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

const BASE = '/api/blade-system/address-rule';
const DEMO_TENANT = '100001';

describe.each(testDialects())('address rules on %s', (dialect) => {
  let t: TestApp;
  let platformAdmin: string;
  let tenantAdmin: string;

  /** A staff sign-in from `address`: the reply (a token on success). */
  const signInFrom = (address: string, account = 'admin', tenantId = '000000', headers: Record<string, string> = {}) => {
    const query = new URLSearchParams({ tenantId, username: account, password: md5Hex(DEMO_PASSWORD), grant_type: 'password' });
    return t.app.inject({ method: 'POST', url: `/api/blade-auth/oauth/token?${query}`, remoteAddress: address, headers: { authorization: CLIENT_HEADER, 'tenant-id': tenantId, ...headers } });
  };
  /** A staff API call from `address`. */
  const callFrom = (address: string, token: string, url = '/api/blade-auth/user-info', lang = 'zh-CN') =>
    t.app.inject({ method: 'GET', url, remoteAddress: address, headers: { 'blade-auth': `bearer ${token}`, 'accept-language': lang } });
  /** Saves a rule as `token` from `address` (127.0.0.1 unless given). */
  const save = (token: string, body: Record<string, unknown>, address = '127.0.0.1', lang = 'zh-CN') =>
    t.app.inject({ method: 'POST', url: `${BASE}/submit`, remoteAddress: address, payload: { enabled: 1, remark: 'test', ...body }, headers: { 'blade-auth': `bearer ${token}`, 'accept-language': lang } });
  const idOf = (res: LightMyRequestResponse): string => {
    expect(res.statusCode, res.body).toBe(200);
    return String((res.json() as { data: { id: string } }).data.id);
  };
  const remove = async (token: string, ids: string[], address = '127.0.0.1') => {
    const res = await t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${ids.join(',')}`, remoteAddress: address, headers: { 'blade-auth': `bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const count = async (token: string): Promise<number> => {
    const res = await t.call('GET', `${BASE}/list?size=100`, token);
    return Number((res.json() as { data: { total: number } }).data.total);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [platformAdmin, tenantAdmin] = await Promise.all([t.signIn('admin'), t.signIn('admin', DEMO_PASSWORD, DEMO_TENANT)]);
  });
  afterAll(async () => t?.close());

  it('refuses sign-in and API calls from a platform-denied range, in every tenant, and logs it', async () => {
    const tokenFromThere = await t.signIn('leader');
    const id = idOf(await save(platformAdmin, { ruleType: TYPE.deny, ruleScope: SCOPE.staff, address: '198.51.100.0/24' }));

    const refused = await signInFrom('198.51.100.7');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 403, success: false });
    expect((refused.json() as { msg: string }).msg).toContain('198.51.100.7');
    expect((await signInFrom('198.51.100.7', 'admin', DEMO_TENANT)).statusCode).toBe(403);
    const call = await callFrom('198.51.100.8', tokenFromThere, '/api/blade-auth/user-info', 'en');
    expect(call.statusCode).toBe(403);
    expect((call.json() as { msg: string }).msg).toBe('Access from your network address (198.51.100.8) is not allowed; please contact the administrator');
    expect((await callFrom('198.51.100.9', tenantAdmin)).statusCode).toBe(403);
    // Elsewhere nothing changes.
    expect((await signInFrom('198.51.101.7')).statusCode).toBe(200);
    expect((await callFrom('198.51.101.8', tokenFromThere)).statusCode).toBe(200);

    await t.app.services.logs.flush();
    const logged = await t.app.services.database.db.selectFrom('blade_log_usual').select(['log_id', 'remote_ip'])
      .where('log_id', '=', 'address_refused').where('remote_ip', '=', '198.51.100.7').execute();
    expect(logged.length).toBeGreaterThanOrEqual(2);

    await remove(platformAdmin, [id]);
    expect((await signInFrom('198.51.100.7')).statusCode).toBe(200);
  });

  it("keeps a tenant's staff to its allow-list, leaving other tenants alone", async () => {
    // Saved from inside the campus range, so the administrator keeps access.
    const campus = idOf(await save(tenantAdmin, { ruleType: TYPE.allow, ruleScope: SCOPE.staff, address: '10.20.0.0/16' }, '10.20.1.1'));
    const v6 = idOf(await save(tenantAdmin, { ruleType: TYPE.allow, ruleScope: SCOPE.staff, address: '2001:db8:ca::/48' }, '10.20.1.1'));

    expect((await signInFrom('10.20.5.5', 'admin', DEMO_TENANT)).statusCode).toBe(200);
    expect((await signInFrom('::ffff:10.20.5.6', 'admin', DEMO_TENANT)).statusCode).toBe(200);
    expect((await signInFrom('2001:db8:ca::9', 'admin', DEMO_TENANT)).statusCode).toBe(200);
    expect((await signInFrom('10.30.0.1', 'admin', DEMO_TENANT)).statusCode).toBe(403);
    expect((await callFrom('10.30.0.1', tenantAdmin)).statusCode).toBe(403);
    expect((await callFrom('10.20.0.2', tenantAdmin)).statusCode).toBe(200);
    // The platform's staff and the tenant's alumni portal are not governed by it.
    expect((await signInFrom('10.30.0.1')).statusCode).toBe(200);
    expect((await callFrom('10.30.0.1', platformAdmin)).statusCode).toBe(200);
    const portal = await t.app.inject({ method: 'GET', url: `/api/blade-portal/settings?tenantId=${DEMO_TENANT}`, remoteAddress: '10.30.0.1' });
    expect(portal.statusCode).toBe(200);

    // Removing the allow rule that covers the administrator's own address would lock them out.
    const lockout = await t.app.inject({ method: 'POST', url: `${BASE}/remove?ids=${campus}`, remoteAddress: '10.20.1.1', headers: { 'blade-auth': `bearer ${tenantAdmin}` } });
    expect(lockout.statusCode).toBe(400);
    await remove(tenantAdmin, [campus, v6], '10.20.1.1');
    expect((await signInFrom('10.30.0.1', 'admin', DEMO_TENANT)).statusCode).toBe(200);
  });

  it('governs the alumni portal and public pages by their own rules', async () => {
    const id = idOf(await save(platformAdmin, { ruleType: TYPE.deny, ruleScope: SCOPE.portal, address: '203.0.113.0/24' }));
    const portal = (address: string) => t.app.inject({ method: 'GET', url: `/api/blade-portal/settings?tenantId=${DEMO_TENANT}`, remoteAddress: address });
    expect((await portal('203.0.113.5')).statusCode).toBe(403);
    expect((await portal('203.0.114.5')).statusCode).toBe(200);
    // Staff sign-in and calls from that range are not governed by a portal rule.
    expect((await signInFrom('203.0.113.5')).statusCode).toBe(200);
    expect((await callFrom('203.0.113.5', platformAdmin)).statusCode).toBe(200);
    await remove(platformAdmin, [id]);
    expect((await portal('203.0.113.5')).statusCode).toBe(200);
  });

  it('refuses a rule that would refuse the address the request comes from, and saves nothing', async () => {
    const before = await count(platformAdmin);
    for (const lang of ['zh-CN', 'en']) {
      const denySelf = await save(platformAdmin, { ruleType: TYPE.deny, ruleScope: SCOPE.staff, address: '127.0.0.0/8' }, '127.0.0.1', lang);
      expect(denySelf.statusCode).toBe(400);
      expect((denySelf.json() as { msg: string }).msg).toContain('127.0.0.1');
    }
    const allowElsewhere = await save(platformAdmin, { ruleType: TYPE.allow, ruleScope: SCOPE.staff, address: '10.99.0.0/16' });
    expect(allowElsewhere.statusCode).toBe(400);
    expect((allowElsewhere.json() as { msg: string }).msg).toContain('无法继续登录');
    // A tenant's own allow-list is checked against its administrator's address too.
    expect((await save(tenantAdmin, { ruleType: TYPE.allow, ruleScope: SCOPE.staff, address: '10.99.0.0/16' })).statusCode).toBe(400);
    // A disabled rule or a portal rule does not lock staff out.
    const disabled = idOf(await save(platformAdmin, { ruleType: TYPE.deny, ruleScope: SCOPE.staff, address: '127.0.0.0/8', enabled: 0 }));
    const enabling = await save(platformAdmin, { id: disabled, ruleType: TYPE.deny, ruleScope: SCOPE.staff, address: '127.0.0.0/8', enabled: 1 });
    expect(enabling.statusCode).toBe(400);
    await remove(platformAdmin, [disabled]);
    expect(await count(platformAdmin)).toBe(before);
  });

  it('answers a malformed address or range with 400 naming the field, and saves nothing', async () => {
    const before = await count(platformAdmin);
    const cases: [string, string, string][] = [
      ['10.0.0.0/33', '网段前缀长度', 'prefix length'],
      ['10.1.2.3/8', '10.0.0.0/8', '10.0.0.0/8'],
      ['campus', '有效的 IPv4/IPv6', 'valid IPv4/IPv6'],
      ['2001:db8:::1', '有效的 IPv4/IPv6', 'valid IPv4/IPv6'],
    ];
    for (const [address, zh, en] of cases) {
      const inZh = await save(platformAdmin, { ruleType: TYPE.deny, ruleScope: SCOPE.staff, address }, '127.0.0.1', 'zh-CN');
      expect(inZh.statusCode, address).toBe(400);
      expect(inZh.body).toContain(zh);
      const inEn = await save(platformAdmin, { ruleType: TYPE.deny, ruleScope: SCOPE.staff, address }, '127.0.0.1', 'en');
      expect(inEn.statusCode, address).toBe(400);
      expect(inEn.body).toContain(en);
    }
    const badType = await save(platformAdmin, { ruleType: '9', ruleScope: SCOPE.staff, address: '192.0.2.0/24' });
    expect(badType.statusCode).toBe(400);
    expect(await count(platformAdmin)).toBe(before);
  });

  it("keeps each tenant's rules to itself", async () => {
    const id = idOf(await save(tenantAdmin, { ruleType: TYPE.deny, ruleScope: SCOPE.portal, address: '192.0.2.0/24' }));
    const platformList = await t.call('GET', `${BASE}/list?size=100`, platformAdmin);
    expect(JSON.stringify(platformList.json())).not.toContain(id);
    await remove(tenantAdmin, [id]);
  });
});

describe('address rules behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { TRUST_PROXY: 'true' });
  });
  afterAll(async () => t?.close());

  it('decides by the forwarded client address', async () => {
    const admin = await t.signIn('admin');
    const saved = await t.call('POST', `${BASE}/submit`, admin, { ruleType: TYPE.deny, ruleScope: SCOPE.staff, address: '198.51.100.0/24', enabled: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    const query = new URLSearchParams({ tenantId: '000000', username: 'admin', password: md5Hex(DEMO_PASSWORD), grant_type: 'password' });
    const signIn = (forwarded: string) => t.app.inject({
      method: 'POST', url: `/api/blade-auth/oauth/token?${query}`, remoteAddress: '127.0.0.1',
      headers: { authorization: CLIENT_HEADER, 'tenant-id': '000000', 'x-forwarded-for': forwarded },
    });
    expect((await signIn('198.51.100.20')).statusCode).toBe(403);
    expect((await signIn('192.0.2.20')).statusCode).toBe(200);
    const call = await t.app.inject({ method: 'GET', url: '/api/blade-auth/user-info', headers: { 'blade-auth': `bearer ${admin}`, 'x-forwarded-for': '198.51.100.21' } });
    expect(call.statusCode).toBe(403);
  });
});
