import { sql } from 'kysely';
import type { Database } from './database.js';

/**
 * SQLite's ANALYZE reads every row of each index (`analysis_limit` 0). A sampled pass (it was 1,000
 * rows) saw a single tenant and put every tenant, and even a unique key, at about a thousand rows, so
 * at a million rows a filter on a field without an index of its own walked the whole tenant row by
 * row through its index (decision 330).
 */
const SQLITE_ANALYSIS_LIMIT = 0;

/**
 * `PRAGMA optimize` with 0x10000 (every table, not only those this connection used) and 0x02 (analyse):
 * SQLite analyses the tables that never were and those whose row count moved tenfold or more since.
 */
const SQLITE_OPTIMIZE_EVERY_TABLE = 0x10002;

/**
 * Gives the query planner fresh statistics. Without them SQLite takes the tenant-wide
 * `(tenant_id, is_deleted, create_time)` index for filtered lists and looks the whole tenant up row
 * by row. Run at start-up after the migrations and the seed, and after bulk writes (imports, loads).
 *
 * - SQLite: a full `ANALYZE` of every table (every row of each index: about 3 s at a million rows);
 *   SQLite keeps using the statistics it stores.
 * - PostgreSQL: `VACUUM (ANALYZE)` of the current schema's tables: statistics, plus the visibility map
 *   that index-only counts need and the GIN pending lists merged into the trigram indexes (a bulk load
 *   leaves them there, where every search would read them and the planner prices them high).
 *   Autovacuum keeps them fresh after that, so start-up runs it only after a bulk write.
 */
export async function refreshPlannerStatistics({ db, dialect }: Database): Promise<void> {
  if (dialect === 'sqlite') {
    await sql.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(db);
    await sql`analyze`.execute(db);
    return;
  }
  const tables = (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)).rows;
  if (tables.length === 0) return;
  await sql.raw(`vacuum (analyze) ${tables.map((t) => `"${t.name.replaceAll('"', '""')}"`).join(', ')}`).execute(db);
}

/**
 * Start-up: SQLite analyses, in full, the tables that have no statistics or whose size moved tenfold
 * since (rows loaded behind the server's back, an upgrade that dropped sampled ones); an unchanged
 * database costs a look at each table's size. PostgreSQL after migrations or a seed wrote rows,
 * since autovacuum's own analysis comes later.
 */
export async function refreshStatisticsAtStart(database: Database, wroteRows: boolean): Promise<void> {
  if (database.dialect === 'sqlite') {
    // The statistics as the file now holds them (a migration may have dropped some): `optimize`
    // judges by those this connection loaded when it first read the schema.
    await sql`analyze sqlite_schema`.execute(database.db);
    await sql.raw(`pragma analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(database.db);
    await sql.raw(`pragma optimize = ${SQLITE_OPTIMIZE_EVERY_TABLE}`).execute(database.db);
  } else if (wroteRows) {
    await refreshPlannerStatistics(database);
  }
}
