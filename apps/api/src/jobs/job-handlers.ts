import { registerAnswerNotice } from '../modules/messaging/answer-notice.js';
import { registerSmsPushJobs } from '../modules/messaging/sms-push-sender.js';
import { registerProcessTimers } from '../modules/workflow/process-timers.js';
import { registerSurveyJobs } from '../modules/survey/survey.js';
import { registerRetentionJobs } from '../modules/retention/retention-jobs.js';
import { registerInstalmentReminderJobs } from '../modules/giving/instalment-reminders.js';
import { registerEngagementJobs } from '../modules/engagement/engagement-jobs.js';
import { createWorkflow } from '../modules/workflow/workflow.js';
import { BLADEX_IMPORT_JOB } from '../modules/develop/bladex-import/bladex-import-service.js';
import type { Services } from '../services.js';

/**
 * Every kind of job the product runs, registered once per process: the server and `npm run
 * worker` run the same handlers (whether this process runs jobs at all is `JOB_RUN`).
 */
export async function registerJobHandlers(services: Services): Promise<void> {
  await registerAnswerNotice(services.jobs, services.repository, services.resources, services.params);
  await services.noticePushes.register();
  await registerSmsPushJobs({
    db: services.database.db, jobs: services.jobs, sms: services.resources.sms, params: services.params, sealing: services.repository.sealing,
  });
  await registerProcessTimers(services.jobs, createWorkflow(services.database.db, services.jobs));
  await registerSurveyJobs(services.database.db, services.jobs);
  await registerRetentionJobs(services.database.db, services.jobs, services.logs);
  await registerInstalmentReminderJobs(services.database.db, services.jobs, { jobs: services.jobs, sealing: services.sealing });
  await registerEngagementJobs(services.database.db, services.database.dialect, services.jobs);
  await services.jobs.work<{ runId: string }>(BLADEX_IMPORT_JOB, (job) => services.bladexImports.runJob(job));
}
