import { maskPersonalData, maskPersonalText } from '@alumni/domain';
import type { JobHandler, RunningJob } from './job-queue.js';
import type { JobProgress } from './job-progress.js';

export interface ClaimedJob {
  id: string;
  name: string;
  data: unknown;
  tenantId: string | null;
  retryCount: number;
  /** How long the queue leaves this run the job before another process may take it. */
  leaseSeconds: number;
}

/** What the queue answers about a running job between its checks. */
export interface RunChecks {
  /** Whether the job is still this run's to finish (not cancelled, not taken by another process). */
  stillOurs(): Promise<boolean>;
}

/**
 * Runs one claimed job's handler the same way on either queue: a progress recorder, a signal
 * aborted when the queue stops or the job is cancelled (checked every `checkMs`), and the
 * handler's answer or error for the queue to record, with personal data masked (as its progress message).
 */
export async function runClaimedJob(
  claimed: ClaimedJob,
  handler: JobHandler<unknown>,
  progress: JobProgress,
  checks: RunChecks,
  stopping: AbortSignal,
  checkMs: number,
): Promise<{ ok: true; output: unknown } | { ok: false; error: string; aborted: boolean }> {
  const startedAt = Date.now();
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  stopping.addEventListener('abort', abort, { once: true });
  const timer = setInterval(() => {
    checks.stillOurs().then((ours) => { if (!ours) controller.abort(); }, () => undefined);
  }, checkMs);
  timer.unref();
  const job: RunningJob<unknown> = {
    id: claimed.id,
    name: claimed.name,
    data: claimed.data,
    tenantId: claimed.tenantId,
    retryCount: claimed.retryCount,
    signal: controller.signal,
    handOverAt: startedAt + (claimed.leaseSeconds * 1000) / 2,
    progress: (done, total, message) => progress.record(claimed.id, done, total, message === undefined ? undefined : maskPersonalText(message)),
  };
  try {
    const output = await handler(job);
    if (controller.signal.aborted) return { ok: false, error: 'aborted', aborted: true };
    return { ok: true, output: maskPersonalData(output ?? null) };
  } catch (error) {
    return { ok: false, error: maskPersonalText(error instanceof Error ? error.message : String(error)), aborted: controller.signal.aborted };
  } finally {
    clearInterval(timer);
    stopping.removeEventListener('abort', abort);
  }
}
