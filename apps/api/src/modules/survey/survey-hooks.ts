import {
  CONDITION_TYPES, DEFAULT_THANK_TEXT, OPTION_TYPES, QUESTION_TYPE, SUBJECT_LIMITS, SURVEY_MSG, SURVEY_NEXT, SURVEY_STATUS, TEXT_TYPES,
  activityEntity, optionInstructionEntity, questionnaireSurveyEntity, parseMatrixColumns, parseShowIf, subjectRegistEntity, type SubmitValues,
} from '@alumni/domain';
import { AppError, badRequest } from '../../core/errors.js';
import { now, parseDateTime } from '../../core/time.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { after, filled } from '../academic/academic-rules.js';
import { audienceFilter } from '../messaging/audience.js';
import { refuse } from '../relation/relation-rules.js';
import {
  hasAnswers, optionsOf, optionsOfSubject, recountOptions, recountSubjects, subjectRow, subjectsOf, surveyRow,
} from './survey-store.js';

/** The button that publishes, pauses and closes a survey (DOMAIN 9.1). */
export const PUBLISH_CODE = 'questionnaire_publish';
/** The job that closes a survey at its closing time. */
export const SURVEY_CLOSE_JOB = 'questionnaire-close';
export interface SurveyCloseData { surveyId: string; endTime: string }

const statusName = (status: number, lang: 'zh' | 'en') =>
  ({ zh: ['草稿', '收集中', '已暂停', '已结束'], en: ['Draft', 'Collecting', 'Paused', 'Closed'] })[lang][status] ?? String(status);

/** The state a submit asks for: `surveyStatus` of the body, else the stored one (a new survey is a draft). */
function askedStatus(ctx: WriteContext, existing: JsonRecord | null): number {
  const current = existing ? Number(existing.surveyStatus) : SURVEY_STATUS.draft;
  const raw = ctx.body?.surveyStatus;
  if (raw === undefined || raw === null || raw === '') return current;
  const asked = Number(raw);
  if (!Number.isInteger(asked) || !(asked in SURVEY_NEXT)) throw refuse(ctx, 'surveyStatus', SURVEY_MSG.badStatus);
  if (asked !== current && !(SURVEY_NEXT[current] ?? []).includes(asked)) {
    throw badRequest(SURVEY_MSG.badTransition, { from: statusName(current, ctx.lang), to: statusName(asked, ctx.lang) });
  }
  return asked;
}

/**
 * What publishing needs (DOMAIN 9.1): at least one question; every choice question two options, a
 * matrix one row; every "show if" naming an earlier choice question.
 */
export async function checkPublishable(ctx: Pick<WriteContext, 'db' | 'caller'>, surveyId: string): Promise<void> {
  const tenantId = ctx.caller.tenantId;
  const subjects = await subjectsOf(ctx.db, tenantId, surveyId);
  if (subjects.length === 0) throw badRequest(SURVEY_MSG.noSubjects);
  const options = await optionsOf(ctx.db, tenantId, surveyId);
  const count = (id: unknown) => options.filter((o) => o.subjectId === id).length;
  const seen = new Map<string, JsonRecord>();
  for (const s of subjects) {
    const n = Number(s.subjectNo);
    const type = String(s.questionType);
    if ((CONDITION_TYPES as string[]).includes(type) && count(s.id) < 2) throw badRequest(SURVEY_MSG.tooFewOptions, { n });
    if (type === QUESTION_TYPE.matrix && count(s.id) < 1) throw badRequest(SURVEY_MSG.matrixRows, { n });
    const rule = parseShowIf(s.showIf);
    if (rule) {
      const target = seen.get(rule.subjectId);
      if (!target || !CONDITION_TYPES.includes(String(target.questionType))) throw badRequest(SURVEY_MSG.showIfOrder, { n });
    }
    seen.set(String(s.id), s);
  }
}

/**
 * The rules of a questionnaire survey (DOMAIN 9.1): title and times, the respondents, the closing
 * text, the states behind `questionnaire_publish` with what publishing needs, the owning unit (the
 * creator's department), and removal only without answers (its questions and options go with it).
 */
