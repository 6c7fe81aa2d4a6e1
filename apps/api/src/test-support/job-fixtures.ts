import { sql } from 'kysely';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { EmbeddedJobQueue } from '../jobs/embedded-job-queue.js';
import type { JobHandler, JobQueue } from '../jobs/job-queue.js';
import { JobProgress } from '../jobs/job-progress.js';
import { PgBossJobQueue } from '../jobs/pg-boss-job-queue.js';
import type { QueueSettings } from '../jobs/queue-settings.js';

/** Where a test's queue keeps its jobs: a SQLite file, or a PostgreSQL URL whose search path is the test's schema. */
export type QueuePlace = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema: string };

export const testQueueSettings = (overrides: Partial<QueueSettings> = {}): QueueSettings => ({
  runJobs: true, leaseSeconds: 30, pollMs: 100, checkMs: 100, retryLimit: 2, retryDelaySeconds: 0, schema: 'pgboss', ...overrides,
});

export function openPlace(place: QueuePlace): Database {
  return place.kind === 'sqlite'
    ? openDatabase({ kind: 'sqlite', file: place.file, readWorkers: 0 })
    : openDatabase({ kind: 'postgres', url: place.url, poolSize: 4 });
}

export async function openTestQueue(place: QueuePlace, database: Database, settings: QueueSettings): Promise<JobQueue> {
  await migrate(database);
  const progress = new JobProgress(database.db);
  const fail = (message: string, error: unknown): void => { if (process.env.JOB_TEST_DEBUG) console.error(message, error); };
  return place.kind === 'sqlite'
    ? new EmbeddedJobQueue(database.db, progress, settings, fail)
    : new PgBossJobQueue(place.url, database.db, progress, { ...settings, schema: place.schema }, fail);
}

/** The items a delivery job has handed over, and each handing-over (a second one would be a duplicate). */
export async function createDeliveryTables(database: Database): Promise<void> {
  await database.db.schema.createTable('test_delivered').ifNotExists()
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('test_delivered_pk', ['job_id', 'item'])
    .execute();
  await database.db.schema.createTable('test_handover').ifNotExists()
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('item', 'integer', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .execute();
}

/**
 * A job that hands over `items` items one at a time, as a push sends to its recipients: each item is
 * checked and recorded in one transaction with its handing-over, so a run that dies between two
 * items leaves no half-done item, and a later run skips what an earlier run did.
 */
export function deliveryHandler(database: Database, pauseMs: number): JobHandler<{ items: number }> {
  return async (job) => {
    let done = 0;
    for (let item = 0; item < job.data.items; item += 1) {
      if (job.signal.aborted) throw new Error('aborted');
      await database.db.transaction().execute(async (tx) => {
        const seen = await tx.selectFrom('test_delivered').select('item').where('job_id', '=', job.id).where('item', '=', item).executeTakeFirst();
        if (seen) return;
        await tx.insertInto('test_handover').values({ job_id: job.id, item, pid: process.pid }).execute();
        await tx.insertInto('test_delivered').values({ job_id: job.id, item }).execute();
      });
      done += 1;
      await job.progress(done, job.data.items);
      if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
    }
    return { items: job.data.items };
  };
}

export async function handoverCounts(database: Database, jobId: string): Promise<{ handovers: number; distinct: number }> {
  const row = (await sql<{ handovers: string | number | bigint; distinct_items: string | number | bigint }>`
    select count(*) as handovers, count(distinct item) as distinct_items from test_handover where job_id = ${jobId}`.execute(database.db)).rows[0];
  return { handovers: Number(row?.handovers ?? 0), distinct: Number(row?.distinct_items ?? 0) };
}
