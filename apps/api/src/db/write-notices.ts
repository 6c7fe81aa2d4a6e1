import { sql } from 'kysely';
import type { Db, Dialect } from './database.js';

/**
 * PostgreSQL tells every server process when an entity's table was written: a statement trigger on
 * each entity table notifies this channel, and PostgreSQL delivers the notice when the writing
 * transaction commits (never for one rolled back), whoever wrote — this process, a worker, another
 * program. Kept answers (`KeptAnswers`) are dropped on it. SQLite needs none: its readers ask
 * `PRAGMA data_version` (see `SqliteReadPool`). The notice carries the written table's schema: the
 * channel is the database's, and installations (or tests) in other schemas of it write too.
 */
export const WRITE_CHANNEL = 'app_entity_write';

/** Adds the notifying trigger to an entity's table (idempotent). */
export async function ensureWriteNotice(db: Db, dialect: Dialect, table: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql.raw(`create or replace function app_notify_write() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${WRITE_CHANNEL}', TG_TABLE_SCHEMA);
      return null;
    end $$`).execute(db);
  await sql.raw(`drop trigger if exists ${table}_write_notice on ${table}`).execute(db);
  await sql.raw(`create trigger ${table}_write_notice after insert or update or delete or truncate on ${table}
    for each statement execute function app_notify_write()`).execute(db);
}