export function questionnaireSurveyHooks(jobs: () => JobQueue): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      if (existing && Number(existing.surveyStatus) === SURVEY_STATUS.closed) throw badRequest(SURVEY_MSG.closedFinal);
      const v = (name: string) => after(values, existing, name);
      const titleLength = [...String(v('title') ?? '').trim()].length;
      if (titleLength < 2 || titleLength > 100) throw refuse(ctx, 'title', SURVEY_MSG.titleLength);
      const start = String(v('startTime') ?? '');
      const end = String(v('endTime') ?? '');
      if (start !== '' && end !== '' && end <= start) throw refuse(ctx, 'endTime', SURVEY_MSG.endAfterStart);

      const scope = String(v('targetScope') ?? '1');
      if (scope === '6') {
        const activityId = v('activityId');
        if (!filled(activityId)) throw refuse(ctx, 'activityId', SURVEY_MSG.activityRequired);
        const activity = await ctx.db.selectFrom(activityEntity.table).select('id').where('tenant_id', '=', ctx.caller.tenantId)
          .where('id', '=', String(activityId)).where('is_deleted', '=', 0).executeTakeFirst();
        if (!activity) throw refuse(ctx, 'activityId', SURVEY_MSG.activityMissing);
      } else if ('targetScope' in values || 'targetValue' in values) {
        try {
          audienceFilter(scope, v('targetValue'));
        } catch (err) {
          if (err instanceof AppError) throw refuse(ctx, 'targetValue', SURVEY_MSG.badTargetValue);
          throw err;
        }
        if (scope === '1') values.targetValue = null;
      }
      if ('thankText' in values && !filled(values.thankText)) values.thankText = DEFAULT_THANK_TEXT;

      const status = askedStatus(ctx, existing);
      const current = existing ? Number(existing.surveyStatus) : SURVEY_STATUS.draft;
      if (status !== current) {
        if (!ctx.caller.isSuperAdmin && !ctx.codes?.has(PUBLISH_CODE)) throw new AppError(403, SURVEY_MSG.publishNeeded);
        if (status === SURVEY_STATUS.collecting && current === SURVEY_STATUS.draft && existing) await checkPublishable(ctx, String(existing.id));
        if (status === SURVEY_STATUS.collecting && !existing) throw badRequest(SURVEY_MSG.noSubjects);
      }
      values.surveyStatus = status;
      if (!existing) {
        values.subjectCount = 0;
        values.answerCount = 0;
        if (!filled(values.thankText)) values.thankText = DEFAULT_THANK_TEXT;
        values.orgDeptId = filled(ctx.caller.deptId) ? (String(ctx.caller.deptId).split(',')[0] ?? null) : null;
      }
    },
    async beforeRemove(ctx, rows) {
      const tenantId = ctx.caller.tenantId;
      for (const row of rows) {
        if (Number(row.answerCount) > 0 || (await hasAnswers(ctx.db, tenantId, String(row.id)))) throw badRequest(SURVEY_MSG.answeredRemove);
      }
      const ids = rows.map((r) => String(r.id));
      const stamp = { is_deleted: 1, update_user: ctx.caller.userId, update_time: now() };
      await ctx.db.updateTable(optionInstructionEntity.table).set(stamp).where('tenant_id', '=', tenantId).where('survey_id', 'in', ids).execute();
      await ctx.db.updateTable(subjectRegistEntity.table).set(stamp).where('tenant_id', '=', tenantId).where('survey_id', 'in', ids).execute();
    },
    async afterSubmitCommitted(record, caller) {
      const status = Number(record.surveyStatus);
      if (status !== SURVEY_STATUS.collecting && status !== SURVEY_STATUS.paused) return;
      const end = parseDateTime(String(record.endTime));
      await jobs().send<SurveyCloseData>(SURVEY_CLOSE_JOB, {
        data: { surveyId: String(record.id), endTime: String(record.endTime) }, tenantId: caller.tenantId, createdBy: caller.userId,
      }, Number.isNaN(end.getTime()) ? {} : { startAfter: end });
    },
  };
}

