import { BUSINESS_DICTIONARIES } from '@alumni/domain';
import type { Db } from '../db/database.js';
import { ADMIN_USER_ID, seedDictionaries } from './platform-seed.js';
import { SeedWriter } from './seed-writer.js';

/**
 * Gives every tenant that already holds business dictionaries the shipped ones of `codes` it lacks:
 * what a migration bringing new dictionaries does for a database seeded before them (a new database
 * gets them from the seed).
 */
export async function seedMissingTenantDictionaries(db: Db, codes: readonly string[]): Promise<void> {
  const seeds = BUSINESS_DICTIONARIES.filter((d) => codes.includes(d.code));
  const tenants = await db.selectFrom('blade_dict_biz').select('tenant_id').distinct().execute();
  for (const { tenant_id: tenantId } of tenants) {
    const have = await db.selectFrom('blade_dict_biz').select('code').where('tenant_id', '=', String(tenantId))
      .where('code', 'in', [...codes]).where('dict_key', '=', '-1').execute();
    const missing = seeds.filter((d) => !have.some((h) => h.code === d.code));
    if (missing.length > 0) await seedDictionaries(new SeedWriter(db, ADMIN_USER_ID), 'blade_dict_biz', missing, String(tenantId));
  }
}
