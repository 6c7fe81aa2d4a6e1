import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';

/**
 * SQLite's statistics taken by the sampled pass of earlier starts (decision 69's `analysis_limit`)
 * are dropped: they put a tenant, and even a unique key, at about a thousand rows whatever the table
 * holds. The start-up pass that follows the migrations analyses every table without statistics in
 * full (decision 330), so an upgraded database has them right from its first start. PostgreSQL
 * keeps its own.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  const { rows } = await sql`select 1 as present from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (rows.length > 0) await sql`delete from sqlite_stat1`.execute(db);
}
