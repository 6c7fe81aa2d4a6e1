import { ENCRYPTED_KINDS, MULTIPLE_KEYS_MAX, encryptedFields, hashColumnOf, snake, type EntityDef, type Field } from '@alumni/domain';
import { sql, type ColumnDataType, type Expression } from 'kysely';
import type { Db, Dialect } from './database.js';
import { ensureSearchIndex } from './search-index.js';
import { ensureWriteNotice } from './write-notices.js';

type ColumnType = ColumnDataType | Expression<unknown>;

/** The SQL type of a field's column, per dialect. */
export function columnType(field: Field, dialect: Dialect): ColumnType {
  // Encrypted at rest: the sealed text is about three times as long as the value (`FieldSealing`).
  if ((field.sensitive && ENCRYPTED_KINDS.has(field.sensitive)) || (field.secret && field.sealed)) return 'text';
  switch (field.kind) {
    case 'text':
      return `varchar(${field.max})`;
    case 'textarea':
      return 'text';
    case 'integer':
    case 'flag':
      return 'integer';
    case 'money':
      return sql`numeric(14, 2)`;
    case 'dict':
      if (field.multiple) return `varchar(${MULTIPLE_KEYS_MAX})`;
      return field.numeric ? 'integer' : 'varchar(32)';
    case 'date':
      return dialect === 'postgres' ? 'date' : 'text';
    case 'datetime':
      return dialect === 'postgres' ? sql`timestamp(0)` : 'text';
    case 'fk':
      return 'bigint';
    case 'ids':
      // Up to 500 ids of 19 digits (a package's menus and buttons): no fixed length.
      return 'text';
  }
}

/** The keyed hash beside an encrypted column: 64 hexadecimal digits. */
export const HASH_COLUMN_TYPE = 'varchar(64)';

const DEFAULT_TENANT = '000000';

/** Creates an entity's table with the base columns and its fields, and indexes its searched fields. */
export async function createEntityTable(db: Db, dialect: Dialect, entity: EntityDef): Promise<void> {
  const datetime: ColumnType = dialect === 'postgres' ? sql`timestamp(0)` : 'text';
  let table = db.schema
    .createTable(entity.table)
    .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().defaultTo(DEFAULT_TENANT))
    .addColumn('create_user', 'bigint')
    .addColumn('create_dept', 'bigint')
    .addColumn('create_time', datetime, (c) => c.notNull())
    .addColumn('update_user', 'bigint')
    .addColumn('update_time', datetime, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0));
  for (const [name, field] of Object.entries(entity.fields)) {
    if (name === 'tenantId' || name === 'status') continue; // the base columns hold them
    table = table.addColumn(snake(name), columnType(field, dialect));
  }
  for (const [name] of encryptedFields(entity)) table = table.addColumn(hashColumnOf(snake(name)), HASH_COLUMN_TYPE);
  await table.execute();
  await createEntityIndexes(db, entity);
  await ensureSearchIndex(db, dialect, entity);
  await ensureWriteNotice(db, dialect, entity.table);
}

/**
 * The index of each searched field that matches exactly: the field, then the tenant and the delete
 * flag every list filters by, then create time. With all three equalities in it, SQLite (which has
 * no statistics unless ANALYZE runs) prefers it to `tenant_time` — with only two it ties and scans
 * the whole tenant — the count reads the index alone, and a page sorted by create time reads only its rows.
 */
