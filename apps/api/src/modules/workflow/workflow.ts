import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { syncLeave } from './leave-process.js';
import { ProcessDefinitions } from './process-definitions.js';
import { ProcessInstances } from './process-instances.js';
import { timerScheduler } from './process-timers.js';

/** The workflow of one API process: definitions and instances, with the leave record following its process. */
export interface Workflow {
  definitions: ProcessDefinitions;
  instances: ProcessInstances;
}

/** `jobs` drives timers; without it (the seed) timer events wait until an instance is stepped again. */
export function createWorkflow(db: Db, jobs: JobQueue | null = null): Workflow {
  const definitions = new ProcessDefinitions(db);
  const instances = new ProcessInstances(db, definitions, jobs ? timerScheduler(jobs) : null);
  instances.onStep('leave', syncLeave);
  return { definitions, instances };
}
