import type { Db } from '../../db/database.js';
import { syncLeave } from './leave-process.js';
import { ProcessDefinitions } from './process-definitions.js';
import { ProcessInstances } from './process-instances.js';

/** The workflow of one API process: definitions and instances, with the leave record following its process. */
export interface Workflow {
  definitions: ProcessDefinitions;
  instances: ProcessInstances;
}

export function createWorkflow(db: Db): Workflow {
  const definitions = new ProcessDefinitions(db);
  const instances = new ProcessInstances(db, definitions);
  instances.onStep('leave', syncLeave);
  return { definitions, instances };
}
