import { RETENTION_MSG, parseIds, retentionPolicyEntity } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { notFound } from '../../core/errors.js';
import { requireIds } from '../../engine/entity-operations.js';
import { RETENTION_RUN_JOB, type RetentionRunData } from './retention-jobs.js';

const BASE = retentionPolicyEntity.api!.base;
/** The button that runs the policies now. */
export const RETENTION_RUN_BUTTON = 'retention_run';

/**
 * Run now (decision 308): queues the caller's tenant's retention — every target, or the one policy
 * named — as a job of its own; `run-status` answers that job's progress and, once done, its counts per
 * target. The list, form and legal-hold switch are the entity's standard calls.
 */
export function registerRetentionRoutes(app: FastifyInstance): void {
  const { access, jobs, database } = app.services;
  const tags = ['Data retention (数据保留)'];

  app.post(`${BASE}/run`, {
    schema: {
      tags, summary: 'Runs the retention policies of the caller\'s tenant now (one policy with id), as a job; answers the job\'s id',
      querystring: { type: 'object', properties: { id: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, RETENTION_RUN_BUTTON);
    const asked = (req.query as { id?: unknown }).id;
    // An id that is no row id (letters, more digits than a row id holds) is a 400, as on every call.
    const id = asked === undefined || asked === '' ? undefined : requireIds(parseIds(asked))[0];
    if (id) {
      const row = await database.db.selectFrom(retentionPolicyEntity.table).select('id').where('id', '=', id)
        .where('is_deleted', '=', 0).where('tenant_id', '=', caller.tenantId).executeTakeFirst();
      if (!row) throw notFound();
    }
    const jobId = await jobs.send<RetentionRunData>(RETENTION_RUN_JOB, { data: id ? { policyId: id } : {}, tenantId: caller.tenantId, createdBy: caller.userId });
    return ok({ jobId, message: RETENTION_MSG.queued[req.lang] }, req.lang);
  });

  app.get(`${BASE}/run-status`, {
    schema: {
      tags, summary: 'A retention run\'s state, progress and, once completed, its rows per target',
      querystring: { type: 'object', required: ['jobId'], properties: { jobId: { type: 'string', minLength: 1, maxLength: 64 } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, RETENTION_RUN_BUTTON);
    const job = await jobs.get((req.query as { jobId: string }).jobId);
    if (!job || job.name !== RETENTION_RUN_JOB || job.tenantId !== caller.tenantId) throw notFound();
    return ok({
      state: job.state, progressDone: job.progressDone, progressTotal: job.progressTotal, progressMessage: job.progressMessage, output: job.output,
    }, req.lang);
  });
}
