import { QUOTA_MSG } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';
import type { TenantQuotas } from './tenant-quotas.js';

/**
 * The tenant's API calls per minute (decision 294): every call made with a staff token counts for
 * the caller's tenant; past the limit the call is refused as the abuse limits refuse (429 with
 * `Retry-After`), until the minute ends.
 */
export function registerApiCallQuotaHook(api: FastifyInstance, quotas: TenantQuotas): void {
  api.addHook('preHandler', async (req, reply) => {
    if (!req.caller) return;
    const refused = await quotas.countApiCall(req.caller.tenantId);
    if (!refused) return;
    reply.header('retry-after', refused.retryAfter);
    throw new AppError(429, QUOTA_MSG.apiMinuteFull, { limit: refused.limit });
  });
}
