import { defineEntity } from '../../entity.js';
import { datetime, dict, flag, fk, integer, text, textarea } from '../../fields.js';
import { t } from '../../text.js';
import { DEFAULT_THANK_TEXT } from './survey-fields.js';

/**
 * A questionnaire survey 问卷调查 (DOMAIN 9.1): its questions are subject registrations (9.2), their
 * options option instructions (9.3), its answers survey answers (9.4). Drafted, published (收集中),
 * paused and closed; once answered its structure is frozen.
 */
export const questionnaireSurveyEntity = defineEntity({
  name: 'questionnaireSurvey',
  label: t('问卷调查', 'Questionnaire'),
  table: 'alumni_questionnaire_survey',
  scope: 'tenant',
  permission: 'questionnaire',
  api: { base: '/blade-questionnaireSurvey/questionnaireSurvey' },
  fields: {
    title: text(t('问卷标题', 'Title'), { required: true, max: 100, list: true, search: 'like', width: 240 }),
    surveyType: dict(t('问卷类型', 'Type'), 'survey_type', { source: 'biz', required: true, list: true, search: 'equal', width: 130 }),
    description: textarea(t('问卷说明', 'Introduction'), { max: 2000 }),
    coverImage: text(t('封面图', 'Cover'), { max: 1000, image: true }),
    startTime: datetime(t('开始时间', 'Opens'), { required: true, list: true, search: 'range', width: 170 }),
    endTime: datetime(t('结束时间', 'Closes'), { required: true, list: true, width: 170 }),
    isAnonymous: flag(t('匿名问卷', 'Anonymous'), { list: true, search: 'equal', width: 80 }),
    allowRepeat: flag(t('允许重复提交', 'Several answers per person')),
    targetScope: dict(t('调查对象', 'Respondents'), 'target_scope', { source: 'biz', required: true, default: '1', list: true, search: 'equal', width: 120 }),
    targetValue: textarea(t('对象取值', 'Scope values'), { max: 100_000 }),
    activityId: fk(t('关联活动', 'Activity'), {
      ref: 'activity', search: 'equal',
      options: { url: '/blade-activity/activity/select', shape: 'list', labelKey: 'title', valueKey: 'id' },
    }),
    thankText: text(t('结束语', 'Closing text'), { max: 255, default: DEFAULT_THANK_TEXT, wide: true }),
    surveyStatus: dict(t('状态', 'Status'), 'survey_status', { source: 'biz', numeric: true, form: 'readonly', list: true, search: 'equal', width: 90 }),
    subjectCount: integer(t('题目数', 'Questions'), { form: 'readonly', list: true, default: 0, width: 80 }),
    answerCount: integer(t('答卷数', 'Answers'), { form: 'readonly', list: true, search: 'range', default: 0, width: 80 }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
  },
  defaultSort: [{ field: 'createTime', desc: true }],
  titleField: 'title',
});
