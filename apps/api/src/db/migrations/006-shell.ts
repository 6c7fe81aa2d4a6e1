import { sql, type ColumnDataType, type Expression } from 'kysely';
import type { Db, Dialect } from '../database.js';

/**
 * Links between a third-party (social) identity and the local user it registered: the register
 * dialog sends the oauth id, and a later social sign-in finds the user through it.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const datetime: ColumnDataType | Expression<unknown> = dialect === 'postgres' ? sql`timestamp(0)` : 'text';
  await db.schema.createTable('blade_user_oauth').ifNotExists()
    .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull())
    .addColumn('source', 'varchar(32)')
    .addColumn('create_time', datetime, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blade_user_oauth_by_uuid').ifNotExists().on('blade_user_oauth')
    .columns(['tenant_id', 'uuid']).execute();
}