/** The survey a question or option belongs to, refused when missing; with whether it is answered. */
async function surveyOf(ctx: WriteContext, surveyId: unknown, field: string): Promise<{ survey: JsonRecord; frozen: boolean }> {
  const survey = filled(surveyId) ? await surveyRow(ctx.db, ctx.caller.tenantId, String(surveyId)) : null;
  if (!survey) throw refuse(ctx, field, SURVEY_MSG.surveyMissing);
  if (Number(survey.surveyStatus) === SURVEY_STATUS.closed) throw badRequest(SURVEY_MSG.closedFinal);
  return { survey, frozen: Number(survey.answerCount) > 0 || (await hasAnswers(ctx.db, ctx.caller.tenantId, String(survey.id))) };
}

/** A "show if" as stored: the JSON of an earlier choice question of the survey and some of its options. */
async function normalShowIf(ctx: WriteContext, raw: unknown, surveyId: string, subjectNo: number, selfId: string | null): Promise<string | null> {
  if (!filled(raw)) return null;
  const rule = parseShowIf(raw);
  if (!rule || rule.subjectId === selfId) throw refuse(ctx, 'showIf', SURVEY_MSG.badShowIf);
  const target = await subjectRow(ctx.db, ctx.caller.tenantId, rule.subjectId);
  if (!target || String(target.surveyId) !== surveyId || !CONDITION_TYPES.includes(String(target.questionType)) || Number(target.subjectNo) >= subjectNo) {
    throw refuse(ctx, 'showIf', SURVEY_MSG.badShowIf);
  }
  const options = new Set((await optionsOfSubject(ctx.db, ctx.caller.tenantId, rule.subjectId)).map((o) => String(o.id)));
  const optionIds = [...new Set(rule.optionIds)];
  if (!optionIds.every((o) => options.has(o))) throw refuse(ctx, 'showIf', SURVEY_MSG.badShowIf);
  return JSON.stringify({ subjectId: rule.subjectId, optionIds });
}

/** The per-type settings of a question (DOMAIN 9.2), defaults filled. */
async function typeSettings(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const v = (name: string) => after(values, existing, name);
  const type = String(v('questionType'));
  if (type === QUESTION_TYPE.multiple) {
    const optionCount = existing ? Number(existing.optionCount ?? 0) : 0;
    const min = filled(v('minSelect')) ? Number(v('minSelect')) : null;
    const max = filled(v('maxSelect')) ? Number(v('maxSelect')) : null;
    if ((min !== null && min < 1) || (min !== null && max !== null && min > max) || (optionCount > 0 && max !== null && max > optionCount)) {
      throw refuse(ctx, max !== null && min !== null && min > max ? 'minSelect' : 'maxSelect', SURVEY_MSG.selectRange);
    }
  }
  if (type === QUESTION_TYPE.rating) {
    if (!filled(v('scoreMax'))) values.scoreMax = SUBJECT_LIMITS.scoreDefault;
    const score = Number(after(values, existing, 'scoreMax'));
    if (!Number.isInteger(score) || score < SUBJECT_LIMITS.scoreMin || score > SUBJECT_LIMITS.scoreMax) throw refuse(ctx, 'scoreMax', SURVEY_MSG.scoreRange);
  }
  if (TEXT_TYPES.includes(type)) {
    if (!filled(v('maxLength'))) values.maxLength = type === QUESTION_TYPE.shortText ? SUBJECT_LIMITS.shortDefault : SUBJECT_LIMITS.longDefault;
    const length = Number(after(values, existing, 'maxLength'));
    if (!Number.isInteger(length) || length < 1 || length > SUBJECT_LIMITS.lengthMax) throw refuse(ctx, 'maxLength', SURVEY_MSG.lengthRange);
  }
  if (type === QUESTION_TYPE.number) {
    const min = v('numberMin');
    const max = v('numberMax');
    if (filled(min) && filled(max) && Number(min) > Number(max)) throw refuse(ctx, 'numberMin', SURVEY_MSG.numberRange);
  }
  if (type === QUESTION_TYPE.matrix) {
    const raw = v('matrixColumns');
    const columns = parseMatrixColumns(raw).map((c) => c.trim()).filter((c) => c !== '');
    if (columns.length < SUBJECT_LIMITS.matrixColumnsMin || columns.length > SUBJECT_LIMITS.matrixColumnsMax || columns.some((c) => [...c].length > 50)) {
      throw refuse(ctx, 'matrixColumns', SURVEY_MSG.matrixColumns);
    }
    values.matrixColumns = JSON.stringify(columns);
  } else if ('questionType' in values || 'matrixColumns' in values) {
    values.matrixColumns = null;
  }
}

