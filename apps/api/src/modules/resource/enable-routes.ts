import { MSG, isId, permissionCodes, type EntityDef } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, notFound } from '../../core/errors.js';
import { now } from '../../core/time.js';

/** `POST <base>/enable?id=`: makes one configuration the tenant's enabled one and every other not (button `<menu>_enable`). */
export function registerEnableRoute(app: FastifyInstance, entity: EntityDef): void {
  const { access, database, operations, repository } = app.services;
  app.post(`${entity.api?.base as string}/enable`, {
    schema: {
      tags: [`${entity.label.en} (${entity.label.zh})`], summary: `Enable one ${entity.label.en} configuration (the others are disabled)`,
      querystring: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    operations.scopeOf(entity, caller);
    await access.require(caller, `${permissionCodes(entity).menu}_enable`);
    const scope = await operations.rowScope(entity, caller);
    const id = String((req.query as Record<string, unknown>).id ?? '');
    if (!isId(id)) throw badRequest(MSG.badIds);
    await database.db.transaction().execute(async (tx) => {
      if (!(await repository.findById(entity, scope, id, tx))) throw notFound();
      const audit = { update_user: caller.userId, update_time: now() };
      await tx.updateTable(entity.table).set({ enabled: 0, ...audit })
        .where('tenant_id', '=', caller.tenantId).where('enabled', '=', 1).where('id', '<>', id).execute();
      await tx.updateTable(entity.table).set({ enabled: 1, ...audit }).where('id', '=', id).execute();
    });
    return ok(true, req.lang);
  });
}
