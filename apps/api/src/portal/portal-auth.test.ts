import { basicInfoEntity } from '@alumni/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEND_RECORD_TABLE } from '../modules/resource/send-records.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { portalHeaders, signInAlumnusForTest } from '../test-support/portal-calls.js';

const BASE = '/api/blade-portal';

describe.each(testDialects())('alumni portal sign-in on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  /** Live alumni of the demo school whose phone no other record shares. */
  let people: { id: string; phone: string; email: string | null; name: string }[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    const { db } = t.app.services.database;
    const rows = await db.selectFrom(basicInfoEntity.table).select(['id', 'name', 'phone', 'email', 'phone_hash'])
      .where('tenant_id', '=', '000000').where('is_deleted', '=', 0).where('status', '=', 1).where('is_deceased', '=', 0)
      .where('phone', 'is not', null).orderBy('id').execute();
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(String(r.phone_hash), (counts.get(String(r.phone_hash)) ?? 0) + 1);
    const { sealing } = t.app.services;
    people = rows.filter((r) => counts.get(String(r.phone_hash)) === 1).map((r) => ({
      id: String(r.id), name: String(r.name),
      phone: sealing.openColumn(basicInfoEntity, 'phone', r.phone) as string,
      email: sealing.openColumn(basicInfoEntity, 'email', r.email),
    })).filter((p) => /^1\d{10}$/.test(p.phone));
    expect(people.length).toBeGreaterThan(6);
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  async function captcha(): Promise<{ captchaKey: string; captchaCode: string }> {
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha' });
    const key = (res.json() as { key: string }).key;
    return { captchaKey: key, captchaCode: (await t.app.services.captcha.peek(key)) as string };
  }

  const askCode = async (target: string, channel = 'sms', extra: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: `${BASE}/auth/code`, payload: { tenantId: '000000', channel, target, ...(await captcha()), ...extra } });
  const signIn = (target: string, code: string, channel = 'sms') =>
    t.app.inject({ method: 'POST', url: `${BASE}/auth/sign-in`, payload: { tenantId: '000000', channel, target, code } });

  /** The code the demo's recording SMS provider was last given for this phone. */
  async function lastSmsCode(phone: string): Promise<string | null> {
    const row = await t.app.services.database.db.selectFrom(SEND_RECORD_TABLE).select(['params'])
      .where('channel', '=', 'sms').where('target_hash', '=', t.app.services.sealing.hash('phone', phone))
      .orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row ? (JSON.parse(String(row.params)) as { code?: string }).code ?? null : null;
  }

  const person = (n: number) => people[n] as (typeof people)[number];

  it('sends a 6-digit code by SMS, recorded by the demo provider, and signs in with it once', async () => {
    const p = person(0);
    const asked = await askCode(p.phone);
    expect(asked.json()).toMatchObject({ code: 200, data: { sent: true, registered: true, expiresInSeconds: 300 } });
    const code = await lastSmsCode(p.phone);
    expect(code).toMatch(/^\d{6}$/);
    // The code is kept only as a hash: the store holds no copy of it.
    const first = await signIn(p.phone, code as string);
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json().data as { accessToken: string; expiresAt: string; alumnus: { id: string; name: string } };
    expect(data.alumnus).toEqual({ id: p.id, name: p.name });
    expect(data.accessToken.startsWith('portal.')).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: `${BASE}/me`, headers: portalHeaders(data.accessToken) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.id).toBe(p.id);
    // Single use: the same code again is refused.
    const again = await signIn(p.phone, code as string);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('验证码不正确或已过期，请重新获取');
  });

  it('accepts the phone written with +86 and spaces', async () => {
    const p = person(1);
    const spaced = `+86 ${p.phone.slice(0, 3)} ${p.phone.slice(3, 7)} ${p.phone.slice(7)}`;
    expect((await askCode(spaced)).json().data.sent).toBe(true);
    const res = await signIn(spaced, (await lastSmsCode(p.phone)) as string);
    expect(res.json().data.alumnus.id).toBe(p.id);
  });

  it('refuses an expired code', async () => {
    const p = person(2);
    await askCode(p.phone);
    const code = (await lastSmsCode(p.phone)) as string;
    const later = Date.now() + 301_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    const res = await signIn(p.phone, code);
    expect(res.statusCode).toBe(400);
    vi.restoreAllMocks();
  });

  it('counts wrong codes and voids the code after 5', async () => {
    const p = person(3);
    await askCode(p.phone, 'sms');
    const code = (await lastSmsCode(p.phone)) as string;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await signIn(p.phone, wrong);
      expect(res.json()).toMatchObject({ code: 400, msg: '验证码不正确或已过期，请重新获取' });
    }
    const fifth = await t.app.inject({ method: 'POST', url: `${BASE}/auth/sign-in`, headers: { 'accept-language': 'en' }, payload: { tenantId: '000000', channel: 'sms', target: p.phone, code: wrong } });
    expect(fifth.json()).toMatchObject({ code: 400, msg: 'Too many wrong codes; please ask for a new one' });
    // Even the right code is refused now: a new one must be asked for.
    expect((await signIn(p.phone, code)).statusCode).toBe(400);
  });

  it('answers an unknown phone in the same shape, sending nothing, and holds it to the same wait', async () => {
    const unknown = '13999999871';
    const before = await t.app.services.database.db.selectFrom(SEND_RECORD_TABLE).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const res = await askCode(unknown);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ sent: false, registered: false, expiresInSeconds: 0 });
    const after = await t.app.services.database.db.selectFrom(SEND_RECORD_TABLE).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
    expect((await askCode(unknown)).statusCode).toBe(429);
    expect((await signIn(unknown, '123456')).statusCode).toBe(400);
  });

  it('sends one code a minute to an address, and needs the captcha', async () => {
    const p = person(4);
    expect((await askCode(p.phone)).statusCode).toBe(200);
    const soon = await askCode(p.phone);
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBe('60');
    // A minute passes: the wait's key expires (the store's own clock, in memory or in Redis).
    await t.app.services.store.delete(`portal-code:000000:sms:${t.app.services.sealing.hash('phone', p.phone)}:wait`);
    const wrongCaptcha = await t.app.inject({ method: 'POST', url: `${BASE}/auth/code`, payload: { tenantId: '000000', channel: 'sms', target: p.phone, captchaKey: 'x', captchaCode: 'y' } });
    expect(wrongCaptcha.json()).toMatchObject({ code: 400, msg: '图形验证码不正确' });
    expect((await askCode(p.phone)).statusCode).toBe(200);
  });

  it('refuses malformed input with a clear 400 in both languages', async () => {
    const bad = await t.app.inject({ method: 'POST', url: `${BASE}/auth/code`, headers: { 'accept-language': 'en' }, payload: { tenantId: '000000', channel: 'sms', target: '12345' } });
    expect(bad.json()).toMatchObject({ code: 400, msg: 'Please enter a valid mobile number' });
    const channel = await t.app.inject({ method: 'POST', url: `${BASE}/auth/code`, payload: { tenantId: '000000', channel: 'fax', target: '12345' } });
    expect(channel.json()).toMatchObject({ code: 400, msg: '请选择手机号或电子邮箱登录' });
    const tenant = await t.app.inject({ method: 'POST', url: `${BASE}/auth/sign-in`, payload: { tenantId: '999999', channel: 'sms', target: person(0).phone, code: '123456' } });
    expect(tenant.json()).toMatchObject({ code: 400 });
    const code = await signIn(person(0).phone, '12ab');
    expect(code.json()).toMatchObject({ code: 400, msg: '请输入6位数字验证码' });
  });

  it('ends the session on sign-out', async () => {
    const token = await signInAlumnusForTest(t.app, '000000', person(5).id);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/me`, headers: portalHeaders(token) })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: `${BASE}/auth/sign-out`, headers: portalHeaders(token) });
    expect(out.json()).toMatchObject({ code: 200, data: true });
    const after = await t.app.inject({ method: 'GET', url: `${BASE}/me`, headers: portalHeaders(token, 'en') });
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('Your sign-in has ended; please sign in again');
  });

  it('ends the session when it expires', async () => {
    const token = await signInAlumnusForTest(t.app, '000000', person(5).id);
    const week = Date.now() + 604_801_000;
    vi.spyOn(Date, 'now').mockReturnValue(week);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/me`, headers: portalHeaders(token) })).statusCode).toBe(401);
  });

  it('refuses the alumni token on every staff route, in whichever header, and staff tokens on portal routes', async () => {
    const token = await signInAlumnusForTest(t.app, '000000', person(6).id);
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const calls: { method: string; url: string }[] = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const method of Object.keys(methods)) {
        if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        calls.push({ method: method.toUpperCase(), url: url.startsWith('/api/') ? url : `/api${url}` });
      }
    }
    const portalCalls = calls.filter((c) => c.url.startsWith(`${BASE}/`));
    const staffCalls = calls.filter((c) => !c.url.startsWith(`${BASE}/`));
    expect(staffCalls.length).toBeGreaterThan(300);
    expect(portalCalls.length).toBeGreaterThanOrEqual(8);
    const accepted: string[] = [];
    for (const c of staffCalls) {
      // In the staff header: refused before anything runs, on public routes too.
      const res = await t.app.inject({ method: c.method as 'GET', url: c.url, headers: { 'blade-auth': `bearer ${token}` } });
      if (res.statusCode !== 401) accepted.push(`${c.method} ${c.url} ${res.statusCode}`);
    }
    expect(accepted).toEqual([]);
    // In the portal header only, a staff route sees no staff token: every route that needs one refuses.
    // (The self-service pages' `open` calls need no token at all.)
    const staffSample = staffCalls.filter((c) => /\/(list|page|detail|submit|remove)$/.test(c.url) && !c.url.includes('/open/'));
    expect(staffSample.length).toBeGreaterThan(50);
    for (const c of staffSample) {
      const res = await t.app.inject({ method: c.method as 'GET', url: c.url, headers: portalHeaders(token) });
      if (res.statusCode !== 401 && res.statusCode !== 404) accepted.push(`${c.method} ${c.url} ${res.statusCode}`);
    }
    expect(accepted).toEqual([]);
    // A staff token opens no portal route that needs a signed-in alumnus, in either header.
    for (const c of portalCalls.filter((x) => !/\/(settings|auth\/code|auth\/sign-in)$/.test(x.url))) {
      for (const headers of [{ 'blade-auth': `bearer ${admin}` }, { 'portal-auth': `bearer ${admin}` }]) {
        const res = await t.app.inject({ method: c.method as 'GET', url: c.url, headers, payload: c.method === 'GET' ? undefined : {} });
        if (res.statusCode !== 401) accepted.push(`${c.method} ${c.url} ${res.statusCode}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('answers the public settings of a school', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/settings?tenantId=000000` });
    expect(res.json().data).toEqual({
      enabled: true, schoolName: '示范大学', logoUrl: null,
      sections: ['notices', 'messages', 'texts', 'surveys', 'activities', 'gifts', 'privacy'],
    });
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/settings?tenantId=abc` })).statusCode).toBe(400);
  });

  it('takes its settings from the parameters the staff edit, and sends no code while closed', async () => {
    const list = await t.call('GET', '/api/blade-system/param/list?current=1&size=50&paramKey=portal.', admin);
    const params = (list.json().data.records as { id: string; paramKey: string; paramName: string; paramValue: string }[]);
    const param = (key: string) => params.find((p) => p.paramKey === key) as (typeof params)[number];
    expect(params.map((p) => p.paramKey).sort()).toEqual(['portal.cardBenefits', 'portal.enabled', 'portal.logoUrl', 'portal.schoolName', 'portal.sections']);
    const set = async (key: string, value: string) => {
      const p = param(key);
      const res = await t.call('POST', '/api/blade-system/param/submit', admin, { id: p.id, paramKey: key, paramName: p.paramName, paramValue: value });
      expect(res.statusCode, res.body).toBe(200);
    };
    await set('portal.sections', 'notices, gifts,unknown');
    await set('portal.schoolName', '示范大学校友会');
    await set('portal.logoUrl', '/files/logo.png');
    const shown = (await t.app.inject({ method: 'GET', url: `${BASE}/settings?tenantId=000000` })).json().data;
    expect(shown).toEqual({ enabled: true, schoolName: '示范大学校友会', logoUrl: '/files/logo.png', sections: ['notices', 'gifts'] });
    await set('portal.enabled', '0');
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/settings` })).json().data.enabled).toBe(false);
    const closed = await t.app.inject({ method: 'POST', url: `${BASE}/auth/code`, headers: { 'accept-language': 'en' }, payload: { tenantId: '000000', channel: 'sms', target: person(0).phone, ...(await captcha()) } });
    expect(closed.json()).toMatchObject({ code: 403, msg: 'This school has not opened its alumni portal' });
    await set('portal.enabled', '1');
  });
});
