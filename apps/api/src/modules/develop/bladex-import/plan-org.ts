import { PLATFORM_TENANT, deptEntity, postEntity, roleEntity, tenantEntity, userEntity } from '@alumni/domain';
import { compareIds, type SourceRow } from './bladex-source.js';
import { ProductState } from './product-state.js';
import { Planner, dateTime, fit, idList, int } from './planner.js';

const NORMAL = 1;

/** BLADEX-SCHEMA 2.1: `status` 1 is normal; tables without base columns have none and are normal. */
const status = (row: SourceRow): number => int(row.status, NORMAL) ?? NORMAL;

/**
 * Tenants: a BladeX tenant goes to the product tenant its code maps to. One the product already has
 * (the platform tenant 000000, or a school set up by hand) is pointed at and left as it is; the
 * others are created. The domain is `domain_url` in 3.0.1 and `domain` before. Packages and data
 * sources are BladeX rows this import does not move, so a created tenant has neither.
 */
export function planTenants(p: Planner): void {
  for (const row of p.rowsOf('tenant', 'blade_tenant')) {
    const code = row.tenant_id ?? '';
    const target = p.tenantTargets.get(code) ?? null;
    p.report.source.tenants.push({ tenantId: code, tenantName: row.tenant_name ?? null, target });
    if (target === null) {
      p.skip('tenant');
      continue;
    }
    const productId = p.state.tenants.get(target);
    if (productId && !p.createdBefore('tenant', code)) {
      p.match('tenant', code, productId, target);
      continue;
    }
    p.place('tenant', tenantEntity, code, target, {
      tenantId: target,
      tenantName: fit(row.tenant_name, 50) ?? target,
      domain: fit(row[p.snapshot.domainColumn] ?? row.domain ?? row.domain_url ?? null, 255),
      backgroundUrl: fit(row.background_url, 1000),
      linkman: fit(row.linkman, 20),
      contactNumber: fit(row.contact_number, 20),
      address: fit(row.address, 255),
      accountNumber: int(row.account_number, -1),
      expireTime: dateTime(row.expire_time),
      licenseKey: fit(row.license_key, 1000),
      status: status(row),
    }, dateTime(row.create_time));
  }
}

/** The BladeX tenant of each row of a table, by id (to check a reference stays inside its tenant). */
function tenantsById(rows: SourceRow[]): Map<string, string> {
  return new Map(rows.map((r) => [r.id ?? '', r.tenant_id ?? '000000']));
}

/**
 * Departments, parents first; `ancestors` is rebuilt from the product ids. A department whose parent
 * is missing, deleted or of another tenant becomes a root of its tenant (reported).
 */
export function planDepts(p: Planner): void {
  const rows = p.rowsOf('dept', 'blade_dept');
  const ancestors = new Map<string, string>();
  for (const { row } of Planner.treeOrder(rows)) {
    const tenantId = p.tenantOf('dept', row);
    if (tenantId === null) continue;
    const id = row.id ?? '';
    const parentSource = row.parent_id && row.parent_id !== '0' ? row.parent_id : null;
    const parentId = parentSource ? p.resolve('dept', parentSource) : undefined;
    if (parentSource && !parentId) p.report.orphans.push({ kind: 'dept', tenantId, sourceId: id, name: row.dept_name ?? null, parentId: parentSource });
    const path = parentId ? `${ancestors.get(parentSource as string) ?? '0'},${parentId}` : '0';
    const write = p.place('dept', deptEntity, id, tenantId, {
      parentId: parentId ?? '0',
      ancestors: fit(path, 2000),
      deptCategory: int(row.dept_category, 1),
      deptName: fit(row.dept_name, 45) ?? '',
      fullName: fit(row.full_name, 45),
      sort: int(row.sort, 1),
      remark: fit(row.remark, 255),
      status: status(row),
    }, dateTime(row.create_time));
    if (write) ancestors.set(id, path);
  }
}

/** Posts: a post whose code the product tenant already has is pointed at; others are created. */
export function planPosts(p: Planner): void {
  for (const row of p.rowsOf('post', 'blade_post')) {
    const tenantId = p.tenantOf('post', row);
    if (tenantId === null) continue;
    const id = row.id ?? '';
    const existing = row.post_code ? p.state.postsByCode.get(ProductState.postKey(tenantId, row.post_code)) : undefined;
    if (existing && !p.createdBefore('post', id)) {
      p.match('post', id, existing, tenantId);
      continue;
    }
    p.place('post', postEntity, id, tenantId, {
      category: int(row.category, 1),
      postCode: fit(row.post_code, 32) ?? '',
      postName: fit(row.post_name, 64) ?? '',
      sort: int(row.sort, 1),
      remark: fit(row.remark, 255),
      status: status(row),
    }, dateTime(row.create_time));
  }
}

