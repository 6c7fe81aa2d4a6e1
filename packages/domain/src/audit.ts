import { t } from './text.js';

/**
 * What a write of an entity did, as the audit trail records it: a row added, changed or removed; an
 * examine verdict applied (`examine`); an edit that changed only the row's state (`status`: its
 * enable flag or its examination state, such as a draft handed in).
 */
export type AuditAction = 'create' | 'update' | 'delete' | 'examine' | 'status';

export const AUDIT_ACTIONS: readonly AuditAction[] = ['create', 'update', 'delete', 'examine', 'status'];

/** A value as the audit keeps it: masked where secret or personal, shortened where long. */
export type AuditValue = string | number | null;

/**
 * The fields a write changed, each with its value before and after: `[null, value]` for the fields
 * a new row was given, `[value, null]` for the fields a removed row held.
 */
export type AuditDiff = Record<string, [AuditValue, AuditValue]>;

/** One entry of the audit trail, as the history and list calls answer it. */
export interface AuditEntryView {
  id: string;
  tenantId: string;
  /** The entity's registry name (`basicInfo`). */
  entity: string;
  recordId: string;
  /** The record's title field at the time of the write (masked like its other values). */
  recordTitle: string | null;
  action: AuditAction;
  userId: string | null;
  account: string | null;
  userName: string | null;
  ip: string | null;
  requestId: string | null;
  time: string;
  diff: AuditDiff;
}

/** What the audit keeps in place of a secret (a password, a key) or a sealed value. */
export const AUDIT_MASK = '******';

/** The menu whose holders read the audit list (its detail: `audit_view`). */
export const AUDIT_MENU = 'audit';

export const AUDIT_PATHS = {
  /** A record's history, for whoever may read the record. */
  history: '/blade-system/audit/history',
  /** The tenant's audit trail, filtered and paged (menu `audit`). */
  list: '/blade-system/audit/list',
} as const;

export const AUDIT_MSG = {
  entityRequired: t('请指定实体(entity)', 'Name the entity (entity)'),
  unknownEntity: t('不支持的实体: {name}', 'Unknown entity: {name}'),
  idRequired: t('请指定记录(id)', 'Name the record (id)'),
  badTimeRange: t('开始时间不能晚于结束时间', 'The start time must not be after the end time'),
} as const;
