import { sql, type DatabaseIntrospector, type DatabaseMetadata, type DatabaseMetadataOptions, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

interface ColumnRow {
  schema: string;
  table: string;
  kind: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto: boolean;
  comment: string | null;
}

/** Kysely's own migration tables, left out unless asked for. */
const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * PostgreSQL's catalog read for the current schema only. Kysely's introspection reads every schema
 * of the database, and the migrator asks it at every start whether its table exists: when another
 * installation (or test) in the same database drops its schema meanwhile, that read fails with
 * "schema … does not exist" and the start with it. This one never looks past the installation's own
 * schema; the answers have Kysely's shape.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    return (await sql<{ name: string }>`select current_schema() as name`.execute(this.db)).rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const rows = (await sql<ColumnRow>`
      select ns.nspname as schema, c.relname as table, c.relkind as kind, a.attname as column,
        t.typname as type, tns.nspname as type_schema, a.attnotnull as not_null, a.atthasdef as has_default,
        (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%') as auto,
        col_description(a.attrelid, a.attnum) as comment
      from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = c.oid
        join pg_catalog.pg_type t on t.oid = a.atttypid
        join pg_catalog.pg_namespace tns on tns.oid = t.typnamespace
        left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db)).rows;
    const tables = new Map<string, { name: string; isView: boolean; schema: string; columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, isView: row.kind === 'v', schema: row.schema, columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column, dataType: row.type, dataTypeSchema: row.type_schema, isNullable: !row.not_null,
        isAutoIncrementing: row.auto, hasDefaultValue: row.has_default, ...(row.comment ? { comment: row.comment } : {}),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}
