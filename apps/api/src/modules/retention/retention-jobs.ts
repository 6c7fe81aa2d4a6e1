import { formatDateTime, parseDateTime } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { LogWriter } from '../../logs/log-writer.js';
import { RetentionEngine, retentionTenants, type TargetOutcome } from './retention-engine.js';

/** Once a day: queues one `retention-run` per tenant, then the next day's run (decision 308). */
export const RETENTION_DAILY_JOB = 'retention-daily';
/** One tenant's retention, every target or the one policy named. */
export const RETENTION_RUN_JOB = 'retention-run';

export interface RetentionRunData { policyId?: string }

/** The daily run's hour (local time): the quiet of the night. */
const DAILY_HOUR = '03:30:00';

/** The next daily run: today's at 03:30 if still ahead, else tomorrow's. */
export function nextDailyRun(from: Date = new Date()): Date {
  const today = parseDateTime(`${formatDateTime(from).slice(0, 10)} ${DAILY_HOUR}`);
  return today.getTime() > from.getTime() ? today : parseDateTime(`${formatDateTime(new Date(today.getTime() + 26 * 3600_000)).slice(0, 10)} ${DAILY_HOUR}`);
}

/** What a run did, as the operation log records it: `log_usual=120 purge, regist_rejected=3 anonymise`. */
export const outcomeText = (outcomes: TargetOutcome[]): string =>
  outcomes.length === 0 ? '-' : outcomes.map((o) => `${o.target}=${o.rows} ${o.action}${o.own ? '' : ' (platform)'}`).join(', ');

/**
 * Registers the retention jobs and makes sure one daily run is waiting: a run records its counts per
 * target in the operation log (usual log `retention_run`) and answers them as the job's output.
 */
export async function registerRetentionJobs(db: Db, jobs: JobQueue, logs: LogWriter): Promise<void> {
  const engine = new RetentionEngine(db);
  await jobs.work<RetentionRunData>(RETENTION_RUN_JOB, async (job) => {
    if (!job.tenantId) return { targets: [] };
    const outcomes = await engine.run(job.tenantId, { policyId: job.data.policyId, signal: job.signal, progress: (d, t, m) => job.progress(d, t, m) });
    logs.usual({ tenantId: job.tenantId, createBy: 'retention' }, { logId: 'retention_run', logData: `数据保留 ${outcomeText(outcomes)}` });
    return { targets: outcomes.map((o) => ({ target: o.target, action: o.action, rows: o.rows, own: o.own })) };
  });
  await jobs.work<Record<string, never>>(RETENTION_DAILY_JOB, async () => {
    const tenants = await retentionTenants(db);
    if (tenants.length > 0) await jobs.sendMany<RetentionRunData>(RETENTION_RUN_JOB, tenants.map((tenantId) => ({ data: {}, tenantId })), { retryLimit: 2 });
    await jobs.send(RETENTION_DAILY_JOB, { data: {}, tenantId: null }, { startAfter: nextDailyRun() });
    return { tenants: tenants.length };
  });
  const waiting = await jobs.list({ current: 1, size: 1, name: RETENTION_DAILY_JOB, state: 'created', tenantId: null });
  if (waiting.total === 0) await jobs.send(RETENTION_DAILY_JOB, { data: {}, tenantId: null }, { startAfter: nextDailyRun() });
}
