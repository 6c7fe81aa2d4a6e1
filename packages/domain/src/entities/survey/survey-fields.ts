import { t } from '../../text.js';

/** Dictionary `survey_status` (DOMAIN 9.1). */
export const SURVEY_STATUS = { draft: 0, collecting: 1, paused: 2, closed: 3 } as const;

/** Where each state may go by hand: 0 → 1; 1 ⇄ 2; 1 or 2 → 3; 3 is final. */
export const SURVEY_NEXT: Readonly<Record<number, readonly number[]>> = {
  [SURVEY_STATUS.draft]: [SURVEY_STATUS.collecting],
  [SURVEY_STATUS.collecting]: [SURVEY_STATUS.paused, SURVEY_STATUS.closed],
  [SURVEY_STATUS.paused]: [SURVEY_STATUS.collecting, SURVEY_STATUS.closed],
  [SURVEY_STATUS.closed]: [],
};

/** Dictionary `question_type` (DOMAIN 14.2, with 9 矩阵单选 added). */
export const QUESTION_TYPE = {
  single: '1', multiple: '2', shortText: '3', longText: '4', rating: '5', dropdown: '6', date: '7', number: '8', matrix: '9',
} as const;

/** Types whose answers are options of the question (9.3: 1, 2, 6), and the matrix whose options are its rows. */
export const CHOICE_TYPES: readonly string[] = [QUESTION_TYPE.single, QUESTION_TYPE.multiple, QUESTION_TYPE.dropdown];
export const OPTION_TYPES: readonly string[] = [...CHOICE_TYPES, QUESTION_TYPE.matrix];
/** Types answered with one option (the "show if" of another question may name their options). */
export const CONDITION_TYPES: readonly string[] = [QUESTION_TYPE.single, QUESTION_TYPE.multiple, QUESTION_TYPE.dropdown];
export const TEXT_TYPES: readonly string[] = [QUESTION_TYPE.shortText, QUESTION_TYPE.longText];

/** Default and bounds of the per-type settings (DOMAIN 9.2). */
export const SUBJECT_LIMITS = {
  maxSubjects: 200, scoreMin: 3, scoreMax: 10, scoreDefault: 5, lengthMax: 2000, shortDefault: 200, longDefault: 1000,
  matrixColumnsMin: 2, matrixColumnsMax: 10, fillMax: 200,
} as const;

/** The closing text a survey shows when none is set (DOMAIN 9.1). */
export const DEFAULT_THANK_TEXT = '感谢您的参与！';
/** How many text answers the statistics show (the latest). */
export const LATEST_TEXT_ANSWERS = 20;

/**
 * "Show if" of a question (added to DOMAIN 9.2): it is shown only when the earlier choice question
 * `subjectId` was answered with one of `optionIds`. Stored as JSON text in `showIf`.
 */
export interface ShowIf {
  subjectId: string;
  optionIds: string[];
}

/** The `showIf` of a stored question, or null when it has none or it cannot be read. */
export function parseShowIf(value: unknown): ShowIf | null {
  if (value === null || value === undefined || value === '') return null;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { subjectId, optionIds } = parsed as Record<string, unknown>;
  if (typeof subjectId !== 'string' || !Array.isArray(optionIds) || optionIds.length === 0) return null;
  if (!optionIds.every((o) => typeof o === 'string')) return null;
  return { subjectId, optionIds: optionIds as string[] };
}

/** The column labels of a matrix question (JSON array of strings in `matrixColumns`). */
export function parseMatrixColumns(value: unknown): string[] {
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/** The option ids an answer value names (one, several comma-joined, or a list). */
export function chosenOptions(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter((v) => v !== '');
  if (typeof value === 'string') return value.split(',').map((v) => v.trim()).filter((v) => v !== '');
  if (typeof value === 'number') return [String(value)];
  return [];
}

/** What the visibility of questions needs of each. */
export interface VisibleSubject {
  id: string;
  showIf?: unknown;
}

/**
 * The ids of the questions an answer shows, in order: a question with a "show if" is shown when the
 * question it names is shown and was answered with one of the named options. Shared by the public
 * page's preview and by the server, which neither requires nor stores a hidden question's answer.
 */
export function visibleSubjectIds(subjects: readonly VisibleSubject[], answers: Readonly<Record<string, unknown>>): Set<string> {
  const shown = new Set<string>();
  for (const subject of subjects) {
    const rule = parseShowIf(subject.showIf);
    if (!rule) {
      shown.add(subject.id);
      continue;
    }
    if (!shown.has(rule.subjectId)) continue;
    const chosen = chosenOptions(answers[rule.subjectId]);
    if (chosen.some((o) => rule.optionIds.includes(o))) shown.add(subject.id);
  }
  return shown;
}

/** The label of the n-th option: A … Z, AA, AB … (DOMAIN 9.3). */
export function optionLabelOf(index: number): string {
  let n = index + 1;
  let label = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    label = String.fromCharCode(65 + rest) + label;
    n = Math.floor((n - 1) / 26);
  }
  return label;
}

