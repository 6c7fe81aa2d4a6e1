import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { md5Hex } from '../auth/password.js';
import { up as renumberStoredCodes } from '../db/migrations/012-bladex-stored-codes.js';
import { ADMIN_USER_ID, ROOT_DEPT_ID } from '../seed/platform-seed.js';
import { SeedWriter } from '../seed/seed-writer.js';
import { UserStore } from './user/user-store.js';
import { CLIENT_HEADER, DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

/**
 * What an existing BladeX installation and its stock Saber client expect: each call here is sent
 * exactly as the Saber client sends it, and checked for the shape the client reads.
 */
describe.each(testDialects())('BladeX compatibility on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let office: string;
  let foreign: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, office, foreign] = await Promise.all([t.signIn('admin'), t.signIn('office'), t.signIn('admin', DEMO_PASSWORD, '100001')]);
  });
  afterAll(async () => t?.close());

  const data = async (method: 'GET' | 'POST', url: string, token: string | null, body?: unknown, code = 200) => {
    const res = await t.call(method, url, token, body);
    expect(res.statusCode, res.body).toBe(code);
    return res.json().data as Json;
  };
  const signInStatus = async (account: string, password: string, tenantId = '000000') => {
    const q = new URLSearchParams({ tenantId, username: account, password: md5Hex(password), grant_type: 'password', scope: 'all', type: 'account' });
    const res = await t.app.inject({ method: 'POST', url: `/api/blade-auth/oauth/token?${q}`, headers: { authorization: CLIENT_HEADER, 'tenant-id': tenantId } });
    return res.statusCode;
  };
  const tag = () => Math.random().toString(36).slice(2, 8);
  const roleId = async () => String((await data('GET', '/api/blade-system/role/tree', admin) as Json[])[0]?.id);

  describe('user form password (blade-user/submit)', () => {
    const newUser = async (extra: Json) => ({
      account: `pw${tag()}`, name: '密码', realName: '密码测试', roleId: await roleId(), deptId: ROOT_DEPT_ID, ...extra,
    });

    it('sets the plain-text password and password2 the stock user form sends', async () => {
      const body = await newUser({ password: 'Qa#2024abc', password2: 'Qa#2024abc' });
      await data('POST', '/api/blade-user/submit', admin, body);
      expect(await signInStatus(body.account, 'Qa#2024abc')).toBe(200);
      expect(await signInStatus(body.account, DEMO_PASSWORD)).not.toBe(200);
    });

    it('gives account.initPassword when no password is sent', async () => {
      const body = await newUser({});
      await data('POST', '/api/blade-user/submit', admin, body);
      expect(await signInStatus(body.account, DEMO_PASSWORD)).toBe(200);
    });

    it('refuses differing password and password2 with a bilingual 400', async () => {
      const body = await newUser({ password: 'Qa#2024abc', password2: 'Qa#2024abd' });
      const zh = await t.call('POST', '/api/blade-user/submit', admin, body);
      expect(zh.statusCode).toBe(400);
      expect(zh.json()).toMatchObject({ code: 400, success: false, msg: '两次输入密码不一致' });
      const en = await t.call('POST', '/api/blade-user/submit', admin, body, { 'accept-language': 'en-US' });
      expect(en.json().msg).toBe('The two passwords differ');
      expect(await signInStatus(body.account, 'Qa#2024abc')).not.toBe(200);
    });

    it('refuses a password that breaks the password rules', async () => {
      const body = await newUser({ password: '123456', password2: '123456' });
      const res = await t.call('POST', '/api/blade-user/submit', admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('密码长度为8-16位');
    });
  });

  describe('tenant id generation (blade-system/tenant/submit)', () => {
    it('gives a tenant sent without tenantId the next free six-digit id', async () => {
      const first = await data('POST', '/api/blade-system/tenant/submit', admin, { tenantName: `生成${tag()}`, linkman: '张三', contactNumber: '13900000009' });
      // The demo holds 000000 and 100001: the next free id above them.
      expect(first.tenantId).toBe('100002');
      const second = await data('POST', '/api/blade-system/tenant/submit', admin, { tenantName: `生成${tag()}` });
      expect(second.tenantId).toBe('100003');
      // A removed tenant's id is never given again.
      await data('POST', `/api/blade-system/tenant/remove?ids=${second.id}`, admin);
      const third = await data('POST', '/api/blade-system/tenant/submit', admin, { tenantName: `生成${tag()}` });
      expect(third.tenantId).toBe('100004');
    });

    it('gives tenants created at the same time different ids', async () => {
      const answers = await Promise.all([1, 2, 3, 4].map(() => t.call('POST', '/api/blade-system/tenant/submit', admin, { tenantName: `并发${tag()}` })));
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const given = answers.map((res) => String(res.json().data.tenantId));
      expect(new Set(given).size).toBe(4);
    });
  });

  describe('tenant picker (blade-system/tenant/select)', () => {
    it('answers every tenant to the platform administrator', async () => {
      const list = await data('GET', '/api/blade-system/tenant/select', admin) as Json[];
      expect(Array.isArray(list)).toBe(true);
      expect(list.map((r) => r.tenantId)).toEqual(expect.arrayContaining(['000000', '100001']));
      for (const row of list) expect(row).toMatchObject({ tenantId: expect.any(String), tenantName: expect.any(String) });
    });

    it("answers only the caller's own tenant to anyone else", async () => {
      expect((await data('GET', '/api/blade-system/tenant/select', foreign) as Json[]).map((r) => r.tenantId)).toEqual(['100001']);
      expect((await data('GET', '/api/blade-system/tenant/select', office) as Json[]).map((r) => r.tenantId)).toEqual(['000000']);
    });
  });

  describe('login page tenant lookup (blade-system/tenant/info)', () => {
    it('answers an empty object, never null, when no tenant owns the domain', async () => {
      const res = await t.call('GET', '/api/blade-system/tenant/info?domain=http%3A%2F%2Fnowhere.example');
      expect(res.json()).toMatchObject({ code: 200, success: true, data: {} });
      expect((await t.call('GET', '/api/blade-system/tenant/info?domain=')).json().data).toEqual({});
    });
  });

  describe.each(['dict', 'dict-biz'])('dictionary page (blade-system/%s/child-list)', (name) => {
    const base = `/api/blade-system/${name}`;

    it("answers the stock client's first call (parentId=-1) with an empty list", async () => {
      const res = await t.call('GET', `${base}/child-list?current=1&size=10&parentId=-1`, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ code: 200, success: true, data: [] });
    });

    it("answers a dictionary's entries as a list tree (List<DictVO> with children), not a page", async () => {
      const code = `c${tag()}`;
      const parent = await data('POST', `${base}/submit`, admin, { parentId: '0', code, dictKey: '-1', dictValue: '兼容', sort: 1, isSealed: 0 });
      await data('POST', `${base}/submit`, admin, { parentId: parent.id, code, dictKey: '2', dictValue: '乙', sort: 2, isSealed: 0 });
      await data('POST', `${base}/submit`, admin, { parentId: parent.id, code, dictKey: '1', dictValue: '甲', sort: 1, isSealed: 0 });
      const list = await data('GET', `${base}/child-list?current=1&size=10&parentId=${parent.id}`, admin) as Json[];
      expect(Array.isArray(list)).toBe(true);
      expect(list.map((e) => e.dictValue)).toEqual(['甲', '乙']);
      for (const entry of list) expect(entry).toMatchObject({ parentId: parent.id, code, children: [] });
      const filtered = await data('GET', `${base}/child-list?parentId=${parent.id}&dictValue=乙`, admin) as Json[];
      expect(filtered.map((e) => e.dictKey)).toEqual(['2']);
    });
  });

  describe('user names (blade-user/page and detail)', () => {
    it('carries tenantName, roleName, deptName, postName and userTypeName, comma-joined for several ids', async () => {
      const roles = (await data('GET', '/api/blade-system/role/tree', admin) as Json[]).slice(0, 2);
      const posts = (await data('GET', '/api/blade-system/post/select', admin) as Json[]).slice(0, 2);
      const account = `nm${tag()}`;
      const user = await data('POST', '/api/blade-user/submit', admin, {
        account, name: '名称', realName: '名称测试', roleId: roles.map((r) => r.id).join(','), deptId: ROOT_DEPT_ID,
        postId: posts.map((p) => p.id).join(','), userType: 1,
      });
      const expected = {
        tenantName: '示范大学', roleName: roles.map((r) => r.title).join(','), deptName: '示范大学',
        postName: posts.map((p) => p.postName).join(','), userTypeName: 'WEB',
      };
      const page = await data('GET', `/api/blade-user/page?current=1&size=10&account=${account}`, admin);
      expect(page.records[0]).toMatchObject(expected);
      expect(await data('GET', `/api/blade-user/detail?id=${user.id}`, admin)).toMatchObject(expected);
    });

    it('reads the names of a whole page with one query per kind of name', async () => {
      const lookups = vi.spyOn(UserStore.prototype, 'namesById');
      try {
        const page = await data('GET', '/api/blade-user/page?current=1&size=50', admin);
        expect(page.records.length).toBeGreaterThan(3);
        expect(page.records.every((r: Json) => typeof r.roleName === 'string' && r.roleName !== '')).toBe(true);
        expect(lookups).toHaveBeenCalledTimes(3);
      } finally {
        lookups.mockRestore();
      }
    });
  });

  describe('stored provider codes (blade_sms / blade_oss category)', () => {
    const entries = async (code: string) =>
      (await data('GET', `/api/blade-system/dict/dictionary?code=${code}`, admin) as Json[]).map((e) => [e.dictKey, e.dictValue]);

    it('keeps the meaning BladeX gives codes 1-4, the product providers at 5', async () => {
      expect(await entries('sms')).toEqual([['1', '云片'], ['2', '七牛云'], ['3', '阿里云短信'], ['4', '腾讯云短信'], ['5', '开发日志']]);
      expect(await entries('oss')).toEqual([['1', 'MinIO'], ['2', '七牛云'], ['3', '阿里云OSS'], ['4', '腾讯云COS'], ['5', '本地存储']]);
    });

    it('sends through the enabled development log, stored as 5', async () => {
      const page = await data('GET', '/api/blade-resource/sms/list?current=1&size=10', admin);
      expect(page.records.find((r: Json) => r.smsCode === 'demo-sms')).toMatchObject({ category: '5', categoryName: '开发日志' });
      const sent = await data('POST', '/api/blade-resource/sms/endpoint/send-message?code=demo-sms&phones=13900000002&params=%7B%7D', admin);
      expect(sent).toMatchObject({ sent: 1, failed: 0 });
    });

    it.each([['1', '云片'], ['2', '七牛云']])('refuses to send through an unsupported provider (%s) with a clear 400', async (category, name) => {
      const smsCode = `u${tag()}`;
      await data('POST', '/api/blade-resource/sms/submit', admin, { category, smsCode, templateId: 'T1', accessKey: 'key', secretKey: 'secret' });
      const res = await t.call('POST', `/api/blade-resource/sms/endpoint/send-message?code=${smsCode}&phones=13900000002&params=%7B%7D`, admin);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain(name);
    });
  });
});

