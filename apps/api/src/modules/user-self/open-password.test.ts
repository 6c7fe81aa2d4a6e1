import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/password.js';
import { CLIENT_HEADER, DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

describe.each(testDialects())('open/update-password on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const change = (account: string, oldPassword: string, newPassword: string, newPassword1 = newPassword, extra: Record<string, string> = {}) =>
    t.call('POST', `/api/blade-user/open/update-password?${new URLSearchParams({
      tenantId: '000000', account, oldPassword: md5Hex(oldPassword), newPassword: md5Hex(newPassword), newPassword1: md5Hex(newPassword1), ...extra,
    })}`);

  const usualLogs = async (logId: string, createBy: string) => {
    await t.app.services.logs.flush();
    return t.app.services.database.db.selectFrom('blade_log_usual').select(['log_id', 'create_by'])
      .where('log_id', '=', logId).where('create_by', '=', createBy).execute();
  };

  it('changes the password with the right old one, without a token; the new one signs in', async () => {
    const res = await change('office', DEMO_PASSWORD, 'Fresh@2024');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, success: true });
    await expect(t.signIn('office', 'Fresh@2024')).resolves.toBeTruthy();
    await expect(t.signIn('office', DEMO_PASSWORD)).rejects.toThrow();
    expect(await usualLogs('password_change', 'office')).toHaveLength(1);
  });

  it('takes the parameters as JSON and `username` for the account', async () => {
    const res = await t.call('POST', '/api/blade-user/open/update-password', null, {
      tenantId: '000000', username: 'foundation', oldPassword: md5Hex(DEMO_PASSWORD), newPassword: md5Hex('Other@2024'), newPassword1: md5Hex('Other@2024'),
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect(t.signIn('foundation', 'Other@2024')).resolves.toBeTruthy();
  });

  it('refuses a wrong old password with a clear message, counting it towards the lockout', async () => {
    try {
      for (let i = 0; i < 4; i++) {
        const res = await change('college', 'Wrong@123', 'New@12345');
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe('原密码不正确');
      }
      // One failed sign-in more makes five: the account is locked for sign-in and for this call.
      const signIn = await t.call('POST', `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', username: 'college', password: md5Hex('Bad@1234'), grant_type: 'password', scope: 'all' })}`,
        null, undefined, { authorization: CLIENT_HEADER, 'tenant-id': '000000' });
      expect(signIn.json().error_description).toBe('用户名或密码错误');
      await expect(t.signIn('college')).rejects.toThrow(/登录错误次数过多/);
      const locked = await change('college', DEMO_PASSWORD, 'New@12345');
      expect(locked.statusCode).toBe(400);
      expect(locked.json().msg).toBe('登录错误次数过多,请1分钟后再试');
      expect(await usualLogs('lockout', 'college')).toHaveLength(1);
    } finally {
      await t.app.services.signIn.unlock('000000', 'college');
    }
    // Nothing was changed by the refused calls.
    await expect(t.signIn('college')).resolves.toBeTruthy();
  });

  it('answers in English when asked', async () => {
    const res = await t.call('POST', `/api/blade-user/open/update-password?${new URLSearchParams({
      tenantId: '000000', account: 'leader', oldPassword: md5Hex('Wrong@123'), newPassword: md5Hex('New@12345'), newPassword1: md5Hex('New@12345'),
    })}`, null, undefined, { 'accept-language': 'en' });
    expect(res.json().msg).toBe('The old password is not correct');
    await t.app.services.signIn.unlock('000000', 'leader');
  });

  it('refuses an unknown account like a wrong password', async () => {
    const res = await change('nobody-here', DEMO_PASSWORD, 'New@12345');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('原密码不正确');
  });

  it('answers a disabled account like a wrong old password, even for the right one, and changes nothing', async () => {
    const { db } = t.app.services.database;
    await db.updateTable('blade_user').set({ status: 0 }).where('tenant_id', '=', '000000').where('account', '=', 'leader').execute();
    try {
      const res = await change('leader', DEMO_PASSWORD, 'New@12345');
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('原密码不正确');
    } finally {
      await db.updateTable('blade_user').set({ status: 1 }).where('tenant_id', '=', '000000').where('account', '=', 'leader').execute();
      await t.app.services.signIn.unlock('000000', 'leader');
    }
    await expect(t.signIn('leader')).resolves.toBeTruthy();
  });

  it('compares the new passwords before the old one, so that answer does not tell a right guess', async () => {
    const res = await change('nobody-here', 'Guess@123', 'New@12345', 'New@54321');
    expect(res.json().msg).toBe('两次输入密码不一致');
  });

  it('refuses two different new passwords and keeps the old one', async () => {
    const res = await change('association', DEMO_PASSWORD, 'New@12345', 'New@54321');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('两次输入密码不一致');
    await expect(t.signIn('association')).resolves.toBeTruthy();
  });

  it('asks for the account and the three passwords', async () => {
    const noAccount = await t.call('POST', '/api/blade-user/open/update-password?tenantId=000000');
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().msg).toBe('请先输入账号名称');
    const res = await t.call('POST', '/api/blade-user/open/update-password?tenantId=000000&account=leader');
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toEqual({ oldPassword: '请输入密码', newPassword: '请输入密码', newPassword1: '请确认密码' });
  });

  it('refuses an unknown tenant and passwords that are not md5', async () => {
    expect((await change('leader', DEMO_PASSWORD, 'New@12345', 'New@12345', { tenantId: '999999' })).json().msg).toBe('租户ID未找到');
    const raw = await t.call('POST', '/api/blade-user/open/update-password?tenantId=000000&account=leader&oldPassword=a&newPassword=b&newPassword1=b');
    expect(raw.statusCode).toBe(400);
    expect(raw.json().msg).toBe('密码格式不正确');
  });
});
