import { defineEntity } from '../../entity.js';
import { fk, flag, integer, text } from '../../fields.js';
import { t } from '../../text.js';
import { surveyPick } from '../relation/relation-fields.js';
import { SURVEY_MSG } from './survey-fields.js';

/** An option 选项说明 (DOMAIN 9.3) of a choice question (and a row of a matrix question), with its note. */
export const optionInstructionEntity = defineEntity({
  name: 'optionInstruction',
  label: t('选项说明', 'Option'),
  table: 'alumni_option_instruction',
  scope: 'tenant',
  readMenus: ['questionnaire'],
  permission: 'optioninstruction',
  api: { base: '/blade-optionInstruction/optionInstruction' },
  fields: {
    subjectId: fk(t('所属题目', 'Question'), {
      ref: 'subjectRegist', required: true, form: 'create-only', search: 'equal',
      options: { url: '/blade-subjectRegist/subjectRegist/select', shape: 'list', labelKey: 'label', valueKey: 'id', params: { surveyId: 'surveyId' } },
    }),
    surveyId: surveyPick(t('所属问卷', 'Survey'), { form: 'readonly', search: 'equal' }),
    optionLabel: text(t('选项标识', 'Label'), { required: true, max: 4, list: true, width: 70 }),
    optionContent: text(t('选项内容', 'Option'), { required: true, max: 200, list: true, search: 'like', width: 220 }),
    instruction: text(t('选项说明', 'Explanation'), { max: 500, list: true, wide: true, width: 240 }),
    allowFill: flag(t('可填写补充', 'Free text allowed'), { list: true, width: 100 }),
    score: integer(t('分值', 'Score'), { min: -1000, max: 1000, list: true, width: 70 }),
    sort: integer(t('排序', 'Order'), { min: 0, max: 9999, list: true, sortable: true, width: 70 }),
    answerCount: integer(t('选择次数', 'Chosen'), { form: 'readonly', list: true, default: 0, width: 90 }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
  },
  defaultSort: [{ field: 'sort' }],
  unique: [{ fields: ['subjectId', 'optionLabel'], message: SURVEY_MSG.optionLabelTaken }],
  titleField: 'optionContent',
});
