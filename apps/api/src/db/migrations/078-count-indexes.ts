import { ENTITIES } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { countIndexes } from '../entity-table.js';

/**
 * The indexes that count filters asked together (decision 339): the alumni library's cohort — class
 * year, gender, college and owning unit — from which a segment's member count reads the index alone.
 * A database made after the definitions declared them has them already. The planner is told about
 * each at once (SQLite keeps no statistics for an index until it is analysed).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  for (const entity of ENTITIES) {
    const indexes = countIndexes(entity);
    for (const index of indexes) {
      await db.schema.createIndex(index.name).ifNotExists().on(entity.table).columns(index.columns).execute();
    }
    if (indexes.length > 0) {
      if (dialect === 'sqlite') await sql.raw('pragma analysis_limit = 0').execute(db);
      await sql.raw(`analyze ${entity.table}`).execute(db);
    }
  }
}
