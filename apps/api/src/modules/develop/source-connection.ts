import type { SourceIndex, SourceTable, SourceTableInfo } from '@alumni/domain';
import type { Pool as PgPool } from 'pg';
import type { OutboundGuard } from '../../security/outbound-address.js';

/**
 * A connection to a data source the developer tools read (tables, columns, keys and indexes) and the
 * BladeX import reads rows from: PostgreSQL, MySQL/MariaDB or a SQLite file. Read-only in use; SQL
 * is written with `?` placeholders on every driver.
 */
export type SourceDriver = 'postgresql' | 'mysql' | 'sqlite';

export interface SourceSettings {
  /** BladeX's `driver_class` (e.g. `com.mysql.cj.jdbc.Driver`) or a driver name; may be empty when the URL says it. */
  driverClass?: string | null;
  /** `jdbc:mysql://host:3306/db?…`, `mysql://…`, `jdbc:postgresql://host:5432/db?currentSchema=x`, `postgres://…`, or `sqlite:/path/file.db`. */
  url: string;
  username?: string | null;
  password?: string | null;
}

export type { SourceColumn, SourceIndex, SourceTable, SourceTableInfo } from '@alumni/domain';

export interface SourceConnection {
  readonly driver: SourceDriver;
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  tables(): Promise<SourceTable[]>;
  /** Null when the table does not exist. */
  table(name: string): Promise<SourceTableInfo | null>;
  close(): Promise<void>;
}

export class SourceSettingsError extends Error {}

const CONNECT_TIMEOUT_MS = 5000;

export function sourceDriver(settings: SourceSettings): SourceDriver {
  const hint = `${settings.driverClass ?? ''} ${settings.url}`.toLowerCase();
  if (/\bsqlite/.test(hint)) return 'sqlite';
  if (/mysql|mariadb/.test(hint)) return 'mysql';
  if (/postgres/.test(hint)) return 'postgresql';
  throw new SourceSettingsError(`unsupported data source: ${settings.url}`);
}

interface NetworkAddress {
  host: string;
  port: number | undefined;
  database: string;
  params: URLSearchParams;
}

/** Reads `jdbc:<driver>://host:port/database?params` or `<scheme>://user:pass@host:port/database?params`. */
export function parseNetworkUrl(url: string): NetworkAddress & { user?: string; password?: string } {
  const plain = url.replace(/^jdbc:/i, '');
  let parsed: URL;
  try {
    parsed = new URL(plain);
  } catch {
    throw new SourceSettingsError(`malformed data source URL: ${url}`);
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!parsed.hostname || !database) throw new SourceSettingsError(`the URL names no host or database: ${url}`);
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : undefined,
    database,
    params: parsed.searchParams,
    user: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
  };
}

export function sqliteFile(url: string): string {
  const file = url.replace(/^jdbc:/i, '').replace(/^sqlite:(\/\/)?/i, '');
  if (!file) throw new SourceSettingsError(`the URL names no file: ${url}`);
  return file;
}

/** `?` placeholders to PostgreSQL's `$n`, outside quoted strings and identifiers. */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  let quote: string | null = null;
  let out = '';
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === '?') {
      out += `$${++n}`;
      continue;
    }
    out += ch;
  }
  return out;
}

/**
 * Opens a data source. A network database's host is checked by `guard` (loopback, private… addresses
 * are refused unless allowed) and the driver connects to the checked address, not to the name.
 */
export async function openSourceConnection(settings: SourceSettings, guard: OutboundGuard): Promise<SourceConnection> {
  const driver = sourceDriver(settings);
  if (driver === 'sqlite') return openSqlite(settings);
  if (driver === 'mysql') return openMysql(settings, guard);
  return openPostgres(settings, guard);
}

/** The checked address to connect to for a network data source's host and port. */
async function checkedHost(guard: OutboundGuard, host: string, port: number): Promise<string> {
  const [target] = await guard.resolve(host, port);
  return target?.address ?? host;
}

