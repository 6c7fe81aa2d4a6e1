import { MSG, parsePaging } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireCaller, type Caller } from '../core/caller.js';
import { ok } from '../core/envelope.js';
import { badRequest, notFound } from '../core/errors.js';
import { originOf } from '../logs/request-origin.js';

const tags = ['Online users (在线用户)'];
const BASE = '/blade-system/online-user';
const SESSION_ID = /^[0-9a-f-]{36}$/i;
const USER_ID = /^\d{1,19}$/;

/** The platform's administrator sees and ends every tenant's sessions; anyone else with the menu, their tenant's. */
const tenantOf = (caller: Caller): string | null => (caller.isSuperAdmin ? null : caller.tenantId);

/** A query parameter matching `form`, else 400 naming it. */
function param(req: FastifyRequest, name: string, form: RegExp): string {
  const value = (req.query as Record<string, unknown>)[name];
  if (typeof value !== 'string' || !form.test(value)) throw badRequest(MSG.badFilterValue, { name });
  return value;
}

/** An optional search text (trimmed, at most `max` characters), else 400 naming it. */
function searchText(query: Record<string, unknown>, name: string, max: number): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.trim().length > max) throw badRequest(MSG.badFilterValue, { name });
  return value.trim() || undefined;
}

/**
 * The page 在线用户 (menu `online_user`, decision 287): the live staff sessions with user, tenant,
 * address, client, sign-in time and last activity; force one session out (`online_user_logout`) or
 * every session of a user (`online_user_logout_all`). Each forced sign-out is written to the usual
 * log of the acting tenant and, when it is another, of the session's tenant.
 */
export function registerOnlineSessionRoutes(app: FastifyInstance): void {
  const { online, access, logs, database } = app.services;

  const logForced = (req: FastifyRequest, caller: Caller, tenantId: string, text: string) => {
    const origin = originOf(req);
    logs.usual(origin, { logId: 'force_logout', logLevel: 'warn', logData: text });
    if (tenantId !== caller.tenantId) logs.usual({ ...origin, tenantId }, { logId: 'force_logout', logLevel: 'warn', logData: text });
  };

  app.get(`${BASE}/list`, {
    schema: {
      tags, summary: 'Live staff sessions, newest sign-in first (paged); account and address match from their start',
      querystring: {
        type: 'object',
        properties: {
          current: { type: 'integer' }, size: { type: 'integer' }, account: { type: 'string' }, address: { type: 'string' }, tenantId: { type: 'string' },
        },
      },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'online_user');
    const q = req.query as Record<string, unknown>;
    const { current, size } = parsePaging(q);
    const account = searchText(q, 'account', 64);
    const address = searchText(q, 'address', 64);
    const searchTenantId = searchText(q, 'tenantId', 12);
    const { records, total } = await online.list({
      current, size, tenantId: tenantOf(caller),
      ...(account ? { account } : {}), ...(address ? { address } : {}), ...(searchTenantId ? { searchTenantId } : {}),
    }, caller.sessionId);
    return ok({ records, total, size, current, pages: Math.ceil(total / size) }, req.lang);
  });

  app.post(`${BASE}/logout`, {
    schema: { tags, summary: 'Force one session out: its tokens are refused from the next request on, in every process', querystring: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'online_user_logout');
    const session = await online.get(param(req, 'id', SESSION_ID));
    const tenant = tenantOf(caller);
    if (!session || (tenant !== null && session.tenantId !== tenant)) throw notFound();
    const ended = await online.end([session.id]);
    logForced(req, caller, session.tenantId, `${caller.account} 强制退出 ${session.tenantId}/${session.account} 的会话 ${session.id}`);
    return ok({ ended }, req.lang);
  });

  app.post(`${BASE}/logout-user`, {
    schema: { tags, summary: "Force every session of a user out", querystring: { type: 'object', required: ['userId'], properties: { userId: { type: 'string' } } } },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'online_user_logout_all');
    const userId = param(req, 'userId', USER_ID);
    const user = await database.db.selectFrom('blade_user').select(['tenant_id', 'account']).where('id', '=', userId).where('is_deleted', '=', 0).executeTakeFirst();
    const tenant = tenantOf(caller);
    if (!user || (tenant !== null && String(user.tenant_id) !== tenant)) throw notFound();
    const ended = await online.endOfUsers([userId]);
    logForced(req, caller, String(user.tenant_id), `${caller.account} 强制退出 ${String(user.tenant_id)}/${String(user.account)} 的全部会话（${ended} 个）`);
    return ok({ ended }, req.lang);
  });
}
