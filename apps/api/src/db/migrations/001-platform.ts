import { entityByName } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/** The entities this migration creates; entities added later come with migrations of their own. */
export const PLATFORM_ENTITY_NAMES = ['tenant', 'user', 'role', 'menu', 'dept', 'post', 'client', 'top-menu', 'dict', 'dict-biz', 'param', 'tenant-package'];

/** The platform: tenants, users, roles, menus, organisation, clients, dictionaries, parameters, packages. */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  for (const name of PLATFORM_ENTITY_NAMES) await createEntityTable(db, dialect, entityByName(name));
  await db.schema.createTable('blade_role_menu')
    .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blade_role_menu_role').on('blade_role_menu').columns(['role_id', 'menu_id']).unique().execute();
  await db.schema.createTable('blade_top_menu_setting')
    .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('top_menu_id', 'bigint', (c) => c.notNull())
    .addColumn('menu_id', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blade_top_menu_setting_top').on('blade_top_menu_setting').columns(['top_menu_id', 'menu_id']).unique().execute();
  await db.schema.createIndex('blade_user_account').on('blade_user').columns(['tenant_id', 'account']).execute();
  await db.schema.createIndex('blade_dict_code_key').on('blade_dict').columns(['code', 'dict_key']).execute();
  await db.schema.createIndex('blade_dict_biz_code_key').on('blade_dict_biz').columns(['tenant_id', 'code', 'dict_key']).execute();
}
