import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import { formatDateTime } from '../core/time.js';
import type { Db } from '../db/database.js';
import {
  storedJobData, type JobHandler, type JobListQuery, type JobQueue, type JobRequest, type JobState, type JobView, type SendOptions, type WorkOptions,
} from './job-queue.js';
import type { JobProgress } from './job-progress.js';
import { runClaimedJob } from './job-runner.js';
import type { QueueSettings } from './queue-settings.js';


/** PostgreSQL's errors of a creation another process made at the same moment: deadlock, unique key, table exists. */
const CONCURRENT_CREATE_CODES = new Set(['40P01', '23505', '42P07']);
/** A PostgreSQL interval as node-postgres reads it (`{ minutes: 5 }`), in seconds; null when absent. */
function intervalSeconds(interval: unknown): number | null {
  if (!interval || typeof interval !== 'object') return null;
  const part = (key: string) => Number((interval as Record<string, unknown>)[key] ?? 0) || 0;
  const seconds = part('days') * 86_400 + part('hours') * 3_600 + part('minutes') * 60 + part('seconds') + part('milliseconds') / 1_000;
  return seconds > 0 ? seconds : null;
}

/** What pg-boss stores as a job's data: the caller's data with who asked and for which tenant. */
interface Envelope {
  tenantId: string | null;
  createdBy: string | null;
  data: unknown;
}

/**
 * pg-boss's writes through the caller's open transaction (its `db` option): the job is stored
 * exactly when the caller's work commits, and a rolled-back write leaves no job behind.
 */
function inTransaction(tx: Db): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return {
    async executeSql(text, values = []) {
      const result = await tx.executeQuery(CompiledQuery.raw(text, values));
      return { rows: [...result.rows] };
    },
  };
}

interface BossRow {
  id: string;
  name: string;
  state: JobState;
  data: Envelope | null;
  output: unknown;
  retry_count: number;
  retry_limit: number;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
}

const time = (d: Date | string | null): string | null => (d === null ? null : formatDateTime(new Date(d)));

/** pg-boss keeps a thrown error as the job's output; the jobs page shows its message. */
function outputOf(row: BossRow): unknown {
  const output = row.output as { message?: unknown; error?: unknown } | null;
  if ((row.state === 'failed' || row.state === 'retry') && output && typeof output === 'object' && 'message' in output) {
    return { error: String(output.message) };
  }
  return output ?? null;
}

/**
 * The job queue on PostgreSQL: pg-boss (10.x, the last major for Node 20) in its own schema, so
 * any number of API and worker processes share the jobs — pg-boss hands each job to one of them
 * (`SKIP LOCKED`), retries failed runs with backoff, and its maintenance turns a run that outlives
 * its `expireInSeconds` (its process died) into a retry. Progress lives in `app_job_progress`.
 */
