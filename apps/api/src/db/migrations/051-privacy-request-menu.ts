import { addMenu } from '../../seed/menu-rows.js';
import { MENU_TREE, type MenuSeed } from '../../seed/menu-tree.js';
import type { Db, Dialect } from '../database.js';

/**
 * The staff queue of privacy requests, 隐私权请求 under 校友管理 (decision 258), added to a database
 * seeded before it (a new database has it from the seed; see `addMenu`).
 */
export async function up(db: Db, _dialect: Dialect): Promise<void> {
  const alumni = MENU_TREE.find((m) => m.code === 'alumni');
  const menu = alumni?.children?.find((m: MenuSeed) => m.code === 'privacyrequest');
  if (!menu) throw new Error('menu privacyrequest is not in the menu tree');
  await addMenu(db, 'alumni', menu);
}
