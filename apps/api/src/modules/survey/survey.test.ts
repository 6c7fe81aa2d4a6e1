import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

const SURVEY = '/api/blade-questionnaireSurvey/questionnaireSurvey';
const SUBJECT = '/api/blade-subjectRegist/subjectRegist';
const OPTION = '/api/blade-optionInstruction/optionInstruction';
type Json = Record<string, unknown>;
/** The demo's follow-up survey and its questions (seed/survey-seed.ts). */
const FOLLOW_UP = '1900000000000260001';
const ALUMNUS = '1900000000000030200';
const OTHER_ALUMNUS = '1900000000000030201';

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe.each(testDialects())('surveys on %s (DOMAIN 9)', (dialect) => {
  let t: TestApp;
  let office: string;
  let association: string;
  let leader: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [office, association, leader] = await Promise.all([t.signIn('office'), t.signIn('association'), t.signIn('leader')]);
  });
  afterAll(async () => t?.close());

  const ok = async (method: 'GET' | 'POST', url: string, body?: Json, token = office) => {
    const res = await t.call(method, url, token, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const open = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({ method, url, payload: body as Json | undefined, headers: { 'tenant-id': '000000' } });

  /** A draft survey of two choice questions, the second shown only for option A of the first, and a rating. */
  async function buildSurvey(extra: Json = {}) {
    const survey = await ok('POST', `${SURVEY}/submit`, {
      title: '校友服务需求调研', surveyType: '3', startTime: `${day(-1)} 00:00:00`, endTime: `${day(10)} 00:00:00`, targetScope: '1', ...extra,
    }) as Json;
    const q1 = await ok('POST', `${SUBJECT}/submit`, { surveyId: survey.id, subjectNo: 1, subjectTitle: '您是否参加过校友活动', questionType: '1', isRequired: 1 }) as Json;
    const yes = await ok('POST', `${OPTION}/submit`, { subjectId: q1.id, optionLabel: 'A', optionContent: '参加过', instruction: '近三年内' }) as Json;
    const no = await ok('POST', `${OPTION}/submit`, { subjectId: q1.id, optionLabel: 'B', optionContent: '没有' }) as Json;
    const q2 = await ok('POST', `${SUBJECT}/submit`, {
      surveyId: survey.id, subjectNo: 2, subjectTitle: '您参加的活动类型', questionType: '2', isRequired: 1,
      showIf: JSON.stringify({ subjectId: q1.id, optionIds: [yes.id] }),
    }) as Json;
    const talk = await ok('POST', `${OPTION}/submit`, { subjectId: q2.id, optionLabel: 'A', optionContent: '讲座' }) as Json;
    await ok('POST', `${OPTION}/submit`, { subjectId: q2.id, optionLabel: 'B', optionContent: '聚会', allowFill: 1 });
    const q3 = await ok('POST', `${SUBJECT}/submit`, { surveyId: survey.id, subjectNo: 3, subjectTitle: '总体满意度', questionType: '5', isRequired: 1 }) as Json;
    return { survey, q1, q2, q3, yes, no, talk };
  }

  const publish = (id: unknown, token = office) => t.call('POST', `${SURVEY}/submit`, token, { id, surveyStatus: 1 });
  const linkFor = async (id: unknown, alumniId?: string) =>
    (await ok('GET', `${SURVEY}/answer-link?id=${String(id)}${alumniId ? `&alumniId=${alumniId}` : ''}`)) as { token: string; path: string };

  it('keeps a new survey a draft with its counts, the default closing text and the creator\'s unit', async () => {
    const { survey } = await buildSurvey();
    const detail = await ok('GET', `${SURVEY}/detail?id=${String(survey.id)}`) as Json;
    expect(detail).toMatchObject({ surveyStatus: 0, surveyStatusName: '草稿', subjectCount: 3, answerCount: 0, thankText: '感谢您的参与！', orgDeptId: '1900000000000920002' });
    const bad = await t.call('POST', `${SURVEY}/submit`, office, { title: '时间', surveyType: '1', startTime: `${day(2)} 00:00:00`, endTime: `${day(1)} 00:00:00`, targetScope: '1' });
    expect(bad.json()).toMatchObject({ code: 400, msg: '结束时间须晚于开始时间' });
  });

  it('publishes only with questions and two options per choice question, behind questionnaire_publish, 0 → 1 ⇄ 2 → 3', async () => {
    const empty = await ok('POST', `${SURVEY}/submit`, { title: '空问卷', surveyType: '99', startTime: `${day(-1)} 00:00:00`, endTime: `${day(3)} 00:00:00`, targetScope: '1' }) as Json;
    expect((await publish(empty.id)).json().msg).toBe('问卷至少需要一道题目');
    const one = await ok('POST', `${SUBJECT}/submit`, { surveyId: empty.id, subjectNo: 1, subjectTitle: '单选', questionType: '1', isRequired: 1 }) as Json;
    await ok('POST', `${OPTION}/submit`, { subjectId: one.id, optionLabel: 'A', optionContent: '是' });
    expect((await publish(empty.id)).json().msg).toBe('第1题至少需要两个选项');

    const { survey } = await buildSurvey();
    expect((await publish(survey.id, association)).statusCode).toBe(403);
    expect((await publish(survey.id)).json().data.surveyStatus).toBe(1);
    expect((await t.call('POST', `${SURVEY}/submit`, office, { id: survey.id, surveyStatus: 0 })).statusCode).toBe(400);
    expect((await t.call('POST', `${SURVEY}/submit`, office, { id: survey.id, surveyStatus: 2 })).json().data.surveyStatus).toBe(2);
    expect((await t.call('POST', `${SURVEY}/submit`, office, { id: survey.id, surveyStatus: 1 })).json().data.surveyStatus).toBe(1);
    expect((await t.call('POST', `${SURVEY}/submit`, office, { id: survey.id, surveyStatus: 3 })).json().data.surveyStatus).toBe(3);
    const closed = await t.call('POST', `${SURVEY}/submit`, office, { id: survey.id, title: '改标题' });
    expect(closed.json()).toMatchObject({ code: 400, msg: '问卷已结束，不能修改' });
  });

  it('refuses options on a question that takes none, and a label used twice in a question', async () => {
    const { survey, q1, q3 } = await buildSurvey();
    expect((await t.call('POST', `${OPTION}/submit`, office, { subjectId: q3.id, optionLabel: 'A', optionContent: '非常满意' })).json().msg).toBe('该题型不需要选项');
    expect((await t.call('POST', `${OPTION}/submit`, office, { subjectId: q1.id, optionLabel: 'A', optionContent: '重复' })).json().msg).toBe('选项标识在本题中已存在');
    const bad = await t.call('POST', `${SUBJECT}/submit`, office, { surveyId: survey.id, subjectNo: 4, subjectTitle: '跳题', questionType: '3', isRequired: 1, showIf: JSON.stringify({ subjectId: q3.id, optionIds: ['1'] }) });
    expect(bad.json().msg).toBe('显示条件须引用本问卷中前面的选择题及其选项');
  });

  it('honours skip logic on the server: a hidden question is not required and its answer is not stored', async () => {
    const { survey, q1, q2, q3, yes, no, talk } = await buildSurvey();
    expect((await publish(survey.id)).statusCode).toBe(200);
    const first = await linkFor(survey.id, ALUMNUS);
    const view = (await open('GET', `${SURVEY}/open/survey?id=${String(survey.id)}&token=${first.token}`)).json().data;
    expect(view.closedReason).toBeNull();
    expect(view.subjects[1].showIf).toEqual({ subjectId: q1.id, optionIds: [yes.id] });

    // Shown (A) and left empty: required.
    const missing = await open('POST', `${SURVEY}/open/submit`, { id: survey.id, token: first.token, answers: { [String(q1.id)]: yes.id, [String(q3.id)]: 4 } });
    expect(missing.json()).toMatchObject({ code: 400, msg: '第2题为必答题' });
    // Hidden (B): not required, and an answer sent for it anyway is dropped.
    const sent = await open('POST', `${SURVEY}/open/submit`, {
      id: survey.id, token: first.token, durationSeconds: 30, answers: { [String(q1.id)]: no.id, [String(q2.id)]: talk.id, [String(q3.id)]: 4 },
    });
    expect(sent.json(), sent.body).toMatchObject({ code: 200, data: { thankText: '感谢您的参与！' } });
    const stored = await t.app.services.database.db.selectFrom('alumni_survey_answer').select(['answers', 'alumni_id']).where('survey_id', '=', String(survey.id)).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.parse(String(stored[0]!.answers))).toEqual({ [String(q1.id)]: no.id, [String(q3.id)]: 4 });
    expect(String(stored[0]!.alumni_id)).toBe(ALUMNUS);
  });

  it('takes one answer per alumnus, and per link of an anonymous survey, unless repeats are allowed', async () => {
    const { survey, q1, q3, no } = await buildSurvey();
    await publish(survey.id);
    const answers = { [String(q1.id)]: no.id, [String(q3.id)]: 5 };
    const link = await linkFor(survey.id, OTHER_ALUMNUS);
    expect((await open('POST', `${SURVEY}/open/submit`, { id: survey.id, token: link.token, answers })).statusCode).toBe(200);
    const again = await open('POST', `${SURVEY}/open/submit`, { id: survey.id, token: link.token, answers });
    expect(again.json()).toMatchObject({ code: 400, msg: '您已提交过本问卷' });
    expect((await open('GET', `${SURVEY}/open/survey?id=${String(survey.id)}&token=${link.token}`)).json().data.closedReason).toBe('您已提交过本问卷');
    // A named survey needs a personal link; a forged token is refused.
    expect((await t.call('GET', `${SURVEY}/answer-link?id=${String(survey.id)}`, office)).json().msg).toBe('请选择校友');
    expect((await open('POST', `${SURVEY}/open/submit`, { id: survey.id, token: `${link.token.slice(0, -2)}xx`, answers })).json().msg).toBe('问卷链接无效');

    const anonymous = await buildSurvey({ isAnonymous: 1 });
    await publish(anonymous.survey.id);
    const anonymousAnswers = { [String(anonymous.q1.id)]: anonymous.no.id, [String(anonymous.q3.id)]: 3 };
    const l1 = await linkFor(anonymous.survey.id);
    const l2 = await linkFor(anonymous.survey.id);
    expect(l1.token).not.toBe(l2.token);
    for (const l of [l1, l2]) expect((await open('POST', `${SURVEY}/open/submit`, { id: anonymous.survey.id, token: l.token, answers: anonymousAnswers })).statusCode).toBe(200);
    expect((await open('POST', `${SURVEY}/open/submit`, { id: anonymous.survey.id, token: l1.token, answers: anonymousAnswers })).statusCode).toBe(400);
    const rows = await t.app.services.database.db.selectFrom('alumni_survey_answer').select('alumni_id').where('survey_id', '=', String(anonymous.survey.id)).execute();
    expect(rows.map((r) => r.alumni_id)).toEqual([null, null]);

    const repeat = await buildSurvey({ allowRepeat: 1 });
    await publish(repeat.survey.id);
    const l3 = await linkFor(repeat.survey.id, OTHER_ALUMNUS);
    const repeatAnswers = { [String(repeat.q1.id)]: repeat.no.id, [String(repeat.q3.id)]: 2 };
    for (let i = 0; i < 2; i += 1) expect((await open('POST', `${SURVEY}/open/submit`, { id: repeat.survey.id, token: l3.token, answers: repeatAnswers })).statusCode).toBe(200);
  });

  it('freezes the structure once answered: no question or option added or removed, no type change; wording may change', async () => {
    const { survey, q1, q3, no, yes } = await buildSurvey();
    await publish(survey.id);
    const link = await linkFor(survey.id, ALUMNUS);
    expect((await open('POST', `${SURVEY}/open/submit`, { id: survey.id, token: link.token, answers: { [String(q1.id)]: no.id, [String(q3.id)]: 5 } })).statusCode).toBe(200);
    const frozen = '问卷已有答卷，不能修改题目结构';
    expect((await t.call('POST', `${SUBJECT}/submit`, office, { surveyId: survey.id, subjectNo: 9, subjectTitle: '新增', questionType: '3', isRequired: 0 })).json().msg).toBe(frozen);
    expect((await t.call('POST', `${SUBJECT}/submit`, office, { id: q3.id, questionType: '3' })).json().msg).toBe(frozen);
    expect((await t.call('POST', `${SUBJECT}/remove?ids=${String(q3.id)}`, office)).json().msg).toBe(frozen);
    expect((await t.call('POST', `${OPTION}/submit`, office, { subjectId: q1.id, optionLabel: 'C', optionContent: '新选项' })).json().msg).toBe(frozen);
    expect((await t.call('POST', `${OPTION}/remove?ids=${String(yes.id)}`, office)).json().msg).toBe(frozen);
    expect((await t.call('POST', `${SUBJECT}/submit`, office, { id: q3.id, subjectTitle: '总体满意度（修订）' })).statusCode).toBe(200);
    expect((await t.call('POST', `${OPTION}/submit`, office, { id: yes.id, instruction: '近五年内' })).statusCode).toBe(200);
    expect((await t.call('POST', `${SURVEY}/remove?ids=${String(survey.id)}`, office)).json().msg).toBe('已有答卷的问卷不能删除');
  });

  it('refuses answers outside the survey\'s time, paused, or breaking a question\'s rule', async () => {
    const { survey, q1, q3, no } = await buildSurvey();
    const link = await linkFor(survey.id, ALUMNUS);
    expect((await open('POST', `${SURVEY}/open/submit`, { id: survey.id, token: link.token, answers: {} })).json().msg).toBe('问卷未开放');
    await publish(survey.id);
    expect((await open('POST', `${SURVEY}/open/submit`, { id: survey.id, token: link.token, answers: { [String(q1.id)]: no.id, [String(q3.id)]: 9 } })).json().msg).toBe('第3题的评分应为1到5');
    expect((await open('POST', `${SURVEY}/open/submit`, { id: survey.id, token: link.token, answers: { [String(q1.id)]: '123', [String(q3.id)]: 3 } })).json().msg).toBe('第1题的选项不正确');
    expect((await open('POST', `${SURVEY}/open/submit`, { id: survey.id, token: link.token, answers: { '42': 'x' } })).json().msg).toBe('答卷中含有本问卷以外的题目');
    await t.call('POST', `${SURVEY}/submit`, office, { id: survey.id, surveyStatus: 2 });
    expect((await open('POST', `${SURVEY}/open/submit`, { id: survey.id, token: link.token, answers: { [String(q1.id)]: no.id, [String(q3.id)]: 3 } })).json().msg).toBe('问卷已暂停收集');
    const count = (await ok('GET', `${SURVEY}/detail?id=${String(survey.id)}`) as Json).answerCount;
    expect(count).toBe(0);
  });

  it('answers the demo survey\'s statistics: counts, percents of the answered, ratings and the latest texts', async () => {
    const structure = await ok('GET', `${SUBJECT}/getQuestionnaireSurvey?surveyId=${FOLLOW_UP}`, undefined, leader);
    expect(structure.survey).toMatchObject({ id: FOLLOW_UP, surveyStatus: 1, answerCount: 80 });
    expect(structure.subjects).toHaveLength(10);
    expect(structure.subjects[0].options[0]).not.toHaveProperty('count');
    const stats = await ok('GET', `${SUBJECT}/getQuestionnaireSurvey?surveyId=${FOLLOW_UP}&withStats=1`, undefined, leader);
    const [status, nature, , , , rating, , , , advice] = stats.subjects;
    expect(status.answeredCount).toBe(80);
    const counts = status.options.map((o: Json) => o.count);
    expect(counts.reduce((s: number, c: number) => s + c, 0)).toBe(80);
    for (const o of status.options) expect(o.percent).toBe(((Number(o.count) * 100) / 80).toFixed(2));
    expect(status.options[2].fills.length).toBe(Math.min(20, status.options[2].count));
    // The follow-on questions were answered exactly by those employed (skip logic).
    expect(nature.answeredCount).toBe(status.options[0].count);
    expect(rating.scoreDistribution.map((d: Json) => d.label)).toEqual(['1分', '2分', '3分', '4分', '5分']);
    const total = rating.scoreDistribution.reduce((s: number, d: Json) => s + Number(d.count), 0);
    const sum = rating.scoreDistribution.reduce((s: number, d: Json) => s + Number(d.key) * Number(d.count), 0);
    expect(total).toBe(80);
    expect(rating.avgScore).toBe((sum / total).toFixed(2));
    expect(advice.textAnswers.length).toBe(Math.min(20, advice.answeredCount));
    // The option counts kept on the options agree with the answers.
    const options = (await ok('GET', `${OPTION}/list?subjectId_equal=${String(status.id)}&size=10`)).records as Json[];
    expect(options.map((o) => o.answerCount)).toEqual(counts);
    // Statistics need questionnaire_stats (the college secretary has it; a role without the menu has not).
    expect((await t.call('GET', `${SUBJECT}/getQuestionnaireSurvey?surveyId=${FOLLOW_UP}&withStats=1`, await t.signIn('foundation'))).statusCode).toBe(403);
  });

  it('exports the answers: one row per answer, one column per question, choices by their text', async () => {
    const res = await t.call('GET', `${SURVEY}/export-answers?id=${FOLLOW_UP}`, office);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 5)).toEqual(['序号', '答卷时间', '校友', '来源', '用时（秒）']);
    expect(header[5]).toBe('1. 您目前的状态');
    expect(header).toHaveLength(15);
    expect(sheet.rowCount).toBe(81);
    const firstStatus = String(sheet.getRow(2).getCell(6).value);
    expect(['已就业', '升学深造'].some((s) => firstStatus === s) || firstStatus.startsWith('其他（')).toBe(true);
    expect((await t.call('GET', `${SURVEY}/export-answers?id=${FOLLOW_UP}`, leader)).statusCode).toBe(403);
  });

  it('renumbers the questions in the order given, keeping conditions after their question', async () => {
    const { survey, q1, q2, q3 } = await buildSurvey();
    const refused = await t.call('POST', `${SUBJECT}/sort`, office, { surveyId: survey.id, ids: [q2.id, q1.id, q3.id] });
    expect(refused.json().msg).toBe('第1题的显示条件须引用它前面的选择题');
    const sorted = await ok('POST', `${SUBJECT}/sort`, { surveyId: survey.id, ids: [q1.id, q3.id, q2.id] }) as Json[];
    expect(sorted.map((s) => [s.id, s.subjectNo])).toEqual([[q1.id, 1], [q3.id, 2], [q2.id, 3]]);
  });

  it('removes a draft survey with its questions and options', async () => {
    const { survey, q1 } = await buildSurvey();
    expect((await t.call('POST', `${SURVEY}/remove?ids=${String(survey.id)}`, office)).statusCode).toBe(200);
    expect((await t.call('GET', `${SUBJECT}/detail?id=${String(q1.id)}`, office)).statusCode).toBe(404);
  });
});

describe.each(testDialects())('the survey answer page\'s rate limit on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { TRUST_PROXY: 'true', RATE_LIMIT_SELF_SERVICE_PER_MINUTE: '3' });
  });
  afterAll(async () => t?.close());

  it('refuses the public calls past the per-address limit with 429', async () => {
    const call = (ip: string) => t.app.inject({
      method: 'GET', url: `${SURVEY}/open/survey?id=${FOLLOW_UP}&token=nothing`, headers: { 'tenant-id': '000000', 'x-forwarded-for': ip },
    });
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await call('10.9.0.1')).statusCode);
    expect(answers).toEqual([400, 400, 400, 429, 429]);
    expect((await call('10.9.0.2')).statusCode).toBe(400);
  });
});
