import { isId } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../core/caller.js';
import { ok } from '../core/envelope.js';
import { buildTree, withDescendants } from '../core/tree.js';
import type { MenuRow } from './access-service.js';

const tags = ['Menus (菜单)'];

/** The menu calls the shell needs after sign-in: routes, buttons and top menus (PROTOCOL section 7). */
export function registerMenuRoutes(app: FastifyInstance): void {
  const { access } = app.services;
  const db = app.services.database.db;

  async function topMenuRoots(tenantId: string, topMenuId: string): Promise<Set<string>> {
    const rows = await db.selectFrom('blade_top_menu_setting as s')
      .innerJoin('blade_top_menu as t', 't.id', 's.top_menu_id')
      .select('s.menu_id').where('s.top_menu_id', '=', topMenuId).where('t.tenant_id', '=', tenantId).where('t.is_deleted', '=', 0)
      .execute();
    return new Set(rows.map((r) => String(r.menu_id)));
  }

  app.get('/blade-system/menu/routes', {
    schema: { tags, summary: "The signed-in user's menu tree (category 1), optionally of one top menu", querystring: { type: 'object', properties: { topMenuId: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    let menus = (await access.menus(caller)).filter((m) => m.category === 1);
    const { topMenuId } = req.query as { topMenuId?: string };
    if (topMenuId && /^\d+$/.test(topMenuId)) {
      // A run of digits no 64-bit id holds names no top menu (and would overflow PostgreSQL's bigint).
      const keep = isId(topMenuId) ? withDescendants(menus, await topMenuRoots(caller.tenantId, topMenuId)) : new Set<string>();
      menus = menus.filter((m) => keep.has(m.id));
    }
    return ok(buildTree<MenuRow>(menus), req.lang);
  });

  app.get('/blade-system/menu/buttons', {
    schema: { tags, summary: "The signed-in user's menus with their buttons (category 2); leaf codes are button permissions" },
  }, async (req) => {
    const menus = await access.menus(requireCaller(req.caller));
    const withButtons = new Set(menus.filter((m) => m.category === 2).map((m) => m.parentId));
    const keep = menus.filter((m) => m.category === 2 || withButtons.has(m.id));
    return ok(buildTree<MenuRow>(keep), req.lang);
  });

  app.get('/blade-system/menu/top-menu', {
    schema: { tags, summary: 'The top menus holding at least one menu of the signed-in user' },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const held = new Set((await access.menus(caller)).map((m) => m.id));
    const rows = await db.selectFrom('blade_top_menu as t')
      .innerJoin('blade_top_menu_setting as s', 's.top_menu_id', 't.id')
      .select(['t.id', 't.code', 't.name', 't.name_en', 't.source', 't.sort', 's.menu_id'])
      .where('t.tenant_id', '=', caller.tenantId).where('t.is_deleted', '=', 0)
      .orderBy('t.sort').orderBy('t.id').execute();
    const visible = new Map<string, { id: string; code: string; name: string; nameEn: string | null; source: string | null; sort: number }>();
    for (const r of rows) {
      if (!held.has(String(r.menu_id))) continue;
      visible.set(String(r.id), { id: String(r.id), code: String(r.code), name: String(r.name), nameEn: r.name_en as string | null, source: r.source as string | null, sort: Number(r.sort) });
    }
    return ok([...visible.values()], req.lang);
  });

  app.get('/blade-system/menu/tree', {
    schema: { tags, summary: 'All menus and buttons as a tree (for package and grant pickers)' },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const menus = await access.menus(caller);
    const nodes = menus.map((m) => ({ id: m.id, parentId: m.parentId, title: m.name, titleEn: m.nameEn, key: m.id, value: m.id, category: m.category, hasChildren: false }));
    const tree = buildTree(nodes);
    const mark = (list: typeof tree) => {
      for (const n of list) {
        n.hasChildren = !!n.children?.length;
        if (n.children) mark(n.children as typeof tree);
      }
    };
    mark(tree);
    return ok(tree, req.lang);
  });
}
