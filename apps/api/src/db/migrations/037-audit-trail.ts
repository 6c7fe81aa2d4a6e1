import { sql } from 'kysely';
import { now } from '../../core/time.js';
import type { Db, Dialect } from '../database.js';
import { MENU_TABLE, seedId } from '../../seed/menu-tree.js';

/** The audit trail of every write the engine makes (docs/decisions.md 184–187). */
export const AUDIT_TABLE = 'app_audit_trail';

/** The 审计日志 menu and its view button, under 日志管理 (row 1610). */
const LOG_MENU_ROW = 1610;
const AUDIT_MENU_ROW = 2000;

/**
 * `app_audit_trail`: one row per write of a record — tenant, entity, record id and title, action,
 * the user (id, account, name), the call's address and request id, the time and the changed fields
 * as JSON. Both ways in are led by the tenant: the key `(tenant_id, id)` is the tenant's trail in
 * time order (ids are time-ordered; on SQLite the table is kept in that order, `without rowid`), and
 * `(tenant_id, entity, record_id)` one record's history. No other index: every write of the product
 * adds a row here, so each index costs every write. A database made before the menu existed gets
 * 审计日志 under 日志管理 (a new one is seeded with it).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const datetime = dialect === 'postgres' ? sql`timestamp(0)` : 'text';
  let table = db.schema.createTable(AUDIT_TABLE)
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('entity', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('record_title', 'varchar(200)')
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('account', 'varchar(64)')
    .addColumn('user_name', 'varchar(64)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('request_id', 'varchar(32)')
    .addColumn('time', datetime, (c) => c.notNull())
    .addColumn('diff', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${AUDIT_TABLE}_pk`, ['tenant_id', 'id']);
  if (dialect === 'sqlite') table = table.modifyEnd(sql`without rowid`);
  await table.execute();
  await db.schema.createIndex(`${AUDIT_TABLE}_record`).on(AUDIT_TABLE).columns(['tenant_id', 'entity', 'record_id']).execute();
  await addMenu(db);
}

/** 审计日志 and its 查看 button, in a database whose menus were seeded before they existed. */
async function addMenu(db: Db): Promise<void> {
  const parentId = seedId(MENU_TABLE, LOG_MENU_ROW);
  const parent = await db.selectFrom('blade_menu').select('id').where('id', '=', parentId).executeTakeFirst();
  const taken = await db.selectFrom('blade_menu').select('id').where('code', '=', 'audit').where('is_deleted', '=', 0).executeTakeFirst();
  if (!parent || taken) return;
  const stamp = now();
  const base = { tenant_id: '000000', create_time: stamp, update_time: stamp, status: 1, is_deleted: 0, is_open: 1 };
  const menuId = seedId(MENU_TABLE, AUDIT_MENU_ROW);
  await db.insertInto('blade_menu').values([
    { ...base, id: menuId, parent_id: parentId, code: 'audit', name: '审计日志', name_en: 'Audit trail', alias: 'menu', path: '/monitor/log/audit', source: 'SafetyCertificateOutlined', sort: 4, category: 1, action: 0 },
    { ...base, id: seedId(MENU_TABLE, AUDIT_MENU_ROW + 1), parent_id: menuId, code: 'audit_view', name: '查看', name_en: 'View', alias: 'view', path: '/monitor/log/audit/view', sort: 1, category: 2, action: 2 },
  ]).execute();
}
