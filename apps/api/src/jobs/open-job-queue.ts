import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { EmbeddedJobQueue } from './embedded-job-queue.js';
import type { JobQueue } from './job-queue.js';
import { JobProgress } from './job-progress.js';
import { PgBossJobQueue } from './pg-boss-job-queue.js';

/** The job queue of the configured database: embedded on SQLite, pg-boss on PostgreSQL. Not started. */
export function openJobQueue(config: Config, database: Database, onError: (message: string, error: unknown) => void): JobQueue {
  const progress = new JobProgress(database.db);
  return config.database.kind === 'postgres'
    ? new PgBossJobQueue(config.database.url, database.db, progress, config.jobs, onError)
    : new EmbeddedJobQueue(database.db, progress, config.jobs, onError);
}
