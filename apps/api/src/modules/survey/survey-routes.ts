import {
  MSG, QUESTION_TYPE, SURVEY_MSG, SURVEY_STATUS, TEXT_TYPES, basicInfoEntity, chosenOptions, englishEntryLabel, isId, optionInstructionEntity,
  parseShowIf, questionnaireSurveyEntity, subjectRegistEntity, surveyAnswerEntity, type Lang, type OpenSurveyView, type SurveySubjectView,
} from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, notFound } from '../../core/errors.js';
import { publicTenantOf } from '../../core/public-tenant.js';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import { datedFileName, streamSheet } from '../../engine/excel/entity-export.js';
import { checkAnswers, closedReason, SurveyLinks, type Respondent } from './survey-answers.js';
import { answerPath } from './survey-invitation.js';
import { answersOf, subjectsOf, surveyRow } from './survey-store.js';
import { structureOf, surveyView } from './survey-view.js';

const SURVEY = '/blade-questionnaireSurvey/questionnaireSurvey';
const SUBJECT = '/blade-subjectRegist/subjectRegist';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Where the public answer page lives in the web app. */
/** Sources of an answer (`apply_source`): 1 web, 2 WeChat mini program. */
const ANSWER_SOURCES = ['1', '2'];

const surveyTags = [`${questionnaireSurveyEntity.label.en} (${questionnaireSurveyEntity.label.zh})`];
const subjectTags = [`${subjectRegistEntity.label.en} (${subjectRegistEntity.label.zh})`];

const idParam = (value: unknown): string => {
  const id = String(value ?? '');
  if (!isId(id)) throw badRequest(MSG.badIds);
  return id;
};

/** The text of one answer to one question as a person reads it in the export. */
function answerText(subject: SurveySubjectView, answers: Record<string, unknown>): string {
  const value = answers[subject.id];
  if (value === undefined || value === null) return '';
  if (subject.questionType === QUESTION_TYPE.matrix) {
    const rows = value as Record<string, unknown>;
    return subject.options.filter((o) => o.id in rows).map((o) => `${o.optionContent}: ${subject.matrixColumns[Number(rows[o.id]) - 1] ?? ''}`).join('；');
  }
  if (subject.options.length > 0) {
    const chosen = chosenOptions(value);
    const text = subject.options.filter((o) => chosen.includes(o.id)).map((o) => o.optionContent).join('；');
    const fill = answers[`${subject.id}_fill`];
    return typeof fill === 'string' && fill !== '' ? `${text}（${fill}）` : text;
  }
  return String(value);
}

/**
 * The survey module's calls beyond its entities' own (DOMAIN 9): the assembled survey with its
 * statistics, the pickers, the order of questions, the answer export, answer links, and the two
 * public calls of the answer page.
 */
