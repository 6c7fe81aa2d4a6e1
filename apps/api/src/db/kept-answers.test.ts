import pg from 'pg';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useNamedPostgresApp } from '../test-support/named-postgres-app.js';
import type { TestApp } from '../test-support/test-app.js';

/** random() tells a kept answer from a fresh one. */
const RANDOM = { sql: 'select random() as total', parameters: [], query: { kind: 'RawNode' } } as never;

describe.skipIf(!process.env.TEST_DATABASE_URL)('answers kept on postgres until a write', () => {
  const server = useNamedPostgresApp('kept-answers');
  let t: TestApp;
  let other: pg.Client;
  beforeAll(() => {
    t = server.app();
    other = server.client();
  });

  const kept = async () => (await t.app.services.database.read<{ total: number }>(RANDOM, { keep: true })).rows[0]?.total;
  /**
   * Asks until two answers a quarter of a second apart agree: the process listens for notices only
   * shortly after it starts, and the notice of an earlier test's write may still be on its way.
   */
  const settled = async () => {
    for (let i = 0; i < 40; i++) {
      const a = await kept();
      await new Promise((r) => setTimeout(r, 250));
      if ((await kept()) === a) return a;
    }
    throw new Error('answers were never kept');
  };
  const initPassword = (remark: string) => sql`update blade_param set remark = ${remark} where param_key = 'account.initPassword'`;

  it('keeps an answer only when asked to', async () => {
    const first = await settled();
    expect(await kept()).toBe(first);
    const fresh = await t.app.services.database.read<{ total: number }>(RANDOM);
    expect(fresh.rows[0]?.total).not.toBe(first);
  });

  it('drops it at once when this process writes, in a transaction or not', async () => {
    const before = await settled();
    await initPassword(`own ${Date.now()}`).execute(t.app.services.database.db);
    expect(await kept(), 'dropped before the write\'s own notice can come back').not.toBe(before);
    // The write's notice comes back a moment later and drops it once more: kept again after that.
    const afterWrite = await settled();
    await t.app.services.database.db.transaction().execute(async (tx) => {
      await initPassword(`own in transaction ${Date.now()}`).execute(tx);
    });
    expect(await kept()).not.toBe(afterWrite);
  });

  it('answers reads asked together after a write from one run', async () => {
    const before = await settled();
    await initPassword(`together ${Date.now()}`).execute(t.app.services.database.db);
    const answers = await Promise.all([kept(), kept(), kept()]);
    expect(answers[0]).not.toBe(before);
    expect(new Set(answers).size).toBe(1);
  });

  it('drops it when another connection commits a write to an entity table, not when it rolls back', async () => {
    const before = await settled();
    await other.query('begin');
    await other.query(`update blade_param set remark = 'rolled back' where param_key = 'account.initPassword'`);
    await other.query('rollback');
    await new Promise((r) => setTimeout(r, 300));
    expect(await kept()).toBe(before);
    await other.query(`update blade_param set remark = $1 where param_key = 'account.initPassword'`, [`other ${Date.now()}`]);
    let answer = await kept();
    for (let i = 0; i < 40 && answer === before; i++) {
      await new Promise((r) => setTimeout(r, 50));
      answer = await kept();
    }
    expect(answer).not.toBe(before);
  });

  it('keeps it through a write to another schema of the database (another installation or test)', async () => {
    const mine = String((await other.query<{ s: string }>('select current_schema() as s')).rows[0]?.s);
    const elsewhere = `kept_elsewhere_${Date.now()}`;
    await other.query(`create schema ${elsewhere}; create table ${elsewhere}.t (id integer)`);
    // The same notifying function as the product's tables, on a table of the other schema.
    await other.query(`create trigger t_write_notice after insert on ${elsewhere}.t for each statement execute function ${mine}.app_notify_write()`);
    try {
      const before = await settled();
      await other.query(`insert into ${elsewhere}.t values (1)`);
      await new Promise((r) => setTimeout(r, 300));
      expect(await kept()).toBe(before);
      // The same write notice from this schema's table drops it.
      await other.query(`update blade_param set remark = $1 where param_key = 'account.initPassword'`, [`mine ${Date.now()}`]);
      let answer = await kept();
      for (let i = 0; i < 40 && answer === before; i++) {
        await new Promise((r) => setTimeout(r, 50));
        answer = await kept();
      }
      expect(answer).not.toBe(before);
    } finally {
      await other.query(`drop schema ${elsewhere} cascade`);
    }
  });

  it('lists count a row another connection added', async () => {
    const admin = await t.signIn('admin');
    const key = `kept.${Date.now()}`;
    const list = async () => (await t.call('GET', `/api/blade-system/param/list?paramKey=${key}`, admin)).json().data.total as number;
    expect(await list()).toBe(0);
    expect(await list()).toBe(0);
    await other.query(`insert into blade_param (id, tenant_id, create_time, update_time, status, is_deleted, param_name, param_key, param_value)
      values ($1, '000000', now(), now(), 1, 0, 'kept', $2, '1')`, [String(9_000_000_000_000 + Math.floor(Math.random() * 1e9)), key]);
    let total = await list();
    for (let i = 0; i < 40 && total === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      total = await list();
    }
    expect(total).toBe(1);
  });
});
