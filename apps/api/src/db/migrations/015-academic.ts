import { departmentEntity, specialityEntity } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/**
 * Academic units and the shared examination log (DOMAIN 1.5, 3):
 * - `alumni_department`, `alumni_speciality` from their definitions;
 * - `alumni_examine_log`: one row per examine action of any examined entity, never edited or
 *   deleted, read newest first per record.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const datetime = dialect === 'postgres' ? sql`timestamp(0)` : 'text';
  await db.schema.createTable('alumni_examine_log')
    .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('biz_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('biz_id', 'bigint', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('from_status', 'integer')
    .addColumn('to_status', 'integer')
    .addColumn('opinion', 'varchar(500)')
    .addColumn('examine_user', 'bigint')
    .addColumn('examine_user_name', 'varchar(64)')
    .addColumn('examine_time', datetime, (c) => c.notNull())
    .addColumn('snapshot', 'text')
    .execute();
  await db.schema.createIndex('alumni_examine_log_by_record').on('alumni_examine_log')
    .columns(['tenant_id', 'biz_type', 'biz_id', 'examine_time']).execute();
  await createEntityTable(db, dialect, departmentEntity);
  await createEntityTable(db, dialect, specialityEntity);
}
