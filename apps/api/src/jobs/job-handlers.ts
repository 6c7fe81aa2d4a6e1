import { registerAnswerNotice } from '../modules/messaging/answer-notice.js';
import type { Services } from '../services.js';

/**
 * Every kind of job the product runs, registered once per process: the server and `npm run
 * worker` run the same handlers (whether this process runs jobs at all is `JOB_RUN`).
 */
export async function registerJobHandlers(services: Services): Promise<void> {
  await registerAnswerNotice(services.jobs, services.repository, services.resources, services.params);
}
