import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.js';

/** How long a start waits for another process's migrations and seed before it gives up. */
const WAIT_MS = 15 * 60_000;

/**
 * Runs `task` (the migrations and the first seed) while no other process of this installation runs
 * it: two servers started at the same moment after an upgrade (a service and its worker, two
 * instances behind a balancer) would otherwise both apply a migration or both seed. The second waits,
 * then finds the work done.
 *
 * The lock dies with its holder, so a start killed half-way never leaves the installation locked:
 * on SQLite an exclusive transaction on a lock file beside the database (the operating system drops
 * the file lock with the process); on PostgreSQL a session advisory lock keyed on the installation's
 * schema, on a connection of its own.
 */
export async function withStartLock<T>(database: Config['database'], task: () => Promise<T>): Promise<T> {
  if (database.kind === 'sqlite') {
    if (database.file === ':memory:' || database.file === '') return task();
    const lock = new BetterSqlite3(`${database.file}.start-lock`, { timeout: WAIT_MS });
    try {
      // Waits (blocking: nothing else runs before the start is done) while another process holds it.
      lock.exec('begin exclusive');
      return await task();
    } finally {
      lock.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(`set statement_timeout = ${WAIT_MS}`);
    await client.query(`select pg_advisory_lock(hashtext('alumni-start'), hashtext(coalesce(current_schema(), '')))`);
    return await task();
  } finally {
    await client.end();
  }
}
