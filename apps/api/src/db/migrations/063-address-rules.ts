import { addressRuleEntity, PLATFORM_TENANT, SYSTEM_DICTIONARIES } from '@alumni/domain';
import { addMenu, grantAddedMenu } from '../../seed/menu-rows.js';
import { MENU_TREE, type MenuSeed } from '../../seed/menu-tree.js';
import { ADMIN_USER_ID, seedDictionaries } from '../../seed/platform-seed.js';
import { SeedWriter } from '../../seed/seed-writer.js';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

const DICTIONARIES = ['address_rule_type', 'address_rule_scope'];

/**
 * The address allow/deny rules (decision 290): their table, their two system dictionaries and the
 * menu 访问地址规则 under 系统管理 with its buttons, granted to every role that administers roles (holds
 * 角色管理, as a tenant's administrator does) and added to every tenant package holding 系统管理, for
 * a database set up before them (a new database gets all of it from the seed).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, addressRuleEntity);
  if (!(await db.selectFrom('blade_tenant').select('id').limit(1).executeTakeFirst())) return;
  const have = await db.selectFrom('blade_dict').select('code').where('tenant_id', '=', PLATFORM_TENANT)
    .where('code', 'in', DICTIONARIES).where('dict_key', '=', '-1').execute();
  const missing = SYSTEM_DICTIONARIES.filter((d) => DICTIONARIES.includes(d.code) && !have.some((h) => h.code === d.code));
  if (missing.length > 0) await seedDictionaries(new SeedWriter(db, ADMIN_USER_ID), 'blade_dict', missing, PLATFORM_TENANT);

  const system = MENU_TREE.find((m) => m.code === 'system');
  const menu = system?.children?.find((m: MenuSeed) => m.code === 'addressrule');
  if (!menu) throw new Error('menu addressrule is not in the menu tree');
  if (!(await addMenu(db, 'system', menu))) return;
  await grantAddedMenu(db, menu, 'role', 'system');
}
