import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { snapshotDiff, snapshotter } from './route-table.js';

/**
 * The fuzz test's write detector: the cheap mark must move with every write, or a write behind an
 * error would go unseen (the full snapshot is only taken when the mark moved).
 */
describe.each(testDialects())('the write snapshot of the fuzz test on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  // (Whether a read leaves the mark is not asserted: the log writer's batch, written every second,
  // may land in between and move it, which only costs the fuzz test a snapshot.)
  it('moves its mark with a write, which the snapshot then shows', async () => {
    const snap = await snapshotter(t.app);
    const mark = await snap.mark();
    const before = await snap.take();
    const saved = await t.call('POST', '/api/blade-system/param/submit', admin, { paramName: 'mark', paramKey: `mark.${dialect}`, paramValue: '1' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await snap.mark()).not.toBe(mark);
    expect(snapshotDiff(before, await snap.take())).toContainEqual(expect.stringMatching(/^blade_param \d+\/\d+→/));
  });

  it('moves its mark when another connection writes', async () => {
    const snap = await snapshotter(t.app);
    const mark = await snap.mark();
    const { database } = t.app.services;
    if (dialect === 'sqlite') {
      const { default: Sqlite } = await import('better-sqlite3');
      const file = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(database.db)).rows[0]?.file;
      const other = new Sqlite(file as string);
      try {
        other.prepare("update blade_param set remark = coalesce(remark, '') || '.' where id = (select min(id) from blade_param)").run();
      } finally {
        other.close();
      }
    } else {
      await sql`update blade_param set remark = coalesce(remark, '') || '.' where id = (select min(id) from blade_param)`.execute(database.db);
    }
    expect(await snap.mark()).not.toBe(mark);
  });
});
