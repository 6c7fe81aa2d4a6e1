import { alumniCardEntity } from '@alumni/domain';
import { addMenu } from '../../seed/menu-rows.js';
import { MENU_TREE, type MenuSeed } from '../../seed/menu-tree.js';
import { ADMIN_USER_ID, PARAMS } from '../../seed/platform-seed.js';
import { SeedWriter } from '../../seed/seed-writer.js';
import { seedMissingTenantDictionaries } from '../../seed/tenant-dictionaries.js';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/** The dictionary the cards bring. */
const DICTIONARIES = ['alumni_card_state'];

/**
 * The electronic alumni card (decision 271): applications and cards, found by their alumnus and by
 * their number; the card state dictionary for every tenant already holding business dictionaries;
 * the benefits parameter `portal.cardBenefits`; the menus 电子校友卡 and 校友卡核验 under 校友管理 for a database seeded before them (a new database
 * has all three from the seed).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, alumniCardEntity);
  await db.schema.createIndex('alumni_card_alumnus').on(alumniCardEntity.table).columns(['tenant_id', 'alumni_id', 'is_deleted']).execute();
  await db.schema.createIndex('alumni_card_number').on(alumniCardEntity.table).columns(['tenant_id', 'card_no']).execute();
  await seedMissingTenantDictionaries(db, DICTIONARIES);
  const benefits = PARAMS.find(([key]) => key === 'portal.cardBenefits');
  const seeded = await db.selectFrom('blade_tenant').select('id').limit(1).executeTakeFirst();
  const held = await db.selectFrom('blade_param').select('id').where('param_key', '=', 'portal.cardBenefits').where('is_deleted', '=', 0).executeTakeFirst();
  if (benefits && seeded && !held) {
    await new SeedWriter(db, ADMIN_USER_ID).insert('blade_param', { paramName: benefits[2], paramKey: benefits[0], paramValue: benefits[1] });
  }
  const alumni = MENU_TREE.find((m) => m.code === 'alumni');
  for (const code of ['alumnicard', 'alumnicardverify']) {
    const menu = alumni?.children?.find((m: MenuSeed) => m.code === code);
    if (!menu) throw new Error(`menu ${code} is not in the menu tree`);
    await addMenu(db, 'alumni', menu);
  }
}
