import type { JobQueue } from '../../jobs/job-queue.js';
import type { TimerScheduler } from './process-instances.js';
import type { Workflow } from './workflow.js';

/** The job that wakes a process instance when one of its timers is due. */
export const PROCESS_TIMER_JOB = 'workflow-timer';

/** A timer job's parameters: which instance, and the timer event waiting in it. */
export interface ProcessTimerData {
  instanceId: string;
  elementId: string;
  /** When the timer is due (ISO 8601), for the jobs page. */
  expireAt: string;
}

/**
 * A job may run a little before its time (the queue's clock and the timer's are read apart): a
 * timer due within this margin fires.
 */
const DUE_MARGIN_MS = 1000;

/**
 * Sends the timer's job, not before it is due, in the step's own transaction on either queue (the
 * job exists exactly when the step does; decision 274). A job whose timer was settled meanwhile finds
 * no timer waiting and does nothing.
 */
export function timerScheduler(jobs: JobQueue): TimerScheduler {
  return async (trx, instance, timer) => {
    const data: ProcessTimerData = { instanceId: instance.id, elementId: timer.id, expireAt: timer.expireAt.toISOString() };
    await jobs.send(PROCESS_TIMER_JOB, { data, tenantId: instance.tenantId, createdBy: instance.startUser },
      { startAfter: timer.expireAt, transaction: trx });
  };
}

/**
 * Runs timer jobs: each wakes its instance, which completes the timer (an intermediate timer
 * moves on; a boundary timer interrupts its task) and runs to the next wait. A timer whose task was
 * completed or cancelled first, or an instance that ended, leaves the job nothing to do; a job run
 * twice finds its timer gone the second time.
 */
export function registerProcessTimers(jobs: JobQueue, workflow: Workflow): Promise<void> {
  return jobs.work<ProcessTimerData>(PROCESS_TIMER_JOB, async (job) => {
    const fired = await workflow.instances.fireTimer(job.tenantId as string, job.data.instanceId, job.data.elementId, new Date(Date.now() + DUE_MARGIN_MS));
    return { fired };
  }, { concurrency: 2 });
}
