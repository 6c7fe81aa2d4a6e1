import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DEPT_ID } from '../seed/platform-seed.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

const LEADER_ROLE = '1900000000000910006';

/** Person fields run the shared validators on the server, whichever form (or client) sends them. */
describe.each(testDialects())('shared validators of person fields on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  const user = (values: Record<string, unknown>, lang?: string) => t.call('POST', '/api/blade-user/submit', admin, {
    account: `checked${Math.random().toString(36).slice(2, 8)}`, name: 'c', realName: '校验', roleId: LEADER_ROLE, deptId: ROOT_DEPT_ID, ...values,
  }, lang ? { 'accept-language': lang } : {});
  const count = async () => Number((await t.call('GET', '/api/blade-user/page?size=1', admin)).json().data.total);

  it('refuses a mobile number the personal-info form refuses, and writes nothing', async () => {
    const before = await count();
    const res = await user({ phone: '12345678901' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请输入正确的手机号码');
    expect(res.json().data.errors.phone).toBe('请输入正确的手机号码');
    expect(await count()).toBe(before);
  });

  it('refuses an e-mail address with Chinese in it, in the caller\'s language', async () => {
    expect((await user({ email: '中文@x.com' })).json().msg).toBe('格式不正确,不能包含中文');
    expect((await user({ email: 'not-an-address' }, 'en')).json().msg).toBe('Please enter a correct e-mail');
  });

  it('accepts well-formed values and empty ones', async () => {
    expect((await user({ phone: '13900000099', email: 'checked@example.com' })).statusCode).toBe(200);
    expect((await user({ phone: '', email: '' })).statusCode).toBe(200);
  });

  it('checks a tenant contact number as a telephone number', async () => {
    const res = await t.call('POST', '/api/blade-system/tenant/submit', admin, { tenantName: '校验租户', linkman: '王', contactNumber: '电话号码' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请输入正确的电话号码');
  });
});
