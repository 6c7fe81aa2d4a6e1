import { MSG, REGION_ROOT, regionEntity, type TreeNode } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';

const tags = [`${regionEntity.label.en} (${regionEntity.label.zh})`];
const CODE_RE = /^\d{2,12}$/;

/** A region as a node of the lazy tree: keyed by its code, as the region pickers and the region page use it. */
export interface RegionNode extends Omit<TreeNode, 'children'> {
  code: string;
  name: string;
  regionLevel: number;
}

/** `lazy-tree` (PROTOCOL section 7): one level of the region tree at a time. */
export function registerRegionRoutes(app: FastifyInstance): void {
  const { repository, database } = app.services;

  // A picker, like dept/lazy-tree: every signed-in caller of any tenant reads the regions.
  app.get('/blade-system/region/lazy-tree', {
    schema: {
      tags, summary: 'The regions directly below parentCode (the provinces when absent or 00) as tree nodes with hasChildren',
      querystring: { type: 'object', properties: { parentCode: { type: 'string', description: 'region code; 00 or absent = root' } } },
    },
  }, async (req) => {
    requireCaller(req.caller);
    const raw = (req.query as Record<string, unknown>).parentCode;
    const parentCode = raw === undefined || raw === '' ? REGION_ROOT : String(raw);
    if (!CODE_RE.test(parentCode)) throw badRequest(MSG.badFilterValue, { name: 'parentCode' });
    const rows = await repository.all(regionEntity, { tenantId: null }, [{ field: 'parentCode', op: 'equal', value: parentCode }],
      [{ field: 'sort', desc: false }, { field: 'code', desc: false }]);
    const codes = rows.map((r) => String(r.code));
    const parents = codes.length
      ? await database.db.selectFrom(regionEntity.table).select('parent_code').distinct()
        .where('parent_code', 'in', codes).where('is_deleted', '=', 0).execute()
      : [];
    const withChildren = new Set(parents.map((p) => String(p.parent_code)));
    const nodes: RegionNode[] = rows.map((r) => {
      const code = String(r.code);
      return {
        id: code, parentId: parentCode, title: String(r.name), key: code, value: code, hasChildren: withChildren.has(code),
        code, name: String(r.name), regionLevel: Number(r.regionLevel),
      };
    });
    return ok(nodes, req.lang);
  });
}
