import type { Db, Dialect } from '../database.js';

/**
 * Sessions that end (docs/sessions.md):
 * - `app_user_session`: a version per user, raised to end every token of the user at once (the
 *   sign-in lockout); kept beside `blade_user` so that table keeps the BladeX columns exactly.
 * - The demo client `saber` signs in with the captcha grant only: the password grant, which skips
 *   the captcha, stays for clients an administrator gives it to.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await db.schema.createTable('app_user_session')
    .addColumn('user_id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('update_time', 'varchar(19)')
    .execute();
  const saber = await db.selectFrom('blade_client').select(['id', 'authorized_grant_types']).where('client_id', '=', 'saber').execute();
  for (const row of saber) {
    const grants = String(row.authorized_grant_types ?? '').split(',').map((g) => g.trim()).filter((g) => g && g !== 'password');
    await db.updateTable('blade_client').set({ authorized_grant_types: grants.join(',') }).where('id', '=', row.id).execute();
  }
}