describe.each(testDialects())('migration 012 of an installation created with the old codes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const OLD = {
    sms: [['1', '开发日志'], ['2', '阿里云短信'], ['3', '腾讯云短信']],
    oss: [['1', '本地存储'], ['2', 'MinIO'], ['3', '阿里云OSS'], ['4', '腾讯云COS'], ['5', '七牛云']],
  };

  it('renumbers the SMS and storage rows and the dictionaries sms and oss; a second run changes nothing', async () => {
    const { db, dialect: kind } = t.app.services.database;
    const w = new SeedWriter(db, ADMIN_USER_ID);
    // The state an earlier version left: its own codes in the dictionaries and the rows.
    for (const [code, list] of Object.entries(OLD)) {
      const parent = await db.selectFrom('blade_dict').select('id').where('code', '=', code).where('parent_id', '=', '0').executeTakeFirstOrThrow();
      await db.updateTable('blade_dict').set({ is_deleted: 1 }).where('parent_id', '=', String(parent.id)).execute();
      for (const [i, [dictKey, dictValue]] of list.entries()) {
        await w.insert('blade_dict', { parentId: String(parent.id), code, dictKey, dictValue, sort: i + 1, isSealed: 0 });
      }
    }
    await db.updateTable('blade_sms').set({ category: '1' }).execute();
    await db.updateTable('blade_oss').set({ category: '1' }).execute();
    for (const category of ['2', '3']) await w.insert('blade_sms', { category, smsCode: `old${category}`, templateId: 'T', enabled: 0 });
    for (const category of ['2', '3', '4', '5']) await w.insert('blade_oss', { category, ossCode: `old${category}`, enabled: 0 });

    await renumberStoredCodes(db, kind);
    await renumberStoredCodes(db, kind);

    const categories = async (table: string, codeColumn: string) =>
      Object.fromEntries((await db.selectFrom(table).select([codeColumn, 'category']).execute()).map((r) => [String(r[codeColumn]), String(r.category)]));
    expect(await categories('blade_sms', 'sms_code')).toEqual({ 'demo-sms': '5', old2: '3', old3: '4' });
    expect(await categories('blade_oss', 'oss_code')).toEqual({ local: '5', old2: '1', old3: '3', old4: '4', old5: '2' });
    t.app.services.labels.invalidate();
    const admin = await t.signIn('admin');
    const entries = async (code: string) => {
      const res = await t.call('GET', `/api/blade-system/dict/dictionary?code=${code}`, admin);
      return (res.json().data as Json[]).map((e) => [e.dictKey, e.dictValue]);
    };
    expect(await entries('sms')).toEqual([['1', '云片'], ['2', '七牛云'], ['3', '阿里云短信'], ['4', '腾讯云短信'], ['5', '开发日志']]);
    expect(await entries('oss')).toEqual([['1', 'MinIO'], ['2', '七牛云'], ['3', '阿里云OSS'], ['4', '腾讯云COS'], ['5', '本地存储']]);
  });
});

describe.each(testDialects())('a configured token header (TOKEN_HEADER) on %s', (dialect) => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'alumni-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<html><head><meta name="token-header" content="Blade-Auth" /></head><body></body></html>');
    t = await startTestApp(dialect, { TOKEN_HEADER: 'X-Auth', WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('reads the token from the configured header, not from Blade-Auth', async () => {
    const token = await t.signIn('admin');
    const viaConfigured = await t.call('GET', '/api/blade-user/info', null, undefined, { 'x-auth': `bearer ${token}` });
    expect(viaConfigured.statusCode, viaConfigured.body).toBe(200);
    expect(viaConfigured.json().data).toMatchObject({ account: 'admin' });
    const viaBladeAuth = await t.call('GET', '/api/blade-user/info', token);
    expect(viaBladeAuth.statusCode).toBe(401);
  });

  it("names the header to the product's web client in the index page", async () => {
    for (const url of ['/', '/index.html', '/system/user']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<meta name="token-header" content="X-Auth" />');
    }
  });
});
