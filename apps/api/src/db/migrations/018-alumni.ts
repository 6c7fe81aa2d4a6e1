import { basicInfoEntity, studentStatusEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/**
 * The alumni record and its study records (DOMAIN 4.3, 4.4) from their definitions, with the
 * indexes the statistics and the derived fields read by: a record's approved statuses, and the
 * approved statuses of a tenant by department, level and year (countStudent).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, basicInfoEntity);
  await createEntityTable(db, dialect, studentStatusEntity);
  await db.schema.createIndex('alumni_student_status_alumnus').on(studentStatusEntity.table)
    .columns(['tenant_id', 'alumni_id', 'examine_status']).execute();
  await db.schema.createIndex('alumni_student_status_count').on(studentStatusEntity.table)
    .columns(['tenant_id', 'examine_status', 'is_deleted', 'department_id', 'education_level', 'graduation_status', 'enrollment_year', 'alumni_id']).execute();
  await db.schema.createIndex('alumni_basic_info_id_card').on(basicInfoEntity.table)
    .columns(['tenant_id', 'id_type', 'id_card_no']).execute();
  await db.schema.createIndex('alumni_student_alumnus').on('alumni_student').columns(['tenant_id', 'alumni_id']).execute();
}
