import type { Db, Dialect } from '../database.js';

/** The table of the alumni portal's sessions (decision 245). */
export const PORTAL_SESSION_TABLE = 'portal_session';
/** Each alumnus's visibility to other alumni per field (hidden unless the alumnus shows it). */
export const PORTAL_VISIBILITY_TABLE = 'portal_visibility';

/**
 * The alumni portal (decision 245): a session per sign-in of an alumnus (a row of
 * `alumni_basic_info`), found by the SHA-256 of its opaque token (the token itself is never stored),
 * ended by sign-out (`end_time`) or by its expiry; and per alumnus which fields other alumni may see
 * (0 = hidden, the default when no row exists).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const time = dialect === 'postgres' ? 'timestamp(0)' : 'text';
  await db.schema.createTable(PORTAL_SESSION_TABLE)
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('id', bigint, (c) => c.notNull().unique())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('alumnus_id', bigint, (c) => c.notNull())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)')
    .addColumn('create_time', time, (c) => c.notNull())
    .addColumn('expire_time', time, (c) => c.notNull())
    .addColumn('end_time', time)
    .execute();
  await db.schema.createIndex('portal_session_alumnus').on(PORTAL_SESSION_TABLE).columns(['tenant_id', 'alumnus_id', 'create_time']).execute();
  await db.schema.createTable(PORTAL_VISIBILITY_TABLE)
    .addColumn('alumnus_id', bigint, (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('phone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('employer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('update_time', time, (c) => c.notNull())
    .execute();
}