export const SURVEY_MSG = {
  titleLength: t('问卷标题长度应为2到100个字', 'The title holds 2 to 100 characters'),
  descriptionLength: t('问卷说明不能超过2000个字', 'The introduction holds at most 2000 characters'),
  endAfterStart: t('结束时间须晚于开始时间', 'The closing time must be after the opening time'),
  activityRequired: t('调查对象为活动报名人员时须选择关联活动', 'Please select the activity whose applicants are asked'),
  activityMissing: t('所选活动不存在', 'The activity does not exist'),
  badTargetValue: t('对象取值格式不正确', 'The scope values are not valid'),
  badStatus: t('问卷状态只能是草稿、收集中、已暂停或已结束', 'The status must be draft, collecting, paused or closed'),
  badTransition: t('问卷不能从“{from}”变为“{to}”', 'A survey cannot go from "{from}" to "{to}"'),
  publishNeeded: t('发布、暂停或结束问卷需要“发布/暂停/结束”权限', 'Publishing, pausing or closing a survey needs the publish permission'),
  noSubjects: t('问卷至少需要一道题目', 'A survey needs at least one question'),
  tooFewOptions: t('第{n}题至少需要两个选项', 'Question {n} needs at least two options'),
  matrixRows: t('第{n}题至少需要一行', 'Question {n} needs at least one row'),
  showIfOrder: t('第{n}题的显示条件须引用它前面的选择题', 'The condition of question {n} must name an earlier choice question'),
  frozen: t('问卷已有答卷，不能修改题目结构', 'The survey has answers: its questions and options cannot be added, removed or change type'),
  closedFinal: t('问卷已结束，不能修改', 'The survey is closed and cannot be edited'),
  answeredRemove: t('已有答卷的问卷不能删除', 'A survey with answers cannot be removed'),
  surveyMissing: t('问卷不存在', 'The survey does not exist'),
  subjectNoTaken: t('题号在本问卷中已存在', 'This number is already used in the survey'),
  tooManySubjects: t('一份问卷最多200道题', 'A survey holds at most 200 questions'),
  selectRange: t('最少选和最多选须满足 1 ≤ 最少选 ≤ 最多选 ≤ 选项数', 'Min and max choices must satisfy 1 ≤ min ≤ max ≤ the number of options'),
  scoreRange: t('评分上限应为3到10', 'The maximum score is 3 to 10'),
  lengthRange: t('字数上限应为1到2000', 'The maximum length is 1 to 2000'),
  numberRange: t('最小值不能大于最大值', 'The minimum cannot exceed the maximum'),
  matrixColumns: t('矩阵题须有2到10个列标题', 'A matrix question needs 2 to 10 column labels'),
  badShowIf: t('显示条件须引用本问卷中前面的选择题及其选项', 'The condition must name an earlier choice question of the survey and its options'),
  noOptionsForType: t('该题型不需要选项', 'This type of question has no options'),
  subjectMissing: t('所属题目不存在', 'The question does not exist'),
  optionLabelTaken: t('选项标识在本题中已存在', 'This label is already used in the question'),
  optionLabelFormat: t('选项标识应为大写字母，如 A、B、AA', 'A label is capital letters, such as A, B, AA'),
  sortIds: t('请按现有题目给出完整的顺序', 'Please give the order of every question of the survey'),
  // The answer (DOMAIN 9.4) and its public page.
  notOpen: t('问卷未开放', 'The survey is not open'),
  notStarted: t('问卷尚未开始', 'The survey has not opened yet'),
  ended: t('问卷已结束', 'The survey has closed'),
  paused: t('问卷已暂停收集', 'The survey is paused'),
  badLink: t('问卷链接无效', 'The survey link is not valid'),
  personalLinkNeeded: t('实名问卷须通过发给您的专属链接作答', 'This survey is answered through the link sent to you'),
  alreadyAnswered: t('您已提交过本问卷', 'You have already answered this survey'),
  alumnusRequired: t('请选择校友', 'Please select the alumnus'),
  alumnusMissing: t('所选校友不存在', 'The alumnus does not exist'),
  unknownSubject: t('答卷中含有本问卷以外的题目', 'The answers name a question that is not in the survey'),
  answerRequired: t('第{n}题为必答题', 'Question {n} must be answered'),
  badOption: t('第{n}题的选项不正确', 'The choice of question {n} is not valid'),
  minSelect: t('第{n}题至少选择{min}项', 'Question {n}: choose at least {min}'),
  maxSelect: t('第{n}题最多选择{max}项', 'Question {n}: choose at most {max}'),
  tooLong: t('第{n}题最多{max}个字', 'Question {n} holds at most {max} characters'),
  badScore: t('第{n}题的评分应为1到{max}', 'The score of question {n} is 1 to {max}'),
  badDate: t('第{n}题应为日期（yyyy-MM-dd）', 'Question {n} takes a date (yyyy-MM-dd)'),
  badNumber: t('第{n}题应为数字', 'Question {n} takes a number'),
  numberBelow: t('第{n}题不能小于{min}', 'Question {n} cannot be below {min}'),
  numberAbove: t('第{n}题不能大于{max}', 'Question {n} cannot be above {max}'),
  matrixIncomplete: t('第{n}题的每一行都须作答', 'Every row of question {n} must be answered'),
  badMatrix: t('第{n}题的作答不正确', 'The answer to question {n} is not valid'),
  fillTooLong: t('补充内容最多200个字', 'The added text holds at most 200 characters'),
  badDuration: t('作答用时不正确', 'The time spent is not valid'),
} as const;
