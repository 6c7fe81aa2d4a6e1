import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  QUESTION_TYPE, SUBJECT_LIMITS, SURVEY_MSG, SURVEY_STATUS, TEXT_TYPES, chosenOptions, visibleSubjectIds, type SurveySubjectView, type Text,
} from '@alumni/domain';
import { badRequest } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { JsonRecord } from '../../db/row-mapping.js';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Checks an answer against the survey's questions (DOMAIN 9.4) and answers what is stored: only
 * the questions the answer shows (a question whose "show if" is not met is neither required nor
 * kept), each value in its stored form — an option id, option ids comma-joined, a text, a number,
 * a date, or a matrix's `{rowOptionId: column}` — and `<subjectId>_fill` beside a chosen option that
 * takes free text. A question the survey does not have is a 400, as is every broken rule, named by
 * the question's number.
 */
export function checkAnswers(subjects: readonly SurveySubjectView[], raw: unknown): Record<string, unknown> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(SURVEY_MSG.unknownSubject);
  const given = raw as Record<string, unknown>;
  const known = new Set(subjects.map((s) => s.id));
  for (const key of Object.keys(given)) {
    const id = key.endsWith('_fill') ? key.slice(0, -5) : key;
    if (!known.has(id)) throw badRequest(SURVEY_MSG.unknownSubject);
  }
  const shown = visibleSubjectIds(subjects, given);
  const stored: Record<string, unknown> = {};
  for (const subject of subjects) {
    if (!shown.has(subject.id)) continue;
    const n = subject.subjectNo;
    const fail = (text: Text, values: Record<string, string | number> = {}) => badRequest(text, { n, ...values });
    const value = given[subject.id];
    const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
      || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0);
    if (empty) {
      if (subject.isRequired) throw fail(SURVEY_MSG.answerRequired);
      continue;
    }
    const type = subject.questionType;
    const optionIds = new Set(subject.options.map((o) => o.id));
    if (type === QUESTION_TYPE.single || type === QUESTION_TYPE.dropdown || type === QUESTION_TYPE.multiple) {
      const chosen = [...new Set(chosenOptions(value))];
      if (chosen.length === 0 || !chosen.every((o) => optionIds.has(o))) throw fail(SURVEY_MSG.badOption);
      if (type !== QUESTION_TYPE.multiple && chosen.length !== 1) throw fail(SURVEY_MSG.badOption);
      if (type === QUESTION_TYPE.multiple) {
        const min = subject.minSelect ?? 1;
        const max = subject.maxSelect ?? subject.options.length;
        if (chosen.length < min) throw fail(SURVEY_MSG.minSelect, { min });
        if (chosen.length > max) throw fail(SURVEY_MSG.maxSelect, { max });
      }
      // Options in the question's order, so equal answers are stored alike.
      stored[subject.id] = subject.options.map((o) => o.id).filter((id) => chosen.includes(id)).join(',');
      const fillable = subject.options.some((o) => o.allowFill && chosen.includes(o.id));
      const fill = given[`${subject.id}_fill`];
      if (fillable && typeof fill === 'string' && fill.trim() !== '') {
        if ([...fill.trim()].length > SUBJECT_LIMITS.fillMax) throw badRequest(SURVEY_MSG.fillTooLong);
        stored[`${subject.id}_fill`] = fill.trim();
      }
    } else if (TEXT_TYPES.includes(type)) {
      const text = String(value).trim();
      const max = subject.maxLength ?? (type === QUESTION_TYPE.shortText ? SUBJECT_LIMITS.shortDefault : SUBJECT_LIMITS.longDefault);
      if (typeof value === 'object' || [...text].length > max) throw fail(SURVEY_MSG.tooLong, { max });
      stored[subject.id] = text;
    } else if (type === QUESTION_TYPE.rating) {
      const max = subject.scoreMax ?? SUBJECT_LIMITS.scoreDefault;
      const score = Number(value);
      if (typeof value === 'object' || !Number.isInteger(score) || score < 1 || score > max) throw fail(SURVEY_MSG.badScore, { max });
      stored[subject.id] = score;
    } else if (type === QUESTION_TYPE.date) {
      const text = String(value).trim();
      const day = new Date(`${text}T00:00:00Z`);
      if (!DATE_RE.test(text) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) throw fail(SURVEY_MSG.badDate);
      stored[subject.id] = text;
    } else if (type === QUESTION_TYPE.number) {
      const number = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
      if (!Number.isFinite(number)) throw fail(SURVEY_MSG.badNumber);
      if (subject.numberMin !== null && number < Number(subject.numberMin)) throw fail(SURVEY_MSG.numberBelow, { min: subject.numberMin });
      if (subject.numberMax !== null && number > Number(subject.numberMax)) throw fail(SURVEY_MSG.numberAbove, { max: subject.numberMax });
      stored[subject.id] = number;
    } else if (type === QUESTION_TYPE.matrix) {
      if (typeof value !== 'object' || Array.isArray(value)) throw fail(SURVEY_MSG.badMatrix);
      const rows: Record<string, number> = {};
      for (const [rowId, column] of Object.entries(value as Record<string, unknown>)) {
        const c = Number(column);
        if (!optionIds.has(rowId) || !Number.isInteger(c) || c < 1 || c > subject.matrixColumns.length) throw fail(SURVEY_MSG.badMatrix);
        rows[rowId] = c;
      }
      if (subject.isRequired && Object.keys(rows).length < subject.options.length) throw fail(SURVEY_MSG.matrixIncomplete);
      stored[subject.id] = Object.fromEntries(subject.options.filter((o) => o.id in rows).map((o) => [o.id, rows[o.id]]));
    } else {
      throw fail(SURVEY_MSG.badOption);
    }
  }
  return stored;
}

