import { basicInfoEntity } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { portalSessions } from '../portal/portal-auth.js';
import type { TestApp } from './test-app.js';

/**
 * Signs an alumnus in to the portal without the code step and answers a real portal token (for the
 * `Portal-Auth: bearer <token>` header): the session is opened by the same code as the real sign-in.
 * The alumnus must be a live record of the tenant.
 */
export async function signInAlumnusForTest(app: FastifyInstance, tenantId: string, alumnusId: string): Promise<string> {
  const row = await app.services.database.db.selectFrom(basicInfoEntity.table).select('id')
    .where('id', '=', alumnusId).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst();
  if (!row) throw new Error(`no alumnus ${alumnusId} in tenant ${tenantId}`);
  const { token } = await portalSessions(app).open(tenantId, alumnusId, 'test', '127.0.0.1');
  return token;
}

/** The headers of a portal call as the holder of `token`. */
export const portalHeaders = (token: string, lang: 'zh' | 'en' = 'zh'): Record<string, string> =>
  ({ 'portal-auth': `bearer ${token}`, 'accept-language': lang === 'en' ? 'en' : 'zh-CN' });

/**
 * Portal calls of a test app: `portal` answers the reply, `data` the envelope's data of a call that
 * must answer 200 (anything else fails the test with the reply). `app` is read at each call, so a
 * test may hand over its app before starting it.
 */
export function portalCalls(app: () => TestApp) {
  const portal = (method: 'GET' | 'POST', url: string, token: string, body?: unknown, lang: 'zh' | 'en' = 'zh') =>
    app().call(method, `/api/blade-portal${url}`, null, body, portalHeaders(token, lang));
  const data = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown) => {
    const res = await portal(method, url, token, body);
    if (res.statusCode !== 200) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json().data;
  };
  return { portal, data };
}
