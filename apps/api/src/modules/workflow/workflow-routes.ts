import type { FastifyInstance } from 'fastify';
import { registerFlowRoutes } from './flow-routes.js';
import { registerLeaveRoutes } from './leave-routes.js';
import { createWorkflow } from './workflow.js';

/** The workflow calls: /blade-flow/* and the leave process under /blade-desk/process/leave. */
export async function registerWorkflowRoutes(app: FastifyInstance): Promise<void> {
  const workflow = createWorkflow(app.services.database.db, app.services.jobs);
  await registerFlowRoutes(app, workflow);
  registerLeaveRoutes(app, workflow);
}
