import { ids } from '../../core/ids.js';
import { addMenu } from '../../seed/menu-rows.js';
import { MENU_TREE, TOP_MENUS, type MenuSeed } from '../../seed/menu-tree.js';
import type { Db, Dialect } from '../database.js';

/**
 * The menus of the modules that came after the first installations (notices and pushes, surveys,
 * reports, the developer tools, the process modeller), added to a database seeded before them, each
 * under its parent and, for a menu of the top level, linked to its top menu. A new database has them
 * from the seed and is left alone; a menu whose code is there already is kept (see `addMenu`).
 */
export const LATER_MENUS = ['alumninotice', 'noticepush', 'smspush', 'survey', 'report', 'tool', 'flow_model'] as const;

/** A menu of the tree with the code of its parent (null at the top level). */
function findMenu(code: string, nodes: readonly MenuSeed[] = MENU_TREE, parent: string | null = null): { menu: MenuSeed; parent: string | null } | undefined {
  for (const node of nodes) {
    if (node.code === code) return { menu: node, parent };
    const found = findMenu(code, node.children ?? [], node.code);
    if (found) return found;
  }
  return undefined;
}

export async function up(db: Db, _dialect: Dialect): Promise<void> {
  for (const code of LATER_MENUS) {
    const found = findMenu(code);
    if (!found) throw new Error(`menu ${code} is not in the menu tree`);
    if (!(await addMenu(db, found.parent, found.menu)) || found.parent) continue;
    await linkToTopMenu(db, code);
  }
}

/** Puts a top-level menu under the top menu the tree names for it, when that top menu exists. */
async function linkToTopMenu(db: Db, code: string): Promise<void> {
  const top = TOP_MENUS.find((t) => t.menus.includes(code));
  if (!top) return;
  const topRow = await db.selectFrom('blade_top_menu').select('id').where('code', '=', top.code).where('is_deleted', '=', 0).executeTakeFirst();
  const menuRow = await db.selectFrom('blade_menu').select('id').where('code', '=', code).where('is_deleted', '=', 0).executeTakeFirst();
  if (!topRow || !menuRow) return;
  await db.insertInto('blade_top_menu_setting').values({ id: ids.next(), top_menu_id: topRow.id, menu_id: menuRow.id }).execute();
}
