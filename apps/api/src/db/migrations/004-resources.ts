import { attachEntity, emailSettingEntity, ossEntity, smsEntity } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/** Object storage, SMS and e-mail settings, attachments, and the record of every message sent. */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  for (const entity of [ossEntity, smsEntity, attachEntity, emailSettingEntity]) await createEntityTable(db, dialect, entity);
  // The download looks a file up by its stored name.
  await db.schema.createIndex('blade_attach_by_name').on('blade_attach').columns(['name', 'tenant_id']).execute();
  const datetime = dialect === 'postgres' ? sql`timestamp(0)` : sql`text`;
  await db.schema.createTable('blade_send_record')
    .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('config_id', 'bigint')
    .addColumn('provider', 'varchar(32)')
    .addColumn('target', 'varchar(255)', (c) => c.notNull())
    .addColumn('template', 'varchar(255)')
    .addColumn('params', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('create_user', 'bigint')
    .addColumn('create_time', datetime, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blade_send_record_tenant_time').on('blade_send_record').columns(['tenant_id', 'channel', 'create_time']).execute();
}
