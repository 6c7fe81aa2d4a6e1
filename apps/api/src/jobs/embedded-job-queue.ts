import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { formatDateTime } from '../core/time.js';
import type { Db } from '../db/database.js';
import {
  retryDelaySeconds, storedJobData, type JobHandler, type JobListQuery, type JobQueue, type JobRequest, type JobState, type JobView,
  type SendOptions, type WorkOptions,
} from './job-queue.js';
import type { JobProgress } from './job-progress.js';
import { runClaimedJob } from './job-runner.js';
import type { QueueSettings } from './queue-settings.js';

interface JobRow {
  id: string;
  name: string;
  tenant_id: string | null;
  created_by: string | null;
  data: string;
  output: string | null;
  state: JobState;
  retry_count: number | bigint;
  retry_limit: number | bigint;
  retry_delay: number | bigint;
  retry_backoff: number | bigint;
  expire_in_seconds: number | bigint;
  created_on: number | bigint;
  started_on: number | bigint | null;
  completed_on: number | bigint | null;
}

const time = (ms: number | bigint | null): string | null => (ms === null ? null : formatDateTime(new Date(Number(ms))));

/**
 * The job queue of the embedded installation: jobs are rows of `app_job` in the SQLite database and
 * run in the processes that open it (the API, and `npm run worker` if one is started). A claim is
 * one UPDATE, atomic under SQLite's single writer, that makes the job `active` under a new lease
 * token until `lease_until`, which the run pushes on at each of its checks; a run records its end
 * only while it still holds that token, so a job whose lease ran out (its process died or hung) is
 * run again and the late answer of the old run is dropped.
 */
