import {
  encryptedFields, hashColumnOf, logApiEntity, logErrorEntity, logUsualEntity, noticePushRecordEntity, personalAccessEntity,
  registInfoEntity, REGIST_STATUS, RETENTION_TARGET, sensitiveFields, smsPushTargetEntity, snake, type EntityDef, type RetentionTarget,
} from '@alumni/domain';
import { CONSENT_LOG_TABLE } from '../../db/migrations/023-consent-log.js';

/** A personal column and what it holds once anonymised (null, or '' where the column may not be null). */
export interface PersonalColumn { column: string; blank: null | '' }

/**
 * One table the retention engine governs (decision 307): the column whose age decides, the rows of
 * the table the target is (a rejected registration, a withdrawn consent), and the personal columns an
 * anonymisation blanks. `softDelete` tables hold `is_deleted`: purged rows are removed whatever it says,
 * and naming both of its values keeps the scan on the `(tenant_id, is_deleted, create_time)` index.
 */
export interface TargetSpec {
  table: string;
  time: string;
  softDelete: boolean;
  /** Only rows where this column holds this value. */
  only?: { column: string; value: number };
  personal: PersonalColumn[];
}

/** The sensitive fields an entity marks (decision 307) and the keyed hash beside each encrypted one. */
function sensitiveColumns(entity: EntityDef): PersonalColumn[] {
  const encrypted = new Set(encryptedFields(entity).map(([name]) => name));
  return sensitiveFields(entity).flatMap(([name]) => {
    const column = snake(name);
    return encrypted.has(name) ? [{ column, blank: null }, { column: hashColumnOf(column), blank: null }] : [{ column, blank: null }];
  });
}

/** A log row names a person by its account, address, browser and the parameters it sent. */
const LOG_PERSONAL: PersonalColumn[] = ['create_by', 'remote_ip', 'user_agent', 'params'].map((column) => ({ column, blank: null }));
const logTarget = (entity: EntityDef): TargetSpec => ({ table: entity.table, time: 'create_time', softDelete: true, personal: LOG_PERSONAL });

export const RETENTION_TARGETS: Readonly<Record<RetentionTarget, TargetSpec>> = {
  [RETENTION_TARGET.logUsual]: logTarget(logUsualEntity),
  [RETENTION_TARGET.logApi]: logTarget(logApiEntity),
  [RETENTION_TARGET.logError]: logTarget(logErrorEntity),
  // The audit keeps who read (the staff account): what is blanked is where from and with which filter.
  [RETENTION_TARGET.personalAccess]: {
    table: personalAccessEntity.table, time: 'create_time', softDelete: true,
    personal: [{ column: 'ip', blank: null }, { column: 'filter', blank: null }],
  },
  // A rejection is the registration's last change: its age is counted from then.
  [RETENTION_TARGET.rejectedRegistration]: {
    table: registInfoEntity.table, time: 'update_time', softDelete: true,
    only: { column: 'examine_status', value: REGIST_STATUS.rejected }, personal: sensitiveColumns(registInfoEntity),
  },
  [RETENTION_TARGET.withdrawnConsent]: {
    table: CONSENT_LOG_TABLE, time: 'time', softDelete: false, only: { column: 'allowed', value: 0 }, personal: [{ column: 'note', blank: null }],
  },
  [RETENTION_TARGET.smsPushTarget]: { table: smsPushTargetEntity.table, time: 'create_time', softDelete: true, personal: sensitiveColumns(smsPushTargetEntity) },
  [RETENTION_TARGET.noticePushRecord]: { table: noticePushRecordEntity.table, time: 'create_time', softDelete: true, personal: sensitiveColumns(noticePushRecordEntity) },
  [RETENTION_TARGET.sendRecord]: {
    table: 'blade_send_record', time: 'create_time', softDelete: false,
    personal: [{ column: 'target', blank: '' }, { column: 'target_hash', blank: null }, { column: 'params', blank: null }, { column: 'answer', blank: null }],
  },
};
