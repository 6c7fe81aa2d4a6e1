import { messageEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/** The message board (DOMAIN 8.8) from its definition, read by status then newest first. */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, messageEntity);
  await db.schema.createIndex('alumni_message_board').on(messageEntity.table)
    .columns(['tenant_id', 'is_deleted', 'reply_status', 'create_time']).execute();
}
