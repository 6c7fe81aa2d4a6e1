import { PLATFORM_TENANT, parseListQuery, permissionCodes, personalAccessEntity, t, viewFields } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, forbidden } from '../../core/errors.js';
import { cellText } from '../excel/cell-text.js';
import { datedFileName, EXPORT_MSG, streamSheet } from '../excel/entity-export.js';
import { listQuerySchema } from '../entity-routes.js';

const entity = personalAccessEntity;
const BASE = entity.api!.base;
const CODES = permissionCodes(entity);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Rows read per page while the file is written; the most a file holds unless the tenant's parameter says otherwise. */
const CHUNK = 1000;
const EXPORT_MAX_ROWS = 50_000;
/** The most users × kinds a summary answers. */
const SUMMARY_MAX_ROWS = 2000;

export const PERSONAL_ACCESS_MSG = {
  badTenant: t('租户编号应为 6 位数字', 'The tenant ID must be 6 digits'),
} as const;

/**
 * The tenant whose events a call reads (decision 304): the caller's own; the platform administrator
 * (tenant 000000) may name another with `tenantId`. Anyone else naming another tenant is refused.
 */
function tenantOf(caller: Caller, query: Record<string, unknown>): string {
  const named = query.tenantId;
  if (named === undefined || named === '') return caller.tenantId;
  if (typeof named !== 'string' || !/^\d{6}$/.test(named)) throw badRequest(PERSONAL_ACCESS_MSG.badTenant);
  if (named !== caller.tenantId && caller.tenantId !== PLATFORM_TENANT) throw forbidden();
  return named;
}

/**
 * The personal-data access report (decisions 302–304), read-only: the events of a tenant and period
 * as the generic list (filters: account, kind, data object, purpose, the time range `createTime`),
 * a summary per user and kind, and an .xlsx file of the list's filters streamed as the other exports
 * are. The caller needs the menu 个人信息访问记录 (and its export button for the file); the rows are
 * read in the caller's tenant, or the one the platform administrator names.
 */
export function registerPersonalAccessRoutes(app: FastifyInstance): void {
  const { operations: ops, repository } = app.services;
  const tags = ['Personal-data access (个人信息访问记录)'];
  const querystring = listQuerySchema(entity, { tenantId: { type: 'string', description: 'the platform administrator only: the tenant to read' } });

  /** The checked caller, the tenant read and the list's query (the tenant left out). */
  const request = async (req: FastifyRequest) => {
    const caller = requireCaller(req.caller);
    await ops.authoriseRead(entity, caller);
    const { tenantId: _tenant, ...raw } = req.query as Record<string, unknown>;
    return { caller, tenantId: tenantOf(caller, req.query as Record<string, unknown>), raw };
  };

  app.get(`${BASE}/list`, {
    schema: { tags, summary: 'The access events of a tenant, newest first, paged and filtered (account, kind, entity, createTime range)', querystring },
  }, async (req) => {
    const { caller, tenantId, raw } = await request(req);
    const query = parseListQuery(entity, raw);
    const { records, total } = await repository.page(entity, { tenantId }, query);
    await ops.withDisplayNames(entity, caller, records);
    return ok({ records, total, size: query.size, current: query.current, pages: Math.ceil(total / query.size) }, req.lang);
  });

  app.get(`${BASE}/summary`, {
    schema: { tags, summary: 'Per user and kind: the events and the records they read, under the list\'s filters', querystring },
  }, async (req) => {
    const { caller, tenantId, raw } = await request(req);
    const query = parseListQuery(entity, raw);
    const rows = await repository.aggregate(entity, { tenantId }, query.conditions,
      [{ field: 'account' }, { field: 'userName' }, { field: 'kind' }], [{ fn: 'count' }, { fn: 'sum', field: 'recordCount' }], SUMMARY_MAX_ROWS);
    const records = rows.map((r) => ({
      account: r.groups[0] === null ? null : String(r.groups[0]), userName: r.groups[1] === null ? null : String(r.groups[1]),
      kind: r.groups[2] === null ? null : String(r.groups[2]), events: Number(r.sums[0] ?? 0), records: Number(r.sums[1] ?? 0),
    })).sort((a, b) => String(a.account).localeCompare(String(b.account)) || String(a.kind).localeCompare(String(b.kind)));
    await ops.withDisplayNames(entity, caller, records);
    return ok(records, req.lang);
  });

  app.get(`${BASE}/export`, {
    schema: { tags, summary: 'The access events under the list\'s filters as an .xlsx file, newest first (at most export.maxRows rows)', querystring },
  }, async (req, reply) => {
    const { caller, tenantId, raw } = await request(req);
    await ops.requireCode(caller, CODES.export);
    const max = await app.services.params.number(caller.tenantId, 'export.maxRows', EXPORT_MAX_ROWS);
    const base = parseListQuery(entity, { ...raw, current: 1, size: 1 });
    const page = (current: number) => repository.page(entity, { tenantId }, { ...base, current, size: CHUNK });
    const first = await page(1);
    if (first.total > max) throw badRequest(EXPORT_MSG.tooMany, { max: String(max) });
    const fields = viewFields(entity);
    const columns = Object.keys(fields).filter((name) => fields[name]?.list);
    const title = entity.label[req.lang];
    const stream = streamSheet(title,
      columns.map((name) => ({ header: fields[name]!.label[req.lang], key: name, width: Math.max(12, Math.round((fields[name]!.width ?? 120) / 7)) })),
      async (add) => {
        let rows = first;
        for (let current = 1; ; current += 1) {
          await ops.withDisplayNames(entity, caller, rows.records);
          for (const record of rows.records) add(Object.fromEntries(columns.map((name) => [name, cellText(name, fields[name]!, record, req.lang)])));
          if (current * CHUNK >= rows.total || rows.records.length === 0) break;
          rows = await page(current + 1);
        }
      });
    reply.header('content-type', XLSX);
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(datedFileName(title))}`);
    return reply.send(stream);
  });
}