export class EmbeddedJobQueue implements JobQueue {
  readonly kind = 'embedded' as const;
  private readonly handlers = new Map<string, { handler: JobHandler<unknown>; concurrency: number }>();
  private readonly running = new Set<Promise<void>>();
  private readonly wakers = new Map<string, Set<() => void>>();
  private stopping = new AbortController();
  private started = false;
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly progress: JobProgress,
    private readonly settings: QueueSettings,
    private readonly onError: (message: string, error: unknown) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopping = new AbortController();
    if (this.settings.runJobs) for (const name of this.handlers.keys()) this.spawn(name);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping.abort();
    for (const set of this.wakers.values()) for (const wake of set) wake();
    await Promise.allSettled([...this.running]);
  }

  async send<T>(name: string, request: JobRequest<T>, options: SendOptions = {}): Promise<string> {
    return (await this.sendMany(name, [request], options))[0] as string;
  }

  async sendMany<T>(name: string, requests: JobRequest<T>[], options: SendOptions = {}): Promise<string[]> {
    if (requests.length === 0) return [];
    const nowMs = Date.now();
    const rows = requests.map((request) => ({
      id: randomUUID(), name,
      tenant_id: request.tenantId ?? null,
      created_by: request.createdBy ?? null,
      data: JSON.stringify(storedJobData(request.data)),
      state: 'created' as const,
      retry_count: 0,
      retry_limit: options.retryLimit ?? this.settings.retryLimit,
      retry_delay: options.retryDelay ?? this.settings.retryDelaySeconds,
      retry_backoff: (options.retryBackoff ?? true) ? 1 : 0,
      expire_in_seconds: options.expireInSeconds ?? this.settings.leaseSeconds,
      start_after: options.startAfter ? options.startAfter.getTime() : nowMs,
      created_on: nowMs,
    }));
    // SQLite binds at most 32,766 values per statement: 13 columns a row, 500 rows a statement.
    const write = async (db: Db) => { for (let i = 0; i < rows.length; i += 500) await db.insertInto('app_job').values(rows.slice(i, i + 500)).execute(); };
    if (options.transaction || rows.length <= 500) await write(options.transaction ?? this.db);
    else await this.db.transaction().execute(write);
    for (const wake of this.wakers.get(name) ?? []) wake();
    return rows.map((r) => r.id);
  }

  async work<T>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): Promise<void> {
    if (this.handlers.has(name)) throw new Error(`jobs named ${name} already have a handler`);
    this.handlers.set(name, { handler: handler as JobHandler<unknown>, concurrency: Math.max(1, options.concurrency ?? 1) });
    if (this.started && this.settings.runJobs) this.spawn(name);
  }

  async cancel(id: string): Promise<boolean> {
    const result = await this.db.updateTable('app_job')
      .set({ state: 'cancelled', completed_on: Date.now(), lease_token: null, lease_until: null })
      .where('id', '=', id).where('state', 'in', ['created', 'retry', 'active']).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async retry(id: string): Promise<boolean> {
    const job = await this.db.selectFrom('app_job').select('name').where('id', '=', id).executeTakeFirst();
    const result = await this.db.updateTable('app_job')
      .set({ state: 'retry', start_after: Date.now(), completed_on: null, lease_token: null, lease_until: null })
      .where('id', '=', id).where('state', 'in', ['failed', 'cancelled']).executeTakeFirst();
    if (job) for (const wake of this.wakers.get(String(job.name)) ?? []) wake();
    return Number(result.numUpdatedRows) > 0;
  }

  async get(id: string): Promise<JobView | null> {
    const row = await this.db.selectFrom('app_job').selectAll().where('id', '=', id).executeTakeFirst() as JobRow | undefined;
    return row ? (await this.views([row]))[0] ?? null : null;
  }

  async list(query: JobListQuery): Promise<{ records: JobView[]; total: number }> {
    let base = this.db.selectFrom('app_job');
    if (query.tenantId !== null) base = base.where('tenant_id', '=', query.tenantId);
    if (query.name) base = base.where('name', '=', query.name);
    if (query.state) base = base.where('state', '=', query.state);
    const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await base.selectAll().orderBy('created_on', 'desc').orderBy('id', 'desc')
      .limit(query.size).offset((query.current - 1) * query.size).execute() as JobRow[];
    return { records: await this.views(rows), total };
  }

  private async views(rows: JobRow[]): Promise<JobView[]> {
    const progress = await this.progress.of(rows.map((r) => r.id));
    return rows.map((r) => {
      const p = progress.get(r.id);
      return {
        id: r.id, name: r.name, state: r.state, tenantId: r.tenant_id, createdBy: r.created_by,
        data: JSON.parse(r.data) as unknown,
        output: r.output === null ? null : JSON.parse(r.output) as unknown,
        retryCount: Number(r.retry_count), retryLimit: Number(r.retry_limit),
        progressDone: p?.done ?? null, progressTotal: p?.total ?? null, progressMessage: p?.message ?? null,
        createdOn: time(r.created_on) as string, startedOn: time(r.started_on), completedOn: time(r.completed_on),
      };
    });
  }

  private spawn(name: string): void {
    const entry = this.handlers.get(name);
    if (!entry) return;
    for (let i = 0; i < entry.concurrency; i += 1) {
      const loop = this.loop(name, entry.handler);
      this.running.add(loop);
      void loop.finally(() => this.running.delete(loop));
    }
  }

  private async loop(name: string, handler: JobHandler<unknown>): Promise<void> {
    const stopping = this.stopping.signal;
    while (!stopping.aborted) {
      let claimed: { row: JobRow; token: string } | null = null;
      try {
        await this.sweepLostLeases();
        claimed = await this.claim(name);
      } catch (error) {
        this.onError(`could not take a ${name} job`, error);
      }
      if (!claimed) {
        await this.idle(name, stopping);
        continue;
      }
      await this.runOne(claimed.row, claimed.token, handler, stopping);
    }
  }

  /** Waits for the next poll, a job sent by this process, or the stop. */
  private idle(name: string, stopping: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const set = this.wakers.get(name) ?? new Set<() => void>();
      this.wakers.set(name, set);
      const done = (): void => {
        clearTimeout(timer);
        set.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.settings.pollMs);
      set.add(done);
      if (stopping.aborted) done();
    });
  }

  private async claim(name: string): Promise<{ row: JobRow; token: string } | null> {
    const token = randomUUID();
    const nowMs = Date.now();
    const result = await sql<JobRow>`
      update app_job set state = 'active', lease_token = ${token}, lease_until = ${nowMs} + expire_in_seconds * 1000, started_on = ${nowMs}
      where id = (select id from app_job where state in ('created', 'retry') and name = ${name} and start_after <= ${nowMs}
                  order by start_after, created_on, id limit 1)
      returning *`.execute(this.db);
    const row = result.rows[0];
    return row ? { row, token } : null;
  }

  /** Jobs whose run held them past the lease (the process died or hung) fail that run. */
  private async sweepLostLeases(): Promise<void> {
    const nowMs = Date.now();
    if (nowMs - this.lastSweep < this.settings.pollMs) return;
    this.lastSweep = nowMs;
    const lost = await this.db.selectFrom('app_job').selectAll()
      .where('state', '=', 'active').where('lease_until', '<', nowMs).execute() as (JobRow & { lease_token: string })[];
    for (const row of lost) await this.failRun(row, row.lease_token, 'the run lost its lease (its process stopped or hung)');
  }

  private async runOne(row: JobRow, token: string, handler: JobHandler<unknown>, stopping: AbortSignal): Promise<void> {
    const result = await runClaimedJob(
      { id: row.id, name: row.name, data: JSON.parse(row.data) as unknown, tenantId: row.tenant_id, retryCount: Number(row.retry_count), leaseSeconds: Number(row.expire_in_seconds) },
      handler, this.progress,
      // Each check also renews the lease: a living run keeps its job however long it takes, and a
      // process that dies or hangs loses it `expire_in_seconds` after its last check.
      { stillOurs: async () => Number((await this.db.updateTable('app_job').set({ lease_until: Date.now() + Number(row.expire_in_seconds) * 1000 })
        .where('id', '=', row.id).where('state', '=', 'active').where('lease_token', '=', token).executeTakeFirst()).numUpdatedRows) > 0 },
      stopping, this.settings.checkMs,
    );
    try {
      if (result.ok) {
        await this.db.updateTable('app_job')
          .set({ state: 'completed', output: JSON.stringify(result.output), completed_on: Date.now(), lease_token: null, lease_until: null })
          .where('id', '=', row.id).where('state', '=', 'active').where('lease_token', '=', token).execute();
      } else if (result.aborted && stopping.aborted) {
        // The process is stopping: the job goes back, this run not counted.
        await this.db.updateTable('app_job')
          .set({ state: Number(row.retry_count) > 0 ? 'retry' : 'created', start_after: Date.now(), lease_token: null, lease_until: null })
          .where('id', '=', row.id).where('state', '=', 'active').where('lease_token', '=', token).execute();
      } else {
        await this.failRun(row, token, result.error);
      }
    } catch (error) {
      this.onError(`could not record the end of job ${row.id}`, error);
    }
  }

  /** Ends a run that failed: another run later while retries are left, else the job fails. */
  private async failRun(row: JobRow, token: string, error: string): Promise<void> {
    const retryCount = Number(row.retry_count);
    const again = retryCount < Number(row.retry_limit);
    const delay = retryDelaySeconds({ retryDelay: Number(row.retry_delay), retryBackoff: Number(row.retry_backoff) === 1 }, retryCount);
    const nowMs = Date.now();
    await this.db.updateTable('app_job')
      .set(again
        ? { state: 'retry', retry_count: retryCount + 1, start_after: nowMs + delay * 1000, output: JSON.stringify({ error }), lease_token: null, lease_until: null }
        : { state: 'failed', output: JSON.stringify({ error }), completed_on: nowMs, lease_token: null, lease_until: null })
      .where('id', '=', row.id).where('state', '=', 'active').where('lease_token', '=', token).execute();
  }
}
