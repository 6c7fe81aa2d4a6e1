import { langOf } from './core/lang.js';
import { quietClientAborts } from './core/client-abort-log.js';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { routedEntities, dictEntity, dictBizEntity, MSG, type EntityDef } from '@alumni/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAddressRuleHook } from './access/address/address-rule-hook.js';
import { registerApiCallQuotaHook } from './modules/tenant/api-call-quota-hook.js';
import { registerApiScopeHook } from './access/api-scope-hook.js';
import { registerRouteGrantHook } from './access/route-grant.js';
import { registerResponseHeaders } from './core/response-headers.js';
import { registerMenuRoutes } from './access/menu-routes.js';
import { registerApiLog } from './logs/log-hooks.js';
import { registerPublicBaseFill } from './modules/resource/mail/public-base.js';
import { registerLogRoutes } from './logs/log-routes.js';
import { registerAuthHook } from './auth/auth-hook.js';
import { registerAuthRoutes } from './auth/auth-routes.js';
import { registerAbuseLimits } from './auth/abuse-limits.js';
import { registerInputHygiene } from './core/input-hygiene.js';
import type { Config } from './config.js';
import { registerCompression } from './core/compression.js';
import { failure } from './core/envelope.js';
import { registerErrorHandler } from './core/error-handler.js';
import { registerOpenApi } from './core/openapi.js';
import { setTimeZone } from './core/time.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { withStartLock } from './db/start-lock.js';
import { refreshStatisticsAtStart } from './db/planner-statistics.js';
import { sealStoredFields } from './db/seal-stored-fields.js';
import { registerEntityRoutes } from './engine/entity-routes.js';
import { registerImportRoutes } from './engine/excel/excel-routes.js';
import { registerAuditRoutes } from './engine/audit/audit-routes.js';
import { registerPersonalAccessRoutes } from './engine/personal-access/personal-access-routes.js';
import { registerRetentionRoutes } from './modules/retention/retention-routes.js';
import { registerEngagementRoutes } from './modules/engagement/engagement-routes.js';
import { registerDictionaryRoutes } from './modules/dict/dict-routes.js';
import { resourceRoutes } from './modules/resource/resource-routes.js';
import { registerSystemAdminRoutes } from './modules/system-admin.js';
import { registerAcademicRoutes } from './modules/academic/academic.js';
import { registerPeopleRoutes } from './modules/people/people-routes.js';
import { registerSegmentRoutes } from './engine/segments/segment-routes.js';
import { registerRelationRoutes } from './modules/relation/relation.js';
import { registerWorkflowRoutes } from './modules/workflow/workflow-routes.js';
import { registerActivityRoutes } from './modules/activity/activity-routes.js';
import { registerDonationRoutes } from './modules/giving/donation-routes.js';
import { albumRoutes } from './modules/albums/album-routes.js';
import { registerSessionRoutes } from './modules/session/session-routes.js';
import { registerProfileRoutes } from './modules/user-self/profile-routes.js';
import { registerListSettingsRoutes } from './modules/user-self/list-settings-routes.js';
import { registerGuestRoute } from './modules/user-self/register-guest.js';
import { registerOpenPasswordRoute } from './modules/user-self/open-password.js';
import { seedIfEmpty, type SeedResult } from './seed/seed.js';
import { createServices, type ServiceOptions } from './services.js';
import { registerJobHandlers } from './jobs/job-handlers.js';
import { registerJobRoutes } from './jobs/job-routes.js';
import { registerOnlineSessionRoutes } from './auth/online-session-routes.js';
import { registerMessagingRoutes, registerNoticePushRoutes, registerSmsPushRoutes } from './modules/messaging/messaging.js';
import { registerReportRoutes } from './modules/report/report-routes.js';
import { registerSurveyRoutes } from './modules/survey/survey.js';
import { registerBladexImportRoutes } from './modules/develop/bladex-import/bladex-import-routes.js';
import { registerDevelopRoutes } from './modules/develop/develop.js';
import { registerPortalContentRoutes } from './portal/portal-content-routes.js';
import { registerPortalPrivacyRoutes } from './portal/portal-privacy-routes.js';
import { registerPortalCardRoutes } from './portal/portal-card-routes.js';
import { registerCardCountRoute } from './portal/portal-card-count.js';
import { registerPortalAuthRoutes } from './portal/portal-auth-routes.js';
import { registerPortalMeRoutes } from './portal/portal-me-routes.js';
import { registerPortalTicketRoutes } from './portal/portal-tickets.js';
import { registerCheckInRoutes } from './modules/activity/check-in-routes.js';
import type { KvStore } from './store/kv-store.js';
import { MemoryStore } from './store/memory-store.js';
import { RedisStore } from './store/redis-store.js';

export interface BuiltApp {
  app: FastifyInstance;
  seed: SeedResult;
}

