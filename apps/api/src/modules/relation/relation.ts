import {
  ASSOCIATION_STATE, MEMBER_MSG, associationEntity, associationMemberEntity, careListEntity, docQueryEntity, honorEntity, visitRecordEntity,
} from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { EntityHooks } from '../../engine/entity-hooks.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import { associationHooks } from './association-hooks.js';
import { careListHooks } from './care-list-hooks.js';
import { countVisit, type CountVisitQuery } from './count-visit.js';
import { docQueryHooks } from './doc-query-hooks.js';
import { honorHooks } from './honor-hooks.js';
import { memberHooks } from './member-hooks.js';
import { visitRecordHooks } from './visit-record-hooks.js';

/** The hooks of the organisation and relationship entities (DOMAIN 5). */
export function relationHooks(db: Db, repository: EntityRepository): [string, EntityHooks][] {
  const members = memberHooks(() => db);
  return [
    [associationEntity.name, associationHooks(() => db)],
    [associationMemberEntity.name, {
      ...members,
      // `{associationId, alumniIds, position}` adds several alumni at once (DOMAIN 5.1).
      several(body) {
        if (body.alumniIds === undefined || body.id) return null;
        const idList = String(body.alumniIds ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
        if (idList.length === 0) throw badRequest(MEMBER_MSG.alumniIdsRequired);
        const { alumniIds: _ignored, ...rest } = body;
        return [...new Set(idList)].map((alumniId) => ({ ...rest, alumniId }));
      },
    }],
    [honorEntity.name, honorHooks(() => db)],
    [careListEntity.name, careListHooks(() => db)],
    [visitRecordEntity.name, visitRecordHooks(() => db)],
    [docQueryEntity.name, docQueryHooks(() => db, () => repository)],
  ];
}

interface TreeNode { id: string; parentId: string; title: string; key: string; value: string; children: TreeNode[] }

/** Calls of the organisation and relationship modules beyond the entity engine's. */
export function registerRelationRoutes(app: FastifyInstance): void {
  const { operations, repository, labels, database } = app.services;

  app.get('/blade-association/association/tree', {
    schema: {
      tags: [`${associationEntity.label.en} (${associationEntity.label.zh})`],
      summary: 'The associations that are not dissolved, as a tree for pickers; within the caller\'s data scope',
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    // The forms that name an association are its declared grant (access/route-grant.ts).
    const scope = await operations.rowScope(associationEntity, caller, undefined, 'read');
    const rows = await repository.scoped(associationEntity, scope)
      .select(['id', 'parent_id', 'association_name'])
      .where('association_state', '<>', ASSOCIATION_STATE.dissolved).orderBy('sort').orderBy('create_time').execute();
    const nodes = new Map<string, TreeNode>(rows.map((r) => [String(r.id), {
      id: String(r.id), parentId: r.parent_id === null ? '0' : String(r.parent_id), title: String(r.association_name),
      key: String(r.id), value: String(r.id), children: [],
    }]));
    const roots: TreeNode[] = [];
    for (const node of nodes.values()) {
      const parent = nodes.get(node.parentId);
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return ok(roots, req.lang);
  });

  app.post('/blade-visitRecord/visitRecord/countVisit', {
    schema: {
      tags: [`${visitRecordEntity.label.en} (${visitRecordEntity.label.zh})`],
      summary: 'Statistics of visit records of one year (DOMAIN 11.3), within the caller\'s data scope',
      querystring: {
        type: 'object',
        properties: {
          year: { type: 'string', description: 'default the current year' }, departmentId: { type: 'string' },
          visitStatus: { type: 'string', description: 'default 2 (approved); byStatus always covers every state' },
        },
      },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    return ok(await countVisit(operations, repository, database.db, database.dialect, labels, caller, req.query as CountVisitQuery), req.lang);
  });
}
