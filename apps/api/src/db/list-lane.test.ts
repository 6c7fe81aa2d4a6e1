import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useNamedPostgresApp } from '../test-support/named-postgres-app.js';
import { listLaneSize } from './database.js';

/**
 * On PostgreSQL lists run on connections of their own: with every one of them held by a slow count
 * (here `pg_sleep`), a session check, a read by id and a sign-in are still answered, while the
 * counts still run, and a list beyond the lane's size waits for a lane connection instead of taking
 * another one.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL lists in a lane of their own', () => {
  // This server's connections carry a name of their own: the other test files use the same database.
  const { appName, app, client } = useNamedPostgresApp('list-lane');

  /** This server's queries now running `pg_sleep`. */
  const sleeping = async () => (await client().query<{ pid: number }>(
    `select pid from pg_stat_activity where application_name = $1 and state = 'active' and query like '%pg_sleep%' and pid <> pg_backend_pid()`,
    [appName],
  )).rows;

  it('answers a session check, a read by id and a sign-in while slow counts hold every list connection', async () => {
    const token = await app().signIn('admin');
    const listed = await app().call('GET', '/api/blade-system/param/list?current=1&size=1', token);
    const id = listed.json().data.records[0].id as string;
    const { database: configured } = app().config;
    const lane = listLaneSize(configured.kind === 'postgres' ? configured.poolSize : 0);

    const { database } = app().app.services;
    let settled = 0;
    const counts = Array.from({ length: lane + 1 }, () =>
      database.read(sql`select pg_sleep(30) as slept`.compile(database.db)).then(
        () => 'answered',
        (error: Error) => error.message,
      ).finally(() => { settled++; }));
    for (let i = 0; i < 100 && (await sleeping()).length < lane; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await sleeping()).length).toBe(lane);

    // The caller's token is checked (the session check), then the row read by id.
    const detail = await app().call('GET', `/api/blade-system/param/detail?id=${id}`, token);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.id).toBe(id);
    expect(await app().signIn('admin')).toMatch(/\S+/);
    expect(settled).toBe(0);
    // The count beyond the lane's size still waits for one of its connections.
    expect((await sleeping()).length).toBe(lane);

    // Cancelled, each count ends; the one that waited for the lane runs then and is cancelled in turn.
    for (let i = 0; i < 300 && settled < counts.length; i++) {
      await client().query('select pg_cancel_backend(pid) from pg_stat_activity where application_name = $1 and query like $2 and pid <> pg_backend_pid()', [appName, '%pg_sleep%']);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await Promise.all(counts)).toEqual(counts.map(() => expect.stringMatching(/cancel/)));
  }, 60_000);
});
