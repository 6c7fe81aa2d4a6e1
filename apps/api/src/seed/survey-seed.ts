import { QUESTION_TYPE, SURVEY_STATUS, optionInstructionEntity, questionnaireSurveyEntity, subjectRegistEntity, surveyAnswerEntity } from '@alumni/domain';
import { formatDateTime } from '../core/time.js';
import { checkAnswers } from '../modules/survey/survey-answers.js';
import { structureOf } from '../modules/survey/survey-view.js';
import { daysAgo } from './seed-calendar.js';
import { seedId } from './menu-tree.js';
import type { SeedWriter } from './seed-writer.js';

const SURVEYS = 26, SUBJECTS = 27, OPTIONS = 28, ANSWERS = 30, ALUMNI = 3, DEPTS = 92;
const OFFICE = seedId(DEPTS, 2);
/** The demo's collecting survey, 「{D年−1}届毕业生一年后跟踪调查」: the scheduled invitation push names it. */
export const FOLLOW_UP_SURVEY_ID = seedId(SURVEYS, 1);
const DAY = 86_400_000;

interface OptionPlan { content: string; instruction?: string; fill?: boolean }
interface SubjectPlan {
  title: string; type: string; required?: 0 | 1; options?: OptionPlan[]; maxSelect?: number; showIf?: { subject: number; options: number[] };
  hint?: string;
}

/** 「{D年−1}届毕业生一年后跟踪调查」 (DOMAIN 18.8): 4 single choice, 2 multiple, 2 ratings, 1 short and 1 long text. */
const FOLLOW_UP: SubjectPlan[] = [
  { title: '您目前的状态', type: QUESTION_TYPE.single, options: [
    { content: '已就业', instruction: '含签订劳动合同、灵活就业' }, { content: '升学深造', instruction: '国内读研或出国留学' }, { content: '其他', fill: true },
  ] },
  { title: '您目前工作单位的性质', type: QUESTION_TYPE.single, showIf: { subject: 1, options: [1] }, options: [
    { content: '国有企业' }, { content: '民营企业', instruction: '含自主创业' }, { content: '外资企业' }, { content: '机关事业单位' },
  ] },
  { title: '您的工作与所学专业的相关度', type: QUESTION_TYPE.single, showIf: { subject: 1, options: [1] }, options: [
    { content: '非常相关' }, { content: '比较相关' }, { content: '不太相关' }, { content: '不相关' },
  ] },
  { title: '您的月收入区间', type: QUESTION_TYPE.single, showIf: { subject: 1, options: [1] }, options: [
    { content: '5000元以下' }, { content: '5000–8000元' }, { content: '8000–12000元' }, { content: '12000元以上', instruction: '税前，含奖金' },
  ] },
  { title: '您认为母校哪些能力培养对工作学习最有帮助', type: QUESTION_TYPE.multiple, maxSelect: 3, hint: '最多选三项', options: [
    { content: '专业知识' }, { content: '实践能力' }, { content: '沟通表达' }, { content: '团队协作' }, { content: '创新思维' },
  ] },
  { title: '您对母校人才培养的总体满意度', type: QUESTION_TYPE.rating },
  { title: '您希望母校提供哪些校友服务', type: QUESTION_TYPE.multiple, options: [
    { content: '职业发展讲座' }, { content: '校友联谊活动' }, { content: '继续教育', instruction: '学历提升与培训课程' }, { content: '创业支持' },
  ] },
  { title: '您对母校校友工作的满意度', type: QUESTION_TYPE.rating },
  { title: '您目前所在的城市', type: QUESTION_TYPE.shortText },
  { title: '您对母校的建议', type: QUESTION_TYPE.longText, required: 0 },
];

