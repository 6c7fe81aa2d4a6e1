import { badRequest } from '../../../core/errors.js';
import type { Db } from '../../../db/database.js';
import type { BladexSnapshot } from './bladex-source.js';
import { BLADEX_MSG } from './import-messages.js';
import type { ImportOptions, ImportPlan } from './import-types.js';
import { planDictBiz, planDicts, planParams } from './plan-dictionaries.js';
import { planMenus, planRoleMenus, planRoleScopes } from './plan-grants.js';
import { planDepts, planPosts, planRoles, planTenants, planUsers } from './plan-org.js';
import { Planner } from './planner.js';
import { readProductState, type CandidateIds, type ProductState } from './product-state.js';

const TENANT_CODE = /^[A-Za-z0-9]{1,12}$/;

/**
 * Which BladeX tenants this run imports and the product tenant each goes to (the options checked:
 * every named tenant exists in BladeX, target codes are valid, no two tenants share a target).
 */
export function tenantTargets(snapshot: BladexSnapshot, options: ImportOptions): Map<string, string> {
  const codes = snapshot.tables.blade_tenant.rows.map((r) => r.tenant_id ?? '').filter(Boolean);
  const known = new Set(codes);
  for (const code of [...options.tenantIds, ...Object.keys(options.tenantMap)]) {
    if (!known.has(code)) throw badRequest(BLADEX_MSG.unknownTenant, { tenantId: code });
  }
  const chosen = options.tenantIds.length ? codes.filter((c) => options.tenantIds.includes(c)) : codes;
  if (chosen.length === 0) throw badRequest(BLADEX_MSG.noTenant);
  const out = new Map<string, string>();
  const byTarget = new Map<string, string>();
  for (const code of chosen) {
    const target = options.tenantMap[code] ?? code;
    if (!TENANT_CODE.test(target)) throw badRequest(BLADEX_MSG.badTenantCode, { tenantId: target });
    const other = byTarget.get(target);
    if (other !== undefined) throw badRequest(BLADEX_MSG.sameTarget, { first: other, second: code, target });
    byTarget.set(target, code);
    out.set(code, target);
  }
  return out;
}

/** BladeX ids of each kind whose product ids must be checked for collisions. */
function candidates(snapshot: BladexSnapshot): CandidateIds {
  const ids = (table: keyof BladexSnapshot['tables']) => snapshot.tables[table].rows.map((r) => r.id ?? '');
  // A tenant row's product id is always new: its code is what the product knows it by.
  return {
    dept: ids('blade_dept'), post: ids('blade_post'), role: ids('blade_role'), dict: ids('blade_dict'),
    dictBiz: ids('blade_dict_biz'), param: ids('blade_param'), user: ids('blade_user'),
  };
}

/**
 * Plans a run: what each BladeX row becomes in this product and what the report says. Reads the
 * product, writes nothing; the dry run answers the report, the real run applies the plan.
 */
export async function planImport(
  db: Db, snapshot: BladexSnapshot, options: ImportOptions, source: { key: string; driver: string },
): Promise<{ plan: ImportPlan; state: ProductState }> {
  const targets = tenantTargets(snapshot, options);
  const state = await readProductState(db, source.key, candidates(snapshot), [...targets.values()]);
  const planner = new Planner(snapshot, state, targets, { driver: source.driver, database: source.key });
  planTenants(planner);
  planDepts(planner);
  planPosts(planner);
  planRoles(planner);
  planMenus(planner);
  planRoleMenus(planner);
  planRoleScopes(planner);
  planDicts(planner);
  planDictBiz(planner);
  planParams(planner);
  planUsers(planner);
  return { plan: { rows: planner.rows, links: planner.links, report: planner.finish() }, state };
}
