import type { JsonRecord } from '../../db/row-mapping.js';
import type { UserStore } from './user-store.js';

const split = (v: unknown): string[] => String(v ?? '').split(',').filter(Boolean);

const REFERENCES = [
  ['roleId', 'roleName', 'blade_role', 'role_name'],
  ['deptId', 'deptName', 'blade_dept', 'dept_name'],
  ['postId', 'postName', 'blade_post', 'post_name'],
] as const;

/**
 * The names BladeX's user answers carry: `tenantName`, `roleName`, `deptName`, `postName` (names of
 * comma-joined ids joined with commas, in the order of the ids) and `userTypeName`. One query per
 * kind of name for a whole page.
 */
export async function addUserDisplayNames(store: UserStore, records: JsonRecord[]): Promise<void> {
  if (records.length === 0) return;
  const tenants = await store.tenantNames([...new Set(records.map((r) => String(r.tenantId)))]);
  const userTypes = await store.dictionary('user_type');
  for (const r of records) {
    r.tenantName = tenants.get(String(r.tenantId)) ?? '';
    r.userTypeName = r.userType === null || r.userType === undefined ? '' : (userTypes.get(String(r.userType)) ?? '');
  }
  for (const [idField, nameField, table, column] of REFERENCES) {
    const names = await store.namesById(table, column, [...new Set(records.flatMap((r) => split(r[idField])))]);
    for (const r of records) r[nameField] = split(r[idField]).map((id) => names.get(id)).filter((n) => n !== undefined).join(',');
  }
}
