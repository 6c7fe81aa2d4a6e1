import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER_ID } from '../seed/platform-seed.js';
import { seedId } from '../seed/menu-tree.js';
import { passwordGrant, requestToken } from '../test-support/oauth.js';
import { DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { hashPassword, md5Hex } from './password.js';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe.each(testDialects())('password storage on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const storedPassword = async (id: string) =>
    String((await t.app.services.database.db.selectFrom('blade_user').select('password').where('id', '=', id).executeTakeFirstOrThrow()).password);
  const setPassword = (id: string, password: string) =>
    t.app.services.database.db.updateTable('blade_user').set({ password }).where('id', '=', id).execute();

  it('stores every seeded password as a salted scrypt hash, never MD5 or SHA-1', async () => {
    const rows = await t.app.services.database.db.selectFrom('blade_user').select(['account', 'password']).execute();
    expect(rows.length).toBeGreaterThan(5);
    const md5 = md5Hex(DEMO_PASSWORD);
    for (const row of rows) {
      const stored = String(row.password);
      expect(stored, String(row.account)).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(stored).not.toContain(md5);
      expect(stored).not.toContain(sha1(md5));
    }
  });

  it('salts each hash, so equal passwords are stored differently', async () => {
    const secret = md5Hex(DEMO_PASSWORD);
    expect(await hashPassword(secret)).not.toBe(await hashPassword(secret));
  });

  it('signs in a legacy sha1(md5) password and re-hashes it to scrypt', async () => {
    const id = seedId(90, 5);
    await setPassword(id, sha1(md5Hex(DEMO_PASSWORD)));
    const res = await requestToken(t, passwordGrant('foundation'));
    expect(res.statusCode).toBe(200);
    expect(await storedPassword(id)).toMatch(/^scrypt\$/);
    expect((await requestToken(t, passwordGrant('foundation'))).statusCode).toBe(200);
  });

  it('refuses a wrong password against a legacy hash and keeps the legacy hash', async () => {
    const id = seedId(90, 4);
    const legacy = sha1(md5Hex(DEMO_PASSWORD));
    const original = await storedPassword(id);
    await setPassword(id, legacy);
    try {
      expect((await requestToken(t, passwordGrant('association', 'wrong'))).statusCode).toBe(400);
      expect(await storedPassword(id)).toBe(legacy);
    } finally {
      await setPassword(id, original);
      await t.app.services.signIn.unlock('000000', 'association');
    }
  });

  it('refuses a stored plain MD5 value: it is not an accepted hash', async () => {
    const id = seedId(90, 3);
    const original = await storedPassword(id);
    await setPassword(id, md5Hex(DEMO_PASSWORD));
    try {
      expect((await requestToken(t, passwordGrant('college'))).statusCode).toBe(400);
    } finally {
      await setPassword(id, original);
      await t.app.services.signIn.unlock('000000', 'college');
    }
  });

  it('keeps the administrator id the platform fixes', async () => {
    expect((await requestToken(t, passwordGrant('admin'))).json().user_id).toBe(ADMIN_USER_ID);
  });
});
