import { DEVELOP_MSG, DEVELOP_PATHS, MSG, datasourceEntity, parseIds, permissionCodes } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, forbidden, notFound } from '../../core/errors.js';
import { tryConnection } from './connection-check.js';
import { effectiveSettings } from './datasource-settings.js';

const tags = [`${datasourceEntity.label.en} (${datasourceEntity.label.zh})`];

/** The data source calls beside the standard entity calls: the connection test. */
export function registerDatasourceRoutes(app: FastifyInstance): void {
  const { operations: ops, access, repository } = app.services;
  const codes = permissionCodes(datasourceEntity);

  app.post(DEVELOP_PATHS.datasourceTest, {
    schema: {
      tags, summary: 'Tries a data source without saving it: the form\'s values, over the saved row\'s when `id` is sent (a masked or empty password means the saved one)',
      body: {
        type: 'object',
        properties: { id: { type: 'string' }, driverClass: { type: 'string' }, url: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' } },
      },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    ops.scopeOf(datasourceEntity, caller);
    // Trying addresses is for those who may save one: it reaches out to any host the form names.
    if (!(await access.can(caller, codes.add)) && !(await access.can(caller, codes.edit))) throw forbidden();
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    let stored = null;
    if (body.id !== undefined && body.id !== null && body.id !== '') {
      const [id] = parseIds(body.id) ?? [];
      if (!id) throw badRequest(MSG.badIds);
      stored = await repository.findById(datasourceEntity, { tenantId: null }, id);
      if (!stored) throw notFound();
    }
    const sent = Object.fromEntries(['driverClass', 'url', 'username', 'password'].filter((k) => typeof body[k] === 'string').map((k) => [k, body[k]]));
    const settings = effectiveSettings(sent, stored);
    if (settings.url.trim() === '') throw badRequest(DEVELOP_MSG.testNeedsUrl, {}, { errors: { url: DEVELOP_MSG.testNeedsUrl[req.lang] } });
    const tables = await tryConnection(app.services.outbound, settings, req.lang);
    return ok({ connected: true, tables: tables.length }, req.lang);
  });
}
