import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';

/** The table of field-level permissions (decisions 320–322). */
export const ROLE_FIELD_TABLE = 'blade_role_field';

/**
 * Field-level permissions: per role, a field of an entity hidden or read-only. A role's rules of an
 * entity are replaced together, as its menus are, so rows are deleted, not flagged; the role's
 * tenant is kept beside for the tenant's own reads.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await db.schema.createTable(ROLE_FIELD_TABLE)
    .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('role_id', 'bigint', (c) => c.notNull())
    .addColumn('entity', 'varchar(64)', (c) => c.notNull())
    .addColumn('field', 'varchar(64)', (c) => c.notNull())
    .addColumn('mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('create_user', 'bigint')
    .addColumn('create_time', dialect === 'postgres' ? sql`timestamp(0)` : 'text')
    .execute();
  await db.schema.createIndex('blade_role_field_role').on(ROLE_FIELD_TABLE).columns(['role_id', 'entity', 'field']).unique().execute();
}
