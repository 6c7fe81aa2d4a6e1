import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Db } from './database.js';

const ROWS = 5000;
/** Two starts on a new SQLite file, migrations and seed included, on a loaded machine. */
const START_TWICE_MS = 180_000;

/** Loads `ROWS` parameters of tenant 000000 in one statement, behind the server's back. */
async function loadParameters(db: Db): Promise<void> {
  await sql.raw(`insert into blade_param (id, tenant_id, create_time, update_time, status, is_deleted, param_name, param_key, param_value)
    select 1000000000000 + i, '000000', '2024-01-01 00:00:00', '2024-01-01 00:00:00', 1, 0, 'loaded', 'loaded-' || i, 'value-' || (i % 7)
    from (with recursive s(i) as (select 1 union all select i + 1 from s where i < ${ROWS}) select i from s)`).execute(db);
}

/** The numbers of `sqlite_stat1` for the parameters' tenant index: [rows, rows per tenant, ...]. */
async function tenantIndexStatistics(db: Db): Promise<number[]> {
  const { rows } = await sql<{ stat: string }>`select stat from sqlite_stat1 where idx = 'blade_param_tenant_time'`.execute(db);
  return (rows[0]?.stat ?? '').split(' ').filter((n) => /^\d+$/.test(n)).map(Number);
}

/**
 * SQLite's planner statistics after a start count every row: a tenant that holds thousands of rows
 * is not taken for one of a thousand (what a sampled ANALYZE said, so that a filter on a field
 * without an index of its own walked the tenant's whole index row by row).
 */
describe('SQLite planner statistics at start-up', () => {
  const folders: string[] = [];
  const freshConfig = () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'alumni-statistics-'));
    folders.push(dataDir);
    return loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', SEED_DEMO: 'true' });
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('counts every row of a table that grew since the last start', async () => {
    const config = freshConfig();
    const first = await buildApp(config);
    await loadParameters(first.app.services.database.db);
    await first.app.close();

    const second = await buildApp(config);
    try {
      const [rows, perTenant] = await tenantIndexStatistics(second.app.services.database.db);
      expect(rows).toBeGreaterThan(ROWS);
      expect(perTenant).toBeGreaterThan(ROWS);
    } finally {
      await second.app.close();
    }
  }, START_TWICE_MS);

  it('takes again, in full, the sampled statistics of a database from before migration 075', async () => {
    const config = freshConfig();
    const first = await buildApp(config);
    const { db } = first.app.services.database;
    await loadParameters(db);
    // What every start did before: a sampled pass, then the database as an upgrade finds it.
    await sql`pragma analysis_limit = 1000`.execute(db);
    await sql`analyze`.execute(db);
    expect((await tenantIndexStatistics(db))[1]).toBeLessThan(ROWS);
    await db.deleteFrom('app_migration').where('name', '=', '075-full-planner-statistics').execute();
    await first.app.close();

    const second = await buildApp(config);
    try {
      expect((await tenantIndexStatistics(second.app.services.database.db))[1]).toBeGreaterThan(ROWS);
    } finally {
      await second.app.close();
    }
  }, START_TWICE_MS);
});
