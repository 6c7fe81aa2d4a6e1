import { addMenu } from '../../seed/menu-rows.js';
import { MENU_TREE, type MenuSeed } from '../../seed/menu-tree.js';
import type { Db, Dialect } from '../database.js';

/** One row per application that was given a ticket: its issue number and whether the staff revoked it. */
export const TICKET_TABLE = 'alumni_act_ticket';
/** One row per check-in scan, found by the id the desk gave it, so a scan sent twice is answered once. */
export const CHECK_IN_SCAN_TABLE = 'alumni_act_check_in_scan';

/**
 * Activity tickets and check-in (decision 267–269): the ticket of a confirmed application (its
 * token is signed, not stored; `serial` is raised when a revoked ticket is issued again), the scans
 * of the check-in desk and the kiosk, unique per tenant by the scan's id, and the 签到台 and 自助签到
 * menus under 活动管理 for a database seeded before them.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const time = dialect === 'postgres' ? 'timestamp(0)' : 'text';
  await db.schema.createTable(TICKET_TABLE)
    .addColumn('application_id', bigint, (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('serial', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revoke_time', time)
    .addColumn('revoke_user', bigint)
    .addColumn('create_time', time, (c) => c.notNull())
    .execute();
  await db.schema.createTable(CHECK_IN_SCAN_TABLE)
    .addColumn('id', bigint, (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('scan_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('application_id', bigint, (c) => c.notNull())
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('sign_in_time', time)
    .addColumn('create_user', bigint)
    .addColumn('create_time', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alumni_act_check_in_scan_id').on(CHECK_IN_SCAN_TABLE).columns(['tenant_id', 'scan_id']).unique().execute();
  const activities = MENU_TREE.find((m) => m.code === 'activities');
  for (const code of ['checkindesk', 'checkinkiosk']) {
    const menu = activities?.children?.find((m: MenuSeed) => m.code === code);
    if (!menu) throw new Error(`menu ${code} is not in the menu tree`);
    await addMenu(db, 'activities', menu);
  }
}
