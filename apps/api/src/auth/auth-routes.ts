import { PLATFORM_TENANT } from '@alumni/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireCaller } from '../core/caller.js';
import { failure, ok } from '../core/envelope.js';
import { plain } from '../db/row-mapping.js';
import { originOf } from '../logs/request-origin.js';
import { OAUTH_MSG, OAuthError } from './oauth-error.js';

const tags = ['Sign-in (认证)'];
const pub = { public: true };

type Query = Record<string, string | undefined>;

/** A token request read off either sign-in wire. */
interface TokenParams {
  grant: string;
  tenantId: string;
  account: string;
  /** MD5 hex of the typed password. */
  password: string;
  refreshToken: string;
  /** The tenant a refresh names, if any: the refresh token must be of it. */
  refreshTenantId: string | undefined;
}

/** The token answer as SpringBlade's AuthInfo (its names, the same token pair). */
function authInfo(answer: {
  access_token: string; token_type: string; refresh_token: string; expires_in: number; tenant_id: string; user_id: string;
  account: string; real_name: string; user_name: string; role_name: string; avatar: string; oauth_id: string; must_change_password: boolean;
}) {
  return {
    accessToken: answer.access_token,
    tokenType: answer.token_type,
    refreshToken: answer.refresh_token,
    userId: answer.user_id,
    tenantId: answer.tenant_id,
    oauthId: answer.oauth_id,
    account: answer.account,
    userName: answer.real_name || answer.user_name,
    avatar: answer.avatar,
    authority: answer.role_name,
    expiresIn: answer.expires_in,
    license: 'powered by blade',
    // A reset password must be changed before anything else (decision 237).
    mustChangePassword: answer.must_change_password,
  };
}

