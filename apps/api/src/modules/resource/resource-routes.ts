import { MSG, RESOURCE_PATHS, ossEntity, parsePaging, smsEntity } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { registerEnableRoute } from './enable-routes.js';
import { registerMailRoutes } from './mail/mail-routes.js';
import { registerSmsRoutes } from './sms/sms-routes.js';
import { registerFileRoutes } from './storage/file-routes.js';

/** The calls of the resource module beside the standard entity calls (a plugin: multipart stays inside it). */
export async function resourceRoutes(app: FastifyInstance): Promise<void> {
  await registerFileRoutes(app);
  registerEnableRoute(app, ossEntity);
  registerEnableRoute(app, smsEntity);
  registerSmsRoutes(app);
  registerMailRoutes(app);

  // What was sent on a channel: SMS records need the SMS menu, mail records the e-mail settings menu.
  app.get(RESOURCE_PATHS.sendRecords, {
    schema: {
      tags: ['SMS settings (短信配置)'], summary: 'Messages sent on a channel (sms or mail), newest first',
      querystring: { type: 'object', properties: { channel: { type: 'string', enum: ['sms', 'mail'] }, current: { type: 'integer' }, size: { type: 'integer' } }, required: ['channel'] },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const q = req.query as Record<string, string | undefined>;
    const channel = q.channel === 'mail' ? 'mail' : q.channel === 'sms' ? 'sms' : null;
    if (!channel) throw badRequest(MSG.badRequest);
    const { current, size } = parsePaging(q);
    await app.services.access.require(caller, channel === 'sms' ? 'sms' : 'emailsetting');
    return ok(await app.services.resources.sendRecords.page(caller.tenantId, channel, current, size), req.lang);
  });
}
