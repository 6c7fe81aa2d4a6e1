import { defineEntity } from '../../entity.js';
import { dict, fk, flag, integer, money, text } from '../../fields.js';
import { t } from '../../text.js';
import { SURVEY_MSG } from './survey-fields.js';

/**
 * A question 题目登记 (DOMAIN 9.2) of a questionnaire survey. Added to the domain's fields: `showIf`
 * (skip logic: shown only when an earlier choice question got one of the named options, JSON) and
 * `matrixColumns` (the column labels of a matrix question, a JSON array); `optionCount` is kept by
 * the server for the list's 选项数.
 */
export const subjectRegistEntity = defineEntity({
  name: 'subjectRegist',
  label: t('题目登记', 'Question'),
  table: 'alumni_subject_regist',
  scope: 'tenant',
  readMenus: ['questionnaire'],
  permission: 'subjectregist',
  api: { base: '/blade-subjectRegist/subjectRegist' },
  fields: {
    surveyId: fk(t('所属问卷', 'Survey'), {
      ref: 'questionnaireSurvey', required: true, form: 'create-only', search: 'equal',
      options: { url: '/blade-questionnaireSurvey/questionnaireSurvey/select', shape: 'list', labelKey: 'title', valueKey: 'id' },
    }),
    subjectNo: integer(t('题号', 'No.'), { required: true, min: 1, max: 200, list: true, sortable: true, width: 70 }),
    subjectTitle: text(t('题目', 'Question'), { required: true, max: 200, list: true, search: 'like', width: 280 }),
    questionType: dict(t('题型', 'Type'), 'question_type', { source: 'biz', required: true, list: true, search: 'equal', width: 100 }),
    isRequired: flag(t('必答', 'Required'), { required: true, default: 1, list: true, width: 70 }),
    hint: text(t('填写提示', 'Hint'), { max: 200, wide: true }),
    minSelect: integer(t('最少选', 'Min choices'), { min: 1, max: 200 }),
    maxSelect: integer(t('最多选', 'Max choices'), { min: 1, max: 200 }),
    scoreMax: integer(t('评分上限', 'Max score'), { min: 3, max: 10 }),
    maxLength: integer(t('字数上限', 'Max length'), { min: 1, max: 2000 }),
    numberMin: money(t('最小值', 'Min value'), { min: -9_999_999_999.99, max: 9_999_999_999.99 }),
    numberMax: money(t('最大值', 'Max value'), { min: -9_999_999_999.99, max: 9_999_999_999.99 }),
    showIf: text(t('显示条件', 'Show if'), { max: 4000, wide: true }),
    matrixColumns: text(t('矩阵列标题', 'Matrix columns'), { max: 1000, wide: true }),
    optionCount: integer(t('选项数', 'Options'), { form: 'readonly', list: true, default: 0, width: 70 }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
  },
  defaultSort: [{ field: 'subjectNo' }],
  unique: [{ fields: ['surveyId', 'subjectNo'], message: SURVEY_MSG.subjectNoTaken }],
  titleField: 'subjectTitle',
});
