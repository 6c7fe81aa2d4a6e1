import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import { FairSqliteDialect } from './fair-sqlite-dialect.js';
import pg from 'pg';
import type { Config } from '../config.js';
import { registerSearchFunctions } from './search-index.js';
import { ReadGate } from './read-gate.js';
import { SqliteReadPool } from './sqlite-read-pool.js';
import { cachingSqlite } from './sqlite-statement-cache.js';

export type Dialect = 'sqlite' | 'postgres';

/**
 * Tables are derived from entity definitions at run time, so queries are typed against rows of
 * unknown shape rather than a generated interface.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of runtime-defined tables
export type Db = Kysely<any>;

export interface Database {
  db: Db;
  dialect: Dialect;
  /**
   * Runs a read-only query outside any transaction: on SQLite in a reader thread when there are any
   * (see `SqliteReadPool`), else like `db.executeQuery`. For lists, whose counts may be slow.
   */
  read<R>(query: CompiledQuery): Promise<{ rows: R[] }>;
  close(): Promise<void>;
}

// PostgreSQL: keep dates and timestamps as the text the protocol speaks; bigint ids stay strings.
pg.types.setTypeParser(1082, (v) => v);
pg.types.setTypeParser(1114, (v) => v.slice(0, 19));
pg.types.setTypeParser(1184, (v) => v.slice(0, 19));

/** PostgreSQL connections that lists never take, so sign-in and writes do not wait behind slow counts. */
const RESERVED_CONNECTIONS = 2;

export function openDatabase(config: Config['database']): Database {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize });
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }) as Db;
    // Lists leave connections for everything else (sign-in first): 2 of 10 by default.
    const lists = new ReadGate(Math.max(1, config.poolSize - RESERVED_CONNECTIONS));
    return {
      db,
      dialect: 'postgres',
      read: <R>(query: CompiledQuery) => lists.run(() => db.executeQuery<R>(query)),
      close: () => db.destroy(),
    };
  }
  const sqlite = new BetterSqlite3(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('cache_size = -65536');
  // 64-bit ids exceed JavaScript's safe integers: read every integer as BigInt, rows are mapped after.
  sqlite.defaultSafeIntegers(true);
  registerSearchFunctions(sqlite);
  const db = new Kysely<unknown>({ dialect: new FairSqliteDialect({ database: cachingSqlite(sqlite) }) }) as Db;
  const readers = config.readWorkers > 0 ? new SqliteReadPool(config.file, config.readWorkers) : null;
  return {
    db,
    dialect: 'sqlite',
    read: readers
      ? async <R>(query: CompiledQuery) => ({ rows: await readers.all<R>(query.sql, query.parameters) })
      : <R>(query: CompiledQuery) => db.executeQuery<R>(query),
    close: async () => {
      await readers?.close();
      await db.destroy();
    },
  };
}