export class PgBossJobQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly queues = new Set<string>();
  private readonly handlers: { name: string; handler: JobHandler<unknown>; concurrency: number }[] = [];
  private stopping = new AbortController();
  private started = false;
  private starting: Promise<void> | null = null;
  private tablesExist = false;

  constructor(
    connectionString: string,
    private readonly db: Db,
    private readonly progress: JobProgress,
    private readonly settings: QueueSettings,
    onError: (message: string, error: unknown) => void = () => undefined,
  ) {
    this.boss = new PgBoss({
      connectionString,
      schema: settings.schema,
      max: 4,
      application_name: 'alumni-jobs',
      // Lost leases are noticed within a few seconds, not pg-boss's default two minutes.
      maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.round(settings.leaseSeconds / 4))),
      monitorStateIntervalSeconds: 60,
      expireInSeconds: settings.leaseSeconds,
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      // Finished jobs stay in the job table for the jobs page a week, then in the archive another week.
      archiveCompletedAfterSeconds: 7 * 24 * 3600,
      archiveFailedAfterSeconds: 7 * 24 * 3600,
      deleteAfterDays: 7,
    });
    this.boss.on('error', (error) => onError('the job queue reported an error', error));
  }

  /** Starts pg-boss (creating or migrating its schema) and the workers registered so far. */
  async start(): Promise<void> {
    this.starting ??= (async () => {
      this.stopping = new AbortController();
      await this.boss.start();
      this.started = true;
      if (this.settings.runJobs) for (const h of this.handlers) await this.subscribe(h.name, h.handler, h.concurrency);
    })();
    await this.starting;
  }

  async stop(): Promise<void> {
    if (!this.starting) return;
    await this.starting.catch(() => undefined);
    this.stopping.abort();
    this.started = false;
    this.starting = null;
    this.queues.clear();
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  async send<T>(name: string, request: JobRequest<T>, options: SendOptions = {}): Promise<string> {
    await this.start();
    await this.ensureQueue(name);
    const envelope: Envelope = { tenantId: request.tenantId ?? null, createdBy: request.createdBy ?? null, data: storedJobData(request.data) };
    const id = await this.boss.send(name, envelope as object, {
      retryLimit: options.retryLimit ?? this.settings.retryLimit,
      retryDelay: options.retryDelay ?? this.settings.retryDelaySeconds,
      retryBackoff: options.retryBackoff ?? true,
      expireInSeconds: options.expireInSeconds ?? this.settings.leaseSeconds,
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.transaction ? { db: inTransaction(options.transaction) } : {}),
    });
    if (!id) throw new Error(`the queue refused a ${name} job`);
    return id;
  }

  async sendMany<T>(name: string, requests: JobRequest<T>[], options: SendOptions = {}): Promise<string[]> {
    if (requests.length === 0) return [];
    await this.start();
    await this.ensureQueue(name);
    const jobs = requests.map((request) => ({
      id: randomUUID(), name,
      data: { tenantId: request.tenantId ?? null, createdBy: request.createdBy ?? null, data: storedJobData(request.data) } satisfies Envelope,
      retryLimit: options.retryLimit ?? this.settings.retryLimit,
      retryDelay: options.retryDelay ?? this.settings.retryDelaySeconds,
      retryBackoff: options.retryBackoff ?? true,
      expireInSeconds: options.expireInSeconds ?? this.settings.leaseSeconds,
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    }));
    const db = options.transaction ? { db: inTransaction(options.transaction) } : {};
    for (let i = 0; i < jobs.length; i += 1000) await this.boss.insert(jobs.slice(i, i + 1000), db);
    return jobs.map((j) => j.id);
  }

  async work<T>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): Promise<void> {
    if (this.handlers.some((h) => h.name === name)) throw new Error(`jobs named ${name} already have a handler`);
    const entry = { name, handler: handler as JobHandler<unknown>, concurrency: Math.max(1, options.concurrency ?? 1) };
    this.handlers.push(entry);
    if (this.started && this.settings.runJobs) await this.subscribe(entry.name, entry.handler, entry.concurrency);
  }

  async cancel(id: string): Promise<boolean> {
    const row = await this.row(id);
    if (!row || !['created', 'retry', 'active'].includes(row.state)) return false;
    await this.boss.cancel(row.name, id);
    return (await this.row(id))?.state === 'cancelled';
  }

  async retry(id: string): Promise<boolean> {
    const row = await this.row(id);
    if (!row) return false;
    if (row.state === 'failed') await this.boss.retry(row.name, id);
    else if (row.state === 'cancelled') await this.boss.resume(row.name, id);
    else return false;
    return true;
  }

  async get(id: string): Promise<JobView | null> {
    const row = await this.row(id);
    return row ? this.views([row]).then((v) => v[0] ?? null) : null;
  }

  async list(query: JobListQuery): Promise<{ records: JobView[]; total: number }> {
    if (!(await this.installed())) return { records: [], total: 0 };
    const where = sql.join([
      sql`true`,
      ...(query.tenantId !== null ? [sql`data->>'tenantId' = ${query.tenantId}`] : []),
      ...(query.name ? [sql`name = ${query.name}`] : []),
      ...(query.state ? [sql`state = ${query.state}`] : []),
    ], sql` and `);
    const jobs = sql`(select id, name, state, data, output, retry_count, retry_limit, created_on, started_on, completed_on from ${sql.id(this.settings.schema, 'job')}
      union all select id, name, state, data, output, retry_count, retry_limit, created_on, started_on, completed_on from ${sql.id(this.settings.schema, 'archive')}) j`;
    const total = Number((await sql<{ n: string }>`select count(*) as n from ${jobs} where ${where}`.execute(this.db)).rows[0]?.n ?? 0);
    const rows = (await sql<BossRow>`select * from ${jobs} where ${where} order by created_on desc, id desc
      limit ${query.size} offset ${(query.current - 1) * query.size}`.execute(this.db)).rows;
    return { records: await this.views(rows), total };
  }

  /** Whether pg-boss's tables exist yet (they appear on the first start and never go): asked until they do. */
  private async installed(): Promise<boolean> {
    if (this.tablesExist) return true;
    const found = await sql<{ n: string }>`select count(*) as n from information_schema.tables
      where table_schema = ${this.settings.schema} and table_name = 'job'`.execute(this.db);
    this.tablesExist = Number(found.rows[0]?.n ?? 0) > 0;
    return this.tablesExist;
  }

  private async row(id: string): Promise<BossRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id) || !(await this.installed())) return null;
    const found = await sql<BossRow>`select id, name, state, data, output, retry_count, retry_limit, created_on, started_on, completed_on
      from ${sql.id(this.settings.schema, 'job')} where id = ${id}::uuid
      union all select id, name, state, data, output, retry_count, retry_limit, created_on, started_on, completed_on
      from ${sql.id(this.settings.schema, 'archive')} where id = ${id}::uuid`.execute(this.db);
    return found.rows[0] ?? null;
  }

  private async views(rows: BossRow[]): Promise<JobView[]> {
    const progress = await this.progress.of(rows.map((r) => String(r.id)));
    return rows.map((r) => {
      const p = progress.get(String(r.id));
      return {
        id: String(r.id), name: r.name, state: r.state,
        tenantId: r.data?.tenantId ?? null, createdBy: r.data?.createdBy ?? null, data: r.data?.data ?? null,
        output: outputOf(r),
        retryCount: Number(r.retry_count), retryLimit: Number(r.retry_limit),
        progressDone: p?.done ?? null, progressTotal: p?.total ?? null, progressMessage: p?.message ?? null,
        createdOn: time(r.created_on) as string, startedOn: time(r.started_on), completedOn: time(r.completed_on),
      };
    });
  }

  /**
   * Creates a queue once. Two processes starting together on a database may both create a queue this
   * release adds; PostgreSQL then ends one of them as a deadlock or a duplicate (pg-boss adds the
   * queue's row and its partition). The queue exists once the other has made it, so the one refused
   * asks again, and pg-boss finds it there.
   */
  private async ensureQueue(name: string): Promise<void> {
    if (this.queues.has(name)) return;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.boss.createQueue(name, { name, policy: 'standard' });
        break;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= 5 || !CONCURRENT_CREATE_CODES.has(String(code))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
    this.queues.add(name);
  }

  private async subscribe(name: string, handler: JobHandler<unknown>, concurrency: number): Promise<void> {
    await this.ensureQueue(name);
    const pollingIntervalSeconds = Math.max(0.5, this.settings.pollMs / 1000);
    for (let i = 0; i < concurrency; i += 1) {
      // After a job the worker asks for the next at once instead of waiting out its polling
      // interval (pg-boss waits it after every fetch), so short jobs do not run two a second.
      let workerId = '';
      workerId = await this.boss.work<Envelope>(name, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, async ([job]) => {
        if (!job) return null;
        if (workerId) this.boss.notifyWorker(workerId);
        const result = await runClaimedJob(
          { id: job.id, name: job.name, data: job.data?.data ?? null, tenantId: job.data?.tenantId ?? null, retryCount: job.retryCount,
            leaseSeconds: intervalSeconds(job.expireIn) ?? this.settings.leaseSeconds },
          handler, this.progress,
          { stillOurs: async () => (await this.row(job.id))?.state === 'active' },
          this.stopping.signal, this.settings.checkMs,
        );
        if (result.ok) return result.output;
        throw new Error(result.error);
      });
    }
  }
}
