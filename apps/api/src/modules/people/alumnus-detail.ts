import { displayNameKey, registInfoEntity, studentStatusEntity } from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { DictionaryLabels } from '../../engine/dictionary-labels.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import { ExamineLog } from '../../engine/examination/examine-log.js';
import { PortalSessions } from '../../portal/portal-auth.js';
import { consentLogsOf } from './consent-log.js';

const examineLog = new ExamineLog();

/** What the alumni record's detail reads beside the row. */
export interface AlumnusReads {
  db: Db;
  repository: EntityRepository;
  labels: DictionaryLabels;
  operations: () => EntityOperations;
}

/**
 * What an alumnus's detail carries beside the record (DOMAIN 4.3.1) among what exists so far: its
 * study records (oldest first, named), its registrations (newest first, each with its examination
 * log), its latest consent
 * changes (newest first, channel and source named) and whether it has signed in to the alumni
 * portal (first and last time, how many times), or null.
 */
export async function alumnusDetailExtras(reads: AlumnusReads, stored: JsonRecord, caller: Caller): Promise<Record<string, unknown>> {
  const tenantId = caller.tenantId;
  const alumniId = String(stored.id);
  const studentStatuses = await reads.repository.all(studentStatusEntity, { tenantId },
    [{ field: 'alumniId', op: 'equal', value: alumniId }], [{ field: 'enrollmentYear', desc: false }, { field: 'educationLevel', desc: false }]);
  await reads.operations().withDisplayNames(studentStatusEntity, caller, studentStatuses);
  const registInfos = await reads.db.selectFrom(registInfoEntity.table).select(['id', 'regist_no', 'examine_status', 'create_time'])
    .where('tenant_id', '=', tenantId).where('alumni_id', '=', alumniId).where('is_deleted', '=', 0)
    .orderBy('create_time', 'desc').orderBy('id', 'desc').execute();
  const statusNames = await reads.labels.labels('biz', tenantId, 'regist_status');
  const bizType = registInfoEntity.examine?.bizType as NonNullable<typeof registInfoEntity.examine>['bizType'];
  const consentLogs = await consentLogsOf(reads.db, tenantId, alumniId);
  const channels = await reads.labels.labels('biz', tenantId, 'push_channel');
  const sources = await reads.labels.labels('biz', tenantId, 'consent_source');
  for (const log of consentLogs) {
    log[displayNameKey('channel')] = channels.get(String(log.channel)) ?? null;
    log[displayNameKey('source')] = sources.get(String(log.source)) ?? null;
  }
  const examineLogs = await examineLog.ofEach(reads.db, tenantId, bizType, registInfos.map((r) => String(r.id)));
  return {
    studentStatuses,
    // Each with its examination, newest first: how the record came to be or was updated.
    registInfos: registInfos.map((r) => ({
      id: String(r.id), registNo: r.regist_no, examineStatus: Number(r.examine_status), createTime: String(r.create_time),
      examineStatusName: statusNames.get(String(r.examine_status)) ?? null,
      examineLogs: examineLogs.get(String(r.id)) ?? [],
    })),
    consentLogs,
    portalSignIns: await new PortalSessions(reads.db, null).signInsOf(tenantId, alumniId),
  };
}