/** The API's own routes, under /api; `extraEntities` are served beside the registry's. */
async function apiRoutes(api: FastifyInstance, options: { extraEntities?: readonly EntityDef[] }): Promise<void> {
  await registerOpenApi(api, api.services.config.tokenHeader);
  await registerAbuseLimits(api, api.services.config);
  registerInputHygiene(api);
  registerAuthHook(api, api.services.tokens, api.services.config.tokenHeader);
  registerAddressRuleHook(api, api.services.addressRules);
  registerApiCallQuotaHook(api, api.services.quotas);
  registerApiScopeHook(api, api.services.scopes);
  registerRouteGrantHook(api, api.services.access);
  registerApiLog(api);
  registerPublicBaseFill(api);
  registerLogRoutes(api);
  await api.register(signInRoutes);
  registerMenuRoutes(api);
  registerSessionRoutes(api);
  registerProfileRoutes(api);
  registerListSettingsRoutes(api);
  registerGuestRoute(api);
  registerOpenPasswordRoute(api);
  for (const entity of [...routedEntities(), ...(options.extraEntities ?? [])]) registerEntityRoutes(api, entity);
  registerDictionaryRoutes(api, dictEntity);
  registerDictionaryRoutes(api, dictBizEntity);
  await api.register(resourceRoutes);
  registerSystemAdminRoutes(api);
  registerAcademicRoutes(api);
  registerPeopleRoutes(api);
  registerSegmentRoutes(api);
  registerJobRoutes(api);
  registerOnlineSessionRoutes(api);
  registerMessagingRoutes(api);
  registerNoticePushRoutes(api);
  registerSmsPushRoutes(api);
  registerSurveyRoutes(api);
  registerRelationRoutes(api);
  await registerWorkflowRoutes(api);
  registerActivityRoutes(api);
  registerDonationRoutes(api, api.services.numbers);
  registerReportRoutes(api);
  registerBladexImportRoutes(api, api.services.bladexImports);
  registerDevelopRoutes(api);
  registerAuditRoutes(api);
  registerPersonalAccessRoutes(api);
  registerRetentionRoutes(api);
  registerEngagementRoutes(api);
  registerPortalContentRoutes(api);
  registerPortalPrivacyRoutes(api);
  registerPortalCardRoutes(api);
  registerCardCountRoute(api);
  registerPortalAuthRoutes(api);
  registerPortalMeRoutes(api);
  registerPortalTicketRoutes(api);
  registerCheckInRoutes(api);
  await api.register(albumRoutes);
  await api.register(registerImportRoutes);
}

/**
 * The whole product as one Fastify app: external parts (database, store) first, then the API, then
 * the web app. `server.ts` only boots it; tests call it with `inject`.
 */
export async function buildApp(
  config: Config,
  options: {
    store?: KvStore;
    /**
     * Definitions outside the registry whose standard calls are served like the registry's: what the
     * code generator made, tried before it joins the registry (their tables are the caller's to make).
     */
    extraEntities?: readonly EntityDef[];
  } & ServiceOptions = {},
): Promise<BuiltApp> {
  setTimeZone(config.timeZone);
  const app = Fastify({
    logger: { level: config.logLevel, hooks: { logMethod: quietClientAborts } },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Request ids appear in 500 answers and the error log: unique across processes and restarts.
    genReqId: () => randomBytes(8).toString('hex'),
  });
  // Bodies and queries are read with the entity schemas (zod); route JSON Schemas only document.
  app.setValidatorCompiler(() => () => true);
  registerBodyParsers(app);
  registerErrorHandler(app);

  const database = openDatabase(config.database, (error) => app.log.warn({ err: error }, 'PostgreSQL ended an idle connection; the pool opens another'));
  const store = options.store ?? (config.redisUrl ? new RedisStore(config.redisUrl, config.redisKeyPrefix) : new MemoryStore());
  // One process at a time migrates and seeds: two started together after an upgrade wait in turn.
  const { migrated, seed } = await withStartLock(config.database, async () => {
    const applied = await migrate(database);
    return { migrated: applied, seed: await seedIfEmpty(database, config) };
  });
  const services = createServices(config, database, store, app.log, { auditTrail: options.auditTrail });
  await registerJobHandlers(services);
  // A push the seed left 待发送 (the demo's scheduled one) gets its start job like a submitted one.
  if (seed.seeded) await services.noticePushes.queueWaiting();
  // Personal data written plain by a migration's older rows or the seed is sealed now; a start that
  // changed nothing reads no table (rows loaded behind the server's back: `rotate-field-key -- --continue`).
  const sealed = migrated.length > 0 || seed.seeded ? await sealStoredFields(database.db, services.sealing) : {};
  const sealedRows = Object.values(sealed).reduce((a, b) => a + b, 0);
  if (sealedRows > 0) app.log.info({ sealed }, `encrypted the personal data of ${sealedRows} rows`);
  // Statistics only guide the planner: a start that finds the file busy (another process starting
  // on the same file writes it) keeps the statistics it has and serves; the next start refreshes them.
  await refreshStatisticsAtStart(database, migrated.length > 0 || seed.seeded || sealedRows > 0)
    .catch((error: unknown) => app.log.warn({ err: error }, 'planner statistics not refreshed at start-up'));
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await services.jobs.stop(); // running jobs settle while the database is open
    await services.logs.close(); // the queued log entries first, while the database is open
    services.resources.storage.close();
    await database.close();
    await store.close();
  });

  // Per-request lines only when debugging; business logs stay at the configured level.
  const requestLogLevel = config.logLevel === 'debug' || config.logLevel === 'trace' ? config.logLevel : 'warn';
  registerResponseHeaders(app);
  await registerCompression(app);
  await app.register(apiRoutes, { prefix: '/api', logLevel: requestLogLevel, extraEntities: options.extraEntities ?? [] });
  registerWeb(app, config.webDir, config.tokenHeader, config.apiCryptoKey);
  return { app, seed };
}

