import { MSG, noticeTemplateEntity, type Condition } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';

const ENABLED = 1;
const KEY_RE = /^[0-9]{1,2}$/;

/** The messaging module's calls beyond its entities' own (DOMAIN 8). */
export function registerMessagingRoutes(app: FastifyInstance): void {
  const { operations, repository } = app.services;

  app.get('/blade-noticeTemplate/noticeTemplate/all', {
    schema: {
      tags: [`${noticeTemplateEntity.label.en} (${noticeTemplateEntity.label.zh})`],
      summary: 'Every enabled template, optionally of one channel and scene (not paged), for the push forms',
      querystring: { type: 'object', properties: { channel: { type: 'string' }, scene: { type: 'string' } } },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const query = req.query as Record<string, unknown>;
    const conditions: Condition[] = [{ field: 'status', op: 'equal', value: ENABLED }];
    for (const name of ['channel', 'scene'] as const) {
      const value = query[name];
      if (value === undefined || value === '') continue;
      if (typeof value !== 'string' || !KEY_RE.test(value)) throw badRequest(MSG.badFilterValue, { name });
      conditions.push({ field: name, op: 'equal', value });
    }
    const scope = await operations.rowScope(noticeTemplateEntity, caller, undefined, 'read');
    const rows = await repository.all(noticeTemplateEntity, scope, conditions, [{ field: 'templateCode', desc: false }]);
    return ok(rows.map((r) => ({
      id: r.id, templateCode: r.templateCode, templateName: r.templateName, channel: r.channel, scene: r.scene, title: r.title,
      content: r.content, variables: r.variables, providerTemplateId: r.providerTemplateId, smsSignName: r.smsSignName,
    })), req.lang);
  });
}
