import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchApp } from './bench-app.js';
import { basicInfoSql, donationsSql, statusesSql } from './bulk-rows.js';
import { fmt } from './table.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const api = (file: string) => path.resolve(here, '../..', 'apps/api/dist', file);
const { refreshPlannerStatistics } = await import(api('db/planner-statistics.js')) as typeof import('../../apps/api/src/db/planner-statistics.js');
const { sql } = await import('kysely');

/**
 * Fills the demo school (tenant 000000) to `rows` alumni, as many study records and as many
 * donations, spread over its approved colleges and their specialities, then refreshes the
 * planner's statistics: the data of the dashboard and report benchmarks.
 */
export async function loadSchoolAtScale(app: BenchApp, dialect: 'sqlite' | 'postgres', rows: number, log: (line: string) => void): Promise<void> {
  const db = app.services.database.db;
  const departments = (await db.selectFrom('alumni_department').select('id').where('tenant_id', '=', '000000').where('examine_status', '=', 1).orderBy('id').execute()).map((r) => String(r.id));
  const specialities = (await db.selectFrom('alumni_speciality').select('id').where('tenant_id', '=', '000000').orderBy('id').execute()).map((r) => String(r.id));
  const units = departments.map((_, k) => String(1900000000000920004n + BigInt(k)));
  log(`${dialect}: loading ${fmt(rows)} alumni, study records and donations ...`);
  const t0 = performance.now();
  await sql.raw(basicInfoSql(dialect, rows, departments.map((id, k) => ({ id, unit: units[k] as string })))).execute(db);
  await sql.raw(statusesSql(dialect, rows, departments, specialities, units)).execute(db);
  await sql.raw(donationsSql(dialect, rows, departments)).execute(db);
  await refreshPlannerStatistics(app.services.database);
  log(`${dialect}: loaded in ${fmt((performance.now() - t0) / 1000, 1)} s`);
}

/**
 * Fills the demo school with `rows` alumni records alone (no study records or gifts), spread over its
 * approved colleges and their units, then refreshes the planner's statistics: for the figures that
 * read the library only (a segment's count, a push's recipients, a recomputation over the demo's facts).
 */
export async function loadAlumniAtScale(app: BenchApp, dialect: 'sqlite' | 'postgres', rows: number, log: (line: string) => void): Promise<void> {
  const db = app.services.database.db;
  const departments = (await db.selectFrom('alumni_department').select('id').where('tenant_id', '=', '000000').where('examine_status', '=', 1).orderBy('id').execute())
    .map((r, k) => ({ id: String(r.id), unit: String(1900000000000920004n + BigInt(k)) }));
  log(`${dialect}: loading ${fmt(rows)} alumni records alone ...`);
  const t0 = performance.now();
  await sql.raw(basicInfoSql(dialect, rows, departments)).execute(db);
  await refreshPlannerStatistics(app.services.database);
  log(`${dialect}: loaded in ${fmt((performance.now() - t0) / 1000, 1)} s`);
}