export function registerSurveyRoutes(app: FastifyInstance): void {
  const { operations, repository, database, access, labels, surveyLinks: links } = app.services;

  /** A survey the caller may read through the questionnaire menu, or 404. */
  const readableSurvey = async (req: FastifyRequest, id: string): Promise<JsonRecord> => {
    const caller = requireCaller(req.caller);
    const scope = await operations.authoriseRead(questionnaireSurveyEntity, caller);
    const survey = await repository.findById(questionnaireSurveyEntity, scope, id);
    if (!survey) throw notFound();
    return survey;
  };

  app.get(`${SUBJECT}/getQuestionnaireSurvey`, {
    schema: {
      tags: subjectTags, summary: 'The whole survey: its questions with their options; with withStats=1 the statistics of every question too',
      querystring: { type: 'object', required: ['surveyId'], properties: { surveyId: { type: 'string' }, withStats: { type: 'string' } } },
    },
  }, async (req) => {
    const query = req.query as Record<string, unknown>;
    const survey = await readableSurvey(req, idParam(query.surveyId));
    const stats = String(query.withStats ?? '') === '1';
    if (stats) await access.require(requireCaller(req.caller), 'questionnaire_stats');
    return ok(await surveyView(database.db, requireCaller(req.caller).tenantId, survey, stats, req.lang), req.lang);
  });

  app.get(`${SURVEY}/select`, {
    schema: { tags: surveyTags, summary: 'The surveys of the caller\'s data scope, newest first, for pickers (id, title, status)' },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    // Its declared grant (access/route-grant.ts) also lets the forms that pick a survey through (option instructions).
    const scope = await operations.rowScope(questionnaireSurveyEntity, caller, undefined, 'read');
    const rows = await repository.all(questionnaireSurveyEntity, scope, [], [], 1000);
    return ok(rows.map((r) => ({ id: r.id, title: r.title, surveyStatus: r.surveyStatus })), req.lang);
  });

  app.get(`${SUBJECT}/select`, {
    schema: {
      tags: subjectTags, summary: 'The questions of a survey in order, for pickers (id, label "n. title", type)',
      querystring: { type: 'object', properties: { surveyId: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    // Its declared grant (access/route-grant.ts) also lets the option-instruction form through.
    const scope = await operations.rowScope(subjectRegistEntity, caller, undefined, 'read');
    const surveyId = String((req.query as Record<string, unknown>).surveyId ?? '');
    if (surveyId === '') return ok([], req.lang);
    const rows = await repository.all(subjectRegistEntity, scope, [{ field: 'surveyId', op: 'equal', value: idParam(surveyId) }]);
    return ok(rows.map((r) => ({ id: r.id, label: `${String(r.subjectNo)}. ${String(r.subjectTitle)}`, questionType: r.questionType })), req.lang);
  });

  app.post(`${SUBJECT}/sort`, {
    schema: {
      tags: subjectTags, summary: 'Numbers the questions of a survey 1, 2, … in the order given (every question of the survey, once)',
      body: { type: 'object', required: ['surveyId', 'ids'], properties: { surveyId: { type: 'string' }, ids: { type: 'array', items: { type: 'string' } } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'subjectregist_edit');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const surveyId = idParam(body.surveyId);
    const order = Array.isArray(body.ids) ? body.ids.map(String) : typeof body.ids === 'string' ? body.ids.split(',') : [];
    const scope = await operations.rowScope(questionnaireSurveyEntity, caller);
    if (!(await repository.findById(questionnaireSurveyEntity, scope, surveyId))) throw notFound();
    await database.db.transaction().execute(async (tx) => {
      const subjects = await subjectsOf(tx, caller.tenantId, surveyId);
      const known = new Set(subjects.map((s) => String(s.id)));
      if (order.length !== known.size || new Set(order).size !== order.length || !order.every((id) => known.has(id))) throw badRequest(SURVEY_MSG.sortIds);
      const position = new Map(order.map((id, i) => [id, i]));
      for (const s of subjects) {
        const rule = parseShowIf(s.showIf);
        if (rule && (position.get(rule.subjectId) ?? Infinity) >= (position.get(String(s.id)) ?? 0)) {
          throw badRequest(SURVEY_MSG.showIfOrder, { n: (position.get(String(s.id)) ?? 0) + 1 });
        }
      }
      for (const [i, id] of order.entries()) {
        await tx.updateTable(subjectRegistEntity.table).set({ subject_no: i + 1, update_user: caller.userId, update_time: now() })
          .where('tenant_id', '=', caller.tenantId).where('id', '=', id).execute();
      }
    });
    return ok(await structureOf(database.db, caller.tenantId, surveyId), req.lang);
  });

  app.get(`${SURVEY}/export-answers`, {
    schema: {
      tags: surveyTags, summary: 'The answers of a survey as an .xlsx file: one row per answer, one column per question',
      querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
    },
  }, async (req, reply) => {
    const caller = requireCaller(req.caller);
    await operations.requireCode(caller, 'questionnaire_export');
    const survey = await readableSurvey(req, idParam((req.query as Record<string, unknown>).id));
    const lang: Lang = req.lang;
    const subjects = await structureOf(database.db, caller.tenantId, String(survey.id));
    const answers = (await answersOf(database.db, caller.tenantId, String(survey.id))).reverse();
    const named = [...new Set(answers.map((a) => a.alumniId).filter((a): a is string => a !== null))];
    const names = new Map<string, string>();
    for (let i = 0; i < named.length; i += 500) {
      const rows = await database.db.selectFrom(basicInfoEntity.table).select(['id', 'name']).where('tenant_id', '=', caller.tenantId)
        .where('id', 'in', named.slice(i, i + 500)).execute();
      for (const r of rows) names.set(String(r.id), String(r.name));
    }
    const sources = await labels.labels('biz', caller.tenantId, 'apply_source');
    const sourceName = (key: string | null) => (key === null ? '' : lang === 'en' ? englishEntryLabel('apply_source', key) ?? sources.get(key) ?? key : sources.get(key) ?? key);
    const head = lang === 'en'
      ? { no: 'No.', time: 'Answered at', alumnus: 'Alumnus', source: 'Channel', duration: 'Time spent (s)' }
      : { no: '序号', time: '答卷时间', alumnus: '校友', source: '来源', duration: '用时（秒）' };
    const columns = [
      { key: 'no', header: head.no, width: 8 }, { key: 'time', header: head.time, width: 20 }, { key: 'alumnus', header: head.alumnus, width: 12 },
      { key: 'source', header: head.source, width: 10 }, { key: 'duration', header: head.duration, width: 12 },
      ...subjects.map((s) => ({ key: s.id, header: `${s.subjectNo}. ${s.subjectTitle}`, width: TEXT_TYPES.includes(s.questionType) ? 40 : 24 })),
    ];
    const stream = streamSheet(String(survey.title), columns, async (add) => {
      answers.forEach((a, i) => add({
        no: i + 1, time: a.answerTime, alumnus: a.alumniId ? names.get(a.alumniId) ?? '' : '', source: sourceName(a.source), duration: a.durationSeconds,
        ...Object.fromEntries(subjects.map((s) => [s.id, answerText(s, a.answers)])),
      }));
    });
    reply.header('content-type', XLSX);
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(datedFileName(String(survey.title)))}`);
    return reply.send(stream);
  });

  app.get(`${SURVEY}/answer-link`, {
    schema: {
      tags: surveyTags,
      summary: 'A link to the survey\'s answer page: personal for an alumnus (alumniId; required unless the survey is anonymous), else one new link of an anonymous survey',
      querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, alumniId: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'questionnaire_view');
    const query = req.query as Record<string, unknown>;
    const survey = await readableSurvey(req, idParam(query.id));
    let respondent: Respondent;
    if (query.alumniId !== undefined && query.alumniId !== '') {
      const alumniId = idParam(query.alumniId);
      const scope = await operations.rowScope(basicInfoEntity, caller, undefined, 'read');
      if (!(await repository.findById(basicInfoEntity, scope, alumniId))) throw badRequest(SURVEY_MSG.alumnusMissing);
      respondent = { kind: 'alumnus', alumniId };
    } else if (Number(survey.isAnonymous) === 1) {
      respondent = SurveyLinks.newLink();
    } else {
      throw badRequest(SURVEY_MSG.alumnusRequired);
    }
    const token = links.sign(caller.tenantId, String(survey.id), respondent);
    const path = answerPath(caller.tenantId, String(survey.id), token);
    return ok({ token, path }, req.lang);
  });

  // The public answer page (added): the tenant from the `Tenant-Id` header, the respondent from the link's token.
  /** The survey and respondent a public call names, or a 400 for a link that is not valid. */
  const linkOf = async (db: Db, tenantId: string, surveyId: unknown, token: unknown) => {
    const id = String(surveyId ?? '');
    const survey = isId(id) ? await surveyRow(db, tenantId, id) : null;
    const respondent = survey ? links.verify(tenantId, id, token) : null;
    if (!survey || !respondent) throw badRequest(SURVEY_MSG.badLink);
    if (Number(survey.isAnonymous) !== 1 && respondent.kind !== 'alumnus') throw badRequest(SURVEY_MSG.personalLinkNeeded);
    return { survey, respondent, key: links.respondentKey(tenantId, id, respondent) };
  };

  /** Whether this respondent has answered already (only while one answer each is the rule). */
  const answeredBefore = async (db: Db, tenantId: string, survey: JsonRecord, respondent: Respondent, key: string): Promise<boolean> => {
    if (Number(survey.allowRepeat) === 1) return false;
    let query = db.selectFrom(surveyAnswerEntity.table).select('id').where('tenant_id', '=', tenantId).where('survey_id', '=', String(survey.id))
      .where('is_deleted', '=', 0);
    query = respondent.kind === 'alumnus' && Number(survey.isAnonymous) !== 1
      ? query.where((eb) => eb.or([eb('respondent_key', '=', key), eb('alumni_id', '=', respondent.alumniId)]))
      : query.where('respondent_key', '=', key);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  };

  const open = { public: true };

  app.get(`${SURVEY}/open/survey`, {
    config: open,
    schema: {
      tags: surveyTags, summary: 'The answer page\'s survey (no token; the link\'s token names the respondent): its questions, and why it takes no answer now if so',
      querystring: { type: 'object', required: ['id', 'token'], properties: { id: { type: 'string' }, token: { type: 'string' } } },
    },
  }, async (req) => {
    const tenantId = await publicTenantOf(database.db, req);
    const query = req.query as Record<string, unknown>;
    const { survey, respondent, key } = await linkOf(database.db, tenantId, query.id, query.token);
    if (Number(survey.surveyStatus) === SURVEY_STATUS.draft) throw badRequest(SURVEY_MSG.notOpen);
    const reason = closedReason(survey) ?? ((await answeredBefore(database.db, tenantId, survey, respondent, key)) ? SURVEY_MSG.alreadyAnswered : null);
    const view = await surveyView(database.db, tenantId, survey, false, req.lang);
    const answer: OpenSurveyView = { ...view, closedReason: reason ? reason[req.lang] : null };
    return ok(answer, req.lang);
  });

  app.post(`${SURVEY}/open/submit`, {
    config: open,
    schema: {
      tags: surveyTags,
      summary: 'Hands in an answer through the link (DOMAIN 9.4): a hidden question\'s answer is neither required nor kept; one answer per alumnus or link unless the survey allows more',
      body: {
        type: 'object', required: ['id', 'token', 'answers'],
        properties: { id: { type: 'string' }, token: { type: 'string' }, answers: { type: 'object' }, durationSeconds: { type: 'integer' }, source: { type: 'string' } },
      },
    },
  }, async (req) => {
    const tenantId = await publicTenantOf(database.db, req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const duration = body.durationSeconds === undefined || body.durationSeconds === null ? null : Number(body.durationSeconds);
    if (duration !== null && (!Number.isInteger(duration) || duration < 0 || duration > 86_400 * 30)) throw badRequest(SURVEY_MSG.badDuration);
    const source = ANSWER_SOURCES.includes(String(body.source ?? '')) ? String(body.source) : '1';
    const thankText = await database.db.transaction().execute(async (tx) => {
      const { survey, respondent, key } = await linkOf(tx, tenantId, body.id, body.token);
      const reason = closedReason(survey);
      if (reason) throw badRequest(reason);
      if (await answeredBefore(tx, tenantId, survey, respondent, key)) throw badRequest(SURVEY_MSG.alreadyAnswered);
      const subjects = await structureOf(tx, tenantId, String(survey.id));
      const stored = checkAnswers(subjects, body.answers);
      const alumniId = respondent.kind === 'alumnus' && Number(survey.isAnonymous) !== 1 ? respondent.alumniId : null;
      if (alumniId) {
        const alumnus = await tx.selectFrom(basicInfoEntity.table).select('id').where('tenant_id', '=', tenantId).where('id', '=', alumniId)
          .where('is_deleted', '=', 0).executeTakeFirst();
        if (!alumnus) throw badRequest(SURVEY_MSG.badLink);
      }
      const stamp = now();
      await repository.insert(surveyAnswerEntity, {
        id: ids.next(), tenantId, surveyId: String(survey.id), alumniId, answerTime: stamp, source, durationSeconds: duration,
        answers: JSON.stringify(stored), respondentKey: Number(survey.allowRepeat) === 1 ? null : key, orgDeptId: survey.orgDeptId ?? null,
        createTime: stamp, updateTime: stamp, status: 1, isDeleted: 0,
      }, tx);
      await tx.updateTable(questionnaireSurveyEntity.table).set((eb) => ({ answer_count: eb('answer_count', '+', 1) }))
        .where('tenant_id', '=', tenantId).where('id', '=', String(survey.id)).execute();
      const chosen = subjects.filter((s) => s.options.length > 0 && s.questionType !== QUESTION_TYPE.matrix && s.id in stored)
        .flatMap((s) => chosenOptions(stored[s.id]));
      if (chosen.length > 0) {
        await tx.updateTable(optionInstructionEntity.table).set((eb) => ({ answer_count: eb('answer_count', '+', 1) }))
          .where('tenant_id', '=', tenantId).where('id', 'in', chosen).execute();
      }
      return survey.thankText ? String(survey.thankText) : null;
    });
    return ok({ thankText }, req.lang);
  });

}

