import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { IdentityKeys } from '../modules/identity/identity-keys.js';
import type { Database } from '../db/database.js';
import { FieldSealing } from '../db/field-sealing.js';
import { seedDemo } from './demo-seed.js';
import { DEMO_PASSWORD, seedPlatform } from './platform-seed.js';

export interface SeedResult {
  seeded: boolean;
  demo: boolean;
  /** The administrator password, when this start generated it (printed once). */
  generatedPassword: string | null;
}

/**
 * Seeds an empty database in one transaction. The demo school (with its known password) only on
 * request; otherwise the administrator gets the configured password or a generated one.
 */
export async function seedIfEmpty(database: Database, config: Config): Promise<SeedResult> {
  const existing = await database.db.selectFrom('blade_tenant').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false, demo: false, generatedPassword: null };
  const generated = config.seedDemo || config.adminPassword ? null : randomBytes(12).toString('base64url');
  const password = config.seedDemo ? (config.adminPassword ?? DEMO_PASSWORD) : (config.adminPassword ?? (generated as string));
  await database.db.transaction().execute(async (tx) => {
    await seedPlatform(tx, password);
    if (config.seedDemo) {
      const sealing = new FieldSealing(config.fieldKeys, config.dataKey);
      await seedDemo(tx, new IdentityKeys(config.dataKey, sealing), sealing, config.dataDir);
    }
  });
  return { seeded: true, demo: config.seedDemo, generatedPassword: generated };
}