/** A token request's parameters: the form body and the query, the query winning. */
const tokenQuery = (req: FastifyRequest): Query =>
  ({ ...(req.body && typeof req.body === 'object' ? (req.body as Query) : {}), ...(req.query as Query) });

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The OAuth token endpoint and the session calls of PROTOCOL section 6. */
export function registerAuthRoutes(app: FastifyInstance): void {
  const { clients, signIn, captcha, tokens, access, labels, logs, online } = app.services;

  const signedIn = <T extends { tenant_id: string; user_id: string; account: string }>(req: FastifyRequest, answer: T): T => {
    logs.usual({ ...originOf(req), tenantId: answer.tenant_id, userId: answer.user_id, createBy: answer.account }, { logId: 'sign_in', logData: `${answer.account} 登录成功` });
    return answer;
  };

  /**
   * One token request, whichever wire it came by: the client, the grant the client may use, the
   * captcha, then the sign-in service (tenant, the address's wait, credentials, roles) or the
   * refresh. Both sign-in routes call this, so their checks, lockout counts and tokens are one.
   */
  const grantToken = async (req: FastifyRequest, p: TokenParams) => {
    const client = await clients.authenticate(header(req, 'authorization'));
    if (!client.grantTypes.has(p.grant)) throw new OAuthError(400, 'unsupported_grant_type', OAUTH_MSG.badGrant);
    const deptId = header(req, 'dept-id') || undefined;
    const roleId = header(req, 'role-id') || undefined;
    const credentials = { tenantId: p.tenantId, account: p.account, password: p.password, deptId, roleId, address: req.ip, userAgent: header(req, 'user-agent') };
    switch (p.grant) {
      case 'captcha':
        if (!(await captcha.check(header(req, 'captcha-key'), header(req, 'captcha-code')))) {
          throw new OAuthError(400, 'invalid_grant', OAUTH_MSG.badCaptcha);
        }
        return signedIn(req, await signIn.signIn(client, credentials));
      case 'password':
        return signedIn(req, await signIn.signIn(client, credentials));
      case 'refresh_token':
        return await signIn.refresh(client, p.refreshToken, p.refreshTenantId, deptId, roleId);
      default:
        // social and single sign-on need an identity provider configured for the tenant
        throw new OAuthError(400, 'unsupported_grant_type', OAUTH_MSG.notSupported);
    }
  };
  /** Logs a refused sign-in as the usual log's failure event. */
  const refused = (req: FastifyRequest, err: OAuthError) => {
    if (err.error === 'invalid_grant') logs.usual(originOf(req), { logId: err.event, logLevel: 'warn', logData: err.text('zh') });
  };

  const tokenHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const q = tokenQuery(req);
      return await grantToken(req, {
        grant: q.grant_type ?? (req.url.includes('/token/refresh') ? 'refresh_token' : ''),
        tenantId: header(req, 'tenant-id') || q.tenantId || PLATFORM_TENANT,
        account: q.username ?? '',
        password: q.password ?? '',
        refreshToken: q.refresh_token ?? '',
        refreshTenantId: q.tenantId ?? header(req, 'tenant-id'),
      });
    } catch (err) {
      if (err instanceof OAuthError) {
        refused(req, err);
        return reply.code(err.status).send(err.body(req.lang));
      }
      throw err;
    }
  };
  const tokenSchema = {
    tags,
    summary: 'Sign in (grant_type password | captcha | refresh_token); answers the flat token object',
    querystring: {
      type: 'object',
      properties: {
        tenantId: { type: 'string' }, username: { type: 'string' }, password: { type: 'string', description: 'md5 hex' },
        grant_type: { type: 'string', enum: ['password', 'captcha', 'refresh_token', 'social', 'authorization_code'] },
        refresh_token: { type: 'string' }, scope: { type: 'string' }, type: { type: 'string' },
      },
    },
  };
  app.post('/blade-auth/oauth/token', { config: pub, schema: tokenSchema }, tokenHandler);
  app.post('/blade-auth/oauth/token/refresh', { config: pub, schema: { ...tokenSchema, summary: 'Refresh a token pair' } }, tokenHandler);

  app.get('/blade-auth/oauth/captcha', { config: pub, schema: { tags, summary: 'A single-use image captcha: {key, image}' } },
    async () => captcha.create());

  // SpringBlade's sign-in (its Saber client): `POST /blade-auth/token` with grantType (password by
  // default, captcha, refresh_token), tenantId, account, password (md5) and refreshToken, answering
  // its AuthInfo inside the envelope; `GET /blade-auth/captcha` answers {key, image} inside it.
  // The same grant as the OAuth route above: same client check, captcha, lockout and token.
  const springBladeToken = async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const q = tokenQuery(req);
      const tenantId = q.tenantId || header(req, 'tenant-id') || PLATFORM_TENANT;
      const answer = await grantToken(req, {
        grant: q.grantType || 'password',
        tenantId,
        account: q.account ?? '',
        password: q.password ?? '',
        refreshToken: q.refreshToken ?? '',
        refreshTenantId: q.tenantId || header(req, 'tenant-id') || undefined,
      });
      return ok(authInfo(answer), req.lang);
    } catch (err) {
      if (err instanceof OAuthError) {
        refused(req, err);
        return reply.code(err.status).send(failure(err.status, err.text(req.lang)));
      }
      throw err;
    }
  };
  app.post('/blade-auth/token', {
    config: pub,
    schema: {
      tags,
      summary: 'Sign in as SpringBlade clients do (grantType password | captcha | refresh_token); answers AuthInfo in the envelope',
      querystring: {
        type: 'object',
        properties: {
          grantType: { type: 'string', enum: ['password', 'captcha', 'refresh_token'] },
          tenantId: { type: 'string' }, account: { type: 'string' }, password: { type: 'string', description: 'md5 hex' },
          refreshToken: { type: 'string' }, type: { type: 'string' },
        },
      },
    },
  }, springBladeToken);
  app.get('/blade-auth/captcha', { config: pub, schema: { tags, summary: 'A single-use image captcha as SpringBlade clients read it: the envelope around {key, image}' } },
    async (req) => ok(await captcha.create(), req.lang));

  const logout = async (req: FastifyRequest) => {
    if (req.caller) {
      logs.usual(originOf(req, false), { logId: 'sign_out', logData: `${req.caller.account} 退出登录` });
      await tokens.revoke(req.caller.tokenId, req.caller.expiresAt);
      if (req.caller.refreshTokenId) await tokens.revoke(req.caller.refreshTokenId, req.caller.refreshExpiresAt);
      // The session's record goes too: the list of online users no longer shows it (decision 287).
      if (req.caller.sessionId) await online.end([req.caller.sessionId]);
    }
    return { success: 'true', msg: 'success' };
  };
  for (const path of ['/blade-auth/oauth/logout', '/blade-auth/logout']) {
    app.get(path, { config: pub, schema: { tags, summary: 'Sign out: revokes the access and refresh tokens' } }, logout);
    app.post(path, { config: pub, schema: { tags, summary: 'Sign out: revokes the access and refresh tokens' } }, logout);
  }

  const userInfo = async (req: FastifyRequest) => {
    const caller = requireCaller(req.caller);
    const row = await app.services.database.db.selectFrom('blade_user')
      .select(['id', 'tenant_id', 'account', 'name', 'real_name', 'avatar', 'email', 'phone', 'birthday', 'sex', 'role_id', 'dept_id', 'post_id', 'user_type'])
      .where('id', '=', caller.userId).where('is_deleted', '=', 0).executeTakeFirst();
    return ok(row ? { ...plain(row), roleName: caller.roleAliases.join(','), tenantId: caller.tenantId, mustChangePassword: caller.mustChangePassword === true } : null, req.lang);
  };
  for (const path of ['/blade-auth/oauth/user-info', '/blade-auth/user-info']) {
    app.get(path, { config: { beforePasswordChange: true }, schema: { tags, summary: 'The signed-in user' } }, userInfo);
  }

  const clearCache = async () => {
    access.invalidate();
    labels.invalidate();
    clients.invalidate();
    return { success: 'true', msg: 'success' };
  };
  for (const path of ['/blade-auth/oauth/clear-cache', '/blade-auth/clear-cache']) {
    app.get(path, { schema: { tags, summary: 'Drops the server caches of menus, grants, dictionaries and clients' } }, clearCache);
  }
}
