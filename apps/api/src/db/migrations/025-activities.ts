import { actApplistEntity, activityCostEntity, activityEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/**
 * Activities, their applications and their costs (DOMAIN 6.1–6.3), with the indexes their counts,
 * seat checks, check-in codes and cost sums read by.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, activityEntity);
  await createEntityTable(db, dialect, actApplistEntity);
  await createEntityTable(db, dialect, activityCostEntity);
  await db.schema.createIndex('alumni_act_applist_activity').on(actApplistEntity.table)
    .columns(['tenant_id', 'activity_id', 'apply_status', 'is_deleted']).execute();
  await db.schema.createIndex('alumni_act_applist_code').on(actApplistEntity.table)
    .columns(['tenant_id', 'activity_id', 'check_in_code']).execute();
  await db.schema.createIndex('alumni_activity_cost_activity').on(activityCostEntity.table)
    .columns(['tenant_id', 'activity_id', 'is_deleted']).execute();
}
