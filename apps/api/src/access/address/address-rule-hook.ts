import { ADDRESS_RULE_MSG, PLATFORM_TENANT, type AddressRuleScope } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.js';
import { originOf } from '../../logs/request-origin.js';
import { PORTAL_HEADER, requireAlumnus } from '../../portal/portal-auth.js';
import type { AddressRules } from './address-rules.js';

const TENANT_FORMAT = /^\d{6}$/;
/** The staff's calls made without a token: sign-in, its captcha and refresh, sign-out, the open password change. */
const STAFF_OPEN_PREFIXES = ['/api/blade-auth/', '/api/blade-user/'];

/** A parameter of the query or the (JSON or form) body. */
function param(req: FastifyRequest, name: string): string {
  const from = (source: unknown) => (source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined);
  const value = from(req.query) ?? from(req.body);
  return typeof value === 'string' ? value.trim() : '';
}

/** The tenant a call names by `Tenant-Id` or a `tenantId` parameter, or null. */
function namedTenant(req: FastifyRequest): string | null {
  const named = String(req.headers['tenant-id'] ?? '').trim() || param(req, 'tenantId');
  return TENANT_FORMAT.test(named) ? named : null;
}

/**
 * Which rules govern a call: the staff's (a signed-in staff caller, and the staff's sign-in calls)
 * or the alumni portal's and public pages' (portal routes and every other call without a token).
 */
export function addressScopeOf(req: FastifyRequest): AddressRuleScope {
  if (req.caller) return 'staff';
  const config = req.routeOptions.config;
  if (config?.portal) return 'portal';
  const path = req.url.split('?')[0] ?? req.url;
  return STAFF_OPEN_PREFIXES.some((prefix) => path.startsWith(prefix)) ? 'staff' : 'portal';
}

/**
 * The tenant whose rules hold for a call beside the platform's: the staff caller's; for a sign-in,
 * the tenant it names (000000 when none, as sign-in reads it; none for a refresh, whose token names
 * it); for a portal call, the signed-in alumnus's, else the tenant it names.
 */
async function tenantOf(req: FastifyRequest, scope: AddressRuleScope): Promise<string | null> {
  if (req.caller) return req.caller.tenantId;
  const named = namedTenant(req);
  if (scope === 'staff') {
    if (named) return named;
    const grant = param(req, 'grant_type') || param(req, 'grantType');
    return grant === 'refresh_token' || req.url.includes('/token/refresh') ? null : PLATFORM_TENANT;
  }
  if (req.headers[PORTAL_HEADER]) {
    try {
      return (await requireAlumnus(req)).tenantId;
    } catch {
      // no live portal session: the route answers its own 401; the tenant named (if any) decides here
    }
  }
  return named;
}

/**
 * The address rules (decision 290), in one place for every API call: after the token and the body
 * are read, a call from an address its rules refuse answers 403 with the address named, and the
 * refusal is written to the usual log. The address is `request.ip`, which honours TRUST_PROXY.
 */
export function registerAddressRuleHook(app: FastifyInstance, rules: AddressRules): void {
  if (!rules.enabled) return;
  app.addHook('preHandler', async (req: FastifyRequest) => {
    const set = await rules.current();
    if (set.empty) return;
    const scope = addressScopeOf(req);
    const tenantId = await tenantOf(req, scope);
    const refusal = set.refusal(req.ip, scope, tenantId);
    if (!refusal) return;
    const origin = originOf(req, false);
    app.services.logs.usual({ ...origin, tenantId: tenantId ?? origin.tenantId }, {
      logId: 'address_refused', logLevel: 'warn', logData: `${req.ip} ${scope} ${refusal} ${req.method} ${origin.requestUri}`,
    });
    throw new AppError(403, ADDRESS_RULE_MSG.refused, { address: req.ip });
  });
}
