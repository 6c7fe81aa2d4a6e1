import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

describe.each(testDialects())('the staff picker on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  const picker = (token: string) => t.call('GET', '/api/blade-user/select', token);

  it('refuses a signed-in caller holding neither the user menu nor the care list', async () => {
    for (const token of [await t.signInWithoutGrants(admin), await t.signInWithCodes(admin, ['post'])]) {
      const res = await picker(token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, success: false, data: null });
    }
  });

  it.each([[['user']], [['carelist']], [['carelist', 'carelist_view']]])('answers the own tenant\'s names to a holder of %j', async (codes) => {
    const res = await picker(await t.signInWithCodes(admin, codes));
    expect(res.statusCode, res.body).toBe(200);
    const users = res.json().data as Record<string, unknown>[];
    expect(users.map((u) => u.account)).toEqual(expect.arrayContaining(['admin', 'office']));
    expect(users.every((u) => Object.keys(u).sort().join() === 'account,id,name,realName')).toBe(true);
  });
});
