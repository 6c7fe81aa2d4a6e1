import { basicInfoEntity, encryptedFields, ENTITIES, hashColumnOf, registInfoEntity, snake, type EntityDef } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { exactFilterIndexes, HASH_COLUMN_TYPE } from '../entity-table.js';

/** Where an alumni record or a registration is found by its ID number (the add form's check, pending twins). */
export const ID_CARD_INDEXES = [
  { name: 'alumni_basic_info_id_card', table: basicInfoEntity.table },
  { name: 'alumni_regist_info_id_card', table: registInfoEntity.table },
] as const;

/** The columns of one of this installation's tables (on PostgreSQL, in the current schema only). */
async function columnsOf(db: Db, dialect: Dialect, table: string): Promise<Set<string>> {
  const rows = dialect === 'postgres'
    ? (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db)).rows
    : (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows;
  return new Set(rows.map((r) => r.name));
}

/**
 * Encryption at rest of ID numbers, phones and e-mails (DOMAIN 1.8, decision 122). Tables made
 * before it get the keyed-hash column beside each encrypted one (tables made from the current
 * definitions already have it), PostgreSQL's length limits go (the sealed text is longer than the
 * value), and the exact-filter and ID-number indexes read the hash. The values themselves are
 * sealed at start-up by `sealStoredFields`, which needs the key the migration does not have.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const entities = ENTITIES.filter((e: EntityDef) => encryptedFields(e).length > 0);
  for (const entity of entities) {
    const columns = await columnsOf(db, dialect, entity.table);
    // A table a later migration creates (donations) is made from the current definition, hash columns included.
    if (columns.size === 0) continue;
    for (const [name] of encryptedFields(entity)) {
      const column = snake(name);
      if (!columns.has(hashColumnOf(column))) await db.schema.alterTable(entity.table).addColumn(hashColumnOf(column), HASH_COLUMN_TYPE).execute();
      if (dialect === 'postgres') await sql`alter table ${sql.table(entity.table)} alter column ${sql.ref(column)} type text`.execute(db);
    }
    const encrypted = new Set(encryptedFields(entity).map(([name]) => `${entity.table}_by_${snake(name)}`));
    for (const index of exactFilterIndexes(entity).filter((i) => encrypted.has(i.name))) {
      await db.schema.dropIndex(index.name).ifExists().execute();
      await db.schema.createIndex(index.name).on(entity.table).columns(index.columns).execute();
    }
  }
  for (const index of ID_CARD_INDEXES) {
    await db.schema.dropIndex(index.name).ifExists().execute();
    await db.schema.createIndex(index.name).on(index.table).columns(['tenant_id', 'id_type', hashColumnOf('id_card_no')]).execute();
  }
}
