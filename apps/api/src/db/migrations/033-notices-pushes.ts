import { alumniNoticeEntity, noticePushEntity, noticePushRecordEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/**
 * Alumni notices and notice pushes with their per-recipient records (DOMAIN 8.1, 8.3). A record is
 * unique per push, alumnus and channel, so resolving the recipients again after a crash adds nobody
 * twice; the sending reads a push's records by status.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, alumniNoticeEntity);
  await createEntityTable(db, dialect, noticePushEntity);
  await createEntityTable(db, dialect, noticePushRecordEntity);
  await db.schema.createIndex('alumni_notice_portal').on(alumniNoticeEntity.table)
    .columns(['tenant_id', 'is_deleted', 'publish_status', 'is_top', 'publish_time']).execute();
  // The list's sending-time range: the tenant's equalities, then the range (the few pushes of a
  // tenant otherwise lead SQLite to walk them all in creation order).
  await db.schema.createIndex('alumni_notice_push_send_range').on(noticePushEntity.table)
    .columns(['tenant_id', 'is_deleted', 'send_time', 'create_time']).execute();
  await db.schema.createIndex('alumni_notice_push_record_once').on(noticePushRecordEntity.table)
    .columns(['push_id', 'alumni_id', 'channel']).unique().execute();
  await db.schema.createIndex('alumni_notice_push_record_state').on(noticePushRecordEntity.table)
    .columns(['push_id', 'channel', 'status']).execute();
}
