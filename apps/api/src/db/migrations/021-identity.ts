import { registInfoEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/** The table of identity keys (DOMAIN 1.6): one row per alumnus and rule. */
export const IDENTITY_KEY_TABLE = 'alumni_identity_key';

/**
 * Registrations (DOMAIN 4.2) from their definition, looked up by ID number (pending twins, the
 * add form's check); and `alumni_identity_key`, the keyed hashes of an alumnus's normalised
 * identity (ID number; name with phone; name with e-mail; name with birthday) that duplicate
 * detection finds candidates by, one indexed lookup whatever the number of alumni.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, registInfoEntity);
  await db.schema.createIndex('alumni_regist_info_id_card').on(registInfoEntity.table)
    .columns(['tenant_id', 'id_type', 'id_card_no']).execute();
  await db.schema.createIndex('alumni_regist_info_alumnus').on(registInfoEntity.table)
    .columns(['tenant_id', 'alumni_id']).execute();
  await db.schema.createTable(IDENTITY_KEY_TABLE)
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('alumni_id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.notNull())
    .addColumn('rule', 'varchar(24)', (c) => c.notNull())
    .addPrimaryKeyConstraint('alumni_identity_key_pk', ['tenant_id', 'key_hash', 'alumni_id'])
    .execute();
  await db.schema.createIndex('alumni_identity_key_alumnus').on(IDENTITY_KEY_TABLE).columns(['alumni_id']).execute();
}
