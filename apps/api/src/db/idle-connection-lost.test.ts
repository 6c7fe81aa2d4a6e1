import { describe, expect, it } from 'vitest';
import { useNamedPostgresApp } from '../test-support/named-postgres-app.js';

/**
 * PostgreSQL ends idle pooled connections on a restart, a fail-over or `pg_terminate_backend`. The
 * server must go on answering: without a listener on its pool, node-postgres rethrows such an error
 * and the process ends (the test run reports it as an unhandled error).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a connection PostgreSQL ends while idle', () => {
  // This server's connections carry a name of their own: the other test files use the same database.
  const { appName, app, client } = useNamedPostgresApp('idle-lost');

  it('is replaced, and the server answers as before', async () => {
    const token = await app().signIn('admin');
    expect((await app().call('GET', '/api/blade-system/param/list?current=1&size=5', token)).statusCode).toBe(200);
    const { rows } = await client().query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()',
      [appName],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.ended)).toBe(true);
    // The pool hears of its ended connections on the next turns of the event loop.
    await new Promise((r) => setTimeout(r, 500));
    const res = await app().call('GET', '/api/blade-system/param/list?current=1&size=5', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.records.length).toBeGreaterThan(0);
  });
});
