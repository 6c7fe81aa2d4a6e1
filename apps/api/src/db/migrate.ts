import { Migrator, sql, type Migration } from 'kysely';
import type { Database } from './database.js';
import * as platform from './migrations/001-platform.js';
import * as listIndexes from './migrations/002-list-indexes.js';
import * as systemAdmin from './migrations/003-system-admin.js';
import * as resources from './migrations/004-resources.js';
import * as logs from './migrations/005-logs.js';
import * as shell from './migrations/006-shell.js';
import * as scopes from './migrations/007-scopes.js';
import * as userDeptIndexes from './migrations/008-user-dept-indexes.js';
import * as regions from './migrations/009-regions.js';
import * as sessions from './migrations/010-sessions.js';
import * as searchIndexes from './migrations/011-search-indexes.js';
import * as bladexStoredCodes from './migrations/012-bladex-stored-codes.js';
import * as sequences from './migrations/014-sequences.js';
import * as academic from './migrations/015-academic.js';
import * as student from './migrations/016-student.js';
import * as unsealDriving from './migrations/017-unseal-driving-entries.js';
import * as alumni from './migrations/018-alumni.js';
import * as idsAsText from './migrations/019-ids-as-text.js';
import * as studentTallies from './migrations/020-student-tallies.js';
import * as identity from './migrations/021-identity.js';
import * as fieldEncryption from './migrations/022-field-encryption.js';
import * as consentLog from './migrations/023-consent-log.js';
import * as workflow from './migrations/027-workflow.js';
import * as relationship from './migrations/024-relationship.js';
import * as jobs from './migrations/028-jobs.js';
import * as messagingTexts from './migrations/029-messaging-texts.js';
import * as messages from './migrations/030-messages.js';
import * as noticesPushes from './migrations/033-notices-pushes.js';
import * as reports from './migrations/035-reports.js';
import * as pushSurvey from './migrations/036-push-survey.js';
import * as auditTrail from './migrations/037-audit-trail.js';
import * as bladexImport from './migrations/039-bladex-import.js';
import * as smsPush from './migrations/032-sms-push.js';
import * as activities from './migrations/025-activities.js';
import * as givingAlbums from './migrations/026-giving-albums.js';
import * as visitDonationTallies from './migrations/031-visit-donation-tallies.js';
import * as surveys from './migrations/034-surveys.js';
import * as developerTools from './migrations/038-developer-tools.js';
import * as laterMenus from './migrations/040-menus-of-later-modules.js';
import * as writeNotices from './migrations/041-write-notices.js';
import * as donorsByPurpose from './migrations/042-donors-by-purpose.js';
import * as sendRecordTargetHash from './migrations/043-send-record-target-hash.js';
import * as noticeReads from './migrations/044-notice-reads.js';
import * as mustChangePassword from './migrations/046-must-change-password.js';
import * as portalSessions from './migrations/047-portal-sessions.js';
import * as portalInAppConsent from './migrations/048-portal-in-app-consent.js';
import * as pushRecordClicks from './migrations/049-push-record-clicks.js';
import * as privacyRequests from './migrations/050-privacy-requests.js';
import * as privacyRequestMenu from './migrations/051-privacy-request-menu.js';
import * as applicationQueue from './migrations/052-application-queue.js';
import * as activityTickets from './migrations/053-activity-tickets.js';
import * as alumniCards from './migrations/054-alumni-cards.js';
import * as cardStateReason from './migrations/057-card-state-reason.js';
import * as bladexMenuIconsLogServers from './migrations/058-bladex-menu-icons-log-servers.js';
import * as addressRules from './migrations/063-address-rules.js';
import * as onlineSessions from './migrations/061-online-sessions.js';
import * as tenantQuotas from './migrations/065-tenant-quotas.js';
import * as delegatedCollegeAdmin from './migrations/066-delegated-college-admin.js';
import * as personalAccess from './migrations/067-personal-access.js';
import * as alumniTags from './migrations/068-alumni-tags.js';
import * as retention from './migrations/069-retention.js';
import * as savedSegments from './migrations/070-saved-segments.js';
import * as engagement from './migrations/071-engagement.js';
import * as givingDepth from './migrations/072-giving-depth.js';
import * as roleFieldRules from './migrations/073-role-field-rules.js';
import * as listSettings from './migrations/074-list-settings.js';
import * as fullPlannerStatistics from './migrations/075-full-planner-statistics.js';
import * as linearSearchPairs from './migrations/076-linear-search-pairs.js';
import * as engagementLibraryFacts from './migrations/077-engagement-library-facts.js';
import * as countIndexMigration from './migrations/078-count-indexes.js';
import { ensureTrigramExtension } from './search-index.js';

