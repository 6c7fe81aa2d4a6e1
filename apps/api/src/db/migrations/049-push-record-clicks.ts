import { noticePushRecordEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { columnType, hasColumn } from '../entity-table.js';

/**
 * The click-through of pushed e-mails (issue 28): a record keeps the time its recipient first
 * followed a link of the e-mail, as it keeps the time the read pixel loaded. A table made from the
 * entity as it is now already has the column.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (await hasColumn(db, dialect, noticePushRecordEntity.table, 'click_time')) return;
  await db.schema.alterTable(noticePushRecordEntity.table)
    .addColumn('click_time', columnType(noticePushRecordEntity.fields.clickTime, dialect))
    .execute();
}
