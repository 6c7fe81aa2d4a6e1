import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/password.js';
import { DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

describe.each(testDialects())('personal info on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const me = async (token: string) => (await t.call('GET', '/api/blade-auth/oauth/user-info', token)).json().data as Record<string, unknown>;

  it('changes the own details', async () => {
    const token = await t.signIn('college');
    const res = await t.call('POST', '/api/blade-user/update-info', token,
      { realName: '李建华', name: 'jianhua', phone: '13812345678', email: 'jianhua@school.edu.cn', avatar: '/api/files/a.png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await me(token)).toMatchObject({ realName: '李建华', name: 'jianhua', phone: '13812345678', email: 'jianhua@school.edu.cn', avatar: '/api/files/a.png' });
  });

  it('keeps the fields the body leaves out', async () => {
    const token = await t.signIn('foundation');
    await t.call('POST', '/api/blade-user/update-info', token, { phone: '15012345678' });
    expect(await me(token)).toMatchObject({ realName: '赵敏', phone: '15012345678' });
  });

  it('refuses a wrong phone and e-mail with the shared messages', async () => {
    const res = await t.call('POST', '/api/blade-user/update-info', await t.signIn('leader'), { phone: '12345678901', email: '陈@school.cn' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toEqual({ phone: '请输入正确的手机号码', email: '格式不正确,不能包含中文' });
  });

  it('answers the messages in English when asked', async () => {
    const res = await t.call('POST', '/api/blade-user/update-info', await t.signIn('leader'), { email: 'not-an-email', realName: '' }, { 'accept-language': 'en' });
    expect(res.json().data.errors).toEqual({ email: 'Please enter a correct e-mail', realName: 'Please enter Real name' });
  });

  describe('password', () => {
    const change = (token: string, oldPassword: string, newPassword: string, newPassword1 = newPassword) =>
      t.call('POST', `/api/blade-user/update-password?${new URLSearchParams({ oldPassword: md5Hex(oldPassword), newPassword: md5Hex(newPassword), newPassword1: md5Hex(newPassword1) })}`, token);

    it('refuses a wrong old password', async () => {
      const res = await change(await t.signIn('association'), 'Wrong@123', 'New@12345');
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('原密码不正确');
    });

    it('refuses two different new passwords', async () => {
      const res = await change(await t.signIn('association'), DEMO_PASSWORD, 'New@12345', 'New@54321');
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('两次输入密码不一致');
    });

    it('asks for the missing fields', async () => {
      const res = await t.call('POST', '/api/blade-user/update-password', await t.signIn('association'));
      expect(res.statusCode).toBe(400);
      expect(res.json().data.errors).toEqual({ oldPassword: '请输入密码', newPassword: '请输入密码', newPassword1: '请确认密码' });
    });

    it('stores the new password as a slow hash, and it signs in', async () => {
      const res = await change(await t.signIn('association'), DEMO_PASSWORD, 'New@12345');
      expect(res.statusCode, res.body).toBe(200);
      const row = await t.app.services.database.db.selectFrom('blade_user').select('password')
        .where('account', '=', 'association').where('tenant_id', '=', '000000').executeTakeFirstOrThrow();
      expect(String(row.password)).toMatch(/^scrypt\$/);
      await expect(t.signIn('association', 'New@12345')).resolves.toBeTruthy();
      await expect(t.signIn('association', DEMO_PASSWORD)).rejects.toThrow();
    });
  });
});
