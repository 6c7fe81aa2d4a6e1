import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../core/errors.js';
import { requestPath, type ScopeService } from './scope-service.js';

/**
 * API scopes: a call whose path matches an API scope granted to the signed-in caller's roles is
 * refused with 403 (无权限), unless the caller is the super administrator or another of their roles
 * holds the scope's menu without such a scope (see `ScopeService.apiRefused`).
 */
export function registerApiScopeHook(app: FastifyInstance, scopes: ScopeService): void {
  app.addHook('preHandler', async (req: FastifyRequest) => {
    const caller = req.caller;
    if (!caller || caller.isSuperAdmin) return;
    if (await scopes.apiRefused(caller, requestPath(req.url))) throw forbidden();
  });
}
