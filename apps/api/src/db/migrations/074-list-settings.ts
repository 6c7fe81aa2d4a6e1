import type { Db, Dialect } from '../database.js';

/** Each user's settings of each list (decision 327). */
export const LIST_SETTING_TABLE = 'app_list_setting';

/**
 * A user's column settings of one list (shown, order, width, pinned), kept on the server so they
 * follow the user into another browser (decision 327): one row per tenant, user and list key, the
 * columns as JSON text. Nothing else reads them; deleting a row is the list's reset.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const time = dialect === 'postgres' ? 'timestamp(0)' : 'text';
  await db.schema.createTable(LIST_SETTING_TABLE)
    .addColumn('id', bigint, (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', bigint, (c) => c.notNull())
    .addColumn('list_key', 'varchar(128)', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('update_time', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_list_setting_owner').unique().on(LIST_SETTING_TABLE).columns(['tenant_id', 'user_id', 'list_key']).execute();
}
