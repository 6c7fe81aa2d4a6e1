import { sql } from 'kysely';
import type { Db } from '../database.js';

/**
 * Indexes of the users page's department filter (`user/page?deptId=`), which matches a user when
 * any of their departments (`dept_id`, comma-joined) is the department or below it:
 *
 * - `blade_user_by_dept_id`: users of one department (the common case) are found by
 *   `dept_id in (...)` through this index instead of a scan of the tenant's users.
 * - `blade_user_multi_dept`: a partial index of the users with more than one department only, so
 *   the joined lists that contain a department are read without scanning everybody else. The
 *   query must repeat its condition literally (`dept_id like '%,%'`) for either planner to use it.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('blade_user_by_dept_id').ifNotExists().on('blade_user')
    .columns(['dept_id', 'tenant_id', 'is_deleted', 'create_time']).execute();
  await db.schema.createIndex('blade_user_multi_dept').ifNotExists().on('blade_user')
    .columns(['tenant_id', 'is_deleted', 'dept_id']).where(sql.raw<boolean>(`dept_id like '%,%'`)).execute();
}
