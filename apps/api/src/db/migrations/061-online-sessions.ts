import { addMenu } from '../../seed/menu-rows.js';
import { MENU_TREE, type MenuSeed } from '../../seed/menu-tree.js';
import type { Db, Dialect } from '../database.js';

/** The table of live staff sessions (decision 287): one row per sign-in, kept through its refreshes. */
export const ONLINE_SESSION_TABLE = 'app_online_session';

/**
 * Staff sessions as records (decision 287): a row per sign-in, named by the `sid` every token of the
 * sign-in carries, read on each use of a token (by its primary key, in the session guard's one
 * query) and deleted to end the session at once in every process. Listed by the page 在线用户 under
 * 系统监控 (added here to a database seeded before it; a new database has it from the seed).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const time = dialect === 'postgres' ? 'timestamp(0)' : 'text';
  await db.schema.createTable(ONLINE_SESSION_TABLE)
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', bigint, (c) => c.notNull())
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('real_name', 'varchar(64)')
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)')
    .addColumn('user_agent', 'varchar(255)')
    .addColumn('login_time', time, (c) => c.notNull())
    .addColumn('last_active_time', time, (c) => c.notNull())
    .addColumn('expire_time', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('app_online_session_tenant').on(ONLINE_SESSION_TABLE).columns(['tenant_id', 'login_time']).execute();
  await db.schema.createIndex('app_online_session_user').on(ONLINE_SESSION_TABLE).columns(['user_id']).execute();
  const monitor = MENU_TREE.find((m) => m.code === 'monitor');
  const menu = monitor?.children?.find((m: MenuSeed) => m.code === 'online_user');
  if (!menu) throw new Error('menu online_user is not in the menu tree');
  await addMenu(db, 'monitor', menu);
}