/**
 * The rules of a question (DOMAIN 9.2): of a survey that is not closed, numbered 1–200 and at most
 * 200 a survey, its per-type settings, its "show if", and a frozen structure once the survey is
 * answered (no question added or removed, no change of type, of condition or of the matrix's
 * columns; wording, hints and notes may still change). The survey's unit owns it; the survey keeps
 * the count of its questions.
 */
export function subjectRegistHooks(): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      const surveyId = String(after(values, existing, 'surveyId') ?? '');
      const { survey, frozen } = await surveyOf(ctx, surveyId, 'surveyId');
      if (frozen) {
        const typeChanged = existing && 'questionType' in values && String(values.questionType) !== String(existing.questionType);
        const ruleChanged = existing && 'showIf' in values && (parseShowIf(values.showIf) === null) !== (parseShowIf(existing.showIf) === null);
        const columnsChanged = existing && 'matrixColumns' in values
          && parseMatrixColumns(values.matrixColumns).length !== parseMatrixColumns(existing.matrixColumns).length;
        if (!existing || typeChanged || ruleChanged || columnsChanged) throw badRequest(SURVEY_MSG.frozen);
      }
      if (!existing) {
        const count = (await subjectsOf(ctx.db, ctx.caller.tenantId, surveyId)).length;
        if (count >= SUBJECT_LIMITS.maxSubjects) throw badRequest(SURVEY_MSG.tooManySubjects);
        values.optionCount = 0;
        if (!filled(values.isRequired)) values.isRequired = 1;
      }
      await typeSettings(ctx, values, existing);
      if (!existing || 'showIf' in values || 'subjectNo' in values) {
        const subjectNo = Number(after(values, existing, 'subjectNo'));
        const showIf = await normalShowIf(ctx, after(values, existing, 'showIf'), surveyId, subjectNo, existing ? String(existing.id) : null);
        if (!frozen || showIf !== null || !existing) values.showIf = showIf;
      }
      // A question that no longer takes options loses them only while the survey is unanswered.
      if (existing && 'questionType' in values && !OPTION_TYPES.includes(String(values.questionType)) && Number(existing.optionCount) > 0) {
        await ctx.db.updateTable(optionInstructionEntity.table).set({ is_deleted: 1, update_user: ctx.caller.userId, update_time: now() })
          .where('tenant_id', '=', ctx.caller.tenantId).where('subject_id', '=', String(existing.id)).execute();
        values.optionCount = 0;
      }
      values.orgDeptId = survey.orgDeptId === null ? null : String(survey.orgDeptId);
    },
    async afterSave(ctx, record, existing) {
      if (!existing) await recountSubjects(ctx.db, ctx.caller.tenantId, String(record.surveyId));
    },
    async beforeRemove(ctx, rows) {
      const tenantId = ctx.caller.tenantId;
      const ids = rows.map((r) => String(r.id));
      const surveys = new Set(rows.map((r) => String(r.surveyId)));
      for (const surveyId of surveys) {
        const { frozen } = await surveyOf(ctx, surveyId, 'surveyId');
        if (frozen) throw badRequest(SURVEY_MSG.frozen);
      }
      const stamp = { is_deleted: 1, update_user: ctx.caller.userId, update_time: now() };
      await ctx.db.updateTable(optionInstructionEntity.table).set(stamp).where('tenant_id', '=', tenantId).where('subject_id', 'in', ids).execute();
      // Questions shown on a removed question's answer are shown always.
      for (const surveyId of surveys) {
        for (const s of await subjectsOf(ctx.db, tenantId, surveyId)) {
          const rule = parseShowIf(s.showIf);
          if (rule && ids.includes(rule.subjectId)) {
            await ctx.db.updateTable(subjectRegistEntity.table).set({ show_if: null }).where('tenant_id', '=', tenantId).where('id', '=', String(s.id)).execute();
          }
        }
        const left = (await subjectsOf(ctx.db, tenantId, surveyId)).filter((s) => !ids.includes(String(s.id))).length;
        await ctx.db.updateTable(questionnaireSurveyEntity.table).set({ subject_count: left }).where('tenant_id', '=', tenantId).where('id', '=', surveyId).execute();
      }
    },
  };
}

