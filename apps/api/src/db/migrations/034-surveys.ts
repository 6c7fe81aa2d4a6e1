import { BUSINESS_DICTIONARIES, optionInstructionEntity, questionnaireSurveyEntity, subjectRegistEntity, surveyAnswerEntity } from '@alumni/domain';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/**
 * Surveys (DOMAIN 9): questionnaires, their questions and options, and the answers. A question's
 * number is looked up within its survey, an option within its question; an answer is unique per
 * survey and respondent key (the key is left empty where several answers are allowed, and empty
 * keys never collide), so a respondent's second answer is refused by the database too. Tenants
 * installed before the matrix question get its `question_type` entry.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, questionnaireSurveyEntity);
  await createEntityTable(db, dialect, subjectRegistEntity);
  await createEntityTable(db, dialect, optionInstructionEntity);
  await createEntityTable(db, dialect, surveyAnswerEntity);
  await db.schema.createIndex('alumni_survey_end').on(questionnaireSurveyEntity.table).columns(['survey_status', 'end_time']).execute();
  await db.schema.createIndex('alumni_subject_regist_no').on(subjectRegistEntity.table).columns(['survey_id', 'is_deleted', 'subject_no']).execute();
  await db.schema.createIndex('alumni_option_instruction_sort').on(optionInstructionEntity.table).columns(['subject_id', 'is_deleted', 'sort']).execute();
  await db.schema.createIndex('alumni_survey_answer_time').on(surveyAnswerEntity.table).columns(['survey_id', 'answer_time']).execute();
  await db.schema.createIndex('alumni_survey_answer_once').on(surveyAnswerEntity.table).columns(['survey_id', 'respondent_key']).unique().execute();

  const matrix = BUSINESS_DICTIONARIES.find((d) => d.code === 'question_type')?.entries.find((e) => e.key === '9');
  if (!matrix) return;
  const parents = await db.selectFrom('blade_dict_biz').select(['id', 'tenant_id']).where('code', '=', 'question_type')
    .where('parent_id', '=', '0').where('is_deleted', '=', 0).execute();
  for (const parent of parents) {
    const has = await db.selectFrom('blade_dict_biz').select('id').where('tenant_id', '=', parent.tenant_id).where('code', '=', 'question_type')
      .where('dict_key', '=', matrix.key).executeTakeFirst();
    if (has) continue;
    const stamp = now();
    await db.insertInto('blade_dict_biz').values({
      id: ids.next(), tenant_id: parent.tenant_id, parent_id: parent.id, code: 'question_type', dict_key: matrix.key, dict_value: matrix.value,
      sort: 9, remark: null, is_sealed: 0, create_time: stamp, update_time: stamp, status: 1, is_deleted: 0,
    }).execute();
  }
}
