import { MEGABYTE, RESOURCE_PATHS } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../core/time.js';
import { seedId } from '../../seed/menu-tree.js';
import { localMailSetting, startLocalSmtp, type LocalSmtp } from '../../test-support/local-mail.js';
import { LOCAL_SERVICES } from '../../test-support/local-services.js';
import { multipartFile } from '../../test-support/multipart.js';
import { DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const FOREIGN = '100001';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

describe.each(testDialects())('tenant quotas on %s', (dialect) => {
  let t: TestApp;
  let smtp: LocalSmtp;
  let admin: string;
  let foreign: string;
  const db = () => t.app.services.database.db;

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    t = await startTestApp(dialect, LOCAL_SERVICES);
    [admin, foreign] = await Promise.all([t.signIn('admin'), t.signIn('admin', DEMO_PASSWORD, FOREIGN)]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const tenantRow = async (tenantId: string) =>
    ((await t.call('GET', `/api/blade-system/tenant/list?tenantId=${tenantId}&size=10`, admin)).json().data.records as Json[]).find((r) => r.tenantId === tenantId) as Json;
  /** Sets limits on the tenant's page, as the platform administrator does. */
  const setLimits = async (tenantId: string, limits: Record<string, number | string>, lang = 'zh-CN') => {
    const row = await tenantRow(tenantId);
    return t.call('POST', '/api/blade-system/tenant/submit', admin, { id: row.id, tenantName: row.tenantName, ...limits }, { 'accept-language': lang });
  };
  const usage = async (token: string, tenantId?: string) => {
    const res = await t.call('GET', `/api/blade-system/tenant/usage${tenantId ? `?tenantId=${tenantId}` : ''}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json[];
  };
  const quota = (list: Json[], tenantId: string, kind: string) => (list.find((u) => u.tenantId === tenantId)?.quotas as Json[]).find((q) => q.kind === kind) as Json;
  const countOf = async (table: string, tenantId: string, where: (q: Json) => Json = (q) => q) =>
    Number((await where(db().selectFrom(table).select((eb: Json) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId)).executeTakeFirst())?.n ?? 0);

  it('refuses a limit below -1 or not a whole number with a message in each language, and saves nothing', async () => {
    for (const [lang, text] of [['zh-CN', '不能小于'], ['en', 'at least']] as const) {
      const res = await setLimits(FOREIGN, { smsMonthQuota: -2, storageQuota: 1.5 }, lang);
      expect(res.json().code).toBe(400);
      expect(JSON.stringify(res.json())).toContain(text);
    }
    // Tenants made before the limits hold none (empty is unlimited, as -1 is).
    const row = await tenantRow(FOREIGN);
    expect([null, -1]).toContain(row.smsMonthQuota);
    expect([null, -1]).toContain(row.storageQuota);
  });

  it("shows the platform administrator every tenant's usage, a tenant administrator only its own, counted from the rows", async () => {
    const all = await usage(admin);
    expect(all.map((u) => u.tenantId)).toEqual(expect.arrayContaining(['000000', FOREIGN]));
    const own = await usage(foreign);
    expect(own.map((u) => u.tenantId)).toEqual([FOREIGN]);
    expect((await t.call('GET', '/api/blade-system/tenant/usage?tenantId=000000', foreign)).statusCode).toBe(404);
    const users = await countOf('blade_user', FOREIGN, (q) => q.where('is_deleted', '=', 0));
    expect(quota(own, FOREIGN, 'accounts')).toMatchObject({ used: users, limit: Number((await tenantRow(FOREIGN)).accountNumber) });
    const size = await db().selectFrom('blade_attach').select((eb) => eb.fn.sum('attach_size').as('n')).where('tenant_id', '=', '000000').where('is_deleted', '=', 0).executeTakeFirst();
    expect(quota(all, '000000', 'storage').used).toBe(Number(size?.n ?? 0));
  });

  describe('accounts', () => {
    const addUser = (account: string) => t.call('POST', '/api/blade-user/submit', foreign, { account, name: 'x', realName: 'x', roleId: seedId(91, 101), deptId: seedId(92, 101) });
    it('refuses a new user at the limit, saving nothing, and takes one below it or unlimited', async () => {
      const used = quota(await usage(foreign), FOREIGN, 'accounts').used as number;
      const setAccounts = async (n: number) => t.call('POST', `/api/blade-system/tenant/setting?ids=${(await tenantRow(FOREIGN)).id}&accountNumber=${n}`, admin);
      expect((await setAccounts(used)).json().code).toBe(200);
      const res = await addUser(`q${Date.now()}`);
      expect(res.json()).toMatchObject({ code: 400, msg: '当前租户已到最大账号额度!' });
      expect(quota(await usage(foreign), FOREIGN, 'accounts')).toMatchObject({ used, limit: used });
      await setAccounts(used + 1);
      const added = await addUser(`q${Date.now()}`);
      expect(added.json().code).toBe(200);
      expect(quota(await usage(foreign), FOREIGN, 'accounts')).toMatchObject({ used: used + 1, limit: used + 1 });
      await setAccounts(-1);
      expect((await addUser(`r${Date.now()}`)).json().code).toBe(200);
      expect(quota(await usage(foreign), FOREIGN, 'accounts')).toMatchObject({ used: await countOf('blade_user', FOREIGN, (q) => q.where('is_deleted', '=', 0)), limit: -1 });
      await setAccounts(20);
    });
  });

  describe('storage', () => {
    const put = (token: string) => {
      const { body, headers } = multipartFile('q.png', PNG, 'image/png');
      return t.call('POST', `/api/blade-resource/oss/endpoint/put-file`, token, body, { ...headers, 'accept-language': 'en' });
    };
    it('refuses an upload beyond the limit (nothing stored), takes one below it and unlimited', async () => {
      const before = await countOf('blade_attach', FOREIGN);
      await setLimits(FOREIGN, { storageQuota: 0 });
      const refused = await put(foreign);
      expect(refused.json().code).toBe(400);
      expect(refused.json().msg).toContain("This tenant's storage limit (0 MB) is reached");
      expect(await countOf('blade_attach', FOREIGN)).toBe(before);
      const used = quota(await usage(foreign), FOREIGN, 'storage').used as number;
      await setLimits(FOREIGN, { storageQuota: Math.ceil(used / MEGABYTE) + 1 });
      expect((await put(foreign)).json().code).toBe(200);
      await setLimits(FOREIGN, { storageQuota: -1 });
      expect((await put(foreign)).json().code).toBe(200);
      expect(await countOf('blade_attach', FOREIGN)).toBe(before + 2);
      const size = await db().selectFrom('blade_attach').select((eb) => eb.fn.sum('attach_size').as('n')).where('tenant_id', '=', FOREIGN).where('is_deleted', '=', 0).executeTakeFirst();
      expect(quota(await usage(foreign), FOREIGN, 'storage').used).toBe(Number(size?.n ?? 0));
    });
  });

  describe('text messages per month', () => {
    const send = (phones: string) => t.call('POST', `/api/blade-resource/sms/endpoint/send-message?${new URLSearchParams({ phones, params: '{}' })}`, admin);
    const smsRecords = () => countOf('blade_send_record', '000000', (q) => q.where('channel', '=', 'sms'));
    it('refuses a batch beyond the month, naming what remains, before anything is sent; sends below it and unlimited', async () => {
      const used = quota(await usage(admin, '000000'), '000000', 'smsMonth').used as number;
      await setLimits('000000', { smsMonthQuota: used + 1 });
      const records = await smsRecords();
      const refused = await send('13900000002,13900000003');
      expect(refused.json()).toMatchObject({ code: 400, msg: `租户本月短信额度不足:上限 ${used + 1} 条,剩余 1 条,本次需要 2 条,未发送` });
      expect(await smsRecords()).toBe(records);
      expect((await send('13900000002')).json().data).toMatchObject({ sent: 1 });
      expect(quota(await usage(admin, '000000'), '000000', 'smsMonth')).toMatchObject({ used: used + 1, limit: used + 1 });
      expect((await send('13900000002')).json().msg).toContain('剩余 0 条');
      await setLimits('000000', { smsMonthQuota: -1 });
      expect((await send('13900000002')).json().data).toMatchObject({ sent: 1 });
      const accepted = await countOf('blade_send_record', '000000', (q) => q.where('channel', '=', 'sms').where('status', '=', 1)
        .where('create_time', '>=', `${now().slice(0, 7)}-01 00:00:00`));
      expect(quota(await usage(admin, '000000'), '000000', 'smsMonth').used).toBe(accepted);
    });
  });

  describe('e-mails per day', () => {
    it('refuses a mail when the day is used up and sends below it and unlimited', async () => {
      const setting = await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', admin, localMailSetting(smtp.port));
      expect(setting.statusCode, setting.body).toBe(200);
      const id = String(setting.json().data.id);
      const mail = () => t.call('POST', `/api${RESOURCE_PATHS.emailTest}`, admin, { id, to: 'someone@example.com' }, { 'accept-language': 'en' });
      const used = quota(await usage(admin, '000000'), '000000', 'mailDay').used as number;
      await setLimits('000000', { mailDayQuota: used + 1 });
      expect((await mail()).json().code).toBe(200);
      const refused = await mail();
      expect(refused.json()).toMatchObject({ code: 400, msg: `This tenant's e-mails for today are used up (limit ${used + 1})` });
      expect(quota(await usage(admin, '000000'), '000000', 'mailDay')).toMatchObject({ used: used + 1, limit: used + 1 });
      await setLimits('000000', { mailDayQuota: -1 });
      expect((await mail()).json().code).toBe(200);
      expect(smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes('someone@example.com'))).toHaveLength(2);
    });
  });

  describe('API calls per minute', () => {
    it("refuses the tenant's calls past the minute's limit with 429 and Retry-After, other tenants unaffected, and none unlimited", async () => {
      await setLimits(FOREIGN, { apiMinuteQuota: 0 });
      const refused = await t.call('GET', '/api/blade-system/dept/tree', foreign, undefined, { 'accept-language': 'en' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 429, msg: "This tenant's API calls per minute are used up (limit 0); please try again shortly" });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await t.call('GET', '/api/blade-system/dept/tree', admin)).statusCode).toBe(200);
      await setLimits(FOREIGN, { apiMinuteQuota: 100000 });
      expect((await t.call('GET', '/api/blade-system/dept/tree', foreign)).statusCode).toBe(200);
      expect(quota(await usage(foreign), FOREIGN, 'apiMinute').used).toBeGreaterThan(0);
      await setLimits(FOREIGN, { apiMinuteQuota: -1 });
      expect((await t.call('GET', '/api/blade-system/dept/tree', foreign)).statusCode).toBe(200);
    });
  });
});
