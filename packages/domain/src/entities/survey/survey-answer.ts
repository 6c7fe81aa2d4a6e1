import { defineEntity } from '../../entity.js';
import { datetime, dict, fk, integer, text, textarea } from '../../fields.js';
import { t } from '../../text.js';
import { ALUMNI_SOURCE, surveyPick } from '../relation/relation-fields.js';

/**
 * A survey answer 问卷答卷 (DOMAIN 9.4): written by the public answer page, read through the
 * statistics and the answer export; no calls of its own. `respondentKey` (added) is a keyed hash of
 * the respondent (the alumnus, or the link of an anonymous survey) kept while one answer per
 * respondent is the rule, so the database refuses a second one.
 */
export const surveyAnswerEntity = defineEntity({
  name: 'surveyAnswer',
  label: t('问卷答卷', 'Survey answer'),
  table: 'alumni_survey_answer',
  scope: 'tenant',
  permission: 'questionnaire',
  fields: {
    surveyId: surveyPick(t('所属问卷', 'Survey'), { required: true, search: 'equal' }),
    alumniId: fk(t('校友', 'Alumnus'), { ref: 'basicInfo', search: 'equal', options: ALUMNI_SOURCE }),
    answerTime: datetime(t('答卷时间', 'Answered at'), { list: true, search: 'range' }),
    source: dict(t('来源', 'Channel'), 'apply_source', { source: 'biz', list: true }),
    durationSeconds: integer(t('用时（秒）', 'Time spent (s)'), { min: 0 }),
    answers: textarea(t('答卷内容', 'Answers'), { max: 1_000_000 }),
    respondentKey: text(t('作答人标识', 'Respondent key'), { max: 64, form: 'hidden' }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
  },
  defaultSort: [{ field: 'answerTime', desc: true }],
});
