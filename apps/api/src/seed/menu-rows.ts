import { menuIconSource } from '@alumni/domain';
import { ids } from '../core/ids.js';
import type { Db } from '../db/database.js';
import { MENU_TABLE, seedId, type MenuSeed } from './menu-tree.js';
import { ADMIN_USER_ID } from './platform-seed.js';
import { SeedWriter } from './seed-writer.js';

/** The id of a menu row or of one of its buttons: the tree's fixed id, or a new one. */
type IdOf = (row: number) => string;

const fixedId: IdOf = (row) => seedId(MENU_TABLE, row);

/**
 * Writes a menu with its buttons (and its children) under `parentId`, as the seed writes the menu tree;
 * its icon is stored in the form both BladeX's clients and this product's web app draw (decision 281).
 */
export async function writeMenu(w: SeedWriter, m: MenuSeed, parentId: string, idOf: IdOf = fixedId): Promise<void> {
  const id = idOf(m.row);
  await w.insert('blade_menu', { id, parentId, code: m.code, name: m.name, nameEn: m.nameEn, alias: 'menu', path: m.path, source: menuIconSource(m.source), sort: m.sort, category: 1, action: 0, isOpen: 1 });
  let i = 0;
  for (const b of m.buttons ?? []) {
    i += 1;
    await w.insert('blade_menu', { id: idOf(m.row + i), parentId: id, code: b.code, name: b.name, nameEn: b.nameEn, alias: b.code.slice(b.code.lastIndexOf('_') + 1), path: `${m.path}/${b.code.slice(m.code.length + 1)}`, sort: i, category: 2, action: b.action, isOpen: 1 });
  }
  for (const child of m.children ?? []) await writeMenu(w, child, id, idOf);
}

/**
 * Adds a menu (with its buttons) that a migration brings to a database already set up, under the menu
 * `parentCode` (at the top without one or when it is missing), with the ids its row gives in the menu
 * tree unless they are taken. A new database is left alone: the seed writes the menu tree, which holds
 * the menu too. A menu whose code is there already is kept. The super administrator holds every menu;
 * other roles are granted it as usual. Answers whether it wrote the menu.
 */
export async function addMenu(db: Db, parentCode: string | null, menu: MenuSeed): Promise<boolean> {
  if (!(await db.selectFrom('blade_tenant').select('id').limit(1).executeTakeFirst())) return false;
  if (await db.selectFrom('blade_menu').select('id').where('code', '=', menu.code).where('is_deleted', '=', 0).executeTakeFirst()) return false;
  const parent = parentCode
    ? await db.selectFrom('blade_menu').select('id').where('code', '=', parentCode).where('category', '=', 1).where('is_deleted', '=', 0).executeTakeFirst()
    : undefined;
  const wanted = [menu.row, ...(menu.buttons ?? []).map((_, i) => menu.row + i + 1)].map(fixedId);
  const taken = await db.selectFrom('blade_menu').select('id').where('id', 'in', wanted).executeTakeFirst();
  await writeMenu(new SeedWriter(db, ADMIN_USER_ID), menu, parent ? String(parent.id) : '0', taken ? () => ids.next() : fixedId);
  return true;
}

/**
 * Gives a menu a migration added (`addMenu`), with its buttons, to every role holding the menu
 * `holdersOf`, and adds it to every tenant package holding the menu `packagesWith`, as the seed gives
 * it on a new database. Nothing is granted when the package menu is missing.
 */
export async function grantAddedMenu(db: Db, menu: MenuSeed, holdersOf: string, packagesWith: string): Promise<void> {
  const menuCodes = [menu.code, ...(menu.buttons ?? []).map((b) => b.code)];
  const rows = await db.selectFrom('blade_menu').select(['id', 'code']).where('code', 'in', [...menuCodes, holdersOf, packagesWith])
    .where('is_deleted', '=', 0).execute();
  const holderMenuId = rows.find((r) => r.code === holdersOf)?.id;
  const packageMenuId = rows.find((r) => r.code === packagesWith)?.id;
  const added = rows.filter((r) => menuCodes.includes(String(r.code))).map((r) => String(r.id));
  if (packageMenuId === undefined) return;
  const holders = holderMenuId === undefined ? []
    : await db.selectFrom('blade_role_menu').select('role_id').distinct().where('menu_id', '=', holderMenuId).execute();
  for (const { role_id: roleId } of holders) {
    for (const menuId of added) await db.insertInto('blade_role_menu').values({ id: ids.next(), role_id: roleId, menu_id: menuId }).execute();
  }
  const packages = await db.selectFrom('blade_tenant_package').select(['id', 'menu_id']).where('is_deleted', '=', 0).execute();
  for (const row of packages) {
    const menus = String(row.menu_id ?? '').split(',').filter(Boolean);
    if (!menus.includes(String(packageMenuId))) continue;
    await db.updateTable('blade_tenant_package').set({ menu_id: [...menus, ...added].join(',') }).where('id', '=', row.id).execute();
  }
}
