import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { FairSqliteDialect } from './fair-sqlite-dialect.js';

describe('the SQLite writer connection', () => {
  let db: Kysely<unknown>;
  afterEach(async () => db.destroy());

  const open = async () => {
    db = new Kysely<unknown>({ dialect: new FairSqliteDialect({ database: new BetterSqlite3(':memory:') }) });
    await sql`create table t (n integer)`.execute(db);
  };

  it('lets a timer run while a loop of queries goes on', async () => {
    await open();
    const limit = 200_000;
    let loops = 0;
    let stop = false;
    const loop = (async () => {
      while (!stop && loops < limit) {
        await sql`insert into t values (1)`.execute(db);
        loops += 1;
      }
    })();
    const atTimer = await new Promise<number>((resolve) => setTimeout(() => resolve(loops), 20));
    stop = true;
    await loop;
    // The timer fired while the loop was still running, not after it.
    expect(atTimer).toBeLessThan(limit);
  });

  it('hands the connection over in the order it was asked for', async () => {
    await open();
    const order: string[] = [];
    const busy = (name: string, n: number) => (async () => {
      for (let i = 0; i < n; i += 1) {
        await sql`insert into t values (${i})`.execute(db);
        order.push(name);
      }
    })();
    const a = busy('a', 50);
    const b = busy('b', 1);
    await Promise.all([a, b]);
    // One query that asked while the loop ran is answered among its first queries, not after all 50.
    expect(order.indexOf('b')).toBeLessThan(5);
  });
});
