import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import { FairSqliteDialect } from './fair-sqlite-dialect.js';
import { KeptAnswers, keptKey } from './kept-answers.js';
import { NoticingPostgresDialect } from './noticing-postgres-dialect.js';
import pg from 'pg';
import type { Config } from '../config.js';
import { registerSearchFunctions } from './search-index.js';
import { SqliteReadPool } from './sqlite-read-pool.js';
import { cachingSqlite } from './sqlite-statement-cache.js';

export type Dialect = 'sqlite' | 'postgres';

/**
 * Tables are derived from entity definitions at run time, so queries are typed against rows of
 * unknown shape rather than a generated interface.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of runtime-defined tables
export type Db = Kysely<any>;

export interface ReadOptions {
  /**
   * The answer may be given again for the same query until anything is written to the database (a
   * list's total: every page of one search asks it again). SQLite's reader threads keep such answers
   * (see `SqliteReadPool.all`), PostgreSQL's `KeptAnswers`; SQLite without reader threads runs every read.
   */
  keep?: boolean;
}

export interface Database {
  db: Db;
  dialect: Dialect;
  /**
   * Runs a read-only query outside any transaction, in the lane of lists: on SQLite in a reader
   * thread when there are any (see `SqliteReadPool`), else like `db.executeQuery`; on PostgreSQL on
   * the lists' own connections (`LIST_LANE_RESERVE`). For lists, counts and reports, whose queries
   * may be slow: everything else (session checks, sign-in, reads by id, writes) goes through `db`
   * and never waits behind them.
   */
  read<R>(query: CompiledQuery, options?: ReadOptions): Promise<{ rows: R[] }>;
  close(): Promise<void>;
}

// PostgreSQL: keep dates and timestamps as the text the protocol speaks; bigint ids stay strings.
pg.types.setTypeParser(1082, (v) => v);
pg.types.setTypeParser(1114, (v) => v.slice(0, 19));
pg.types.setTypeParser(1184, (v) => v.slice(0, 19));

/**
 * On PostgreSQL lists run on a pool of their own, of `DATABASE_POOL_SIZE` less this many connections
 * (at least one), beside the pool of `DATABASE_POOL_SIZE` that serves everything else: however many
 * slow counts run, a session check, a sign-in or a read by id finds its own pool free of them, and
 * the lists of one busy user cannot take every connection the server may open.
 */
const LIST_LANE_RESERVE = 2;

/** The connections of PostgreSQL's list lane for a pool size (see `LIST_LANE_RESERVE`). */
export const listLaneSize = (poolSize: number): number => Math.max(1, poolSize - LIST_LANE_RESERVE);

/**
 * What to do when PostgreSQL ends a pooled connection that sits idle (a server restart, a fail-over,
 * `pg_terminate_backend`, a dropped database): the pool discards that connection and opens another
 * on the next query, so it is only told; without a listener, node-postgres rethrows it and the
 * process ends.
 */
export type IdleConnectionLost = (error: Error) => void;

export function openDatabase(config: Config['database'], onIdleConnectionLost: IdleConnectionLost = () => undefined): Database {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize });
    pool.on('error', onIdleConnectionLost);
    const listPool = new pg.Pool({ connectionString: config.url, max: listLaneSize(config.poolSize) });
    listPool.on('error', onIdleConnectionLost);
    const kept = new KeptAnswers(config.url);
    const db = new Kysely<unknown>({ dialect: new NoticingPostgresDialect({ pool }, () => kept.drop()) }) as Db;
    // Lists only read, so their lane needs no noticing of writes.
    const lists = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: listPool }) });
    const run = <R>(query: CompiledQuery) => lists.executeQuery<R>(query);
    return {
      db,
      dialect: 'postgres',
      read: <R>(query: CompiledQuery, options?: ReadOptions) => (options?.keep ? kept.read(keptKey(query), () => run<R>(query)) : run<R>(query)),
      close: async () => {
        await kept.close();
        await lists.destroy();
        await db.destroy();
      },
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
      ? async <R>(query: CompiledQuery, options?: ReadOptions) => ({ rows: await readers.all<R>(query.sql, query.parameters, options?.keep ? keptKey(query) : undefined) })
      : <R>(query: CompiledQuery) => db.executeQuery<R>(query),
    close: async () => {
      await readers?.close();
      await db.destroy();
    },
  };
}
