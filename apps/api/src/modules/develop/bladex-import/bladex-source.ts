import { formatDateTime } from '../../../core/time.js';
import type { SourceConnection } from '../source-connection.js';

/** A BladeX row with its columns as text (ids, codes and numbers alike), null where empty. */
export type SourceRow = Record<string, string | null>;

/** The tables an installation must have to be read as BladeX at all. */
export const REQUIRED_TABLES = ['blade_tenant', 'blade_dept', 'blade_role', 'blade_menu', 'blade_role_menu', 'blade_user'] as const;

/** Tables read when present (older installations lack some). */
export const OPTIONAL_TABLES = ['blade_post', 'blade_role_scope', 'blade_scope_data', 'blade_scope_api', 'blade_dict', 'blade_dict_biz', 'blade_param'] as const;

type SourceTable = (typeof REQUIRED_TABLES)[number] | (typeof OPTIONAL_TABLES)[number];

/** The rows of one table: those not deleted, and how many are (`is_deleted = 1`, BLADEX-SCHEMA 2.1). */
export interface SourceTableRows {
  rows: SourceRow[];
  deleted: number;
  /** The ids of the deleted rows (an earlier run may have imported them). */
  deletedIds: string[];
}

/** What the import reads from a BladeX 3.x database. */
export interface BladexSnapshot {
  /** Where the tenant table keeps a tenant's domain: `domain_url` in 3.0.1, `domain` before it. */
  domainColumn: 'domain' | 'domain_url';
  /** Optional tables the source does not have (read as empty). */
  missingTables: string[];
  tables: Record<SourceTable, SourceTableRows>;
}

export class NotBladexError extends Error {
  constructor(readonly table: string) {
    super(`not a BladeX database: table ${table} is missing`);
  }
}

/** A column value as text: ids stay exact, times are `yyyy-MM-dd HH:mm:ss`, empty is null. */
export function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : formatDateTime(value);
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return String(value);
}

function lowerKeys(row: Record<string, unknown>): SourceRow {
  const out: SourceRow = {};
  for (const [key, value] of Object.entries(row)) out[key.toLowerCase()] = text(value);
  return out;
}

const isDeleted = (row: SourceRow): boolean => row.is_deleted !== null && row.is_deleted !== undefined && Number(row.is_deleted) === 1;

/**
 * Reads the tables the import needs. Every column is read (`select *`), so a column one version has
 * and another lacks (`domain` / `domain_url`) is simply there or not; logically deleted rows are
 * counted (with their ids), not returned. Table names are fixed strings, never input.
 */
export async function readBladex(source: SourceConnection): Promise<BladexSnapshot> {
  const present = new Set((await source.tables()).map((t) => t.name.toLowerCase()));
  for (const table of REQUIRED_TABLES) if (!present.has(table)) throw new NotBladexError(table);
  const missingTables = OPTIONAL_TABLES.filter((table) => !present.has(table));
  const tables = {} as Record<SourceTable, SourceTableRows>;
  for (const table of [...REQUIRED_TABLES, ...OPTIONAL_TABLES]) {
    if (!present.has(table)) {
      tables[table] = { rows: [], deleted: 0, deletedIds: [] };
      continue;
    }
    const all = (await source.query<Record<string, unknown>>(`select * from ${table}`)).map(lowerKeys);
    const rows = all.filter((row) => !isDeleted(row));
    rows.sort((a, b) => compareIds(a.id ?? null, b.id ?? null));
    const deletedIds = all.filter(isDeleted).map((row) => row.id ?? '').filter(Boolean).sort(compareIds);
    tables[table] = { rows, deleted: all.length - rows.length, deletedIds };
  }
  const tenantColumns = new Set((await source.table('blade_tenant'))?.columns.map((c) => c.name.toLowerCase()) ?? []);
  const domainColumn = tenantColumns.has('domain_url') && !tenantColumns.has('domain') ? 'domain_url' : 'domain';
  return { domainColumn, missingTables, tables };
}

/** Only the tables' presence and the tenants: enough to check a run's options before it is queued. */
export async function readBladexTenants(source: SourceConnection): Promise<BladexSnapshot> {
  const present = new Set((await source.tables()).map((t) => t.name.toLowerCase()));
  for (const table of REQUIRED_TABLES) if (!present.has(table)) throw new NotBladexError(table);
  const empty = { rows: [], deleted: 0, deletedIds: [] };
  const tables = Object.fromEntries([...REQUIRED_TABLES, ...OPTIONAL_TABLES].map((t) => [t, empty])) as unknown as Record<SourceTable, SourceTableRows>;
  const all = (await source.query<Record<string, unknown>>('select * from blade_tenant')).map(lowerKeys);
  tables.blade_tenant = { rows: all.filter((row) => !isDeleted(row)), deleted: all.filter(isDeleted).length, deletedIds: [] };
  return { domainColumn: 'domain', missingTables: [], tables };
}

/** Orders ids as numbers when both are (snowflakes exceed doubles: compared as digit strings). */
export function compareIds(a: string | null, b: string | null): number {
  const x = a ?? '';
  const y = b ?? '';
  if (/^\d+$/.test(x) && /^\d+$/.test(y)) return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
  return x < y ? -1 : x > y ? 1 : 0;
}
