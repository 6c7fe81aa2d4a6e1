import { basicInfoEntity } from '@alumni/domain';
import { sql } from 'kysely';
import { LIBRARY_COPIES, SCORE_COLUMN, libraryCopyStatement } from '../../modules/engagement/engagement-sql.js';
import { createEngagementTriggers } from '../../modules/engagement/engagement-triggers.js';
import type { Db, Dialect } from '../database.js';
import { hasColumn } from '../entity-table.js';

/**
 * The alumni library keeps two more of an alumnus's engagement counts beside the score — activities
 * attended and gifts of the last five years — each 0 for a new record, with a filter index like the
 * score's, and copied once for every alumnus already counted (decision 337). The triggers are
 * installed again to copy them with the score; the daily recomputation copies them from then on too.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const table = basicInfoEntity.table;
  const added = LIBRARY_COPIES.map((c) => c.column).filter((c) => c !== SCORE_COLUMN);
  for (const column of added) {
    if (!(await hasColumn(db, dialect, table, column))) {
      await db.schema.alterTable(table).addColumn(column, 'integer', (c) => c.defaultTo(0)).execute();
    } else if (dialect === 'postgres') {
      await sql.raw(`alter table ${table} alter column ${column} set default 0`).execute(db);
    }
    await db.schema.createIndex(`${table}_by_${column}`).ifNotExists().on(table).columns(['tenant_id', 'is_deleted', column, 'create_time']).execute();
  }
  // A database made with the fields in the definition has the columns without a default: SQLite sets them on insert.
  if (dialect === 'sqlite') {
    await sql.raw(`create trigger ${table}_engagement_facts_zero after insert on ${table} when ${added.map((c) => `new.${c} is null`).join(' or ')}
      begin update ${table} set ${added.map((c) => `${c} = coalesce(${c}, 0)`).join(', ')} where id = new.id; end`).execute(db);
  }
  await db.updateTable(table).set(Object.fromEntries(added.map((c) => [c, 0]))).where((eb) => eb.or(added.map((c) => eb(c, 'is', null)))).execute();
  await createEngagementTriggers(db, dialect);
  await sql.raw(libraryCopyStatement(dialect, 'is_deleted = 0')).execute(db);
}
