import type { Db, Dialect } from '../database.js';

/**
 * The job queue's tables (docs/job-queue.md):
 * - `app_job`: the jobs of the embedded queue (SQLite). On PostgreSQL pg-boss keeps its own tables
 *   in its own schema, so the table is not made there.
 * - `app_job_progress`: how far each running job has come, on either database.
 * Times are milliseconds since the epoch: leases compare them on every claim.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await db.schema.createTable('app_job')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('tenant_id', 'varchar(12)')
      .addColumn('created_by', 'varchar(32)')
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('output', 'text')
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('retry_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('retry_limit', 'integer', (c) => c.notNull())
      .addColumn('retry_delay', 'integer', (c) => c.notNull())
      .addColumn('retry_backoff', 'integer', (c) => c.notNull())
      .addColumn('expire_in_seconds', 'integer', (c) => c.notNull())
      .addColumn('start_after', 'bigint', (c) => c.notNull())
      .addColumn('lease_token', 'varchar(36)')
      .addColumn('lease_until', 'bigint')
      .addColumn('created_on', 'bigint', (c) => c.notNull())
      .addColumn('started_on', 'bigint')
      .addColumn('completed_on', 'bigint')
      .execute();
    await db.schema.createIndex('app_job_waiting').on('app_job').columns(['state', 'name', 'start_after']).execute();
    await db.schema.createIndex('app_job_by_tenant').on('app_job').columns(['tenant_id', 'created_on']).execute();
    await db.schema.createIndex('app_job_by_time').on('app_job').columns(['created_on']).execute();
  }
  await db.schema.createTable('app_job_progress')
    .addColumn('job_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('message', 'varchar(500)')
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
}
