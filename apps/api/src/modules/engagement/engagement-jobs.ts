import type { Db, Dialect } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { nextDailyRun } from '../retention/retention-jobs.js';
import { retentionTenants } from '../retention/retention-engine.js';
import { recomputeTenant } from './engagement-scores.js';

/** Once a day: one `engagement-run` per tenant, then the next day's (decision 315). */
export const ENGAGEMENT_DAILY_JOB = 'engagement-daily';
/** One tenant's full recomputation: after its weights change, daily as gifts leave the five years, or when asked. */
export const ENGAGEMENT_RUN_JOB = 'engagement-run';

/** After the retention run of the night, so the two do not share its minutes. */
const nextRun = () => new Date(nextDailyRun().getTime() + 45 * 60_000);

export async function registerEngagementJobs(db: Db, dialect: Dialect, jobs: JobQueue): Promise<void> {
  await jobs.work<Record<string, never>>(ENGAGEMENT_RUN_JOB, async (job) => {
    if (!job.tenantId) return { alumni: 0 };
    const alumni = await recomputeTenant(db, dialect, job.tenantId, { signal: job.signal, progress: (done, total) => job.progress(done, total) });
    return { alumni };
  });
  await jobs.work<Record<string, never>>(ENGAGEMENT_DAILY_JOB, async () => {
    const tenants = await retentionTenants(db);
    if (tenants.length > 0) await jobs.sendMany(ENGAGEMENT_RUN_JOB, tenants.map((tenantId) => ({ data: {}, tenantId })), { retryLimit: 2 });
    await jobs.send(ENGAGEMENT_DAILY_JOB, { data: {}, tenantId: null }, { startAfter: nextRun() });
    return { tenants: tenants.length };
  });
  const waiting = await jobs.list({ current: 1, size: 1, name: ENGAGEMENT_DAILY_JOB, state: 'created', tenantId: null });
  if (waiting.total === 0) await jobs.send(ENGAGEMENT_DAILY_JOB, { data: {}, tenantId: null }, { startAfter: nextRun() });
}
