import { encryptedFields, ENTITIES, hashColumnOf, sealedSecretFields, snake, type EntityDef, type SensitiveKind } from '@alumni/domain';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from './database.js';
import { FieldSealing } from './field-sealing.js';

export interface SealProgress {
  entity: string;
  /** Rows rewritten so far in this entity's table. */
  sealed: number;
}

export interface SealOptions {
  /** Also rewrite values sealed with another key than the current one (key rotation). */
  rekey?: boolean;
  /** Rows read and rewritten per transaction. */
  batch?: number;
  /** `db` is already a transaction (the seed's): the batches are written in it. */
  within?: boolean;
  onProgress?: (progress: SealProgress) => void;
}

const PREFIX = 'gcm1:';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are defined at run time
type Eb = ExpressionBuilder<any, any>;

/**
 * The tables holding encrypted fields, with those fields: personal data with the kind its keyed hash
 * is taken by, sealed secrets (no hash) with null.
 */
export const sealedTables = (): { entity: EntityDef; fields: [string, SensitiveKind | null][] }[] =>
  ENTITIES.map((entity) => ({ entity, fields: [...encryptedFields(entity), ...sealedSecretFields(entity).map((name) => [name, null] as [string, null])] }))
    .filter(({ fields }) => fields.length > 0);

/**
 * Seals what is not sealed as it should be: plain values (written before encryption, or loaded in
 * bulk such as the demo school) and, with `rekey`, values sealed with an older key. Every row of the
 * table is considered, logically deleted ones too. A batch of rows is read by id and rewritten in one
 * transaction, each row only if its values are still those read, so the work may stop at any point
 * (every value is then readable under one key or the other) and starts again where it is needed.
 * Answers the rows rewritten per table.
 */
export async function sealStoredFields(db: Db, sealing: FieldSealing, options: SealOptions = {}): Promise<Record<string, number>> {
  const batch = options.batch ?? 500;
  const current = `${PREFIX}${sealing.current}:`;
  const counts: Record<string, number> = {};
  for (const { entity, fields } of sealedTables()) {
    const columns = fields.map(([name]) => snake(name));
    const wanted = options.rekey ? current : PREFIX;
    // A value (empty text is no value) not sealed as wanted, or personal data without its hash.
    const needsWork = (eb: Eb): Expression<SqlBool> => eb.or(fields.map(([name, kind]) => {
      const column = snake(name);
      const unsealed = sql<SqlBool>`substr(${sql.ref(column)}, 1, ${wanted.length}) <> ${wanted}`;
      return eb.and([eb(column, 'is not', null), eb(column, '<>', ''), kind ? eb.or([eb(hashColumnOf(column), 'is', null), unsealed]) : unsealed]);
    }));
    let sealed = 0;
    let after: string | null = null;
    for (;;) {
      let query = db.selectFrom(entity.table).select(['id', ...columns]).where(needsWork);
      if (after !== null) query = query.where('id', '>', after);
      const rows = await query.orderBy('id').limit(batch).execute();
      if (rows.length === 0) break;
      const write = (work: (tx: Db) => Promise<void>) => (options.within ? work(db) : db.transaction().execute(work));
      await write(async (tx) => {
        for (const row of rows as Record<string, unknown>[]) {
          const set: Record<string, unknown> = {};
          let unchanged = tx.updateTable(entity.table).where('id', '=', row.id as string);
          for (const [name, kind] of fields) {
            const column = snake(name);
            const stored = row[column];
            if (stored === null || stored === undefined || stored === '') {
              if (kind) set[hashColumnOf(column)] = null;
              unchanged = stored === '' ? unchanged.where(column, '=', '') : unchanged.where(column, 'is', null);
              continue;
            }
            const where = `${entity.table}.${column}`;
            const plain = sealing.open(String(stored), where);
            set[column] = String(stored).startsWith(current) ? stored : sealing.seal(plain, where);
            if (kind) set[hashColumnOf(column)] = sealing.hash(kind, plain);
            unchanged = unchanged.where(column, '=', stored as string);
          }
          await unchanged.set(set).execute();
        }
      });
      sealed += rows.length;
      after = String((rows[rows.length - 1] as Record<string, unknown>).id);
      options.onProgress?.({ entity: entity.name, sealed });
    }
    counts[entity.name] = sealed;
  }
  return counts;
}

/**
 * How many stored values each key sealed, and how many are plain, over every encrypted column:
 * what the rotation command reports, and how it knows a key may be retired.
 */
export async function valuesByKey(db: Db, keyIds: readonly string[]): Promise<{ byKey: Record<string, number>; plain: number }> {
  const byKey: Record<string, number> = Object.fromEntries(keyIds.map((id) => [id, 0]));
  let plain = 0;
  for (const { entity, fields } of sealedTables()) {
    for (const [name] of fields) {
      const column = sql.ref(snake(name));
      for (const id of keyIds) {
        const prefix = `${PREFIX}${id}:`;
        const row = await db.selectFrom(entity.table).select((eb) => eb.fn.countAll().as('n'))
          .where(sql<SqlBool>`substr(${column}, 1, ${prefix.length}) = ${prefix}`).executeTakeFirst();
        byKey[id] = (byKey[id] ?? 0) + Number(row?.n ?? 0);
      }
      const row = await db.selectFrom(entity.table).select((eb) => eb.fn.countAll().as('n'))
        .where(column, 'is not', null).where(sql<SqlBool>`substr(${column}, 1, ${PREFIX.length}) <> ${PREFIX}`).executeTakeFirst();
      plain += Number(row?.n ?? 0);
    }
  }
  return { byKey, plain };
}
