import { apiScopeEntity, dataScopeEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/**
 * Data scopes and API scopes of menus, and the scopes granted to roles
 * (`scope_category` 1 data scope, 2 API scope, as BladeX's `blade_role_scope`).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  for (const entity of [dataScopeEntity, apiScopeEntity]) await createEntityTable(db, dialect, entity);
  await db.schema.createIndex('blade_scope_data_menu').on('blade_scope_data').columns(['menu_id']).execute();
  await db.schema.createIndex('blade_scope_api_menu').on('blade_scope_api').columns(['menu_id']).execute();
  await db.schema.createTable('blade_role_scope')
    .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('scope_category', 'integer', (c) => c.notNull())
    .addColumn('scope_id', 'bigint', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('blade_role_scope_role').on('blade_role_scope').columns(['role_id', 'scope_category', 'scope_id']).unique().execute();
}
