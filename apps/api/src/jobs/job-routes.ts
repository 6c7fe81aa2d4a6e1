import { JOB_STATES, MSG, parsePaging, type JobState, type JobView } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller, type Caller } from '../core/caller.js';
import { ok } from '../core/envelope.js';
import { badRequest, notFound } from '../core/errors.js';

const tags = ['Jobs (任务队列)'];
const ID_RE = /^[0-9a-f-]{36}$/i;

/** The platform's administrators see every tenant's jobs; anyone else with the menu, their tenant's. */
const tenantOf = (caller: Caller): string | null => (caller.isSuperAdmin ? null : caller.tenantId);

function idOf(query: unknown): string {
  const id = (query as Record<string, unknown>).id;
  if (typeof id !== 'string' || !ID_RE.test(id)) throw badRequest(MSG.badFilterValue, { name: 'id' });
  return id;
}

/**
 * The jobs page's calls (menu `job`): the queue's jobs, newest first, with state, progress and
 * errors; one job; cancel (`job_cancel`) and run again (`job_retry`).
 */
export function registerJobRoutes(app: FastifyInstance): void {
  const { jobs, access } = app.services;

  async function visible(caller: Caller, id: string): Promise<JobView> {
    const job = await jobs.get(id);
    const tenant = tenantOf(caller);
    if (!job || (tenant !== null && job.tenantId !== tenant)) throw notFound();
    return job;
  }

  app.get('/blade-job/job/list', {
    schema: {
      tags, summary: 'Jobs of the queue, newest first (paged)',
      querystring: {
        type: 'object',
        properties: {
          current: { type: 'integer' }, size: { type: 'integer' },
          name: { type: 'string' }, state: { type: 'string', enum: [...JOB_STATES] },
        },
      },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'job');
    const q = req.query as Record<string, unknown>;
    const { current, size } = parsePaging(q);
    const state = typeof q.state === 'string' && q.state !== '' ? q.state : undefined;
    if (state !== undefined && !JOB_STATES.includes(state as JobState)) throw badRequest(MSG.badFilterValue, { name: 'state' });
    const name = typeof q.name === 'string' && q.name.trim() !== '' ? q.name.trim().slice(0, 100) : undefined;
    const { records, total } = await jobs.list({ current, size, tenantId: tenantOf(caller), ...(name ? { name } : {}), ...(state ? { state: state as JobState } : {}) });
    return ok({ records, total, size, current, pages: Math.ceil(total / size) }, req.lang);
  });

  app.get('/blade-job/job/detail', {
    schema: { tags, summary: 'One job', querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'job');
    return ok(await visible(caller, idOf(req.query)), req.lang);
  });

  app.post('/blade-job/job/cancel', {
    schema: { tags, summary: 'Cancel a waiting or running job', querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'job_cancel');
    const job = await visible(caller, idOf(req.query));
    return ok(await jobs.cancel(job.id), req.lang);
  });

  app.post('/blade-job/job/retry', {
    schema: { tags, summary: 'Run a failed or cancelled job again', querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'job_retry');
    const job = await visible(caller, idOf(req.query));
    return ok(await jobs.retry(job.id), req.lang);
  });
}