/** 「校友活动满意度调查」, a draft of six questions. */
const EVENT_FEEDBACK: SubjectPlan[] = [
  { title: '您参加的是哪一场活动', type: QUESTION_TYPE.single, options: [{ content: '十周年返校日' }, { content: '北京校友会新春联谊会' }, { content: '校友羽毛球邀请赛' }] },
  { title: '您对活动组织的满意度', type: QUESTION_TYPE.rating },
  { title: '您对活动内容的满意度', type: QUESTION_TYPE.rating },
  { title: '您最喜欢的环节', type: QUESTION_TYPE.multiple, options: [{ content: '主题演讲' }, { content: '自由交流' }, { content: '校园参观' }, { content: '文艺表演' }] },
  { title: '您希望下次活动的形式', type: QUESTION_TYPE.dropdown, options: [{ content: '线下聚会' }, { content: '线上直播' }, { content: '线上线下结合' }] },
  { title: '其他意见和建议', type: QUESTION_TYPE.longText, required: 0 },
];

const CITIES = ['北京', '上海', '深圳', '杭州', '南京', '广州', '成都', '武汉'];
const ADVICE = ['希望多组织行业交流活动', '建议加强实践课程', '希望开放图书馆给校友使用', '多邀请校友回校分享经验', '建议建立校友导师制度'];
const FILLS = ['自主创业', '备考公务员', '待业中'];

/** A small deterministic generator, so every install seeds the same answers. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const pickWeighted = (rand: () => number, weights: number[]): number => {
  const total = weights.reduce((s, w) => s + w, 0);
  let r = rand() * total;
  for (const [i, w] of weights.entries()) {
    r -= w;
    if (r < 0) return i;
  }
  return weights.length - 1;
};

/** The future moment `days` after day D at a time of day. */
const daysAhead = (days: number, time: string) => `${formatDateTime(new Date(Date.now() + days * DAY)).slice(0, 10)} ${time}`;

async function seedSurvey(w: SeedWriter, tenantId: string, row: number, survey: Record<string, unknown>, plan: SubjectPlan[], optionRow: { next: number }) {
  const surveyId = seedId(SURVEYS, row);
  await w.insert(questionnaireSurveyEntity.table, {
    id: surveyId, surveyType: '1', isAnonymous: 0, allowRepeat: 0, targetScope: '1', thankText: '感谢您的参与！', subjectCount: plan.length, answerCount: 0,
    orgDeptId: OFFICE, createDept: OFFICE, ...survey,
  }, tenantId);
  const subjectIds: string[] = [];
  const optionIds: string[][] = [];
  for (const [i, s] of plan.entries()) {
    const id = seedId(SUBJECTS, row * 100 + i + 1);
    subjectIds.push(id);
    const options = (s.options ?? []).map(() => seedId(OPTIONS, optionRow.next++));
    optionIds.push(options);
    const showIf = s.showIf ? JSON.stringify({ subjectId: subjectIds[s.showIf.subject - 1], optionIds: s.showIf.options.map((o) => optionIds[s.showIf!.subject - 1]![o - 1]) }) : null;
    await w.insert(subjectRegistEntity.table, {
      id, surveyId, subjectNo: i + 1, subjectTitle: s.title, questionType: s.type, isRequired: s.required ?? 1, hint: s.hint ?? null,
      minSelect: s.type === QUESTION_TYPE.multiple ? 1 : null, maxSelect: s.maxSelect ?? null,
      scoreMax: s.type === QUESTION_TYPE.rating ? 5 : null, maxLength: s.type === QUESTION_TYPE.shortText ? 200 : s.type === QUESTION_TYPE.longText ? 1000 : null,
      showIf, optionCount: options.length, orgDeptId: OFFICE,
    }, tenantId);
    for (const [j, o] of (s.options ?? []).entries()) {
      await w.insert(optionInstructionEntity.table, {
        id: options[j], subjectId: id, surveyId, optionLabel: String.fromCharCode(65 + j), optionContent: o.content, instruction: o.instruction ?? null,
        allowFill: o.fill ? 1 : 0, score: null, sort: j + 1, answerCount: 0, orgDeptId: OFFICE,
      }, tenantId);
    }
  }
  return surveyId;
}