/**
 * The administrator role of each BladeX tenant: the role aliased `administrator`, else the first
 * role of the tenant's `admin` account; only a top-level one (its parent none, or not a role).
 */
function administratorRoles(p: Planner, rows: SourceRow[]): Map<string, SourceRow> {
  const byId = new Map(rows.map((r) => [r.id ?? '', r]));
  const top = (r: SourceRow) => !r.parent_id || r.parent_id === '0' || !byId.has(r.parent_id);
  const out = new Map<string, SourceRow>();
  for (const row of rows) {
    const tenant = row.tenant_id ?? PLATFORM_TENANT;
    if (row.role_alias === 'administrator' && top(row) && !out.has(tenant)) out.set(tenant, row);
  }
  for (const user of p.snapshot.tables.blade_user.rows) {
    const tenant = user.tenant_id ?? PLATFORM_TENANT;
    if (user.account !== 'admin' || out.has(tenant)) continue;
    const role = idList(user.role_id).map((id) => byId.get(id)).find((r) => r !== undefined && (r.tenant_id ?? PLATFORM_TENANT) === tenant && top(r));
    if (role) out.set(tenant, role);
  }
  return out;
}

/**
 * Roles, parents first: a role whose alias the product tenant already has (the super administrator
 * `administrator` of 000000) is pointed at and keeps its own grants; the others are created. In
 * BladeX a tenant's other top-level roles sit beside its administrator role; here an administrator
 * grants only the roles below its own, so outside the platform tenant (whose super administrator
 * grants every role) they are placed under it (reported).
 */
export function planRoles(p: Planner): void {
  const rows = p.rowsOf('role', 'blade_role');
  const admins = administratorRoles(p, rows);
  const adminIds = new Set([...admins.values()].map((r) => r.id ?? ''));
  // The administrator roles first, so that the roles placed under them come after them.
  const ordered = [...rows].sort((a, b) => Number(adminIds.has(b.id ?? '')) - Number(adminIds.has(a.id ?? '')));
  for (const { row } of Planner.treeOrder(ordered)) {
    const tenantId = p.tenantOf('role', row);
    if (tenantId === null) continue;
    const id = row.id ?? '';
    const alias = row.role_alias ?? row.role_name ?? id;
    const existing = p.state.rolesByAlias.get(ProductState.roleKey(tenantId, alias));
    if (existing && !p.createdBefore('role', id)) {
      p.match('role', id, existing, tenantId);
      continue;
    }
    const parentSource = row.parent_id && row.parent_id !== '0' ? row.parent_id : null;
    let parentId = parentSource ? p.resolve('role', parentSource) : undefined;
    if (parentSource && !parentId) p.report.orphans.push({ kind: 'role', tenantId, sourceId: id, name: row.role_name ?? null, parentId: parentSource });
    const admin = admins.get(row.tenant_id ?? PLATFORM_TENANT);
    const adminTarget = admin && admin.id !== id && tenantId !== PLATFORM_TENANT ? p.resolve('role', admin.id) : undefined;
    if (!parentId && adminTarget && admin) {
      parentId = adminTarget;
      p.report.reparentedRoles.push({
        tenantId, sourceId: id, roleAlias: row.role_alias ?? null, roleName: row.role_name ?? null, parentSourceId: admin.id ?? '', parentName: admin.role_name ?? null,
      });
    }
    p.place('role', roleEntity, id, tenantId, {
      parentId: parentId ?? '0',
      roleName: fit(row.role_name, 255) ?? alias,
      sort: int(row.sort, 1),
      roleAlias: fit(alias, 255),
      status: status(row),
    }, dateTime(row.create_time));
  }
}

/** A user's comma-joined ids of one kind as product ids, and the BladeX ids that have none. */
function translate(p: Planner, kind: 'dept' | 'role' | 'post', value: string | null, userTenant: string, owners: Map<string, string>) {
  const found: string[] = [];
  const missing: string[] = [];
  for (const id of idList(value)) {
    const target = owners.get(id) === userTenant ? p.resolve(kind, id) : undefined;
    if (target) found.push(target);
    else missing.push(id);
  }
  return { found: [...new Set(found)], missing };
}