/** Numbered migrations, applied in order at start-up on either dialect. */
const MIGRATIONS = [
  ['001-platform', platform],
  ['002-list-indexes', listIndexes],
  ['003-system-admin', systemAdmin],
  ['004-resources', resources],
  ['005-logs', logs],
  ['006-shell', shell],
  ['007-scopes', scopes],
  ['008-user-dept-indexes', userDeptIndexes],
  ['009-regions', regions],
  ['010-sessions', sessions],
  ['011-search-indexes', searchIndexes],
  ['012-bladex-stored-codes', bladexStoredCodes],
  ['014-sequences', sequences],
  ['015-academic', academic],
  ['016-student', student],
  ['017-unseal-driving-entries', unsealDriving],
  ['018-alumni', alumni],
  ['019-ids-as-text', idsAsText],
  ['020-student-tallies', studentTallies],
  ['021-identity', identity],
  ['022-field-encryption', fieldEncryption],
  ['023-consent-log', consentLog],
  ['024-relationship', relationship],
  ['027-workflow', workflow],
  ['028-jobs', jobs],
  ['029-messaging-texts', messagingTexts],
  ['030-messages', messages],
  ['032-sms-push', smsPush],
  ['025-activities', activities],
  ['026-giving-albums', givingAlbums],
  ['031-visit-donation-tallies', visitDonationTallies],
  ['033-notices-pushes', noticesPushes],
  ['034-surveys', surveys],
  ['035-reports', reports],
  ['036-push-survey', pushSurvey],
  ['037-audit-trail', auditTrail],
  ['038-developer-tools', developerTools],
  ['039-bladex-import', bladexImport],
  ['040-menus-of-later-modules', laterMenus],
  ['041-write-notices', writeNotices],
  ['042-donors-by-purpose', donorsByPurpose],
  ['043-send-record-target-hash', sendRecordTargetHash],
  ['044-notice-reads', noticeReads],
  ['046-must-change-password', mustChangePassword],
  ['047-portal-sessions', portalSessions],
  ['048-portal-in-app-consent', portalInAppConsent],
  ['049-push-record-clicks', pushRecordClicks],
  ['050-privacy-requests', privacyRequests],
  ['051-privacy-request-menu', privacyRequestMenu],
  ['052-application-queue', applicationQueue],
  ['053-activity-tickets', activityTickets],
  ['054-alumni-cards', alumniCards],
  ['057-card-state-reason', cardStateReason],
  ['058-bladex-menu-icons-log-servers', bladexMenuIconsLogServers],
  ['063-address-rules', addressRules],
  ['061-online-sessions', onlineSessions],
  ['065-tenant-quotas', tenantQuotas],
  ['066-delegated-college-admin', delegatedCollegeAdmin],
  ['067-personal-access', personalAccess],
  ['068-alumni-tags', alumniTags],
  ['069-retention', retention],
  ['070-saved-segments', savedSegments],
  ['071-engagement', engagement],
  ['072-giving-depth', givingDepth],
  ['073-role-field-rules', roleFieldRules],
  ['074-list-settings', listSettings],
  ['075-full-planner-statistics', fullPlannerStatistics],
  ['076-linear-search-pairs', linearSearchPairs],
  ['077-engagement-library-facts', engagementLibraryFacts],
  ['078-count-indexes', countIndexMigration],
] as const;

/** The names of the migrations, in the order they are applied. */
export const migrationNames = (): string[] => MIGRATIONS.map(([name]) => name);

export async function migrate({ db, dialect }: Database): Promise<string[]> {
  const migrations: Record<string, Migration> = {};
  for (const [name, module] of MIGRATIONS) migrations[name] = { up: (tx) => module.up(tx, dialect) };
  // On PostgreSQL the bookkeeping tables live in the current schema (other schemas may hold other installations).
  const schema = dialect === 'postgres'
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  // Extensions belong to the database, not a schema or a migration's transaction.
  if (dialect === 'postgres') await ensureTrigramExtension(db);
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'app_migration',
    migrationLockTableName: 'app_migration_lock',
    // Numbers are reserved per area of work, so a database may meet a lower number after a higher one.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
