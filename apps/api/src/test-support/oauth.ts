import type { LightMyRequestResponse } from 'fastify';
import { md5Hex } from '../auth/password.js';
import { CLIENT_HEADER, DEMO_PASSWORD, type TestApp } from './test-app.js';

export const TOKEN_URL = '/api/blade-auth/oauth/token';

/** The query of a password grant, as the Saber client sends it. */
export const passwordGrant = (account: string, password = DEMO_PASSWORD, tenantId = '000000'): Record<string, string> => ({
  tenantId, username: account, password: md5Hex(password), grant_type: 'password', scope: 'all', type: 'account',
});

/** Posts a token request with the demo client's header unless `headers` replaces it. */
export function requestToken(
  t: TestApp, query: Record<string, string>, headers: Record<string, string> = {}, url = TOKEN_URL,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `${url}?${new URLSearchParams(query)}`,
    headers: { authorization: CLIENT_HEADER, 'tenant-id': query.tenantId ?? '000000', ...headers },
  });
}