/**
 * The rules of an option (DOMAIN 9.3): of a choice question (or a row of a matrix), labelled A, B …
 * uniquely in its question, ordered after the last one by default; its survey and unit are the
 * question's; none is added or removed once the survey is answered. The question keeps their count.
 */
export function optionInstructionHooks(): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      const subjectId = String(after(values, existing, 'subjectId') ?? '');
      const subject = filled(subjectId) ? await subjectRow(ctx.db, ctx.caller.tenantId, subjectId) : null;
      if (!subject) throw refuse(ctx, 'subjectId', SURVEY_MSG.subjectMissing);
      if (!OPTION_TYPES.includes(String(subject.questionType))) throw refuse(ctx, 'subjectId', SURVEY_MSG.noOptionsForType);
      const { frozen } = await surveyOf(ctx, subject.surveyId, 'subjectId');
      if (frozen && !existing) throw badRequest(SURVEY_MSG.frozen);
      if ('optionLabel' in values) {
        const label = String(values.optionLabel ?? '').trim().toUpperCase();
        if (!/^[A-Z]{1,4}$/.test(label)) throw refuse(ctx, 'optionLabel', SURVEY_MSG.optionLabelFormat);
        values.optionLabel = label;
      }
      if (!existing) {
        if (!filled(values.sort)) {
          const options = await optionsOfSubject(ctx.db, ctx.caller.tenantId, subjectId);
          values.sort = options.reduce((m, o) => Math.max(m, Number(o.sort ?? 0)), 0) + 1;
        }
        values.answerCount = 0;
        if (!filled(values.allowFill)) values.allowFill = 0;
      }
      values.surveyId = String(subject.surveyId);
      values.orgDeptId = subject.orgDeptId === null ? null : String(subject.orgDeptId);
    },
    async afterSave(ctx, record, existing) {
      if (!existing) await recountOptions(ctx.db, ctx.caller.tenantId, String(record.subjectId));
    },
    async beforeRemove(ctx, rows) {
      const tenantId = ctx.caller.tenantId;
      const ids = rows.map((r) => String(r.id));
      for (const surveyId of new Set(rows.map((r) => String(r.surveyId)))) {
        const { frozen } = await surveyOf(ctx, surveyId, 'subjectId');
        if (frozen) throw badRequest(SURVEY_MSG.frozen);
      }
      for (const subjectId of new Set(rows.map((r) => String(r.subjectId)))) {
        const left = (await optionsOfSubject(ctx.db, tenantId, subjectId)).filter((o) => !ids.includes(String(o.id))).length;
        await ctx.db.updateTable(subjectRegistEntity.table).set({ option_count: left }).where('tenant_id', '=', tenantId).where('id', '=', subjectId).execute();
        // A condition naming a removed option keeps the others; with none left it is dropped.
        const subject = await subjectRow(ctx.db, tenantId, subjectId);
        for (const s of subject ? await subjectsOf(ctx.db, tenantId, String(subject.surveyId)) : []) {
          const rule = parseShowIf(s.showIf);
          if (!rule || rule.subjectId !== subjectId || !rule.optionIds.some((o) => ids.includes(o))) continue;
          const kept = rule.optionIds.filter((o) => !ids.includes(o));
          await ctx.db.updateTable(subjectRegistEntity.table).set({ show_if: kept.length ? JSON.stringify({ subjectId, optionIds: kept }) : null })
            .where('tenant_id', '=', tenantId).where('id', '=', String(s.id)).execute();
        }
      }
    },
  };
}
