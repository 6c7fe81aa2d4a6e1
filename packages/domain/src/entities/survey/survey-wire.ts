/** What `getQuestionnaireSurvey` answers (DOMAIN 9.2); the counts are there only `withStats=1`. */
export interface SurveyOptionView {
  id: string;
  optionLabel: string;
  optionContent: string;
  instruction: string | null;
  allowFill: number;
  score: number | null;
  sort: number;
  count?: number;
  percent?: string;
  fills?: string[];
  /** Matrix rows: the count of each column. */
  columns?: { key: string; label: string; count: number }[];
}

export interface SurveySubjectView {
  id: string;
  subjectNo: number;
  subjectTitle: string;
  questionType: string;
  isRequired: number;
  hint: string | null;
  minSelect: number | null;
  maxSelect: number | null;
  scoreMax: number | null;
  maxLength: number | null;
  numberMin: string | null;
  numberMax: string | null;
  showIf: { subjectId: string; optionIds: string[] } | null;
  matrixColumns: string[];
  options: SurveyOptionView[];
  answeredCount?: number;
  avgScore?: string;
  scoreDistribution?: { key: string; label: string; count: number }[];
  avgValue?: string;
  textAnswers?: { answerTime: string; text: string }[];
}

export interface SurveyHeadView {
  id: string;
  title: string;
  surveyType: string;
  description: string | null;
  coverImage: string | null;
  startTime: string;
  endTime: string;
  isAnonymous: number;
  allowRepeat: number;
  thankText: string | null;
  surveyStatus: number;
  answerCount: number;
}

export interface SurveyView {
  survey: SurveyHeadView;
  subjects: SurveySubjectView[];
}

/** What the public answer page reads (`open/survey`): the survey, and whether this link may answer now. */
export interface OpenSurveyView extends SurveyView {
  /** Null when answers are taken now, else why not (not started, paused, closed, already answered). */
  closedReason: string | null;
}
