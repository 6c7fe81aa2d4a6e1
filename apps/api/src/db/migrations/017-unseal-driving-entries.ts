import { BUSINESS_DICTIONARIES } from '@alumni/domain';
import type { Db } from '../database.js';

/**
 * Business entries that drive behaviour (DOMAIN 14.1 †) were stored sealed, which leaves them out
 * of the dictionary call and so out of every picker; they are protected by the server instead.
 */
export async function up(db: Db): Promise<void> {
  for (const dict of BUSINESS_DICTIONARIES) {
    const keys = dict.entries.filter((e) => e.sealed).map((e) => e.key);
    if (keys.length === 0) continue;
    await db.updateTable('blade_dict_biz').set({ is_sealed: 0 })
      .where('code', '=', dict.code).where('dict_key', 'in', keys).where('parent_id', '!=', '0').execute();
  }
}
