import { MSG, isId, parseListQuery, type EntityDef } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { buildTree } from '../../core/tree.js';
import { listQuerySchema } from '../../engine/entity-routes.js';


/** The dictionary calls beside the standard ones: parent-list, child-list, tree and dictionary. */
export function registerDictionaryRoutes(app: FastifyInstance, entity: EntityDef): void {
  const { operations, repository } = app.services;
  const base = entity.api?.base as string;
  const tags = [`${entity.label.en} (${entity.label.zh})`];
  const parentIdOnly = new Set(['parentId']);

  app.get(`${base}/parent-list`, { schema: { tags, summary: 'Dictionaries (parent rows), paged and filtered', querystring: listQuerySchema(entity) } }, async (req) => {
    const query = parseListQuery(entity, req.query as Record<string, unknown>, parentIdOnly);
    return ok(await operations.list(entity, requireCaller(req.caller), query, [{ field: 'parentId', op: 'equal', value: '0' }]), req.lang);
  });

  // As BladeX: a list tree (each entry with `children`), not a page; a parentId below zero (the
  // stock client's first call sends -1, and it is the default) answers an empty list.
  app.get(`${base}/child-list`, {
    schema: { tags, summary: 'Entries of one dictionary as a list tree (parentId -1 = none), filtered', querystring: listQuerySchema(entity, { parentId: { type: 'string' } }) },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const scope = await operations.authoriseRead(entity, caller);
    const { parentId = '-1' } = req.query as { parentId?: string };
    if (/^-\d+$/.test(parentId)) return ok([], req.lang);
    if (!isId(parentId)) throw badRequest(MSG.badFilterValue, { name: 'parentId' });
    const query = parseListQuery(entity, req.query as Record<string, unknown>, parentIdOnly);
    const entries = await repository.all(entity, scope, [...query.conditions, { field: 'parentId', op: 'equal', value: parentId }], query.sorts);
    await operations.withDisplayNames(entity, caller, entries);
    return ok(entries.map((entry) => ({ ...entry, children: [], hasChildren: false })), req.lang);
  });

  app.get(`${base}/tree`, { schema: { tags, summary: 'Dictionaries as tree nodes (code DICT), for the parent picker' } }, async (req) => {
    const caller = requireCaller(req.caller);
    const scope = await operations.authoriseRead(entity, caller);
    const parents = await repository.all(entity, scope, [{ field: 'parentId', op: 'equal', value: '0' }], [{ field: 'sort', desc: false }]);
    const nodes = parents.map((p) => ({
      id: String(p.id), parentId: '0', title: String(p.dictValue), key: String(p.id), value: String(p.id), code: p.code, hasChildren: false,
    }));
    return ok(buildTree(nodes), req.lang);
  });

  app.get(`${base}/dictionary`, {
    schema: { tags, summary: 'The entries of dictionary `code` (unsealed, in sort order), for drop-downs', querystring: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const { code } = req.query as { code?: string };
    if (!code) throw badRequest(MSG.badFilterValue, { name: 'code' });
    const scope = entity.scope === 'tenant' ? { tenantId: caller.tenantId } : { tenantId: null };
    const rows = await repository.all(entity, scope, [
      { field: 'code', op: 'equal', value: code },
      { field: 'parentId', op: 'notequal', value: '0' },
      { field: 'isSealed', op: 'equal', value: 0 },
    ], [{ field: 'sort', desc: false }], 1000);
    return ok(rows.map((r) => ({ id: r.id, parentId: r.parentId, code: r.code, dictKey: r.dictKey, dictValue: r.dictValue, sort: r.sort, remark: r.remark })), req.lang);
  });
}
