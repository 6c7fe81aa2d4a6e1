import { noticeEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/** System administration: each user's per-platform extension (`userType`, `userExt`); desk notices. */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const id = dialect === 'sqlite' ? 'integer' : 'bigint';
  await db.schema.createTable('blade_user_platform')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('user_type', 'integer', (c) => c.notNull())
    .addColumn('user_ext', 'text')
    .execute();
  await createEntityTable(db, dialect, noticeEntity);
  await db.schema.createIndex('blade_user_platform_user').on('blade_user_platform').columns(['user_id', 'user_type']).unique().execute();
}