/**
 * Users, one per account and tenant: of BladeX users sharing an account in a tenant the earliest is
 * imported, and an account the product tenant already has is left to the product (both reported).
 * The password hash is kept as BladeX stored it (`sha1(md5(password))`), which the product's sign-in
 * accepts once and replaces with its own; a later run never puts the old hash back. Departments,
 * roles and posts become the product ids; those that do not exist are dropped and reported. A user
 * an earlier run created and BladeX has deleted since is disabled and removed here, its sessions
 * ended, and named in the report.
 */
export function planUsers(p: Planner): void {
  const rows = p.rowsOf('user', 'blade_user');
  const depts = tenantsById(p.snapshot.tables.blade_dept.rows);
  const roles = tenantsById(p.snapshot.tables.blade_role.rows);
  const posts = tenantsById(p.snapshot.tables.blade_post.rows);
  const byAccount = new Map<string, SourceRow[]>();
  for (const row of rows) {
    const k = ProductState.userKey(row.tenant_id ?? '000000', row.account ?? '');
    byAccount.set(k, [...(byAccount.get(k) ?? []), row]);
  }
  // A user BladeX deleted since an earlier run created it ends here too: disabled, removed, signed out.
  const targets = new Set(p.tenantTargets.values());
  for (const id of p.snapshot.tables.blade_user.deletedIds) {
    const current = p.existing('user', id);
    const mapped = p.state.mapped('user', id);
    if (!current || !mapped || !targets.has(String(current.tenant_id))) continue;
    const tenantId = String(current.tenant_id);
    p.report.removedUsers.push({ tenantId, account: String(current.account ?? ''), sourceId: id, targetId: mapped.targetId });
    p.remove('user', userEntity, id, mapped.targetId, tenantId, { status: 0 });
  }
  const order = (a: SourceRow, b: SourceRow) => (dateTime(a.create_time) ?? '').localeCompare(dateTime(b.create_time) ?? '') || compareIds(a.id ?? null, b.id ?? null);
  for (const group of byAccount.values()) group.sort(order);
  for (const row of rows) {
    const tenantId = p.tenantOf('user', row);
    if (tenantId === null) continue;
    const id = row.id ?? '';
    const account = row.account ?? '';
    if (!account) {
      p.skip('user');
      continue;
    }
    const group = byAccount.get(ProductState.userKey(row.tenant_id ?? '000000', account)) ?? [row];
    const first = group[0] as SourceRow;
    if (group.length > 1 && first === row) {
      p.report.duplicateAccounts.push({ tenantId, account, sourceIds: group.map((r) => r.id ?? ''), kept: id, reason: 'source' });
    }
    if (first !== row) {
      p.skip('user');
      continue;
    }
    const productUser = p.state.usersByAccount.get(ProductState.userKey(tenantId, account));
    if (productUser && !p.createdBefore('user', id)) {
      p.skip('user');
      p.report.duplicateAccounts.push({ tenantId, account, sourceIds: group.map((r) => r.id ?? ''), kept: null, reason: 'product' });
      continue;
    }
    const owner = row.tenant_id ?? '000000';
    const dept = translate(p, 'dept', row.dept_id ?? null, owner, depts);
    const role = translate(p, 'role', row.role_id ?? null, owner, roles);
    const post = translate(p, 'post', row.post_id ?? null, owner, posts);
    if (dept.missing.length || role.missing.length || post.missing.length) {
      p.report.usersWithMissing.push({ tenantId, account, depts: dept.missing, roles: role.missing, posts: post.missing });
    }
    const values: Record<string, unknown> = {
      code: fit(row.code, 32),
      userType: int(row.user_type, 1),
      account: fit(account, 45),
      password: row.password,
      name: fit(row.name, 20) ?? fit(account, 20),
      realName: fit(row.real_name, 10) ?? '',
      avatar: fit(row.avatar, 500),
      email: fit(row.email, 45),
      phone: fit(row.phone, 45),
      birthday: dateTime(row.birthday)?.slice(0, 10) ?? (row.birthday && /^\d{4}-\d{2}-\d{2}$/.test(row.birthday) ? row.birthday : null),
      sex: row.sex === null || row.sex === undefined ? null : String(int(row.sex, null) ?? row.sex),
      roleId: role.found.join(','),
      deptId: dept.found.join(','),
      postId: post.found.join(','),
      status: status(row),
    };
    // Once the product has re-hashed the password at a sign-in, its hash stands.
    const current = p.existing('user', id);
    if (current && String(current.password ?? '').startsWith('scrypt$')) delete values.password;
    p.place('user', userEntity, id, tenantId, values, dateTime(row.create_time));
  }
}
