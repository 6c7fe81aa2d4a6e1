import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordGrant, requestToken } from '../../test-support/oauth.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

interface Option {
  id: string;
  deptName?: string;
  roleName?: string;
}

describe.each(testDialects())('department and role switch on %s', (dialect) => {
  let t: TestApp;
  let depts: { id: string; name: string }[];
  let roles: { id: string; name: string }[];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const { db } = t.app.services.database;
    // The office account holds two departments and two roles, as a switch-mode user would.
    depts = (await db.selectFrom('blade_dept').select(['id', 'dept_name']).where('tenant_id', '=', '000000')
      .where('is_deleted', '=', 0).orderBy('sort').orderBy('id').limit(2).execute()).map((r) => ({ id: String(r.id), name: String(r.dept_name) }));
    roles = (await db.selectFrom('blade_role').select(['id', 'role_name']).where('tenant_id', '=', '000000')
      .where('role_alias', 'in', ['alumni_admin', 'leader']).orderBy('sort').execute()).map((r) => ({ id: String(r.id), name: String(r.role_name) }));
    await db.updateTable('blade_user').set({ dept_id: depts.map((d) => d.id).join(','), role_id: roles.map((r) => r.id).join(',') })
      .where('account', '=', 'office').where('tenant_id', '=', '000000').execute();
  });
  afterAll(async () => t?.close());

  const options = async (url: string, token: string | null) => {
    const res = await t.call('GET', url, token);
    return { status: res.statusCode, data: res.json().data as Option[] };
  };

  it('lists the departments the user holds', async () => {
    const { status, data } = await options('/api/blade-system/dept/select', await t.signIn('office'));
    expect(status).toBe(200);
    expect(data).toEqual(depts.map((d) => ({ id: d.id, deptName: d.name })));
  });

  it('lists the roles the user holds', async () => {
    const { data } = await options('/api/blade-system/role/select', await t.signIn('office'));
    expect(data).toEqual(roles.map((r) => ({ id: r.id, roleName: r.name })));
  });

  it('lists only the one department and role of a user without a choice', async () => {
    const admin = await t.signIn('admin');
    expect((await options('/api/blade-system/dept/select', admin)).data).toHaveLength(1);
    expect((await options('/api/blade-system/role/select', admin)).data.map((r) => r.roleName)).toEqual(['超级管理员']);
  });

  it('refuses another user\'s lists to an ordinary user', async () => {
    const adminId = String((await t.app.services.database.db.selectFrom('blade_user').select('id')
      .where('account', '=', 'admin').where('tenant_id', '=', '000000').executeTakeFirstOrThrow()).id);
    const res = await t.call('GET', `/api/blade-system/role/select?userId=${adminId}`, await t.signIn('office'));
    expect(res.statusCode).toBe(403);
  });

  it('needs a signed-in caller', async () => {
    expect((await options('/api/blade-system/dept/select', null)).status).toBe(401);
  });

  it('re-issues the token for the chosen department and role', async () => {
    const first = await requestToken(t, passwordGrant('office'));
    const { refresh_token: refresh } = first.json() as { refresh_token: string };
    const [dept, role] = [depts[1], roles[1]];
    const res = await requestToken(t, { tenantId: '000000', grant_type: 'refresh_token', refresh_token: refresh, scope: 'all' },
      { 'dept-id': dept?.id ?? '', 'role-id': role?.id ?? '' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { dept_id: string; role_id: string; access_token: string };
    expect(answer.dept_id).toBe(dept?.id);
    expect(answer.role_id).toBe(role?.id);
  });
});
