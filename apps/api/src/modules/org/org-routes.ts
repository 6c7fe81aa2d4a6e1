import { deptEntity, isId, MSG, postEntity, type Condition } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { markParents, nest, pickerScope, toNode } from './tree-nodes.js';

const tags = ['Department (部门)'];
const query = (req: FastifyRequest) => req.query as Record<string, string | undefined>;

function parentOf(req: FastifyRequest): string {
  const parentId = query(req).parentId ?? '0';
  if (!isId(parentId)) throw badRequest(MSG.badFilterValue, { name: 'parentId' });
  return parentId;
}

/** The department tree calls and the post picker (PROTOCOL section 4: tree, lazy-tree, lazy-list, select). */
export function registerOrgRoutes(app: FastifyInstance): void {
  const { operations, repository } = app.services;
  const sort = [{ field: 'sort', desc: false }];

  // Pickers need a signed-in caller only (DOMAIN 13.1); they read the caller's tenant.
  app.get('/blade-system/dept/tree', {
    schema: { tags, summary: 'The departments of a tenant as tree nodes', querystring: { type: 'object', properties: { tenantId: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const rows = await repository.all(deptEntity, pickerScope(caller, query(req).tenantId), [], sort);
    return ok(nest(rows.map((r) => toNode(r, 'deptName'))), req.lang);
  });

  async function level(req: FastifyRequest, scopeRead: boolean, extra: Condition[] = []) {
    const caller = requireCaller(req.caller);
    const scope = scopeRead ? await operations.authoriseRead(deptEntity, caller) : pickerScope(caller, query(req).tenantId);
    const parentId = parentOf(req);
    const rows = await repository.all(deptEntity, scope, [{ field: 'parentId', op: 'equal', value: parentId }, ...extra], sort);
    const ids = rows.map((r) => String(r.id));
    const children = ids.length ? await repository.all(deptEntity, scope, [{ field: 'parentId', op: 'in', value: ids }]) : [];
    return { rows, parents: new Set(children.map((c) => String(c.parentId))) };
  }

  app.get('/blade-system/dept/lazy-tree', {
    schema: { tags, summary: 'One level of the department tree (children of parentId)', querystring: { type: 'object', properties: { parentId: { type: 'string' }, tenantId: { type: 'string' } } } },
  }, async (req) => {
    const { rows, parents } = await level(req, false);
    return ok(markParents(rows.map((r) => toNode(r, 'deptName')), parents), req.lang);
  });

  app.get('/blade-system/dept/lazy-list', {
    schema: { tags, summary: 'One level of the department list with hasChildren, filtered by name', querystring: { type: 'object', properties: { parentId: { type: 'string' }, deptName: { type: 'string' }, fullName: { type: 'string' } } } },
  }, async (req) => {
    const extra: Condition[] = [];
    for (const name of ['deptName', 'fullName'] as const) {
      const value = query(req)[name];
      if (value) extra.push({ field: name, op: 'like', value });
    }
    const { rows, parents } = await level(req, true, extra);
    for (const r of rows) (r as Record<string, unknown>).hasChildren = parents.has(String(r.id));
    return ok(rows, req.lang);
  });

  app.get('/blade-system/post/select', {
    schema: { tags: ['Post (岗位)'], summary: 'The posts of a tenant, for drop-downs', querystring: { type: 'object', properties: { tenantId: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const rows = await repository.all(postEntity, pickerScope(caller, query(req).tenantId), [], sort);
    return ok(rows.map((r) => ({ id: r.id, postCode: r.postCode, postName: r.postName, category: r.category, sort: r.sort })), req.lang);
  });
}
