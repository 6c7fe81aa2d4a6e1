import { privacyRequestEntity } from '@alumni/domain';
import { seedMissingTenantDictionaries } from '../../seed/tenant-dictionaries.js';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/** The dictionaries the privacy requests bring. */
const DICTIONARIES = ['privacy_request_kind', 'privacy_request_state'];

/**
 * The privacy requests of alumni (PIPL art. 44–47, decision 258), found by their alumnus, and their
 * kind and state dictionaries for every tenant already holding business dictionaries (a new
 * database gets them from the seed).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, privacyRequestEntity);
  await db.schema.createIndex('alumni_privacy_request_alumnus').on(privacyRequestEntity.table)
    .columns(['tenant_id', 'alumni_id', 'is_deleted']).execute();
  await seedMissingTenantDictionaries(db, DICTIONARIES);
}
