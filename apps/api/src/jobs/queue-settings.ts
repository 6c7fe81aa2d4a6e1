/** How a process's job queue behaves (README "Configuration", `JOB_*`). */
export interface QueueSettings {
  /** Whether this process runs jobs (an API process may leave them to workers). */
  runJobs: boolean;
  /** How long a run holds a job before another process may take it again. */
  leaseSeconds: number;
  /** How often an idle worker looks for jobs. */
  pollMs: number;
  /** How often a running job checks that it was not cancelled or taken over. */
  checkMs: number;
  /** Runs left after a first failure, and the seconds before the next (doubled each time). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** PostgreSQL: the schema pg-boss keeps its tables in. */
  schema: string;
}
