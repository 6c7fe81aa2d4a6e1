import rateLimit from '@fastify/rate-limit';
import { FILE_LINK_PARAMS, MSG } from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../core/errors.js';
import { tokenHeaderOf } from './auth-hook.js';
import { RedisStore } from '../store/redis-store.js';
import { normalPhone } from '../modules/identity/identity-normal.js';
import { PORTAL_HEADER } from '../portal/portal-auth.js';

type LimitName = 'anonymous' | 'signIn' | 'captcha' | 'account' | 'register' | 'selfService' | 'portalTarget';

/** The calls made without a token that cost the server work or create rows, and the limits each passes. */
const LIMITED_ROUTES: Record<string, LimitName[]> = {
  '/api/blade-auth/oauth/token': ['signIn', 'account'],
  '/api/blade-auth/oauth/token/refresh': ['signIn'],
  '/api/blade-auth/oauth/captcha': ['captcha'],
  // SpringBlade's sign-in and captcha: the same limits as the OAuth route's.
  '/api/blade-auth/token': ['signIn', 'account'],
  '/api/blade-auth/captcha': ['captcha'],
  '/api/blade-user/open/update-password': ['signIn', 'account'],
  '/api/blade-user/register-guest': ['register'],
  // The alumni's self-service registration page (DOMAIN 4.2.6), per address.
  '/api/blade-registInfo/registInfo/open/options': ['selfService'],
  '/api/blade-registInfo/registInfo/open/speciality': ['selfService'],
  '/api/blade-registInfo/registInfo/open/submit': ['selfService'],
  '/api/blade-registInfo/registInfo/open/progress': ['selfService'],
  // The survey answer page (DOMAIN 9.4), per address.
  '/api/blade-questionnaireSurvey/questionnaireSurvey/open/survey': ['selfService'],
  '/api/blade-questionnaireSurvey/questionnaireSurvey/open/submit': ['selfService'],
  // The alumni portal's code sign-in, per address and per phone or e-mail address signed in to.
  '/api/blade-portal/auth/code': ['signIn', 'portalTarget'],
  '/api/blade-portal/auth/sign-in': ['signIn', 'portalTarget'],
};

/** A parameter from the query or a form/JSON body, as the sign-in calls read them. */
function param(req: FastifyRequest, name: string): string {
  const from = (source: unknown) => (source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined);
  const value = from(req.query) ?? from(req.body);
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

const carriesToken = (req: FastifyRequest, headerName: string) =>
  !!tokenHeaderOf(req, headerName) || !!req.headers[PORTAL_HEADER] || !!(req.query as Record<string, unknown> | undefined)?.[FILE_LINK_PARAMS.signature];

const tooManyRequests = () => new AppError(429, MSG.tooManyRequests);

/**
 * Abuse limits on the calls anybody can make (docs/sessions.md): every call without a token per
 * client address; sign-in, refresh, captcha and the open password change per address; sign-in
 * attempts per tenant and account from any address; guest registration per address and hour.
 * Counters live in Redis when it is configured (shared by every process), else in memory.
 * A refused call answers the envelope with code 429 and `Retry-After`.
 */
export async function registerAbuseLimits(api: FastifyInstance, config: Config): Promise<void> {
  const { store } = api.services;
  const redis = store instanceof RedisStore ? { redis: store.connection, nameSpace: `${store.keyPrefix}rate:` } : {};
  await api.register(rateLimit, { global: false, ...redis });
  const limits = config.rateLimits;
  const limiter = (name: string, max: number, timeWindow: number, key: (req: FastifyRequest) => string) => {
    const check = api.createRateLimit({ max, timeWindow, keyGenerator: (req) => `${name}:${key(req)}` });
    return async (req: FastifyRequest, reply: { header(name: string, value: unknown): unknown }) => {
      const result = await check(req);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyRequests();
    };
  };
  const byAddress = (req: FastifyRequest) => req.ip;
  const byAccount = (req: FastifyRequest) => `${param(req, 'tenantId') || String(req.headers['tenant-id'] ?? '')}:${param(req, 'username') || param(req, 'account')}`;
  // The phone or e-mail address a portal sign-in names (whatever it is: unknown ones are counted too).
  const byPortalTarget = (req: FastifyRequest) => {
    const channel = param(req, 'channel');
    const target = channel === 'sms' ? normalPhone(param(req, 'target')) : param(req, 'target');
    return `${param(req, 'tenantId')}:${channel}:${target}`;
  };
  const checks: Record<LimitName, ReturnType<typeof limiter>> = {
    anonymous: limiter('anonymous', limits.anonymousPerMinute, 60_000, byAddress),
    signIn: limiter('sign-in', limits.signInPerMinute, 60_000, byAddress),
    captcha: limiter('captcha', limits.signInPerMinute * 2, 60_000, byAddress),
    account: limiter('account', limits.accountPerMinute, 60_000, byAccount),
    register: limiter('register', limits.registerPerHour, 3_600_000, byAddress),
    selfService: limiter('self-service', limits.selfServicePerMinute, 60_000, byAddress),
    portalTarget: limiter('portal-target', limits.accountPerMinute, 60_000, byPortalTarget),
  };

  // Before the token is read: a call without one is counted whatever it asks for.
  api.addHook('onRequest', async (req, reply) => {
    if (!carriesToken(req, config.tokenHeader)) await checks.anonymous(req, reply);
  });
  // After the body is read, so the per-account limit sees a form's account too.
  api.addHook('preHandler', async (req, reply) => {
    for (const name of LIMITED_ROUTES[req.routeOptions.url ?? ''] ?? []) {
      if (name === 'account' && !byAccount(req).endsWith(':')) await checks.account(req, reply);
      else if (name !== 'account') await checks[name](req, reply);
    }
  });
}
