import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/** About a second of work for SQLite, returning one row. */
const SLOW_READ = 'with recursive n(i) as (select 1 union all select i + 1 from n where i < 3000000) select count(*) as total from n';

describe('SQLite reads in reader threads', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  const read = (query: string) => t.app.services.database.read<{ total: bigint }>({ sql: query, parameters: [], query: { kind: 'RawNode' } } as never);

  it('answers a list with the rows the writer committed just before', async () => {
    const key = `pool.${Date.now()}`;
    const saved = await t.call('POST', '/api/blade-system/param/submit', admin, { paramName: '读线程', paramKey: key, paramValue: '1' });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = await t.call('GET', `/api/blade-system/param/list?paramKey=${key}`, admin);
    expect(list.json().data.total).toBe(1);
    expect(list.json().data.records[0].paramName).toBe('读线程');
  });

  it('leaves the main thread free while a slow read runs', async () => {
    let slowDone = false;
    const slow = read(SLOW_READ).then((r) => {
      slowDone = true;
      return r;
    });
    // The writer connection answers on the main thread while the reader is still counting.
    const live = await sql<{ n: number }>`select count(*) as n from blade_param`.execute(t.app.services.database.db);
    expect(Number(live.rows[0]?.n)).toBeGreaterThan(0);
    const signIn = await t.signIn('admin');
    expect(signIn).toBeTruthy();
    expect(slowDone).toBe(false);
    expect(Number((await slow).rows[0]?.total)).toBe(3000000);
  });

  it('gives a kept answer again only until something is written, by this process or another', async () => {
    // random() tells a kept answer from a fresh one; reads one after another go to the same reader.
    const query = { sql: 'select random() as total', parameters: [], query: { kind: 'RawNode' } } as never;
    const kept = () => t.app.services.database.read<{ total: bigint }>(query, { keep: true }).then((r) => r.rows[0]?.total);
    const first = await kept();
    expect(await kept()).toBe(first);
    expect((await read('select random() as total')).rows[0]?.total).not.toBe(first);

    const { db } = t.app.services.database;
    await sql`update blade_param set remark = ${`kept ${Date.now()}`} where param_key = 'account.initPassword'`.execute(db);
    const afterWriter = await kept();
    expect(afterWriter).not.toBe(first);
    expect(await kept()).toBe(afterWriter);

    const file = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db)).rows[0]?.file as string;
    const other = new BetterSqlite3(file);
    try {
      other.prepare(`update blade_param set remark = ? where param_key = 'account.initPassword'`).run(`other ${Date.now()}`);
    } finally {
      other.close();
    }
    expect(await kept()).not.toBe(afterWriter);
  });

  it('refuses writes', async () => {
    await expect(read(`update blade_param set remark = 'x'`)).rejects.toThrow();
  });
});
