import { withDescendants } from '../core/tree.js';
import type { Db } from '../db/database.js';

/** A staff account's units as its data scope reads them: its own departments, and those with every department below them. */
export interface AccountUnits {
  /** The account's own departments, in the order stored. */
  own: string[];
  /** The own departments and all below them. */
  units: Set<string>;
  /** Every live department of the tenant. */
  depts: { id: string; parentId: string }[];
}

export async function accountUnits(db: Db, tenantId: string, account: string): Promise<AccountUnits> {
  const user = await db.selectFrom('blade_user').select('dept_id').where('account', '=', account).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
  const depts = (await db.selectFrom('blade_dept').select(['id', 'parent_id']).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).execute())
    .map((d) => ({ id: String(d.id), parentId: String(d.parent_id ?? '0') }));
  const own = String(user.dept_id).split(',');
  return { own, units: withDescendants(depts, own), depts };
}
