import type { Db, Dialect } from '../database.js';

/**
 * Moving in from a BladeX installation (decisions 194–197):
 * - `app_bladex_import_map`: which product row each imported BladeX row became, per source database
 *   and kind, so that a second run updates those rows instead of adding them again. `created` is 1
 *   when the import wrote the row, 0 when it found one the product already had (a role alias, a
 *   post code) and only points at it.
 * - `app_bladex_import_run`: each real run, its options, progress and report (dry runs write nothing).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await db.schema.createTable('app_bladex_import_map')
    .addColumn('source', 'varchar(255)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_bladex_import_map_pk', ['source', 'kind', 'source_id'])
    .execute();
  await db.schema.createTable('app_bladex_import_run')
    .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('create_user', 'bigint')
    .addColumn('source', 'varchar(255)', (c) => c.notNull())
    .addColumn('datasource_id', 'bigint', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('job_id', 'varchar(36)')
    .addColumn('progress_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'varchar(500)')
    .addColumn('report', 'text')
    .addColumn('error', 'varchar(2000)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('finish_time', 'varchar(19)')
    .execute();
  await db.schema.createIndex('app_bladex_import_run_time').on('app_bladex_import_run').columns(['create_time']).execute();
}
