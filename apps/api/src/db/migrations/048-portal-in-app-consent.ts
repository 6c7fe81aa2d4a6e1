import type { Db, Dialect } from '../database.js';

/** Whether an alumnus accepts in-app messages (the portal's inbox): no row = yes, as before the portal. */
export const PORTAL_CONSENT_TABLE = 'portal_consent';

/**
 * The in-app consent an alumnus sets in the portal (decision 247). SMS and e-mail consent stay the
 * alumni record's own flags; the in-app one has no BladeX column, so it lives beside the record,
 * its changes logged in `alumni_consent_log` with the channel 1 (in-app) like the others.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await db.schema.createTable(PORTAL_CONSENT_TABLE)
    .addColumn('alumnus_id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('in_app', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('update_time', dialect === 'postgres' ? 'timestamp(0)' : 'text', (c) => c.notNull())
    .execute();
}