/** Why a survey takes no answer now, or null when it does. */
export function closedReason(survey: JsonRecord, at = now()): Text | null {
  const status = Number(survey.surveyStatus);
  if (status === SURVEY_STATUS.draft) return SURVEY_MSG.notOpen;
  if (status === SURVEY_STATUS.paused) return SURVEY_MSG.paused;
  if (status === SURVEY_STATUS.closed || at >= String(survey.endTime)) return SURVEY_MSG.ended;
  if (at < String(survey.startTime)) return SURVEY_MSG.notStarted;
  return null;
}

/** Who a link stands for: an alumnus (personal link) or one link of an anonymous survey. */
export type Respondent = { kind: 'alumnus'; alumniId: string } | { kind: 'link'; nonce: string };

/**
 * The links to a survey's answer page. A token names the tenant, the survey and the respondent —
 * an alumnus, or a random link for anonymous surveys — with an HMAC-SHA-256 under a key derived
 * from the installation's data key; it does not expire (the survey's own times close it).
 * `respondentKey` is a keyed hash of the respondent within the survey: what the answer stores while
 * one answer per respondent is the rule, and from which no alumnus can be read back.
 */
export class SurveyLinks {
  private readonly key: Buffer;

  constructor(dataKey: string) {
    this.key = createHmac('sha256', Buffer.from(dataKey, 'hex')).update('survey-link-v1').digest();
  }

  private mac(text: string): Buffer {
    return createHmac('sha256', this.key).update(text).digest().subarray(0, 18);
  }

  private static subject(r: Respondent): string {
    return r.kind === 'alumnus' ? `a${r.alumniId}` : `l${r.nonce}`;
  }

  sign(tenantId: string, surveyId: string, respondent: Respondent): string {
    const subject = SurveyLinks.subject(respondent);
    return `${subject}.${this.mac(`${tenantId}:${surveyId}:${subject}`).toString('base64url')}`;
  }

  /** A fresh respondent for one more link of an anonymous survey. */
  static newLink(): Respondent {
    return { kind: 'link', nonce: randomBytes(9).toString('base64url') };
  }

  verify(tenantId: string, surveyId: string, token: unknown): Respondent | null {
    if (typeof token !== 'string') return null;
    const match = /^(a\d{1,19}|l[A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{24})$/.exec(token);
    if (!match) return null;
    const subject = match[1] as string;
    const given = Buffer.from(match[2] as string, 'base64url');
    const expected = this.mac(`${tenantId}:${surveyId}:${subject}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return subject.startsWith('a') ? { kind: 'alumnus', alumniId: subject.slice(1) } : { kind: 'link', nonce: subject.slice(1) };
  }

  respondentKey(tenantId: string, surveyId: string, respondent: Respondent): string {
    return createHmac('sha256', this.key).update(`respondent:${tenantId}:${surveyId}:${SurveyLinks.subject(respondent)}`).digest('base64url').slice(0, 43);
  }
}
