import { ENTITIES } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { listOrderIndex } from '../entity-table.js';
import { ensureSearchIndex } from '../search-index.js';

async function tableExists(db: Db, dialect: Dialect, table: string): Promise<boolean> {
  const query = dialect === 'postgres'
    ? sql<{ found: unknown }>`select to_regclass(${table}) as found`
    : sql<{ found: unknown }>`select name as found from sqlite_master where type = 'table' and name = ${table}`;
  const row = (await query.execute(db)).rows[0];
  return row !== undefined && row.found !== null;
}

/**
 * Indexes chosen from each entity's definition for its lists (see `docs/decisions.md`):
 *
 * - the list-order index of platform tables and of entities sorted by other fields than the create
 *   time (`listOrderIndex`);
 * - the search index of every entity whose search form matches text with "contains" (see
 * `search-index.ts`), filled from the rows the tables already hold. Idempotent: tables created
 * since `createEntityTable` builds it get theirs with the table, and a table a later migration
 * creates is not there yet and gets its index the same way.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  for (const entity of ENTITIES) {
    if (!(await tableExists(db, dialect, entity.table))) continue;
    const order = listOrderIndex(entity);
    if (order) await db.schema.createIndex(order.name).ifNotExists().on(entity.table).columns(order.columns).execute();
    await ensureSearchIndex(db, dialect, entity);
  }
}
