import { actApplistEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { columnType, hasColumn } from '../entity-table.js';

/**
 * The line of an activity's applications (issue 31, decision 263): `queue_no` is the order an
 * application joined, given under the activity's lock, which the waitlist and its promotions follow.
 * Older applications keep it empty and come first, by application time. A table made from the
 * entity as it is now already has the column.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (await hasColumn(db, dialect, actApplistEntity.table, 'queue_no')) return;
  await db.schema.alterTable(actApplistEntity.table)
    .addColumn('queue_no', columnType(actApplistEntity.fields.queueNo, dialect))
    .execute();
}
