import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest } from '../../core/errors.js';
import { MSG } from '@alumni/domain';
import { idList, param } from '../role/id-list.js';
import type { TenantOperations } from './tenant-operations.js';

const tags = ['Tenant (租户)'];
const text = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || !/^\w{1,12}$/.test(v)) throw badRequest(MSG.badFilterValue, { name });
  return v;
};

/** Tenant settings, packages, data source and the login page's lookup (spec section 7 "System"). */
export function registerTenantRoutes(app: FastifyInstance, tenants: TenantOperations): void {
  const caller = (req: FastifyRequest) => requireCaller(req.caller);
  const p = (req: FastifyRequest, name: string) => param(req.query, req.body, name);

  app.post('/blade-system/tenant/setting', {
    schema: { tags, summary: 'Sets the account quota (-1 = unlimited) and expiry of tenants', querystring: { type: 'object', properties: { ids: { type: 'string' }, accountNumber: { type: 'integer' }, expireTime: { type: 'string' } } } },
  }, async (req) => {
    await tenants.setting(caller(req), idList(p(req, 'ids'), 'ids', true), p(req, 'accountNumber'), p(req, 'expireTime'));
    return ok(true, req.lang);
  });

  app.post('/blade-system/tenant/datasource', {
    schema: { tags, summary: "Records a tenant's data source", querystring: { type: 'object', properties: { tenantId: { type: 'string' }, datasourceId: { type: 'string' } } } },
  }, async (req) => {
    const [datasourceId] = idList(p(req, 'datasourceId'), 'datasourceId', true);
    await tenants.datasource(caller(req), text(p(req, 'tenantId'), 'tenantId'), datasourceId as string);
    return ok(true, req.lang);
  });

  app.get('/blade-system/tenant/package-detail', {
    schema: { tags, summary: "A tenant's package", querystring: { type: 'object', properties: { tenantId: { type: 'string' } } } },
  }, async (req) => ok(await tenants.packageDetail(caller(req), text(p(req, 'tenantId'), 'tenantId')), req.lang));

  app.post('/blade-system/tenant/package-setting', {
    schema: { tags, summary: "Sets a tenant's package (empty packageId = none)", querystring: { type: 'object', properties: { tenantId: { type: 'string' }, packageId: { type: 'string' } } } },
  }, async (req) => {
    const [packageId] = idList(p(req, 'packageId'), 'packageId');
    await tenants.packageSetting(caller(req), text(p(req, 'tenantId'), 'tenantId'), packageId ?? null);
    return ok(true, req.lang);
  });

  app.get('/blade-system/tenant/info', {
    config: { public: true },
    schema: { tags, summary: 'The tenant owning a domain, for the login page: {tenantId, domain, backgroundUrl}, or {} when none does', querystring: { type: 'object', properties: { domain: { type: 'string' } } } },
  }, async (req) => {
    const domain = String((req.query as Record<string, unknown>).domain ?? '').slice(0, 255);
    return ok(await tenants.info(domain), req.lang);
  });

  app.get('/blade-system/tenant/usage', {
    schema: { tags, summary: "Each tenant's quotas with their usage (the platform administrator: every tenant, or the one named; a tenant administrator: its own)", querystring: { type: 'object', properties: { tenantId: { type: 'string' } } } },
  }, async (req) => {
    const named = p(req, 'tenantId');
    return ok(await tenants.usage(caller(req), named === undefined || named === '' ? null : text(named, 'tenantId')), req.lang);
  });

  app.get('/blade-system/tenant/select', {
    schema: { tags, summary: 'The tenants the caller may pick: [{id, tenantId, tenantName}] (all for the platform tenant holding the tenant menu, else the own)' },
  }, async (req) => ok(await tenants.choices(caller(req)), req.lang));
}
