import type { Db, Dialect } from '../database.js';

/**
 * Which desk notices a user has read (the top bar's bell shows the unread ones, decision 232): one
 * row per notice and user, written when the user opens the notice. A user's read marks of a notice
 * are found by the notice and user; a user's unread notices by the user.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await db.schema.createTable('blade_notice_read')
    .addColumn('notice_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('read_time', dialect === 'postgres' ? 'timestamp(0)' : 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blade_notice_read_pk', ['notice_id', 'user_id'])
    .execute();
  await db.schema.createIndex('blade_notice_read_user').on('blade_notice_read').columns(['user_id', 'notice_id']).execute();
}
