import { defineEntity } from '../../entity.js';
import { datetime, dict, flag, integer, text } from '../../fields.js';
import { t } from '../../text.js';

/**
 * Dictionary `retention_target`: what the retention engine knows how to purge or anonymise
 * (decision 307). Each key is one table and the rows of it a policy governs.
 */
export const RETENTION_TARGET = {
  logUsual: 'log_usual',
  logApi: 'log_api',
  logError: 'log_error',
  rejectedRegistration: 'regist_rejected',
  withdrawnConsent: 'consent_withdrawn',
  smsPushTarget: 'sms_push_target',
  noticePushRecord: 'notice_push_record',
  sendRecord: 'send_record',
  personalAccess: 'personal_access',
} as const;
export type RetentionTarget = (typeof RETENTION_TARGET)[keyof typeof RETENTION_TARGET];

/** Dictionary `retention_action`: delete the rows, or blank their personal columns and keep them. */
export const RETENTION_ACTION = { purge: '1', anonymise: '2' } as const;

/**
 * Network logs are kept at least six months (网络安全法 第二十一条); a policy of such a target may
 * not keep them shorter. The personal-data access events are an audit log of the same kind.
 */
export const RETENTION_LOG_MIN_DAYS = 180;
export const RETENTION_LOG_TARGETS: readonly string[] = [
  RETENTION_TARGET.logUsual, RETENTION_TARGET.logApi, RETENTION_TARGET.logError, RETENTION_TARGET.personalAccess,
];
/** The longest period a policy names: 100 years. */
export const RETENTION_MAX_DAYS = 36500;

/** The platform's default period of each target, in days (the seeded rows of tenant 000000). */
export const RETENTION_DEFAULT_DAYS: Readonly<Record<RetentionTarget, number>> = {
  log_usual: 180, log_api: 180, log_error: 180, personal_access: 1095,
  regist_rejected: 365, consent_withdrawn: 1095, sms_push_target: 365, notice_push_record: 365, send_record: 365,
};

export const RETENTION_MSG = {
  logTooShort: t('日志至少保留 {min} 天（六个月），不能设为 {days} 天', 'Logs are kept at least {min} days (six months); {days} days is too short'),
  badTarget: t('不支持的数据对象', 'Unknown data object'),
  badAction: t('处理方式只能是删除或匿名化', 'The action must be purge or anonymise'),
  badPeriod: t('保留天数应为 1 到 36500 之间的整数', 'The period must be a whole number of days from 1 to 36500'),
  duplicate: t('该数据对象已有保留策略', 'This data object already has a retention policy'),
  anonymiseUnsupported: t('该数据对象没有可匿名化的个人信息列，只能删除', 'This data object has no personal columns to blank; it can only be purged'),
  queued: t('已开始执行，可在任务队列查看进度', 'Started; see the jobs page for its progress'),
} as const;

/**
 * A retention policy (decisions 307–309): how long the rows of one target are kept in a tenant, and
 * whether older ones are purged or anonymised. Rows of tenant 000000 are the platform's defaults: a
 * tenant without a policy of its own for a target follows the platform's. A legal hold stops the
 * engine touching the target at all; the last run's time and rows affected are written by the engine.
 */
export const retentionPolicyEntity = defineEntity({
  name: 'retentionPolicy',
  label: t('数据保留策略', 'Retention policy'),
  table: 'blade_retention_policy',
  scope: 'tenant',
  permission: 'retention',
  api: { base: '/blade-system/retention' },
  fields: {
    target: dict(t('数据对象', 'Data object'), 'retention_target', { required: true, list: true, search: 'equal', width: 200 }),
    periodDays: integer(t('保留天数', 'Days kept'), { required: true, min: 1, max: RETENTION_MAX_DAYS, list: true, width: 100 }),
    action: dict(t('处理方式', 'Action'), 'retention_action', { required: true, list: true, width: 110, default: RETENTION_ACTION.purge }),
    enabled: flag(t('启用', 'Enabled'), { default: 1, list: true, width: 80 }),
    legalHold: flag(t('法律保全', 'Legal hold'), { default: 0, list: true, search: 'equal', width: 100 }),
    lastRunTime: datetime(t('上次执行', 'Last run'), { form: 'readonly', list: true, width: 170 }),
    lastAffected: integer(t('上次处理行数', 'Rows last affected'), { form: 'readonly', list: true, width: 130 }),
    remark: text(t('备注', 'Remark'), { max: 255, wide: true }),
  },
  unique: [{ fields: ['target'], message: RETENTION_MSG.duplicate }],
  defaultSort: [{ field: 'target' }],
  titleField: 'target',
});
