import { RESOURCE_MSG, RESOURCE_PATHS } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../../core/caller.js';
import { ok } from '../../../core/envelope.js';
import { badRequest } from '../../../core/errors.js';
import { parseSmsParams } from './sms-service.js';

const MAX_PHONES = 1000;

/**
 * `POST endpoint/send-message` with `code` (a configuration's code; empty = the enabled one),
 * `phones` (comma-joined) and `params` (a JSON object of template variables), as query or body.
 */
export function registerSmsRoutes(app: FastifyInstance): void {
  const { access, resources } = app.services;
  app.post(RESOURCE_PATHS.sendMessage, {
    schema: {
      tags: ['SMS settings (短信配置)'], summary: 'Send a text message to each phone through a configuration; each send is recorded',
      querystring: { type: 'object', properties: { code: { type: 'string' }, phones: { type: 'string' }, params: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'sms_send');
    const input = { ...(req.query as Record<string, unknown>), ...((req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>) };
    const phones = [...new Set(String(input.phones ?? '').split(/[,，\s]+/).map((p) => p.trim()).filter(Boolean))];
    if (phones.length === 0) throw badRequest(RESOURCE_MSG.noPhones);
    if (phones.length > MAX_PHONES) throw badRequest(RESOURCE_MSG.noPhones);
    const params = parseSmsParams(input.params);
    if (!params) throw badRequest(RESOURCE_MSG.badParams);
    const code = typeof input.code === 'string' && input.code.trim() ? input.code.trim() : null;
    return ok(await resources.sms.send(caller, req.lang, code, phones, params), req.lang);
  });
}
