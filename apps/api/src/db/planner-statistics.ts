import { sql } from 'kysely';
import type { Database } from './database.js';

/**
 * Rows SQLite's ANALYZE reads per index: enough for the planner to tell a selective index from the
 * tenant-wide one, while ANALYZE stays in the milliseconds at a million rows.
 */
const SQLITE_ANALYSIS_LIMIT = 1000;

/**
 * Gives the query planner fresh statistics. Without them SQLite takes the tenant-wide
 * `(tenant_id, is_deleted, create_time)` index for filtered lists and looks the whole tenant up row
 * by row. Run at start-up after the migrations and the seed, and after bulk writes (imports, loads).
 *
 * - SQLite: `ANALYZE` (sampled) of every table; cheap, and SQLite keeps using the statistics it stores.
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
 * Start-up: SQLite analyses always (the file may have grown since it last ran); PostgreSQL after
 * migrations or a seed wrote rows, since autovacuum's own analysis comes later.
 */
export async function refreshStatisticsAtStart(database: Database, wroteRows: boolean): Promise<void> {
  if (database.dialect === 'sqlite' || wroteRows) await refreshPlannerStatistics(database);
}
