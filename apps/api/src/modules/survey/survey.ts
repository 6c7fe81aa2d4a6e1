import { optionInstructionEntity, questionnaireSurveyEntity, subjectRegistEntity, SURVEY_STATUS } from '@alumni/domain';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { optionInstructionHooks, questionnaireSurveyHooks, subjectRegistHooks, SURVEY_CLOSE_JOB, type SurveyCloseData } from './survey-hooks.js';

export { registerSurveyRoutes } from './survey-routes.js';
export { SurveyLinks } from './survey-answers.js';

/** The hooks of the survey module (DOMAIN 9), by entity name. */
export const surveyHooks = (jobs: () => JobQueue): [string, EntityHooks][] => [
  [questionnaireSurveyEntity.name, questionnaireSurveyHooks(jobs)],
  [subjectRegistEntity.name, subjectRegistHooks()],
  [optionInstructionEntity.name, optionInstructionHooks()],
];

/**
 * Closes a survey at its closing time (DOMAIN 9.1: 1 or 2 → 3 automatically at `endTime`). A job
 * queued when the survey was published or edited; one whose survey was closed, removed or moved
 * to a later closing time since finds nothing to do.
 */
export function registerSurveyJobs(db: Db, jobs: JobQueue): Promise<void> {
  return jobs.work<SurveyCloseData>(SURVEY_CLOSE_JOB, async (job) => {
    if (!job.tenantId) return { closed: false };
    const result = await db.updateTable(questionnaireSurveyEntity.table).set({ survey_status: SURVEY_STATUS.closed, update_time: now() })
      .where('tenant_id', '=', job.tenantId).where('id', '=', job.data.surveyId).where('is_deleted', '=', 0)
      .where('survey_status', 'in', [SURVEY_STATUS.collecting, SURVEY_STATUS.paused]).where('end_time', '<=', now()).executeTakeFirst();
    return { closed: Number(result.numUpdatedRows) > 0 };
  });
}
