import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * PostgreSQL ends idle pooled connections on a restart, a fail-over or `pg_terminate_backend`. The
 * server must go on answering: without a listener on its pool, node-postgres rethrows such an error
 * and the process ends (the test run reports it as an unhandled error).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a connection PostgreSQL ends while idle', () => {
  let t: TestApp;
  let other: pg.Client;
  // This server's connections (its pool and its job queue's) carry a name of their own, so only they
  // are ended: the other test files running beside this one use the same database.
  const appName = `idle-lost-${process.pid}-${Date.now()}`;
  const before = process.env.PGAPPNAME;
  beforeAll(async () => {
    process.env.PGAPPNAME = appName;
    t = await startTestApp('postgres');
    other = new pg.Client({ connectionString: t.config.database.kind === 'postgres' ? t.config.database.url : '' });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
    if (before === undefined) delete process.env.PGAPPNAME;
    else process.env.PGAPPNAME = before;
  });

  it('is replaced, and the server answers as before', async () => {
    const token = await t.signIn('admin');
    expect((await t.call('GET', '/api/blade-system/param/list?current=1&size=5', token)).statusCode).toBe(200);
    const { rows } = await other.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()',
      [appName],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.ended)).toBe(true);
    // The pool hears of its ended connections on the next turns of the event loop.
    await new Promise((r) => setTimeout(r, 500));
    const res = await t.call('GET', '/api/blade-system/param/list?current=1&size=5', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.records.length).toBeGreaterThan(0);
  });
});
