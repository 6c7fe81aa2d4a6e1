import { basicInfoEntity, registInfoEntity, dictBizEntity, dictEntity, donationEntity, reportEntity, studentEntity, studentStatusEntity } from '@alumni/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AccessService } from './access/access-service.js';
import { Params } from './access/params.js';
import { ScopeService } from './access/scope-service.js';
import { AddressRules } from './access/address/address-rules.js';
import { addressRuleHooks } from './access/address/address-rule-hooks.js';
import { retentionHooks } from './modules/retention/retention-hooks.js';
import { CaptchaService } from './auth/captcha.js';
import { ClientRegistry } from './auth/client-registry.js';
import { OnlineSessions } from './auth/online-sessions.js';
import { SessionGuard } from './auth/session-guard.js';
import { SignInService } from './auth/sign-in.js';
import { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { DictionaryLabels } from './engine/dictionary-labels.js';
import type { EntityHooks } from './engine/entity-hooks.js';
import { EntityOperations } from './engine/entity-operations.js';
import { AuditReads } from './engine/audit/audit-reads.js';
import { AuditTrail } from './engine/audit/audit-trail.js';
import { PersonalAccessLog } from './engine/personal-access/personal-access-log.js';
import { EntityImports } from './engine/excel/entity-import.js';
import { basicInfoHooks } from './modules/people/basic-info-hooks.js';
import { alumniTagGroupHooks, alumniTagHooks } from './modules/people/alumni-tags.js';
import { Duplicates } from './modules/identity/duplicates.js';
import { IdentityKeys } from './modules/identity/identity-keys.js';
import { RegistExamine } from './modules/identity/regist-examine.js';
import { registInfoHooks } from './modules/identity/regist-info-hooks.js';
import { Graduation } from './modules/people/graduation.js';
import { studentStatusHooks } from './modules/people/student-status-hooks.js';
import { relationHooks } from './modules/relation/relation.js';
import { privacyRequestHooks } from './portal/portal-privacy-hooks.js';
import { alumniCardHooks } from './portal/portal-card-hooks.js';
import { studentHooks } from './modules/people/student-hooks.js';
import { activityHooks } from './modules/activity/activity-hooks.js';
import { applistHooks } from './modules/activity/applist-hooks.js';
import { costHooks } from './modules/activity/cost-hooks.js';
import { FieldSealing } from './db/field-sealing.js';
import { TALLY_SOURCES } from './db/tally-sources.js';
import { EntityRepository } from './engine/entity-repository.js';
import { EntityNumbers } from './engine/numbering/entity-numbers.js';
import { donationHooks } from './modules/giving/donation-hooks.js';
import { albumHooks } from './modules/albums/album-hooks.js';
import { ExamineLog } from './engine/examination/examine-log.js';
import { Examination } from './engine/examination/examination.js';
import { LogWriter, logServer } from './logs/log-writer.js';
import { RouteTitles } from './logs/route-titles.js';
import { apiLogHooks } from './logs/api-log-hooks.js';
import { dictionaryHooks } from './modules/dict/dict-hooks.js';
import { createResourceServices, resourceHooks, type ResourceServices } from './modules/resource/resource-services.js';
import { scopeHooks } from './modules/scope/scope-hooks.js';
import { systemAdminHooks } from './modules/system-admin.js';
import { academicHooks } from './modules/academic/academic.js';
import { messagingHooks } from './modules/messaging/messaging.js';
import { reportHooks } from './modules/report/report-hooks.js';
import { developHooks } from './modules/develop/develop.js';
import { SurveyLinks, surveyHooks } from './modules/survey/survey.js';
import type { RecipientValuesSource } from './modules/messaging/notice-push-text.js';
import { SurveyInvitations } from './modules/survey/survey-invitation.js';
import type { KvStore } from './store/kv-store.js';
import { TenantQuotas } from './modules/tenant/tenant-quotas.js';
import { OutboundGuard } from './security/outbound-address.js';
import type { JobQueue } from './jobs/job-queue.js';
import { openJobQueue } from './jobs/open-job-queue.js';
import { NoticePushSending } from './modules/messaging/notice-push-sending.js';
import { PushRecordTokens } from './modules/messaging/push-record-token.js';
import { PushTallies } from './modules/messaging/notice-push-tallies.js';
import { BladexImports } from './modules/develop/bladex-import/bladex-import-service.js';
import { datasourceSettings } from './modules/develop/datasource-settings.js';

/** The long-lived parts of the API, wired once per process. */
export interface Services {
  config: Config;
  database: Database;
  store: KvStore;
  access: AccessService;
  /** Data scopes and API scopes of the caller's roles. */
  scopes: ScopeService;
  params: Params;
  labels: DictionaryLabels;
  repository: EntityRepository;
  /** Encryption at rest of ID numbers, phones and e-mails (and their keyed hashes). */
  sealing: FieldSealing;
  operations: EntityOperations;
  /** The audit trail's history and list (written by the operations, inside each write). */
  auditReads: AuditReads;
  /** The personal-data access report's writer (decision 302): the engine's reads and the portal's download write it. */
  personalAccess: PersonalAccessLog;
  /** Keyed hashes of alumni identity, and the duplicate detection that reads them (DOMAIN 1.6). */
  identityKeys: IdentityKeys;
  duplicates: Duplicates;
  /** Excel imports: preview, commit, error workbooks. */
  imports: EntityImports;
  tokens: TokenService;
  /** Whether a token's session still stands; ends a user's sessions. */
  sessions: SessionGuard;
  /** The records of staff sessions: the online users page and forced sign-out (decision 287). */
  online: OnlineSessions;
  captcha: CaptchaService;
  clients: ClientRegistry;
  signIn: SignInService;
  resources: ResourceServices;
  /** Numbers the server gives rows (registration numbers, donation codes, share codes). */
  numbers: EntityNumbers;
  logs: LogWriter;
  /** The names a user reads for each route, for the API log. */
  routeTitles: RouteTitles;
  /** Durable background work (docs/job-queue.md); started by the server and the worker, not by `buildApp`. */
  jobs: JobQueue;
  /** Notice pushes: their sending jobs and figures (DOMAIN 8.3). */
  noticePushes: NoticePushSending;
  /** Signed links of pushed e-mails (unsubscribe, read pixel). */
  pushTokens: PushRecordTokens;
  /** Signed links to the survey answer page (DOMAIN 9.4). */
  surveyLinks: SurveyLinks;
  surveyInvitations: SurveyInvitations;
  /** The per-recipient values of a push (a survey invitation's link), for its sending and its preview. */
  pushRecipientValues: RecipientValuesSource;
  /** Moving in from a BladeX installation: dry runs and import jobs. */
  bladexImports: BladexImports;
  /** The check of every address a tenant chose that the server connects to (`OUTBOUND_ALLOW`). */
  outbound: OutboundGuard;
  /** The address allow/deny rules calls are decided by (decision 290). */
  addressRules: AddressRules;
  /** Each tenant's limits and their usage (decision 293). */
  quotas: TenantQuotas;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** How services are made beyond the configuration: only the audit benchmark measures writes without the audit trail. */
export interface ServiceOptions {
  auditTrail?: boolean;
}

export function createServices(config: Config, database: Database, store: KvStore, log: FastifyBaseLogger, options: ServiceOptions = {}): Services {
  const { db } = database;
  const access = new AccessService(db);
  const scopes = new ScopeService(db);
  access.onInvalidate(() => scopes.invalidate());
  const params = new Params(db);
  const labels = new DictionaryLabels(db);
  const sealing = new FieldSealing(config.fieldKeys, config.dataKey);
  const repository = new EntityRepository(db, database.dialect, (query, options) => database.read(query, options), sealing, TALLY_SOURCES,
    config.database.kind === 'sqlite' ? Math.max(1, config.database.readWorkers) : 1);
  const outbound = new OutboundGuard(config.outboundAllow, undefined, log);
  const quotas = new TenantQuotas(db, store);
  // A tenant saved (its limits too) drops the limits this process keeps.
  access.onInvalidate(() => quotas.forget());
  const resources = createResourceServices(db, repository, config.dataDir, outbound, quotas);
  const routeTitles = new RouteTitles();
  const identityKeys = new IdentityKeys(config.dataKey, sealing);
  const duplicates = new Duplicates(identityKeys, sealing);
  const numbers = new EntityNumbers(params, repository);
  const pushTallies = new PushTallies(db);
  const addressRules = new AddressRules(db, config.addressRules);
  const clients = new ClientRegistry(db);
  const hooks = new Map<string, EntityHooks>([
    // A client saved on its page signs in with its new grants and token lifetimes at once (decision 289).
    ['client', { afterCommit: () => clients.invalidate() }],
    [dictEntity.name, dictionaryHooks(labels)],
    ['log-api', apiLogHooks(routeTitles)],
    [dictBizEntity.name, dictionaryHooks(labels, true)],
    ['tenant-package', { afterCommit: () => access.invalidate() }],
    ...resourceHooks(resources),
    ...systemAdminHooks(db, access, params, scopes),
    ...scopeHooks(access),
    ...academicHooks(db, params),
    ...messagingHooks(db, (): JobQueue => jobs, pushTallies, (): NoticePushSending => noticePushes),
    [studentEntity.name, studentHooks(new Graduation())],
    [basicInfoEntity.name, basicInfoHooks(identityKeys, duplicates, { db, repository, labels, operations: (): EntityOperations => operations })],
    [registInfoEntity.name, registInfoHooks(duplicates, new RegistExamine(duplicates), { db, repository, operations: (): EntityOperations => operations })],
    [studentStatusEntity.name, studentStatusHooks()],
    ['alumniTagGroup', alumniTagGroupHooks()],
    ['alumniTag', alumniTagHooks()],
    ...relationHooks(db, repository),
    ['privacyRequest', privacyRequestHooks()],
    ['alumniCard', alumniCardHooks()],
    ['activity', activityHooks(db, params)],
    ['actApplist', applistHooks(db, repository)],
    ['activityCost', costHooks(db, repository)],
    [donationEntity.name, donationHooks(db, numbers)],
    ...albumHooks(db, params, resources, (): EntityOperations => operations),
    [reportEntity.name, reportHooks()],
    ...surveyHooks((): JobQueue => jobs),
    ...developHooks(outbound),
    ...addressRuleHooks(addressRules),
    ...retentionHooks(),
  ]);
  const jobs: JobQueue = openJobQueue(config, database, (message, error) => log.error({ err: error }, message));
  const audit = options.auditTrail === false ? null : new AuditTrail(database.dialect);
  const personalAccess = new PersonalAccessLog(db);
  const operations: EntityOperations = new EntityOperations(db, repository, access, labels, hooks, scopes, numbers, new Examination(access, new ExamineLog()), audit, personalAccess);
  const tokens = new TokenService(config.tokenSecret, store);
  const online = new OnlineSessions(db);
  const sessions = new SessionGuard(db, config.tokenSecret, online);
  tokens.checkSessionsWith((claims) => sessions.isCurrent(claims));
  const signIn = new SignInService(db, store, tokens, sessions, params, config.lockoutMinutes, {
    access: config.accessTokenSeconds, refresh: config.refreshTokenSeconds,
  }, online);
  const pushTokens = new PushRecordTokens(config.dataKey);
  const surveyLinks = new SurveyLinks(config.dataKey);
  const surveyInvitations = new SurveyInvitations(db, surveyLinks);
  const recipientValues: RecipientValuesSource = (tenantId, push, base) => surveyInvitations.valuesFor(tenantId, push.surveyId, base);
  const noticePushes = new NoticePushSending({ db, jobs, repository, operations, resources, params, tokens: pushTokens, recipientValues });
  const bladexImports = new BladexImports({
    db, repository, jobs, access, labels, outbound, sessions,
    datasourceSettings: (who, id) => datasourceSettings({ operations, repository }, who, id),
  });
  return {
    bladexImports, outbound, addressRules, quotas,
    noticePushes, pushTokens, surveyLinks, surveyInvitations, pushRecipientValues: recipientValues,
    config, database, store, access, scopes, params, labels, repository, sealing, operations, tokens, online,
    auditReads: new AuditReads(db, (query) => database.read(query)), personalAccess, sessions, identityKeys, duplicates, numbers,
    captcha: new CaptchaService(store, config.captchaTtlSeconds),
    clients,
    signIn,
    resources,
    imports: new EntityImports(db, operations, repository, labels, store, resources.files, config.dataDir, config.importsPerTenant),
    logs: new LogWriter(db, log, logServer(config.environment)),
    routeTitles,
    jobs,
  };
}
