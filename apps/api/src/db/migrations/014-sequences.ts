import type { Db } from '../database.js';

/**
 * `app_sequence`: the counters behind the numbers the server generates (registration numbers,
 * alumni codes …), one row per tenant and counter name (prefix and date part included). A create
 * raises its counter inside its own transaction, so a number is never handed out twice.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.createTable('app_sequence')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('name', 'varchar(160)', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_sequence_pk', ['tenant_id', 'name'])
    .execute();
}
