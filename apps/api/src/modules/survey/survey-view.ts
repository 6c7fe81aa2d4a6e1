import {
  LATEST_TEXT_ANSWERS, QUESTION_TYPE, TEXT_TYPES, chosenOptions, parseMatrixColumns, parseShowIf,
  type SurveyHeadView, type SurveyOptionView, type SurveySubjectView, type SurveyView,
} from '@alumni/domain';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import { answersOf, optionsOf, subjectsOf, type StoredAnswer } from './survey-store.js';

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
/** A share of a base with two decimals ("65.00"); 0 of 0 is "0.00". */
const percent = (count: number, base: number) => (base === 0 ? '0.00' : ((count * 100) / base).toFixed(2));

export function headView(survey: JsonRecord): SurveyHeadView {
  return {
    id: String(survey.id), title: String(survey.title), surveyType: String(survey.surveyType), description: str(survey.description),
    coverImage: str(survey.coverImage), startTime: String(survey.startTime), endTime: String(survey.endTime), isAnonymous: Number(survey.isAnonymous ?? 0),
    allowRepeat: Number(survey.allowRepeat ?? 0), thankText: str(survey.thankText), surveyStatus: Number(survey.surveyStatus), answerCount: Number(survey.answerCount ?? 0),
  };
}

/** A survey's questions with their options, structure only. */
export async function structureOf(db: Db, tenantId: string, surveyId: string): Promise<SurveySubjectView[]> {
  const [subjects, options] = await Promise.all([subjectsOf(db, tenantId, surveyId), optionsOf(db, tenantId, surveyId)]);
  return subjects.map((s) => ({
    id: String(s.id), subjectNo: Number(s.subjectNo), subjectTitle: String(s.subjectTitle), questionType: String(s.questionType),
    isRequired: Number(s.isRequired ?? 1), hint: str(s.hint), minSelect: num(s.minSelect), maxSelect: num(s.maxSelect), scoreMax: num(s.scoreMax),
    maxLength: num(s.maxLength), numberMin: str(s.numberMin), numberMax: str(s.numberMax), showIf: parseShowIf(s.showIf),
    matrixColumns: parseMatrixColumns(s.matrixColumns),
    options: options.filter((o) => o.subjectId === s.id).map((o): SurveyOptionView => ({
      id: String(o.id), optionLabel: String(o.optionLabel), optionContent: String(o.optionContent), instruction: str(o.instruction),
      allowFill: Number(o.allowFill ?? 0), score: num(o.score), sort: Number(o.sort ?? 0),
    })),
  }));
}

const answered = (value: unknown): boolean => {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
};

/**
 * The statistics of one question over the answers (DOMAIN 9.2): `answeredCount`; per option its
 * count and percent of `answeredCount` and, for free-text options, the latest fills; for ratings
 * the average and the distribution; for text and dates the latest text answers; for numbers the
 * average; for a matrix the count of each column per row. Answers are newest first.
 */
export function withStats(subject: SurveySubjectView, answers: readonly StoredAnswer[], lang: 'zh' | 'en'): SurveySubjectView {
  const given = answers.filter((a) => answered(a.answers[subject.id]));
  const base = given.length;
  const out: SurveySubjectView = { ...subject, answeredCount: base };
  const type = subject.questionType;
  if (type === QUESTION_TYPE.matrix) {
    out.options = subject.options.map((o) => ({
      ...o,
      columns: subject.matrixColumns.map((label, i) => ({
        key: String(i + 1), label,
        count: given.filter((a) => Number((a.answers[subject.id] as Record<string, unknown>)?.[o.id]) === i + 1).length,
      })),
    }));
  } else if (subject.options.length > 0) {
    out.options = subject.options.map((o) => {
      const picked = given.filter((a) => chosenOptions(a.answers[subject.id]).includes(o.id));
      const option: SurveyOptionView = { ...o, count: picked.length, percent: percent(picked.length, base) };
      if (o.allowFill) {
        option.fills = picked.map((a) => a.answers[`${subject.id}_fill`]).filter((f): f is string => typeof f === 'string' && f.trim() !== '')
          .slice(0, LATEST_TEXT_ANSWERS);
      }
      return option;
    });
  }
  if (type === QUESTION_TYPE.rating) {
    const max = subject.scoreMax ?? 5;
    const scores = given.map((a) => Number(a.answers[subject.id])).filter((n) => Number.isInteger(n) && n >= 1 && n <= max);
    out.avgScore = scores.length ? (scores.reduce((s, n) => s + n, 0) / scores.length).toFixed(2) : '0.00';
    out.scoreDistribution = Array.from({ length: max }, (_, i) => ({
      key: String(i + 1), label: lang === 'en' ? `${i + 1}` : `${i + 1}分`, count: scores.filter((n) => n === i + 1).length,
    }));
  }
  if (TEXT_TYPES.includes(type) || type === QUESTION_TYPE.date || type === QUESTION_TYPE.number) {
    out.textAnswers = given.slice(0, LATEST_TEXT_ANSWERS).map((a) => ({ answerTime: a.answerTime, text: String(a.answers[subject.id]) }));
  }
  if (type === QUESTION_TYPE.number) {
    const values = given.map((a) => Number(a.answers[subject.id])).filter((n) => Number.isFinite(n));
    out.avgValue = values.length ? (values.reduce((s, n) => s + n, 0) / values.length).toFixed(2) : '0.00';
  }
  return out;
}

/** The whole survey (`getQuestionnaireSurvey`), with the statistics when asked. */
export async function surveyView(db: Db, tenantId: string, survey: JsonRecord, stats: boolean, lang: 'zh' | 'en'): Promise<SurveyView> {
  const subjects = await structureOf(db, tenantId, String(survey.id));
  if (!stats) return { survey: headView(survey), subjects };
  const answers = await answersOf(db, tenantId, String(survey.id));
  return { survey: { ...headView(survey), answerCount: answers.length }, subjects: subjects.map((s) => withStats(s, answers, lang)) };
}
