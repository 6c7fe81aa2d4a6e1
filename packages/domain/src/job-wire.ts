/** A background job's state (docs/job-queue.md), as the jobs page reads it. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export const JOB_STATES: readonly JobState[] = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'];

/** One job as `/blade-job/job/list` and `detail` answer it. */
export interface JobView {
  id: string;
  name: string;
  state: JobState;
  tenantId: string | null;
  createdBy: string | null;
  data: unknown;
  output: unknown;
  retryCount: number;
  retryLimit: number;
  progressDone: number | null;
  progressTotal: number | null;
  progressMessage: string | null;
  createdOn: string;
  startedOn: string | null;
  completedOn: string | null;
}
