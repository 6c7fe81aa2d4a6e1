import { PLATFORM_TENANT, RETENTION_ACTION, RETENTION_DEFAULT_DAYS, retentionPolicyEntity, SYSTEM_DICTIONARIES } from '@alumni/domain';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import { addMenu, grantAddedMenu } from '../../seed/menu-rows.js';
import { MENU_TREE, type MenuSeed } from '../../seed/menu-tree.js';
import { ADMIN_USER_ID, seedDictionaries } from '../../seed/platform-seed.js';
import { SeedWriter } from '../../seed/seed-writer.js';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';
import { CONSENT_LOG_TABLE } from './023-consent-log.js';

const DICTIONARIES = ['retention_target', 'retention_action'];

/**
 * Data retention (decisions 307–309): the policies' table; the platform's default policy of each
 * target (tenant 000000, disabled: an upgrade deletes nothing until an administrator turns one on);
 * the indexes the engine's batches read by tenant and age where a table had none; the two system
 * dictionaries; and, for a database set up before them, the menu 数据保留 under 系统管理 with its
 * buttons, granted to every role that administers roles and added to every package holding 系统管理.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, retentionPolicyEntity);
  await db.schema.createIndex('alumni_consent_log_tenant_time').on(CONSENT_LOG_TABLE).columns(['tenant_id', 'time']).execute();
  await db.schema.createIndex('blade_send_record_tenant_age').on('blade_send_record').columns(['tenant_id', 'create_time']).execute();
  const stamp = now();
  for (const [target, days] of Object.entries(RETENTION_DEFAULT_DAYS)) {
    await db.insertInto(retentionPolicyEntity.table).values({
      id: ids.next(), tenant_id: PLATFORM_TENANT, create_user: ADMIN_USER_ID, create_time: stamp, update_user: ADMIN_USER_ID, update_time: stamp,
      status: 1, is_deleted: 0, target, period_days: days, action: RETENTION_ACTION.purge, enabled: 0, legal_hold: 0,
    }).execute();
  }
  if (!(await db.selectFrom('blade_tenant').select('id').limit(1).executeTakeFirst())) return;
  const have = await db.selectFrom('blade_dict').select('code').where('tenant_id', '=', PLATFORM_TENANT)
    .where('code', 'in', DICTIONARIES).where('dict_key', '=', '-1').execute();
  const missing = SYSTEM_DICTIONARIES.filter((d) => DICTIONARIES.includes(d.code) && !have.some((h) => h.code === d.code));
  if (missing.length > 0) await seedDictionaries(new SeedWriter(db, ADMIN_USER_ID), 'blade_dict', missing, PLATFORM_TENANT);

  const system = MENU_TREE.find((m) => m.code === 'system');
  const menu = system?.children?.find((m: MenuSeed) => m.code === 'retention');
  if (!menu) throw new Error('menu retention is not in the menu tree');
  if (!(await addMenu(db, 'system', menu))) return;
  await grantAddedMenu(db, menu, 'role', 'system');
}
