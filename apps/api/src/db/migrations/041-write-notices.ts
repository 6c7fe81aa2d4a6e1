import { ENTITIES } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { ensureWriteNotice } from '../write-notices.js';

/**
 * On PostgreSQL, every entity table an earlier migration made gets the statement trigger that tells
 * the server processes of a committed write (`write-notices.ts`); tables made from now on get it with
 * the table (`createEntityTable`). SQLite needs nothing.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const entity of ENTITIES) {
    const found = (await sql<{ found: unknown }>`select to_regclass(${entity.table}) as found`.execute(db)).rows[0]?.found;
    if (found !== null && found !== undefined) await ensureWriteNotice(db, dialect, entity.table);
  }
}
