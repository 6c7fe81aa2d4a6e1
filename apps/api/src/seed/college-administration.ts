import { PLATFORM_TENANT } from '@alumni/domain';
import type { Db } from '../db/database.js';
import { seedId } from './menu-tree.js';
import { ADMIN_USER_ID, dataScopeId, menuIdsByCode } from './platform-seed.js';
import { SeedWriter } from './seed-writer.js';

const ROLES = 91;

/** The demo college secretary's role (院系校友秘书) and the role below it that it manages. */
export const COLLEGE_ROLE_ID = seedId(ROLES, 3);
export const COLLEGE_ASSISTANT_ROLE_ID = seedId(ROLES, 7);

/**
 * What the college secretary administers for its college (decisions 299-301): the users of its
 * departments (the user menu under the own-unit-and-below scope) and the roles below its own, with
 * the grant of what it holds itself.
 */
export const COLLEGE_ADMINISTRATION = [
  'system', 'user', 'user_add', 'user_edit', 'user_delete', 'user_view', 'user_role', 'user_reset',
  'authority', 'role', 'role_add', 'role_edit', 'role_delete', 'role_view', 'role_grant',
];
export const COLLEGE_ADMINISTRATION_SCOPES: [string, '4'][] = [['user', '4']];

/** The role below the college secretary's: reads its college's alumni, as a start the secretary widens or narrows. */
export const COLLEGE_ASSISTANT = {
  alias: 'college_assistant', name: '院系校友助理',
  menus: ['desk', 'notice', 'notice_view', 'alumni', 'basicinfo', 'basicinfo_view', 'studentstatus', 'studentstatus_view'],
  scopes: [['basicinfo', '4'], ['studentstatus', '4']] as [string, '4'][],
};

/**
 * Gives the demo college secretary's role its administration and adds the role below it, as far as
 * they are missing: the demo seed calls it after its roles, migration 066 on a database seeded
 * before. A database without the demo college secretary's role is left as it is.
 */
export async function grantCollegeAdministration(db: Db): Promise<void> {
  const role = await db.selectFrom('blade_role').select('id')
    .where('id', '=', COLLEGE_ROLE_ID).where('tenant_id', '=', PLATFORM_TENANT).where('is_deleted', '=', 0).executeTakeFirst();
  if (!role) return;
  const w = new SeedWriter(db, ADMIN_USER_ID);
  const menus = menuIdsByCode();
  const live = new Set((await db.selectFrom('blade_menu').select('id').where('is_deleted', '=', 0).execute()).map((r) => String(r.id)));
  const give = async (roleId: string, codes: string[], scopes: [string, '4'][]) => {
    const held = new Set((await db.selectFrom('blade_role_menu').select('menu_id').where('role_id', '=', roleId).execute()).map((r) => String(r.menu_id)));
    for (const id of codes.map((c) => menus.get(c)).filter((id): id is string => !!id && live.has(id) && !held.has(id))) {
      await w.link('blade_role_menu', { roleId, menuId: id });
      held.add(id);
    }
    const scoped = new Set((await db.selectFrom('blade_role_scope').select('scope_id').where('role_id', '=', roleId).execute()).map((r) => String(r.scope_id)));
    for (const [menu, type] of scopes) {
      const scopeId = dataScopeId(menu, type);
      const exists = await db.selectFrom('blade_scope_data').select('id').where('id', '=', scopeId).where('is_deleted', '=', 0).executeTakeFirst();
      if (exists && !scoped.has(scopeId)) await w.link('blade_role_scope', { roleId, scopeCategory: 1, scopeId });
    }
  };
  await give(COLLEGE_ROLE_ID, COLLEGE_ADMINISTRATION, COLLEGE_ADMINISTRATION_SCOPES);
  const assistant = await db.selectFrom('blade_role').select('id').where('id', '=', COLLEGE_ASSISTANT_ROLE_ID).executeTakeFirst();
  if (!assistant) {
    await w.insert('blade_role', { id: COLLEGE_ASSISTANT_ROLE_ID, parentId: COLLEGE_ROLE_ID, roleName: COLLEGE_ASSISTANT.name, roleAlias: COLLEGE_ASSISTANT.alias, sort: 7 });
    await give(COLLEGE_ASSISTANT_ROLE_ID, COLLEGE_ASSISTANT.menus, COLLEGE_ASSISTANT.scopes);
  }
}
