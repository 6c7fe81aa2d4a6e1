import { SEGMENT_BASE, parseIds, parsePaging, permissionCodes } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { requireIds } from '../entity-operations.js';
import { exportList } from '../excel/entity-export.js';
import { SavedSegments } from './saved-segments.js';

const TAGS = ['Saved segment (分群)'];
const EXPORT_MAX_ROWS = 50_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ID_QUERY = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;

/**
 * The calls of saved segments (decisions 311–313): list, detail, live count, members (the entity's own
 * list for the segment's filters), export (the entity's list export for them), submit and remove.
 */
export function registerSegmentRoutes(app: FastifyInstance): void {
  const { operations, database, params } = app.services;
  const segments = new SavedSegments(database.db, operations);
  const callerOf = (req: FastifyRequest) => requireCaller(req.caller);
  const query = (req: FastifyRequest) => (req.query ?? {}) as Record<string, unknown>;

  app.get(`${SEGMENT_BASE}/list`, {
    schema: {
      tags: TAGS, summary: 'The caller\'s segments and those shared in the tenant, newest first, paged (entity: one entity\'s; name: contains)',
      querystring: { type: 'object', properties: { entity: { type: 'string' }, name: { type: 'string' }, current: { type: 'integer' }, size: { type: 'integer' } } },
    },
  }, async (req) => {
    const q = query(req);
    return ok(await segments.list(callerOf(req), { entity: q.entity, name: q.name, ...parsePaging(q) }), req.lang);
  });

  app.get(`${SEGMENT_BASE}/detail`, {
    schema: { tags: TAGS, summary: 'One segment the caller may use, with its live member count in the caller\'s data scope', querystring: ID_QUERY },
  }, async (req) => {
    const caller = callerOf(req);
    const segment = await segments.usable(caller, query(req).id);
    const [view] = await segments.views(caller, [segment]);
    return ok({ ...view, memberCount: await segments.count(caller, segment) }, req.lang);
  });

  app.get(`${SEGMENT_BASE}/count`, {
    schema: { tags: TAGS, summary: 'How many rows the segment\'s search lists now for the caller (their data scope)', querystring: ID_QUERY },
  }, async (req) => {
    const caller = callerOf(req);
    const segment = await segments.usable(caller, query(req).id);
    return ok({ id: segment.id, memberCount: await segments.count(caller, segment) }, req.lang);
  });

  app.get(`${SEGMENT_BASE}/members`, {
    schema: {
      tags: TAGS, summary: 'The segment\'s members: the entity\'s list call for the segment\'s filters, as the caller reads it (paged)',
      querystring: { type: 'object', properties: { id: { type: 'string' }, current: { type: 'integer' }, size: { type: 'integer' } }, required: ['id'] },
    },
  }, async (req) => {
    const caller = callerOf(req);
    const q = query(req);
    const segment = await segments.usable(caller, q.id);
    return ok(await operations.listFromQuery(segment.entity, caller, { ...segment.query, ...parsePaging(q) }), req.lang);
  });

  app.get(`${SEGMENT_BASE}/export`, {
    schema: { tags: TAGS, summary: 'The segment\'s members as the entity\'s list export (.xlsx): needs the entity\'s export permission', querystring: ID_QUERY },
  }, async (req, reply) => {
    const caller = callerOf(req);
    const segment = await segments.usable(caller, query(req).id);
    await operations.requireCode(caller, permissionCodes(segment.entity).export);
    const max = await params.number(caller.tenantId, 'export.maxRows', EXPORT_MAX_ROWS);
    const file = await exportList(operations, segment.entity, caller, segment.query, req.lang, max);
    reply.header('content-type', XLSX);
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
    return reply.send(file.stream);
  });

  app.post(`${SEGMENT_BASE}/submit`, {
    schema: {
      tags: TAGS, summary: 'Save a segment (no id) or change one of the caller\'s own (id): name, query (the list\'s filter parameters), shared',
      body: {
        type: 'object',
        properties: {
          id: { type: 'string' }, entity: { type: 'string', description: 'the entity whose list is searched, e.g. basicInfo' },
          name: { type: 'string' }, query: { type: ['object', 'string'], description: 'the list call\'s filter parameters' }, shared: { type: ['boolean', 'integer', 'string'] },
        },
      },
    },
  }, async (req) => ok(await segments.save(callerOf(req), (req.body ?? {}) as Record<string, unknown>), req.lang));

  app.post(`${SEGMENT_BASE}/remove`, {
    schema: { tags: TAGS, summary: 'Remove segments of the caller\'s own (comma-joined ids); another\'s is refused', querystring: { type: 'object', properties: { ids: { type: 'string' } } } },
  }, async (req) => {
    await segments.remove(callerOf(req), requireIds(parseIds(query(req).ids)));
    return ok(true, req.lang);
  });
}
