import { BASE_FIELDS, camel, snake, valueKind, type EntityDef, type FieldKind } from '@alumni/domain';

export type Row = Record<string, unknown>;
export type JsonRecord = Record<string, string | number | null>;

/** A database value as JSON carries it: ids as strings, integers as numbers. */
export function toJson(kind: FieldKind, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'integer':
    case 'flag':
      return Number(value);
    case 'money':
      // PostgreSQL answers numeric as text, SQLite as a number: both read as two decimals.
      return Number(value).toFixed(2);
    case 'fk':
      return String(value);
    case 'money':
      return Number(value).toFixed(2);
    case 'text':
    case 'textarea':
    case 'dict':
    case 'ids':
    case 'date':
    case 'datetime':
      return String(value);
  }
}

const cache = new WeakMap<EntityDef, { column: string; key: string; kind: FieldKind }[]>();

function columnsOf(entity: EntityDef) {
  let columns = cache.get(entity);
  if (!columns) {
    columns = [
      ...Object.entries(BASE_FIELDS).filter(([name]) => name !== 'isDeleted' && !(name in entity.fields)).map(([name, f]) => ({ column: snake(name), key: name, kind: f.kind as FieldKind })),
      ...Object.entries(entity.fields).map(([name, f]) => ({ column: snake(name), key: name, kind: valueKind(f) })),
    ];
    cache.set(entity, columns);
  }
  return columns;
}

/** The columns a list or detail reads (every column but the delete flag). */
export const selectColumns = (entity: EntityDef): string[] => columnsOf(entity).map((c) => c.column);

/** A row of an entity's table as the JSON record the protocol answers. */
export function rowToRecord(entity: EntityDef, row: Row): JsonRecord {
  const record: JsonRecord = {};
  for (const { column, key, kind } of columnsOf(entity)) record[key] = toJson(kind, row[column]);
  return record;
}

/** Field values (camelCase) as column values (snake_case). */
export function valuesToColumns(values: Record<string, unknown>): Row {
  const row: Row = {};
  for (const [key, value] of Object.entries(values)) row[snake(key)] = value;
  return row;
}

/** A plain row (any table) with camelCase keys and BigInts made JSON-safe. */
export function plain(row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[camel(key)] = typeof value === 'bigint' ? bigintToJson(key, value) : value;
  return out;
}

function bigintToJson(column: string, value: bigint): string | number {
  return column === 'id' || column.endsWith('_id') || column.endsWith('_user') || column.endsWith('_dept') ? value.toString() : Number(value);
}
