import { MSG } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callOrigin, type Caller } from '../core/caller.js';
import { AppError, unauthorized } from '../core/errors.js';
import { langOf } from '../core/lang.js';
import { isPortalToken, PORTAL_MSG } from '../portal/portal-auth.js';
import { isSuperAdmin } from './sign-in.js';
import type { TokenService } from './tokens.js';

const BEARER = /^bearer\s+(.+)$/i;

/** The caller of a `Blade-Auth: bearer <token>` header, or null when absent or not valid. */
export async function callerFromToken(tokens: TokenService, header: string | undefined): Promise<Caller | 'missing' | 'invalid'> {
  const token = BEARER.exec(header ?? '')?.[1];
  if (!token) return 'missing';
  const claims = await tokens.check(token.trim(), 'access');
  if (!claims) return 'invalid';
  const roleAliases = claims.role_alias.split(',').filter(Boolean);
  const deptIds = claims.dept_id.split(',').filter(Boolean);
  return {
    userId: claims.user_id,
    tenantId: claims.tenant_id,
    account: claims.account,
    userName: claims.user_name,
    realName: claims.real_name,
    roleIds: claims.role_id.split(',').filter(Boolean),
    roleAliases,
    deptIds,
    deptId: deptIds[0] ?? null,
    clientId: claims.client_id,
    isSuperAdmin: isSuperAdmin(claims.tenant_id, roleAliases),
    tokenId: claims.jti,
    sessionId: claims.sid,
    refreshTokenId: claims.rti ?? '',
    expiresAt: claims.exp,
    refreshExpiresAt: claims.rex ?? claims.exp,
    ...(claims.mcp ? { mustChangePassword: true } : {}),
  };
}

/** The value of the configured token header (`Blade-Auth` unless TOKEN_HEADER names another). */
export function tokenHeaderOf(req: FastifyRequest, headerName: string): string | undefined {
  const value = req.headers[headerName.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Every route needs a valid token, read from the header `headerName`, unless its config marks it public. */
export function registerAuthHook(app: FastifyInstance, tokens: TokenService, headerName: string): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('lang', 'zh');
  app.addHook('onRequest', async (req: FastifyRequest) => {
    req.lang = langOf(req.headers['accept-language']);
    if (req.url.startsWith('/api/docs')) return; // the API documentation is public
    const header = tokenHeaderOf(req, headerName);
    // An alumni portal token opens portal routes only: every other route refuses it, public or not (decision 245).
    const offered = BEARER.exec(header ?? '')?.[1]?.trim();
    if (offered && isPortalToken(offered) && !req.routeOptions.config?.portal) throw unauthorized(PORTAL_MSG.portalToken);
    const result = await callerFromToken(tokens, header);
    if (typeof result === 'object') {
      req.caller = { ...result, lang: req.lang, origin: callOrigin(req) };
      // A reset password is changed before anything else: other routes refuse the token (decision 237).
      const config = req.routeOptions.config;
      if (result.mustChangePassword && !config?.public && !config?.beforePasswordChange) throw new AppError(403, MSG.mustChangePassword);
      return;
    }
    if (req.routeOptions.config?.public) return;
    throw unauthorized(result === 'missing' ? MSG.tokenMissing : MSG.tokenInvalid);
  });
}
