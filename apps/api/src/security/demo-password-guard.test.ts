import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, md5Hex } from '../auth/password.js';
import { loadConfig } from '../config.js';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { demoPasswordVerdict, isLoopbackHost } from './demo-password-guard.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'demo-guard-'));

describe('demo password guard: what counts as loopback and as a production start', () => {
  it('tells loopback addresses from reachable ones', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', 'example.edu.cn', '::ffff:10.0.0.1']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('reads the declaration from DEMO, SEED_DEMO and NODE_ENV', () => {
    const deployment = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env }).deployment;
    expect(deployment({})).toBe('default');
    expect(deployment({ SEED_DEMO: 'auto' })).toBe('default');
    expect(deployment({ SEED_DEMO: 'true' })).toBe('demo');
    expect(deployment({ DEMO: 'true', NODE_ENV: 'production' })).toBe('demo');
    expect(deployment({ DEMO: 'true', SEED_DEMO: 'false' })).toBe('demo');
    expect(deployment({ SEED_DEMO: 'false' })).toBe('production');
    expect(deployment({ NODE_ENV: 'production' })).toBe('production');
    expect(deployment({ DEMO: 'false', SEED_DEMO: 'true' })).toBe('production');
    expect(() => loadConfig({ DATA_DIR: dataDir(), DEMO: 'yes' })).toThrow(/DEMO/);
  });
});

describe.each(testDialects())('demo password guard (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); }, 300_000);
  afterAll(async () => { await t?.close(); });

  const verdict = (host: string, deployment: 'demo' | 'production' | 'default') =>
    demoPasswordVerdict({ ...t.config, host, deployment }, t.app.services.database);

  it('refuses a production start beyond loopback while demo accounts keep the published password', async () => {
    const refused = await verdict('0.0.0.0', 'production');
    expect(refused.kind).toBe('refuse');
    if (refused.kind === 'ok') return;
    expect(refused.accounts).toEqual(expect.arrayContaining(['000000/admin', '000000/office', '000000/leader']));
    expect(refused.message).toMatch(/Refusing to start/);
    expect(refused.message).toMatch(/拒绝启动/);
  });

  it('warns on the default and on a declared demo start, and lets a loopback start through', async () => {
    expect((await verdict('0.0.0.0', 'default')).kind).toBe('warn');
    expect((await verdict('192.168.1.2', 'demo')).kind).toBe('warn');
    expect((await verdict('127.0.0.1', 'production')).kind).toBe('ok');
  });

  it('starts once no demo account has the published password any more', async () => {
    const db = t.app.services.database.db;
    const users = await db.selectFrom('blade_user').select(['id']).execute();
    for (const user of users) {
      await db.updateTable('blade_user').set({ password: await hashPassword(md5Hex(`Changed@${user.id}`)) }).where('id', '=', user.id).execute();
    }
    expect(await verdict('0.0.0.0', 'production')).toEqual({ kind: 'ok' });
  });
});

describe.each(testDialects())('demo password guard on an installation without demo data (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect, { SEED_DEMO: 'false', ADMIN_PASSWORD: 'Strong@Pass2026' }); }, 300_000);
  afterAll(async () => { await t?.close(); });

  it('lets a production start listen on every interface', async () => {
    expect(t.config.deployment).toBe('production');
    expect(await demoPasswordVerdict({ ...t.config, host: '0.0.0.0' }, t.app.services.database)).toEqual({ kind: 'ok' });
  });
});
