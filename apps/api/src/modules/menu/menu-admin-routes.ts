import { isId, menuEntity, MSG, type Condition } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { nest, toNode } from '../org/tree-nodes.js';

const tags = ['Menus (菜单)'];
const sort = [{ field: 'sort', desc: false }];

/** The menu page's calls beside list/detail/submit/remove: lazy-list, lazy-menu-list and menu-list. */
export function registerMenuAdminRoutes(app: FastifyInstance): void {
  const { operations, repository } = app.services;

  async function level(req: FastifyRequest, menusOnly: boolean) {
    const scope = await operations.authoriseRead(menuEntity, requireCaller(req.caller));
    const q = req.query as Record<string, string | undefined>;
    const parentId = q.parentId || '0';
    if (!isId(parentId)) throw badRequest(MSG.badFilterValue, { name: 'parentId' });
    const conditions: Condition[] = [{ field: 'parentId', op: 'equal', value: parentId }];
    if (menusOnly) conditions.push({ field: 'category', op: 'equal', value: 1 });
    for (const name of ['name', 'code', 'alias'] as const) if (q[name]) conditions.push({ field: name, op: 'like', value: q[name] as string });
    const rows = await repository.all(menuEntity, scope, conditions, sort);
    const ids = rows.map((r) => String(r.id));
    const children = ids.length ? await repository.all(menuEntity, scope, [{ field: 'parentId', op: 'in', value: ids }, ...(menusOnly ? [{ field: 'category', op: 'equal' as const, value: 1 }] : [])]) : [];
    const parents = new Set(children.map((c) => String(c.parentId)));
    return rows.map((r): Record<string, unknown> => ({ ...r, hasChildren: parents.has(String(r.id)) }));
  }

  const levelSchema = { type: 'object', properties: { parentId: { type: 'string' }, name: { type: 'string' }, code: { type: 'string' } } };
  app.get('/blade-system/menu/lazy-list', { schema: { tags, summary: 'One level of menus and buttons (children of parentId) with hasChildren', querystring: levelSchema } },
    async (req) => ok(await level(req, false), req.lang));
  app.get('/blade-system/menu/lazy-menu-list', { schema: { tags, summary: 'One level of menus only (category 1) with hasChildren', querystring: levelSchema } },
    async (req) => ok(await level(req, true), req.lang));

  app.get('/blade-system/menu/menu-list', { schema: { tags, summary: 'Every menu (category 1) as a tree' } }, async (req) => {
    const scope = await operations.authoriseRead(menuEntity, requireCaller(req.caller));
    const rows = await repository.all(menuEntity, scope, [{ field: 'category', op: 'equal', value: 1 }], sort);
    return ok(nest(rows.map((r) => toNode(r, 'name', { ...r, id: String(r.id), parentId: String(r.parentId ?? '0') }))), req.lang);
  });
}
