import { alumniCardEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { columnType, hasColumn } from '../entity-table.js';

/**
 * The reason of an alumni card's state change (decision 275): a card keeps the reason it was last
 * suspended, reinstated or revoked for, and its history keeps every change with its reason. A table
 * made from the entity as it is now already has the column.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (await hasColumn(db, dialect, alumniCardEntity.table, 'state_reason')) return;
  await db.schema.alterTable(alumniCardEntity.table)
    .addColumn('state_reason', columnType(alumniCardEntity.fields.stateReason, dialect))
    .execute();
}
