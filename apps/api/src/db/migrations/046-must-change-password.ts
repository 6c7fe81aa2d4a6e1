import type { Db, Dialect } from '../database.js';

/**
 * A password an administrator reset must be changed at the next sign-in (decision 237): the mark
 * lives beside the session version in `app_user_session`, so `blade_user` keeps the BladeX columns
 * exactly. 1 = the next token may only change the password or sign out.
 */
export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('app_user_session')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