async function openPostgres(settings: SourceSettings, guard: OutboundGuard): Promise<SourceConnection> {
  const address = parseNetworkUrl(settings.url);
  const { default: pg } = await import('pg');
  const schema = address.params.get('currentSchema') ?? address.params.get('schema') ?? undefined;
  const port = address.port ?? 5432;
  const pool: PgPool = new pg.Pool({
    host: await checkedHost(guard, address.host, port),
    port,
    database: address.database,
    user: settings.username || address.user || undefined,
    password: settings.password || address.password || undefined,
    max: 2,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    options: schema ? `-c search_path=${schema.replace(/[^\w,]/g, '')}` : undefined,
  });
  // A source's server ending an idle connection must not end this process (see IdleConnectionLost).
  pool.on('error', () => undefined);
  const query = async <T>(sql: string, params: readonly unknown[] = []): Promise<T[]> =>
    (await pool.query(numberedPlaceholders(sql), [...params])).rows as T[];
  try {
    await query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return {
    driver: 'postgresql',
    query,
    async tables() {
      const rows = await query<{ name: string; comment: string | null }>(
        `select c.relname as name, obj_description(c.oid, 'pg_class') as comment
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v')
          order by c.relname`,
      );
      return rows.map((row) => ({ name: row.name, comment: row.comment ?? '' }));
    },
    async table(name) {
      const [table] = await query<{ oid: number; comment: string | null }>(
        `select c.oid, obj_description(c.oid, 'pg_class') as comment
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relname = ? and c.relkind in ('r', 'p', 'v')`,
        [name],
      );
      if (!table) return null;
      const columns = await query<{
        name: string; type: string; notnull: boolean; def: string | null; comment: string | null; length: number | null; pk: boolean;
      }>(
        `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull,
                pg_get_expr(d.adbin, d.adrelid) as def, col_description(a.attrelid, a.attnum) as comment,
                information_schema._pg_char_max_length(a.atttypid, a.atttypmod) as length,
                exists (select 1 from pg_index i where i.indrelid = a.attrelid and i.indisprimary and a.attnum = any(i.indkey)) as pk
           from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
          where a.attrelid = ? and a.attnum > 0 and not a.attisdropped
          order by a.attnum`,
        [table.oid],
      );
      const indexes = await query<{ name: string; unique: boolean; columns: string[] }>(
        `select ic.relname as name, i.indisunique as unique,
                array(select a.attname::text from unnest(i.indkey) with ordinality k(attnum, pos)
                        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.pos)::text[] as columns
           from pg_index i join pg_class ic on ic.oid = i.indexrelid
          where i.indrelid = ? order by ic.relname`,
        [table.oid],
      );
      return {
        name,
        comment: table.comment ?? '',
        columns: columns.map((c) => ({
          name: c.name,
          type: c.type.toLowerCase(),
          nullable: !c.notnull,
          primaryKey: c.pk,
          defaultValue: c.def,
          comment: c.comment ?? '',
          length: c.length === null ? null : Number(c.length),
        })),
        indexes: indexes.map((i) => ({ name: i.name, unique: i.unique, columns: i.columns })),
      };
    },
    close: () => pool.end(),
  };
}

async function openMysql(settings: SourceSettings, guard: OutboundGuard): Promise<SourceConnection> {
  const address = parseNetworkUrl(settings.url);
  const mysql = await import('mysql2/promise');
  const port = address.port ?? 3306;
  const connection = await mysql.createConnection({
    host: await checkedHost(guard, address.host, port),
    port,
    database: address.database,
    user: settings.username || address.user || undefined,
    password: settings.password || address.password || undefined,
    connectTimeout: CONNECT_TIMEOUT_MS,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    charset: 'utf8mb4',
  });
  const query = async <T>(sql: string, params: readonly unknown[] = []): Promise<T[]> => {
    const [rows] = await connection.query(sql, [...params]);
    return rows as T[];
  };
  return {
    driver: 'mysql',
    query,
    async tables() {
      const rows = await query<{ name: string; comment: string | null }>(
        `select table_name as name, table_comment as comment from information_schema.tables
          where table_schema = database() order by table_name`,
      );
      return rows.map((row) => ({ name: row.name, comment: row.comment ?? '' }));
    },
    async table(name) {
      const [table] = await query<{ comment: string | null }>(
        `select table_comment as comment from information_schema.tables where table_schema = database() and table_name = ?`,
        [name],
      );
      if (!table) return null;
      const columns = await query<{
        name: string; type: string; nullable: string; def: string | null; comment: string | null; length: number | string | null; keyKind: string;
      }>(
        `select column_name as name, column_type as type, is_nullable as nullable, column_default as def,
                column_comment as comment, character_maximum_length as length, column_key as keyKind
           from information_schema.columns where table_schema = database() and table_name = ? order by ordinal_position`,
        [name],
      );
      const indexRows = await query<{ name: string; nonUnique: number | string; column: string }>(
        `select index_name as name, non_unique as nonUnique, column_name as \`column\`
           from information_schema.statistics where table_schema = database() and table_name = ?
          order by index_name, seq_in_index`,
        [name],
      );
      const indexes = new Map<string, SourceIndex>();
      for (const row of indexRows) {
        const index = indexes.get(row.name) ?? { name: row.name, unique: Number(row.nonUnique) === 0, columns: [] };
        index.columns.push(row.column);
        indexes.set(row.name, index);
      }
      return {
        name,
        comment: table.comment ?? '',
        columns: columns.map((c) => ({
          name: c.name,
          type: c.type.toLowerCase(),
          nullable: c.nullable === 'YES',
          primaryKey: c.keyKind === 'PRI',
          defaultValue: c.def,
          comment: c.comment ?? '',
          length: c.length === null ? null : Number(c.length),
        })),
        indexes: [...indexes.values()],
      };
    },
    close: () => connection.end(),
  };
}

async function openSqlite(settings: SourceSettings): Promise<SourceConnection> {
  const file = sqliteFile(settings.url);
  const { default: Sqlite } = await import('better-sqlite3');
  const db = new Sqlite(file, { readonly: true, fileMustExist: true });
  db.defaultSafeIntegers(false);
  const query = async <T>(sql: string, params: readonly unknown[] = []): Promise<T[]> => {
    const statement = db.prepare(sql);
    return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
  };
  return {
    driver: 'sqlite',
    query,
    async tables() {
      const rows = await query<{ name: string }>(
        `select name from sqlite_master where type in ('table', 'view') and name not like 'sqlite_%' order by name`,
      );
      return rows.map((row) => ({ name: row.name, comment: '' }));
    },
    async table(name) {
      const [exists] = await query<{ name: string }>(
        `select name from sqlite_master where type in ('table', 'view') and name = ?`,
        [name],
      );
      if (!exists) return null;
      const columns = await query<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
        'select name, type, "notnull", dflt_value, pk from pragma_table_info(?) order by cid',
        [name],
      );
      const indexList = await query<{ name: string; unique: number }>('select name, "unique" from pragma_index_list(?) order by name', [name]);
      const indexes: SourceIndex[] = [];
      for (const index of indexList) {
        const parts = await query<{ name: string }>('select name from pragma_index_info(?) order by seqno', [index.name]);
        indexes.push({ name: index.name, unique: index.unique === 1, columns: parts.map((p) => p.name) });
      }
      return {
        name,
        comment: '',
        columns: columns.map((c) => ({
          name: c.name,
          type: (c.type || 'blob').toLowerCase(),
          nullable: c.notnull === 0 && c.pk === 0,
          primaryKey: c.pk > 0,
          defaultValue: c.dflt_value,
          comment: '',
          length: Number(/\((\d+)\)/.exec(c.type)?.[1] ?? NaN) || null,
        })),
        indexes,
      };
    },
    close: async () => {
      db.close();
    },
  };
}
