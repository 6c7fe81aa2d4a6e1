import { grantCollegeAdministration } from '../../seed/college-administration.js';
import type { Db, Dialect } from '../database.js';

/**
 * The demo college secretary administers its college (decisions 299-301): its role gets the user
 * and role menus with the own-unit-and-below scope on users, and a role below it to manage, on a
 * database seeded before (a new database has them from the seed; nothing happens without the demo).
 */
export async function up(db: Db, _dialect: Dialect): Promise<void> {
  await grantCollegeAdministration(db);
}
