import { personalAccessEntity, PLATFORM_TENANT, SYSTEM_DICTIONARIES } from '@alumni/domain';
import { addMenu, grantAddedMenu } from '../../seed/menu-rows.js';
import { MENU_TREE, type MenuSeed } from '../../seed/menu-tree.js';
import { ADMIN_USER_ID, seedDictionaries } from '../../seed/platform-seed.js';
import { SeedWriter } from '../../seed/seed-writer.js';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

const DICTIONARY = 'personal_access_kind';

/**
 * The personal-data access report (decisions 302–304): the table of access events (read by tenant and
 * time, and by account, kind or data object with the time: the entity's list indexes); the system dictionary of
 * their kinds; and, for a database set up before them (a new database gets them from the seed), the
 * menu 个人信息访问记录 under 系统监控 → 日志管理 with its buttons, granted to every role holding the
 * audit trail (审计日志) and added to every tenant package that holds it.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, personalAccessEntity);
  if (!(await db.selectFrom('blade_tenant').select('id').limit(1).executeTakeFirst())) return;
  const have = await db.selectFrom('blade_dict').select('code').where('tenant_id', '=', PLATFORM_TENANT)
    .where('code', '=', DICTIONARY).where('dict_key', '=', '-1').executeTakeFirst();
  const missing = SYSTEM_DICTIONARIES.filter((d) => d.code === DICTIONARY);
  if (!have) await seedDictionaries(new SeedWriter(db, ADMIN_USER_ID), 'blade_dict', missing, PLATFORM_TENANT);

  const log = MENU_TREE.find((m) => m.code === 'monitor')?.children?.find((m: MenuSeed) => m.code === 'log');
  const menu = log?.children?.find((m: MenuSeed) => m.code === 'personal_access');
  if (!menu) throw new Error('menu personal_access is not in the menu tree');
  if (!(await addMenu(db, 'log', menu))) return;
  await grantAddedMenu(db, menu, 'audit', 'audit');
}
