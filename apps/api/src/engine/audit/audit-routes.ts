import {
  AUDIT_ACTIONS, AUDIT_MENU, AUDIT_MSG, AUDIT_PATHS, ENTITIES, MSG, PLATFORM_TENANT, isId, parsePaging, validCalendarDate,
  type AuditAction, type EntityDef,
} from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, forbidden, notFound } from '../../core/errors.js';
import type { AuditFilters } from './audit-reads.js';
import { auditTenantOf } from './audit-trail.js';

const tags = ['Audit trail (审计日志)'];
const byName = new Map<string, EntityDef>(ENTITIES.map((e) => [e.name, e]));
const DATE_TIME_RE = /^(\d{4}-\d{2}-\d{2})( \d{2}:\d{2}(:\d{2})?)?$/;
/** A record's history is read whole in most cases: a long one is paged. */
const HISTORY_PAGE = 50;

/** The last value of a query parameter, trimmed; undefined when absent or empty. */
function param(query: Record<string, unknown>, name: string): string | undefined {
  const raw = query[name];
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

function entityOf(name: string | undefined): EntityDef {
  if (name === undefined) throw badRequest(AUDIT_MSG.entityRequired);
  const entity = byName.get(name);
  if (!entity) throw badRequest(AUDIT_MSG.unknownEntity, { name: name.slice(0, 64) });
  return entity;
}

function idParam(query: Record<string, unknown>, name: string): string | undefined {
  const value = param(query, name);
  if (value !== undefined && !isId(value)) throw badRequest(MSG.badFilterValue, { name });
  return value;
}

/** A zoned date-time bound: a date alone means its first second (`from`) or its last (`to`). */
function timeParam(query: Record<string, unknown>, name: string, end: 'from' | 'to'): string | undefined {
  const value = param(query, name);
  if (value === undefined) return undefined;
  const match = DATE_TIME_RE.exec(value);
  if (!match || !validCalendarDate(value)) throw badRequest(MSG.badFilterValue, { name });
  if (!match[2]) return `${match[1]} ${end === 'from' ? '00:00:00' : '23:59:59'}`;
  return match[3] ? value : `${value}:${end === 'from' ? '00' : '59'}`;
}

/** The parameters the audit list understands: any other is refused, as a list refuses a filter that is no field. */
const LIST_PARAMS = new Set(['current', 'size', '_t', 'entity', 'action', 'account', 'userId', 'recordId', 'startTime', 'endTime']);

/** The audit list's filters, each checked: a value that names nothing is a 400 naming the parameter. */
function filtersOf(query: Record<string, unknown>): AuditFilters {
  for (const name of Object.keys(query)) if (!LIST_PARAMS.has(name)) throw badRequest(MSG.unknownFilter, { name: name.slice(0, 64) });
  const filters: AuditFilters = {};
  const entity = param(query, 'entity');
  if (entity !== undefined) filters.entity = entityOf(entity).name;
  const action = param(query, 'action');
  if (action !== undefined) {
    if (!AUDIT_ACTIONS.includes(action as AuditAction)) throw badRequest(MSG.badFilterValue, { name: 'action' });
    filters.action = action as AuditAction;
  }
  const account = param(query, 'account');
  if (account !== undefined) filters.account = account.slice(0, 64);
  const userId = idParam(query, 'userId');
  if (userId) filters.userId = userId;
  const recordId = idParam(query, 'recordId');
  if (recordId) filters.recordId = recordId;
  const from = timeParam(query, 'startTime', 'from');
  const to = timeParam(query, 'endTime', 'to');
  if (from && to && from > to) throw badRequest(AUDIT_MSG.badTimeRange);
  if (from) filters.from = from;
  if (to) filters.to = to;
  return filters;
}

const pagingSchema = { current: { type: 'integer', minimum: 1, default: 1 }, size: { type: 'integer', minimum: 1, maximum: 1000 } };

/**
 * The audit trail's calls (docs/decisions.md 186): a record's history, for whoever may read the
 * record (the entity's own menu and the caller's data scope: a record outside them is not found,
 * and neither is its history); and the tenant's trail, filtered and paged, behind the menu `audit`.
 */
export function registerAuditRoutes(app: FastifyInstance): void {
  const { operations, repository, access, auditReads } = app.services;

  app.get(AUDIT_PATHS.history, {
    schema: {
      tags, summary: "A record's history: every write of it, newest first, with the fields each changed (masked)",
      querystring: {
        type: 'object', required: ['entity', 'id'],
        properties: { entity: { type: 'string', description: 'entity name, e.g. basicInfo' }, id: { type: 'string' }, ...pagingSchema },
      },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    const query = req.query as Record<string, unknown>;
    const entity = entityOf(param(query, 'entity'));
    const id = idParam(query, 'id');
    if (id === undefined) throw badRequest(AUDIT_MSG.idRequired);
    const paging = parsePaging(query, HISTORY_PAGE);
    // Reference data every tenant reads (regions) is written by the platform alone: its history is the platform's.
    if (entity.scope === 'platform' && caller.tenantId !== PLATFORM_TENANT) throw forbidden();
    const scope = await operations.authoriseRead(entity, caller);
    const record = await repository.findById(entity, scope, id);
    if (!record) throw notFound();
    return ok(await auditReads.history(auditTenantOf(entity, record.tenantId), entity.name, id, paging), req.lang);
  });

  app.get(AUDIT_PATHS.list, {
    schema: {
      tags, summary: "The tenant's audit trail, newest first (paged; menu audit)",
      querystring: {
        type: 'object',
        properties: {
          ...pagingSchema,
          entity: { type: 'string', description: 'entity name' },
          action: { type: 'string', enum: [...AUDIT_ACTIONS] },
          userId: { type: 'string' }, account: { type: 'string' }, recordId: { type: 'string' },
          startTime: { type: 'string', description: 'yyyy-MM-dd or yyyy-MM-dd HH:mm:ss, included' },
          endTime: { type: 'string', description: 'yyyy-MM-dd or yyyy-MM-dd HH:mm:ss, included' },
        },
      },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, AUDIT_MENU);
    const query = req.query as Record<string, unknown>;
    const paging = parsePaging(query);
    return ok(await auditReads.list(caller.tenantId, filtersOf(query), paging), req.lang);
  });
}
