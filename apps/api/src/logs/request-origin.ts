import { PLATFORM_TENANT } from '@alumni/domain';
import type { FastifyRequest } from 'fastify';
import { maskedParams } from './mask-params.js';

/** Who and what a log entry about this request names. */
export function originOf(req: FastifyRequest, withParams = true) {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const caller = req.caller;
  return {
    tenantId: caller?.tenantId ?? (typeof query.tenantId === 'string' && /^\d{6}$/.test(query.tenantId) ? query.tenantId : PLATFORM_TENANT),
    userId: caller?.userId ?? null,
    createBy: caller?.account ?? (typeof query.username === 'string' ? query.username.slice(0, 64) : null),
    requestUri: req.url.split('?')[0] ?? req.url,
    method: req.method,
    remoteIp: req.ip,
    userAgent: (req.headers['user-agent'] as string | undefined) ?? null,
    params: withParams ? maskedParams(query, req.body) : null,
    requestId: String(req.id),
  };
}
