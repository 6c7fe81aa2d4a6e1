import {
  associationEntity, associationMemberEntity, careListEntity, docQueryEntity, honorEntity, visitRecordEntity,
} from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/**
 * Organisation and relationship (DOMAIN 5): associations and their members, honours, the care
 * list, visit records and document queries, from their definitions; plus the indexes their rules
 * and statistics read by: an association's members, an alumnus's open care entries, and the visits
 * of a tenant by date and state, covering every column countVisit groups by (it reads one year's
 * rows from the index alone).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  for (const entity of [associationEntity, associationMemberEntity, honorEntity, careListEntity, visitRecordEntity, docQueryEntity]) {
    await createEntityTable(db, dialect, entity);
  }
  await db.schema.createIndex('alumni_association_member_of').on(associationMemberEntity.table)
    .columns(['tenant_id', 'association_id', 'is_deleted', 'position']).execute();
  await db.schema.createIndex('alumni_act_carelist_open').on(careListEntity.table)
    .columns(['tenant_id', 'alumni_id', 'care_type', 'is_deleted']).execute();
  await db.schema.createIndex('alumni_visit_record_count').on(visitRecordEntity.table)
    .columns(['tenant_id', 'is_deleted', 'visit_date', 'visit_status', 'department_id', 'org_dept_id', 'visit_type', 'province_code', 'leader_name', 'visited_organization']).execute();
}
