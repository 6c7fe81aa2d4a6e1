import { isId } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../../../core/caller.js';
import { ok } from '../../../core/envelope.js';
import { badRequest } from '../../../core/errors.js';
import type { BladexImports } from './bladex-import-service.js';
import { BLADEX_MSG } from './import-messages.js';
import type { ImportOptions } from './import-types.js';

const tags = ['BladeX import (从 BladeX 迁移)'];

/** The menu and its buttons (platform administrators only; decision 195). */
export const BLADEX_IMPORT_CODES = { menu: 'bladeximport', dryRun: 'bladeximport_dryrun', run: 'bladeximport_run' } as const;

const TENANT = /^[A-Za-z0-9]{1,12}$/;

/** The data source of the developer tools to read BladeX from (`datasourceId`). */
export function readDatasourceId(body: Record<string, unknown>): string {
  const value = body.datasourceId;
  const id = typeof value === 'number' ? String(value) : value;
  if (id === undefined || id === null || id === '') throw badRequest(BLADEX_MSG.settingsRequired);
  if (typeof id !== 'string' || !isId(id)) throw badRequest(BLADEX_MSG.badOption, { name: 'datasourceId' });
  return id;
}

/** `tenantIds` (a list or comma-joined) and `tenantMap` ({bladexCode: productCode}). */
export function readOptions(body: Record<string, unknown>): ImportOptions {
  const raw = body.tenantIds;
  let tenantIds: string[] = [];
  if (typeof raw === 'string') tenantIds = raw.split(',').map((s) => s.trim()).filter(Boolean);
  else if (Array.isArray(raw)) tenantIds = raw.map((s) => (typeof s === 'string' ? s.trim() : ''));
  else if (raw !== undefined && raw !== null) throw badRequest(BLADEX_MSG.badOption, { name: 'tenantIds' });
  if (tenantIds.length > 1000 || tenantIds.some((code) => !TENANT.test(code))) throw badRequest(BLADEX_MSG.badOption, { name: 'tenantIds' });
  const map = body.tenantMap;
  const tenantMap: Record<string, string> = {};
  if (map !== undefined && map !== null && map !== '') {
    if (typeof map !== 'object' || Array.isArray(map) || Object.keys(map).length > 1000) throw badRequest(BLADEX_MSG.badOption, { name: 'tenantMap' });
    for (const [from, to] of Object.entries(map as Record<string, unknown>)) {
      if (!TENANT.test(from)) throw badRequest(BLADEX_MSG.badOption, { name: 'tenantMap' });
      if (typeof to !== 'string' || !TENANT.test(to)) throw badRequest(BLADEX_MSG.badTenantCode, { tenantId: String(to) });
      tenantMap[from] = to;
    }
  }
  return { tenantIds: [...new Set(tenantIds)], tenantMap };
}

const bodyOf = (req: FastifyRequest): Record<string, unknown> =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};

const bodySchema = {
  type: 'object',
  required: ['datasourceId'],
  properties: {
    datasourceId: { type: 'string', description: 'The data source (研发工具 › 数据源管理) holding the BladeX tables' },
    tenantIds: { type: 'array', items: { type: 'string' }, description: 'BladeX tenants to import (all when empty)' },
    tenantMap: { type: 'object', additionalProperties: { type: 'string' }, description: 'BladeX tenant → product tenant' },
  },
};

/** `/blade-develop/bladex-import/…`: dry run, run (a job), and the last run's progress and report. */
export function registerBladexImportRoutes(app: FastifyInstance, imports: BladexImports): void {
  const { access } = app.services;

  app.post('/blade-develop/bladex-import/dry-run', {
    schema: { tags, summary: 'What an import would do: per kind created/updated/unchanged/matched/skipped, and what does not map (nothing is written)', body: bodySchema },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    imports.authorise(caller);
    await access.require(caller, BLADEX_IMPORT_CODES.dryRun);
    const body = bodyOf(req);
    return ok(await imports.dryRun(caller, readDatasourceId(body), readOptions(body)), req.lang);
  });

  app.post('/blade-develop/bladex-import/run', {
    schema: { tags, summary: 'Starts an import as a job; answers the run (read its progress with last)', body: bodySchema },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    imports.authorise(caller);
    await access.require(caller, BLADEX_IMPORT_CODES.run);
    const body = bodyOf(req);
    return ok(await imports.start(caller, readDatasourceId(body), readOptions(body)), req.lang);
  });

  app.get('/blade-develop/bladex-import/last', {
    schema: { tags, summary: "The last run: state, progress, and its report when it has ended (null when there has been none)" },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    imports.authorise(caller);
    await access.require(caller, BLADEX_IMPORT_CODES.menu);
    return ok(await imports.last(caller), req.lang);
  });
}