/**
 * The demo's surveys (DOMAIN 18.8): the graduate follow-up survey collecting from D − 30 to D + 30
 * with 80 answers of demo alumni over the last month — each checked by the server's own answer
 * rules, so skipped questions stay unanswered — and the event feedback survey as a draft.
 */
export async function seedSurveys(w: SeedWriter, tenantId = '000000'): Promise<void> {
  const year = new Date().getFullYear() - 1;
  const optionRow = { next: 1 };
  const followUp = await seedSurvey(w, tenantId, 1, {
    title: `${year}届毕业生一年后跟踪调查`, surveyType: '1', surveyStatus: SURVEY_STATUS.collecting,
    description: `了解${year}届毕业生的就业与发展情况，结果用于学校年度质量报告。`, startTime: daysAgo(30, '09:00:00'), endTime: daysAhead(30, '18:00:00'),
  }, FOLLOW_UP, optionRow);
  await seedSurvey(w, tenantId, 2, {
    title: '校友活动满意度调查', surveyType: '2', surveyStatus: SURVEY_STATUS.draft,
    startTime: daysAhead(7, '09:00:00'), endTime: daysAhead(37, '18:00:00'),
  }, EVENT_FEEDBACK, optionRow);

  const subjects = await structureOf(w.db, tenantId, followUp);
  const rand = generator(2024);
  const counts = new Map<string, number>();
  for (let n = 1; n <= 80; n += 1) {
    const [status, nature, relevance, income, abilities, satisfaction, services, work, city, advice] = subjects;
    const answer: Record<string, unknown> = {};
    const option = (s: typeof status, i: number) => s!.options[i]!.id;
    const state = pickWeighted(rand, [52, 21, 7]);
    answer[status!.id] = option(status, state);
    if (state === 2) answer[`${status!.id}_fill`] = FILLS[n % FILLS.length];
    if (state === 0) {
      answer[nature!.id] = option(nature, pickWeighted(rand, [3, 5, 2, 2]));
      answer[relevance!.id] = option(relevance, pickWeighted(rand, [4, 5, 2, 1]));
      answer[income!.id] = option(income, pickWeighted(rand, [2, 5, 4, 2]));
    }
    answer[abilities!.id] = abilities!.options.filter(() => rand() < 0.45).slice(0, 3).map((o) => o.id).join(',') || abilities!.options[0]!.id;
    answer[satisfaction!.id] = 1 + pickWeighted(rand, [1, 2, 9, 30, 36]);
    answer[services!.id] = services!.options.filter(() => rand() < 0.5).map((o) => o.id).join(',') || services!.options[1]!.id;
    answer[work!.id] = 1 + pickWeighted(rand, [1, 3, 12, 34, 30]);
    answer[city!.id] = CITIES[Math.floor(rand() * CITIES.length)];
    if (rand() < 0.42) answer[advice!.id] = ADVICE[Math.floor(rand() * ADVICE.length)];
    const stored = checkAnswers(subjects, answer);
    for (const s of subjects) {
      if (s.options.length === 0 || !(s.id in stored)) continue;
      for (const id of String(stored[s.id]).split(',')) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const time = daysAgo(Math.floor(((80 - n) * 29) / 80), `${String(8 + (n % 13)).padStart(2, '0')}:${String((n * 7) % 60).padStart(2, '0')}:${String((n * 13) % 60).padStart(2, '0')}`);
    await w.insert(surveyAnswerEntity.table, {
      id: seedId(ANSWERS, n), surveyId: followUp, alumniId: seedId(ALUMNI, n + 10), answerTime: time, source: n % 5 === 0 ? '2' : '1',
      durationSeconds: 120 + Math.floor(rand() * 480), answers: JSON.stringify(stored), respondentKey: null, orgDeptId: OFFICE,
    }, tenantId);
  }
  await w.db.updateTable(questionnaireSurveyEntity.table).set({ answer_count: 80 }).where('id', '=', followUp).execute();
  for (const [id, count] of counts) await w.db.updateTable(optionInstructionEntity.table).set({ answer_count: count }).where('id', '=', id).execute();
}
