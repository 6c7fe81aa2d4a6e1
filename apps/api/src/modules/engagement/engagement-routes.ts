import { ENGAGEMENT_FACTS, ENGAGEMENT_MSG, MSG, basicInfoEntity, isId, permissionCodes } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, notFound } from '../../core/errors.js';
import { ENGAGEMENT_RUN_JOB } from './engagement-jobs.js';
import { explainScore } from './engagement-explain.js';
import { engagementKpis } from './engagement-kpis.js';
import { checkedWeights, saveWeights, tenantWeights } from './engagement-weights.js';

const BASE = '/blade-engagement/engagement';

/**
 * The engagement score's calls (decisions 314–316): an alumnus's score explained, within the
 * caller's reach of the library; the tenant's weights, read by whoever reads the library and set by
 * whoever edits its records (a save queues the tenant's recomputation); and the dashboard's figures.
 */
export function registerEngagementRoutes(app: FastifyInstance): void {
  const { operations, repository, database, jobs } = app.services;
  const { db } = database;
  const tags = ['Engagement score (参与度)'];
  const editCode = permissionCodes(basicInfoEntity).edit;

  const queueRecompute = (tenantId: string, userId: string) => jobs.send(ENGAGEMENT_RUN_JOB, { data: {}, tenantId, createdBy: userId });

  app.get('/blade-basicInfo/basicInfo/engagement', {
    schema: { tags, summary: 'How an alumnus\'s engagement score was reached: each fact counted, its weight and points', querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const id = String((req.query as { id?: unknown }).id ?? '');
    if (!isId(id)) throw badRequest(MSG.badIds);
    const scope = await operations.authoriseRead(basicInfoEntity, caller);
    if (!(await repository.findById(basicInfoEntity, scope, id))) throw notFound();
    return ok(await explainScore(db, caller.tenantId, id, req.lang), req.lang);
  });

  app.get(`${BASE}/weights`, { schema: { tags, summary: 'The tenant\'s weights per fact, with each fact\'s mode, label and rule' } }, async (req) => {
    const caller = requireCaller(req.caller);
    await operations.authoriseRead(basicInfoEntity, caller);
    const weights = await tenantWeights(db, caller.tenantId);
    return ok(ENGAGEMENT_FACTS.map((f) => ({ key: f.key, mode: f.mode, label: f.label[req.lang], rule: f.rule[req.lang], weight: weights[f.key], defaultWeight: f.weight })), req.lang);
  });

  app.post(`${BASE}/weights`, {
    schema: { tags, summary: 'Sets weights (an object of fact key to a whole number 0–100) and queues the tenant\'s recomputation; answers its job id', body: { type: 'object' } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await operations.requireCode(caller, editCode);
    const weights = checkedWeights(req.body, await tenantWeights(db, caller.tenantId), req.lang);
    await saveWeights(db, caller, weights);
    return ok({ jobId: await queueRecompute(caller.tenantId, caller.userId), message: ENGAGEMENT_MSG.queued[req.lang] }, req.lang);
  });

  app.post(`${BASE}/recompute`, { schema: { tags, summary: 'Queues the recomputation of every alumnus of the tenant; answers its job id' } }, async (req) => {
    const caller = requireCaller(req.caller);
    await operations.requireCode(caller, editCode);
    return ok({ jobId: await queueRecompute(caller.tenantId, caller.userId), message: ENGAGEMENT_MSG.queued[req.lang] }, req.lang);
  });

  app.get(`${BASE}/kpis`, { schema: { tags, summary: 'Engaged shares within the caller\'s data scope: in all, by mode, enrollment year and college, and the monthly trend' } }, async (req) => {
    const caller = requireCaller(req.caller);
    const scope = await operations.authoriseRead(basicInfoEntity, caller);
    return ok(await engagementKpis(db, repository, scope, req.lang), req.lang);
  });
}
