/**
 * Durable background work behind one interface (docs/job-queue.md). On the embedded default the
 * jobs live in the SQLite database and run in the API process; on PostgreSQL they live in
 * pg-boss's tables, so any number of API and worker processes share them.
 *
 * A job is run at least once: a process that dies holding one loses its lease and another runs it
 * again. Handlers therefore make their effects idempotent (a push records each recipient it has
 * sent to in the same transaction as the send's record) and keep each job short; long work is split
 * into jobs of a few hundred items.
 */
import { maskPersonalData, type JobState, type JobView } from '@alumni/domain';
import type { Db } from '../db/database.js';

export type { JobState, JobView };

/** Whether a job in this state may still run. */
export const isOpenState = (state: JobState): boolean => state === 'created' || state === 'retry' || state === 'active';

export interface SendOptions {
  /** Runs left after the first failure (default 2). */
  retryLimit?: number;
  /** Seconds before a retry (default 5); doubled on each retry when `retryBackoff`. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** How long a run may hold the job before another process may take it again (default: the queue's lease). */
  expireInSeconds?: number;
  /** Not before this time. */
  startAfter?: Date;
  /**
   * The caller's open transaction: the queue writes the job in it (pg-boss through its `db`
   * option), so the job exists exactly when the caller's work commits and not at all when it rolls back.
   */
  transaction?: Db;
}

export interface JobRequest<T> {
  data: T;
  /** The tenant whose work it is: its administrators see the job on the jobs page. */
  tenantId?: string | null;
  /** The user who started it. */
  createdBy?: string | null;
}

export interface RunningJob<T> {
  id: string;
  name: string;
  data: T;
  tenantId: string | null;
  /** Runs before this one (0 on the first). */
  retryCount: number;
  /** Aborted when someone cancels the job or the queue stops: stop at the next safe point. */
  signal: AbortSignal;
  /**
   * When (epoch ms) a job that works in rounds stops taking more and queues a job for the rest:
   * half its lease after the run began. On PostgreSQL pg-boss ends a run at its lease however busy it
   * is, so a run that hands over by then is never taken from a living process, whatever an SMTP
   * server or the machine's load makes a round cost.
   */
  handOverAt: number;
  /** Records how far the job has come, shown on the jobs page. */
  progress(done: number, total: number, message?: string): Promise<void>;
}

/** Answers what the job produced (kept with it, e.g. counts); a throw fails this run. */
export type JobHandler<T> = (job: RunningJob<T>) => Promise<unknown>;

export interface WorkOptions {
  /** Jobs of this name run at once in this process (default 1). */
  concurrency?: number;
}

export interface JobListQuery {
  current: number;
  size: number;
  name?: string;
  state?: JobState;
  /** Only this tenant's jobs (null: every tenant's). */
  tenantId: string | null;
}

export interface JobQueue {
  readonly kind: 'embedded' | 'pg-boss';
  start(): Promise<void>;
  /** Stops taking jobs, aborts the running ones' signals and waits for them to settle. */
  stop(): Promise<void>;
  send<T>(name: string, request: JobRequest<T>, options?: SendOptions): Promise<string>;
  /** Queues many jobs of one name with the same options in one write; answers their ids in order. */
  sendMany<T>(name: string, requests: JobRequest<T>[], options?: SendOptions): Promise<string[]>;
  /** Runs jobs of this name in this process (when the process runs jobs at all). */
  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Cancels an open job; a running one sees its signal aborted. Answers whether it was open. */
  cancel(id: string): Promise<boolean>;
  /** Runs a failed or cancelled job again from the start. Answers whether it was one. */
  retry(id: string): Promise<boolean>;
  get(id: string): Promise<JobView | null>;
  list(query: JobListQuery): Promise<{ records: JobView[]; total: number }>;
}

/**
 * A job's data as every queue stores it: personal data masked (`maskPersonalData`). A job that needs
 * a person's ID number, phone or e-mail is given the row's id and reads the sealed column itself.
 */
export const storedJobData = <T>(data: T): T => maskPersonalData(data ?? null) as T;

/** The delay before the next run of a job that failed its run number `retryCount` (0-based). */
export function retryDelaySeconds(options: { retryDelay: number; retryBackoff: boolean }, retryCount: number): number {
  return options.retryBackoff ? options.retryDelay * 2 ** retryCount : options.retryDelay;
}
