import { smsPushEntity, smsPushTargetEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/**
 * SMS pushes and their recipients (DOMAIN 8.4, 8.5) from their definitions, with the reads the
 * sender makes: a push's targets by state in id order (its batches) and a number within a push.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, smsPushEntity);
  await createEntityTable(db, dialect, smsPushTargetEntity);
  await db.schema.createIndex('alumni_sms_push_list').on(smsPushEntity.table)
    .columns(['tenant_id', 'is_deleted', 'create_time']).execute();
  await db.schema.createIndex('alumni_sms_push_target_state').on(smsPushTargetEntity.table)
    .columns(['sms_push_id', 'push_status', 'id']).execute();
}