export function exactFilterIndexes(entity: EntityDef): { name: string; columns: string[] }[] {
  // An encrypted field is found by its keyed hash.
  const encrypted = new Set(encryptedFields(entity).map(([name]) => name));
  return Object.entries(entity.fields)
    .filter(([, field]) => field.search === 'equal' || field.search === 'in' || field.search === 'range' || field.kind === 'fk')
    .map(([name, field]) => ({ name, field, column: encrypted.has(name) ? hashColumnOf(snake(name)) : snake(name) }))
    .map(({ name, field, column }) => ({
      name: `${entity.table}_by_${snake(name)}`,
      // A range (years, amounts, times) is sought after the tenant's equalities, so the planner reads
      // the matching rows rather than walking the tenant's rows in time order.
      columns: field.search === 'range' && ['integer', 'money', 'date', 'datetime'].includes(field.kind) && entity.scope === 'tenant'
        ? ['tenant_id', 'is_deleted', column, 'create_time']
        : [column, 'tenant_id', 'is_deleted', 'create_time'],
    }));
}

/**
 * The index a list's default order reads, when the tenant-wide `(tenant_id, is_deleted, create_time)`
 * does not serve it: platform tables (no tenant condition) and entities sorted by other fields
 * (menus by `sort`, notices by release time). An unfiltered page then reads only its rows, in order,
 * instead of sorting the whole table; a range filter on the first sort field reads the same index.
 */
export function listOrderIndex(entity: EntityDef): { name: string; columns: string[] } | null {
  const order = (entity.defaultSort ?? [{ field: 'createTime' }]).map((s) => snake(s.field));
  if (entity.scope === 'tenant' && order.length === 1 && order[0] === 'create_time') return null;
  const scope = entity.scope === 'tenant' ? ['tenant_id'] : [];
  return { name: `${entity.table}_list_order`, columns: [...scope, 'is_deleted', ...order, 'id'] };
}

/** The indexes that count filters asked together (`EntityDef.countIndexes`, decision 339). */
export function countIndexes(entity: EntityDef): { name: string; columns: string[] }[] {
  const encrypted = new Set(encryptedFields(entity).map(([name]) => name));
  return (entity.countIndexes ?? []).map((index) => ({
    name: `${entity.table}_count_${snake(index.name)}`,
    columns: [...(entity.scope === 'tenant' ? ['tenant_id'] : []), 'is_deleted',
      ...index.fields.map((field) => {
        if (!entity.fields[field]) throw new Error(`${entity.name}: the count index ${index.name} names an unknown field ${field}`);
        return encrypted.has(field) ? hashColumnOf(snake(field)) : snake(field);
      })],
  }));
}

/** Lists filter by tenant and logical delete and sort by create time; see also `exactFilterIndexes` and `listOrderIndex`. */
export async function createEntityIndexes(db: Db, entity: EntityDef): Promise<void> {
  await db.schema.createIndex(`${entity.table}_tenant_time`).on(entity.table)
    .columns(['tenant_id', 'is_deleted', 'create_time']).execute();
  const order = listOrderIndex(entity);
  if (order) await db.schema.createIndex(order.name).ifNotExists().on(entity.table).columns(order.columns).execute();
  for (const index of exactFilterIndexes(entity)) {
    await db.schema.createIndex(index.name).on(entity.table).columns(index.columns).execute();
  }
  for (const index of countIndexes(entity)) {
    await db.schema.createIndex(index.name).ifNotExists().on(entity.table).columns(index.columns).execute();
  }
  for (const rule of entity.unique ?? []) {
    // Not a unique index: logically deleted rows keep their values. The operation checks uniqueness.
    await db.schema.createIndex(`${entity.table}_uq_${rule.fields.map(snake).join('_')}`).on(entity.table)
      .columns(['tenant_id', ...rule.fields.map(snake)]).execute();
  }
}

/**
 * Whether a table has a column: a migration adding a field to an entity skips the column when the
 * table was made after the field joined the definition (a new database has it from the start).
 */
export async function hasColumn(db: Db, dialect: Dialect, table: string, column: string): Promise<boolean> {
  const { rows } = dialect === 'postgres'
    ? await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`.execute(db)
    : await sql<{ n: number }>`select count(*) as n from pragma_table_info(${table}) where name = ${column}`.execute(db);
  return Number(rows[0]?.n) > 0;
}
