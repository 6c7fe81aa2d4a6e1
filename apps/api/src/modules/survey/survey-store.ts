import {
  optionInstructionEntity, questionnaireSurveyEntity, subjectRegistEntity, surveyAnswerEntity, type EntityDef,
} from '@alumni/domain';
import type { Db } from '../../db/database.js';
import { rowToRecord, type JsonRecord } from '../../db/row-mapping.js';

/**
 * Reads of a survey's rows by id within a tenant, on the connection or transaction given (hooks
 * read inside their write's transaction). The caller's data scope is checked by whoever calls.
 */
const rows = (db: Db, entity: EntityDef, tenantId: string) =>
  db.selectFrom(entity.table).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
const live = (db: Db, entity: EntityDef, tenantId: string) => rows(db, entity, tenantId).selectAll();

export async function surveyRow(db: Db, tenantId: string, id: string): Promise<JsonRecord | null> {
  const row = await live(db, questionnaireSurveyEntity, tenantId).where('id', '=', id).executeTakeFirst();
  return row ? rowToRecord(questionnaireSurveyEntity, row) : null;
}

export async function subjectRow(db: Db, tenantId: string, id: string): Promise<JsonRecord | null> {
  const row = await live(db, subjectRegistEntity, tenantId).where('id', '=', id).executeTakeFirst();
  return row ? rowToRecord(subjectRegistEntity, row) : null;
}

/** A survey's questions in order of their numbers. */
export async function subjectsOf(db: Db, tenantId: string, surveyId: string): Promise<JsonRecord[]> {
  const found = await live(db, subjectRegistEntity, tenantId).where('survey_id', '=', surveyId).orderBy('subject_no').orderBy('id').execute();
  return found.map((r) => rowToRecord(subjectRegistEntity, r));
}

/** A survey's options in the order of their question's, then their own `sort`. */
export async function optionsOf(db: Db, tenantId: string, surveyId: string): Promise<JsonRecord[]> {
  const found = await live(db, optionInstructionEntity, tenantId).where('survey_id', '=', surveyId).orderBy('sort').orderBy('id').execute();
  return found.map((r) => rowToRecord(optionInstructionEntity, r));
}

export async function optionsOfSubject(db: Db, tenantId: string, subjectId: string): Promise<JsonRecord[]> {
  const found = await live(db, optionInstructionEntity, tenantId).where('subject_id', '=', subjectId).orderBy('sort').orderBy('id').execute();
  return found.map((r) => rowToRecord(optionInstructionEntity, r));
}

/** Whether a survey has at least one answer: its structure is then frozen (DOMAIN 9.1). */
export async function hasAnswers(db: Db, tenantId: string, surveyId: string): Promise<boolean> {
  const row = await rows(db, surveyAnswerEntity, tenantId).select('id').where('survey_id', '=', surveyId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Recounts the questions of a survey into its `subjectCount`. */
export async function recountSubjects(db: Db, tenantId: string, surveyId: string): Promise<void> {
  const row = await rows(db, subjectRegistEntity, tenantId).select((eb) => eb.fn.countAll().as('n')).where('survey_id', '=', surveyId).executeTakeFirst();
  await db.updateTable(questionnaireSurveyEntity.table).set({ subject_count: Number(row?.n ?? 0) })
    .where('tenant_id', '=', tenantId).where('id', '=', surveyId).execute();
}

/** Recounts the options of a question into its `optionCount`. */
export async function recountOptions(db: Db, tenantId: string, subjectId: string): Promise<void> {
  const row = await rows(db, optionInstructionEntity, tenantId).select((eb) => eb.fn.countAll().as('n')).where('subject_id', '=', subjectId).executeTakeFirst();
  await db.updateTable(subjectRegistEntity.table).set({ option_count: Number(row?.n ?? 0) })
    .where('tenant_id', '=', tenantId).where('id', '=', subjectId).execute();
}

export interface StoredAnswer {
  id: string;
  alumniId: string | null;
  answerTime: string;
  source: string | null;
  durationSeconds: number | null;
  answers: Record<string, unknown>;
}

/** A survey's answers, newest first, with their JSON read. */
export async function answersOf(db: Db, tenantId: string, surveyId: string): Promise<StoredAnswer[]> {
  const found = await live(db, surveyAnswerEntity, tenantId).where('survey_id', '=', surveyId).orderBy('answer_time', 'desc').orderBy('id', 'desc').execute();
  return found.map((r) => {
    const record = rowToRecord(surveyAnswerEntity, r);
    let answers: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(String(record.answers ?? '{}'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) answers = parsed as Record<string, unknown>;
    } catch {
      answers = {};
    }
    return {
      id: String(record.id), alumniId: record.alumniId === null ? null : String(record.alumniId), answerTime: String(record.answerTime),
      source: record.source === null ? null : String(record.source), durationSeconds: record.durationSeconds === null ? null : Number(record.durationSeconds), answers,
    };
  });
}