/**
 * JSON bodies may be empty: clients send the content type on body-less POSTs such as remove.
 */
function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, null);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('malformed JSON'), { statusCode: 400 }), undefined);
    }
  });
}

/** OAuth token requests may carry their parameters as a form (only the sign-in calls accept forms). */
async function signInRoutes(scope: FastifyInstance): Promise<void> {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  registerAuthRoutes(scope);
}

/**
 * Serves the built web app at `/`, answering unknown non-API paths with its index page (and those
 * at `/portal` and below with the alumni portal's page, portal.html). The index
 * page is served from memory, telling the client the configured token header and the key of the
 * encrypted-body routes.
 */
function registerWeb(app: FastifyInstance, webDir: string | null, tokenHeader: string, apiCryptoKey: string): void {
  const hasWeb = !!webDir && existsSync(path.join(webDir, 'index.html'));
  const html = hasWeb ? readFileSync(path.join(webDir as string, 'index.html'), 'utf8') : '';
  const indexPage = hasWeb ? withApiCryptoKey(withTokenHeader(html, tokenHeader), apiCryptoKey) : '';
  // The alumni portal is an entry of its own (portal.html), answered at /portal and below it.
  const portalFile = hasWeb ? path.join(webDir as string, 'portal.html') : '';
  const portalPage = hasWeb && existsSync(portalFile) ? readFileSync(portalFile, 'utf8') : null;
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDir as string, wildcard: false, maxAge: '1h', immutable: false, preCompressed: true,
      index: false, allowedPath: (pathName) => pathName !== '/index.html' && pathName !== '/portal.html',
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || !hasWeb || req.method !== 'GET') {
      // The API's hooks, which read the caller's language, do not run for a route that does not exist.
      return reply.code(404).send(failure(404, MSG.routeNotFound[langOf(req.headers['accept-language'])]));
    }
    if (portalPage !== null && isPortalPage(req.url)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(portalPage);
    }
    const captcha = isLoginPage(req.url) ? await loginCaptcha(app, req.ip) : null;
    // A page holding a captcha (single use) is never kept; the others are checked again before use.
    return reply.header('cache-control', captcha ? 'no-store' : 'no-cache').type('text/html; charset=utf-8')
      .send(captcha ? withLoginCaptcha(indexPage, captcha) : indexPage);
  });
}

const isLoginPage = (url: string) => url.split(/[?#]/)[0] === '/login';
const isPortalPage = (url: string) => /^\/portal(\/|$)/.test(url.split(/[?#]/)[0] ?? '');

/**
 * A captcha for the sign-in page, asked of the captcha call itself on behalf of the visitor's
 * address, so the call's abuse limit counts it as before; null when the call refuses.
 */
async function loginCaptcha(app: FastifyInstance, address: string): Promise<string | null> {
  const answer = await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha', remoteAddress: address });
  return answer.statusCode === 200 ? answer.body : null;
}

/**
 * The index page with a captcha for the sign-in page (its JSON, `{key, image}`) after the charset
 * meta, where the page's first script finds it: the sign-in page's stand-in shows it with its first
 * paint and the app takes it instead of asking for one (the web app's scripts/prerender-login.mjs).
 */
export function withLoginCaptcha(html: string, captchaJson: string): string {
  const json = captchaJson.replace(/</g, '\\u003c');
  return html.replace(/(<meta charset="[^"]*"\s*\/?>)/, `$1\n    <script type="application/json" id="login-captcha">${json}</script>`);
}

/** The index page with the `token-header` meta naming the configured header (a validated header name). */
export function withTokenHeader(html: string, tokenHeader: string): string {
  return html.replace(/<meta name="token-header" content="[^"]*"\s*\/?>/, `<meta name="token-header" content="${tokenHeader}" />`);
}

/**
 * The index page with an `api-crypto-key` meta (a validated key of letters and digits) after the
 * `token-header` one: the key the client encrypts and decrypts the crypto routes with (PROTOCOL 9),
 * public as the stock client's bundled key is.
 */
export function withApiCryptoKey(html: string, apiCryptoKey: string): string {
  const cleaned = html.replace(/\s*<meta name="api-crypto-key" content="[^"]*"\s*\/?>/, '');
  return cleaned.replace(/(<meta name="token-header" content="[^"]*"\s*\/?>)/, `$1\n    <meta name="api-crypto-key" content="${apiCryptoKey}" />`);
}
