import { basicInfoEntity } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { hasColumn } from '../entity-table.js';

/** The consent log of DOMAIN 4.3.3: one row per change of an alumnus's consent on one channel. */
export const CONSENT_LOG_TABLE = 'alumni_consent_log';

/**
 * `alumni_consent_log`, appended to whenever `allowSms`, `allowEmail` or `allowWechat` of an alumni
 * record changes and read newest first per alumnus; and the record's `consent_update_time`, which
 * databases made before the field existed lack (a new database has it from the definition).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const datetime = dialect === 'postgres' ? sql`timestamp(0)` : 'text';
  await db.schema.createTable(CONSENT_LOG_TABLE)
    .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('alumni_id', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'varchar(32)', (c) => c.notNull())
    .addColumn('allowed', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('operator', 'bigint')
    .addColumn('time', datetime, (c) => c.notNull())
    .addColumn('note', 'varchar(255)')
    .execute();
  await db.schema.createIndex('alumni_consent_log_by_alumnus').on(CONSENT_LOG_TABLE)
    .columns(['tenant_id', 'alumni_id', 'time']).execute();
  if (!(await hasColumn(db, dialect, basicInfoEntity.table, 'consent_update_time'))) {
    await db.schema.alterTable(basicInfoEntity.table).addColumn('consent_update_time', datetime).execute();
  }
}
