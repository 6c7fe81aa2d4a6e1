import {
  EXAMINE_STATUS, PUSH_CHANNEL, SEGMENT_TARGET_SCOPE, actApplistEntity, associationMemberEntity, basicInfoEntity, isEmail, isMobile, studentStatusEntity, t,
  type Condition, type Text,
} from '@alumni/domain';
import type { ExpressionBuilder } from 'kysely';
import type { Caller } from '../../core/caller.js';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { FieldSealing } from '../../db/field-sealing.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository, RowScope } from '../../engine/entity-repository.js';
import { normalPhone } from '../identity/identity-normal.js';

/**
 * Who a push reaches (DOMAIN 8.3–8.5): a scope of the `target_scope` dictionary or the filter of
 * "add from the alumni library", both read into one normalized filter; the alumni it matches within
 * the caller's data scope, streamed in batches; and per channel the address to send to or the
 * reason the alumnus is skipped. Notice pushes and SMS pushes share it.
 */

export const AUDIENCE_MSG = {
  badScope: t('推送范围不正确', 'The recipient scope is not valid'),
  badValue: t('范围取值格式不正确：{field}', 'The scope values are not valid: {field}'),
  badFilter: t('筛选条件格式不正确：{field}', 'The filter is not valid: {field}'),
  badChannel: t('推送渠道不正确', 'The channel is not valid'),
} as const;

/** Why a recipient gets nothing on a channel, and the text recorded with it. */
export const SKIP_REASON = {
  frozenOrDeceased: t('校友已停用或已故', 'The alumnus is frozen or deceased'),
  noConsent: t('校友未授权接收该渠道消息', 'The alumnus did not consent to this channel'),
  noAddress: t('无有效的联系方式', 'No valid address for this channel'),
  channelUnavailable: t('微信渠道未配置', 'WeChat channel not configured'),
} as const satisfies Record<string, Text>;

export type SkipReason = keyof typeof SKIP_REASON;

/**
 * The alumni a push is for: every condition given is required (AND); an empty filter is everyone.
 * Study conditions (departments, speciality, level, enrollment years) must hold in one approved
 * study record; `tags` must all appear in the alumnus's tags.
 */
export interface AudienceFilter {
  alumniIds?: string[];
  departmentIds?: string[];
  specialityId?: string;
  educationLevel?: string;
  enrollmentYearFrom?: number;
  enrollmentYearTo?: number;
  associationIds?: string[];
  provinceCodes?: string[];
  activityId?: string;
  applyStatuses?: number[];
  isWinner?: 0 | 1;
  tags?: string[];
  /** A saved segment of the alumni library: its members are that search's rows for the push's caller. */
  segmentId?: string;
  /** The segment's list conditions, read for the caller (`withSegmentConditions`) before the audience is resolved. */
  listConditions?: readonly Condition[];
}

/** Reads a saved segment's list conditions for a caller (the saved segments of the engine). */
export interface SegmentConditions {
  memberConditions(caller: Caller, segmentId: string, entity: typeof basicInfoEntity): Promise<Condition[]>;
}

/**
 * The filter with its segment's conditions read for `caller`, who must be able to use the segment (404
 * otherwise) and read the alumni library (403); a filter without a segment is answered as it is.
 */
export async function withSegmentConditions(filter: AudienceFilter, segments: SegmentConditions, caller: Caller): Promise<AudienceFilter> {
  if (!filter.segmentId) return filter;
  return { ...filter, listConditions: await segments.memberConditions(caller, filter.segmentId, basicInfoEntity) };
}

/** One alumnus a push may reach, its contact fields opened. `status` 2 = frozen. */
export interface Recipient {
  id: string;
  alumniCode: string | null;
  name: string;
  areaCode: string;
  phone: string | null;
  email: string | null;
  allowSms: boolean;
  allowEmail: boolean;
  allowWechat: boolean;
  /** In-app consent, kept by the portal (`portal_consent`); unknown (undefined) counts as given. */
  allowInApp?: boolean;
  status: number;
  isDeceased: boolean;
}

export type ChannelOutcome = { address: string } | { skip: SkipReason; reason: Text };

const FROZEN = 2;
const ID_RE = /^\d{1,19}$/;
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;
const MAINLAND = '+86';

const filled = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

class FilterReader {
  constructor(private readonly message: Text) {}

  fail(field: string): never {
    throw badRequest(this.message, { field });
  }

  ids(raw: unknown, field: string): string[] | undefined {
    if (!filled(raw)) return undefined;
    const list = (Array.isArray(raw) ? raw.map(String) : String(raw).split(',')).map((s) => s.trim()).filter(Boolean);
    if (list.length === 0 || !list.every((id) => ID_RE.test(id))) this.fail(field);
    return [...new Set(list)];
  }

  id(raw: unknown, field: string): string | undefined {
    if (!filled(raw)) return undefined;
    const id = String(raw).trim();
    if (!ID_RE.test(id)) this.fail(field);
    return id;
  }

  year(raw: unknown, field: string): number | undefined {
    if (!filled(raw)) return undefined;
    const year = Number(raw);
    if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) this.fail(field);
    return year;
  }

  key(raw: unknown, field: string): string | undefined {
    if (!filled(raw)) return undefined;
    const key = String(raw).trim();
    if (!/^\d{1,4}$/.test(key)) this.fail(field);
    return key;
  }

  provinces(raw: unknown, field: string): string[] | undefined {
    if (!filled(raw)) return undefined;
    const list = String(raw).split(',').map((s) => s.trim()).filter(Boolean);
    if (list.length === 0 || !list.every((c) => /^\d{6}$/.test(c))) this.fail(field);
    return [...new Set(list)];
  }

  statuses(raw: unknown, field: string): number[] | undefined {
    if (!filled(raw)) return undefined;
    const list = String(raw).split(',').map((s) => s.trim()).filter(Boolean);
    if (list.length === 0 || !list.every((s) => /^\d{1,2}$/.test(s))) this.fail(field);
    return [...new Set(list.map(Number))];
  }

  winner(raw: unknown, field: string): 0 | 1 | undefined {
    if (!filled(raw)) return undefined;
    const value = Number(raw);
    if (value !== 0 && value !== 1) this.fail(field);
    return value;
  }

  tags(raw: unknown, field: string): string[] | undefined {
    if (!filled(raw)) return undefined;
    const list = (Array.isArray(raw) ? raw.map(String) : String(raw).split(/[,，]/)).map((s) => s.trim()).filter(Boolean);
    if (list.length === 0 || list.some((tag) => tag.length > 64)) this.fail(field);
    return list;
  }

  range(filter: AudienceFilter, fromField: string, toField: string): void {
    const { enrollmentYearFrom: from, enrollmentYearTo: to } = filter;
    if (from !== undefined && to !== undefined && from > to) this.fail(`${fromField}/${toField}`);
  }
}

/** Drops the conditions left unset, so two filters that mean the same compare equal. */
const compact = (filter: AudienceFilter): AudienceFilter =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) as AudienceFilter;

/** A JSON object given as an object or as its text; null when it is neither. */
function objectOf(raw: unknown): Record<string, unknown> | null {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : null;
}

/**
 * The filter of a `target_scope` (1 all, 2 departments, 3 enrollment years, 4 associations,
 * 5 chosen alumni, 6 an activity's applicants, 7 provinces) and its `targetValue` (JSON or its text).
 * A malformed value is a 400 naming the key.
 */
export function audienceFilter(targetScope: unknown, targetValue: unknown): AudienceFilter {
  const scope = String(targetScope ?? '');
  if (scope === '1') return {};
  if (!['2', '3', '4', '5', '6', '7', SEGMENT_TARGET_SCOPE].includes(scope)) throw badRequest(AUDIENCE_MSG.badScope);
  const read = new FilterReader(AUDIENCE_MSG.badValue);
  const value = objectOf(targetValue) ?? read.fail('targetValue');
  const required = <T>(found: T | undefined, field: string): T => (found === undefined ? read.fail(field) : found);
  switch (scope) {
    case '2': return { departmentIds: required(read.ids(value.departmentIds, 'departmentIds'), 'departmentIds') };
    case '3': {
      const filter = {
        enrollmentYearFrom: required(read.year(value.enrollmentYearFrom, 'enrollmentYearFrom'), 'enrollmentYearFrom'),
        enrollmentYearTo: required(read.year(value.enrollmentYearTo, 'enrollmentYearTo'), 'enrollmentYearTo'),
      };
      read.range(filter, 'enrollmentYearFrom', 'enrollmentYearTo');
      return filter;
    }
    case '4': return { associationIds: required(read.ids(value.associationIds, 'associationIds'), 'associationIds') };
    case '5': return { alumniIds: required(read.ids(value.alumniIds, 'alumniIds'), 'alumniIds') };
    case SEGMENT_TARGET_SCOPE: return { segmentId: required(read.id(value.segmentId, 'segmentId'), 'segmentId') };
    case '6': return compact({
      activityId: required(read.id(value.activityId, 'activityId'), 'activityId'),
      applyStatuses: read.statuses(value.applyStatus, 'applyStatus'),
      isWinner: read.winner(value.isWinner, 'isWinner'),
    });
    default: return { provinceCodes: required(read.provinces(value.provinceCodes, 'provinceCodes'), 'provinceCodes') };
  }
}

/**
 * The body of "add from the alumni library" (DOMAIN 8.5): `alumniIds` (comma-joined) and/or
 * `filter` {departmentId, specialityId, educationLevel, enrollmentYearFrom/To, associationId,
 * provinceCode, activityId, applyStatus, tags}, all combined with AND. Nothing at all is a 400:
 * adding the whole library takes an explicit scope, not an empty form.
 */
export function addFromAlumniFilter(body: { alumniIds?: unknown; filter?: unknown; segmentId?: unknown }): AudienceFilter {
  const read = new FilterReader(AUDIENCE_MSG.badFilter);
  const raw = body.filter === undefined || body.filter === null ? {} : objectOf(body.filter) ?? read.fail('filter');
  const department = read.id(raw.departmentId, 'departmentId');
  const association = read.id(raw.associationId, 'associationId');
  const filter = compact({
    alumniIds: read.ids(body.alumniIds, 'alumniIds'),
    departmentIds: department === undefined ? undefined : [department],
    specialityId: read.id(raw.specialityId, 'specialityId'),
    educationLevel: read.key(raw.educationLevel, 'educationLevel'),
    enrollmentYearFrom: read.year(raw.enrollmentYearFrom, 'enrollmentYearFrom'),
    enrollmentYearTo: read.year(raw.enrollmentYearTo, 'enrollmentYearTo'),
    associationIds: association === undefined ? undefined : [association],
    provinceCodes: read.provinces(raw.provinceCode, 'provinceCode'),
    activityId: read.id(raw.activityId, 'activityId'),
    applyStatuses: read.statuses(raw.applyStatus, 'applyStatus'),
    tags: read.tags(raw.tags, 'tags'),
    segmentId: read.id(body.segmentId, 'segmentId'),
  });
  read.range(filter, 'enrollmentYearFrom', 'enrollmentYearTo');
  if (filter.applyStatuses && !filter.activityId) read.fail('activityId');
  if (Object.keys(filter).length === 0) read.fail('alumniIds');
  return filter;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conditions over runtime tables
type Eb = ExpressionBuilder<any, any>;

/** The filter's conditions on `alumni_basic_info` rows (the outer table's `id` and columns). */
function conditionsOf(eb: Eb, filter: AudienceFilter) {
  const outerId = eb.ref(`${basicInfoEntity.table}.id`);
  const outerTenant = eb.ref(`${basicInfoEntity.table}.tenant_id`);
  const conditions = [];
  if (filter.alumniIds) conditions.push(eb(`${basicInfoEntity.table}.id`, 'in', filter.alumniIds));
  if (filter.provinceCodes) conditions.push(eb(`${basicInfoEntity.table}.province_code`, 'in', filter.provinceCodes));
  for (const tag of filter.tags ?? []) conditions.push(eb(`${basicInfoEntity.table}.tags`, 'like', `%${tag.replace(/[%_\\]/g, '')}%`));
  const study = filter.departmentIds || filter.specialityId || filter.educationLevel
    || filter.enrollmentYearFrom !== undefined || filter.enrollmentYearTo !== undefined;
  if (study) {
    let q = eb.selectFrom(`${studentStatusEntity.table} as s`).select('s.id')
      .whereRef('s.alumni_id', '=', outerId).whereRef('s.tenant_id', '=', outerTenant).where('s.is_deleted', '=', 0)
      .where('s.examine_status', '=', EXAMINE_STATUS.approved);
    if (filter.departmentIds) q = q.where('s.department_id', 'in', filter.departmentIds);
    if (filter.specialityId) q = q.where('s.speciality_id', '=', filter.specialityId);
    if (filter.educationLevel) q = q.where('s.education_level', '=', filter.educationLevel);
    if (filter.enrollmentYearFrom !== undefined) q = q.where('s.enrollment_year', '>=', filter.enrollmentYearFrom);
    if (filter.enrollmentYearTo !== undefined) q = q.where('s.enrollment_year', '<=', filter.enrollmentYearTo);
    conditions.push(eb.exists(q));
  }
  if (filter.associationIds) {
    conditions.push(eb.exists(eb.selectFrom(`${associationMemberEntity.table} as m`).select('m.id')
      .whereRef('m.alumni_id', '=', outerId).whereRef('m.tenant_id', '=', outerTenant).where('m.is_deleted', '=', 0)
      .where('m.is_active', '=', 1).where('m.association_id', 'in', filter.associationIds)));
  }
  if (filter.activityId) {
    let q = eb.selectFrom(`${actApplistEntity.table} as a`).select('a.id')
      .whereRef('a.alumni_id', '=', outerId).whereRef('a.tenant_id', '=', outerTenant).where('a.is_deleted', '=', 0)
      .where('a.activity_id', '=', filter.activityId);
    if (filter.applyStatuses) q = q.where('a.apply_status', 'in', filter.applyStatuses);
    if (filter.isWinner !== undefined) q = q.where('a.is_winner', '=', filter.isWinner);
    conditions.push(eb.exists(q));
  }
  return eb.and(conditions);
}

/** Where recipients are read from: the library's rows a data scope allows. */
export interface AudienceSource {
  repository: EntityRepository;
  scope: RowScope;
  /** The connection to read through (a transaction's, inside one); the repository's own by default. */
  db?: Db;
}

/** The caller's view of the alumni library: what a push they create may reach. */
export async function audienceSource(operations: EntityOperations, repository: EntityRepository, caller: Caller, db?: Db): Promise<AudienceSource> {
  return { repository, scope: await operations.rowScope(basicInfoEntity, caller, db, 'read'), ...(db ? { db } : {}) };
}

const RECIPIENT_COLUMNS = ['id', 'alumni_code', 'name', 'area_code', 'phone', 'email', 'allow_sms', 'allow_email', 'allow_wechat', 'status', 'is_deceased'];

/** An `alumni_basic_info` row of `RECIPIENT_COLUMNS` as a recipient, its sealed contact fields opened. */
function recipientOf(r: Record<string, unknown>, sealing: FieldSealing | null | undefined): Recipient {
  const open = (field: 'phone' | 'email', value: unknown): string | null =>
    value === null || value === undefined ? null : sealing ? sealing.openColumn(basicInfoEntity, field, value) : String(value);
  return {
    id: String(r.id),
    alumniCode: r.alumni_code === null ? null : String(r.alumni_code),
    name: String(r.name ?? ''),
    areaCode: filled(r.area_code) ? String(r.area_code) : MAINLAND,
    phone: open('phone', r.phone),
    email: open('email', r.email),
    allowSms: Number(r.allow_sms) === 1,
    allowEmail: Number(r.allow_email) === 1,
    allowWechat: Number(r.allow_wechat) === 1,
    status: Number(r.status ?? 1),
    isDeceased: Number(r.is_deceased) === 1,
  };
}

/**
 * The alumni the filter matches, in batches of `batchSize` (default 1000), in id order. Each batch
 * is one query after the last id seen (keyset paging), so a library of any size costs the same per
 * batch and holds no long cursor.
 */
export async function* resolveAudience(source: AudienceSource, filter: AudienceFilter, batchSize = 1000): AsyncGenerator<Recipient[]> {
  const { repository, scope } = source;
  // A segment's members are read by its list conditions, which only the caller's read of it gives.
  if (filter.segmentId && !filter.listConditions) throw new Error('the segment of the audience was not read for its caller');
  const listConditions = [...(filter.listConditions ?? [])];
  let after: string | null = null;
  for (;;) {
    let query = repository.scoped(basicInfoEntity, scope, listConditions, source.db).select(RECIPIENT_COLUMNS.map((c) => `${basicInfoEntity.table}.${c}`));
    query = query.where((eb) => conditionsOf(eb, filter));
    if (after !== null) query = query.where(`${basicInfoEntity.table}.id`, '>', after);
    const rows = await query.orderBy(`${basicInfoEntity.table}.id`).limit(batchSize).execute() as Record<string, unknown>[];
    if (rows.length === 0) return;
    yield rows.map((r) => recipientOf(r, repository.sealing));
    if (rows.length < batchSize) return;
    after = String(rows[rows.length - 1]?.id);
  }
}

/**
 * One alumnus of the tenant as a recipient, read through `db` (a write's transaction, inside one)
 * with no data scope: a message the product sends on its own (a ticket) to the alumnus it concerns.
 * Undefined when there is no such alumnus.
 */
export async function recipientById(db: Db, sealing: FieldSealing | null, tenantId: string, alumnusId: string): Promise<Recipient | undefined> {
  const row = await db.selectFrom(basicInfoEntity.table).select(RECIPIENT_COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', alumnusId)
    .where('is_deleted', '=', 0).executeTakeFirst() as Record<string, unknown> | undefined;
  return row ? recipientOf(row, sealing) : undefined;
}

/** A mainland mobile as its eleven digits, or null: what an SMS can be sent to. */
export function mainlandMobile(areaCode: string | null | undefined, phone: string | null | undefined): string | null {
  if ((areaCode || MAINLAND) !== MAINLAND || !phone) return null;
  const digits = normalPhone(phone);
  return isMobile(digits) ? digits : null;
}

const skip = (reason: SkipReason): ChannelOutcome => ({ skip: reason, reason: SKIP_REASON[reason] });

/**
 * Where one channel (`push_channel`: 1 in-app, 2 SMS, 3 e-mail, 4 WeChat) reaches the recipient, or
 * why it does not — checked in this order: frozen or deceased, no consent, no valid address. In-app
 * messages need no consent and reach the alumnus's own inbox (the address is the alumnus's id).
 */
export function channelOutcome(recipient: Recipient, channel: string): ChannelOutcome {
  if (recipient.status === FROZEN || recipient.isDeceased) return skip('frozenOrDeceased');
  switch (channel) {
    case PUSH_CHANNEL.inApp: return recipient.allowInApp === false ? skip('noConsent') : { address: recipient.id };
    case PUSH_CHANNEL.sms: {
      if (!recipient.allowSms) return skip('noConsent');
      const mobile = mainlandMobile(recipient.areaCode, recipient.phone);
      return mobile ? { address: mobile } : skip('noAddress');
    }
    case PUSH_CHANNEL.email: {
      if (!recipient.allowEmail) return skip('noConsent');
      const email = recipient.email?.trim() ?? '';
      return email && isEmail(email) ? { address: email } : skip('noAddress');
    }
    case PUSH_CHANNEL.wechat:
      return recipient.allowWechat ? skip('channelUnavailable') : skip('noConsent');
    default:
      throw badRequest(AUDIENCE_MSG.badChannel);
  }
}

/** The channels of a push as `push_channel` keys (`"1,2,3"` or a list); a 400 for an unknown one. */
export function channelList(raw: unknown): string[] {
  const list = (Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(',')).map((s) => s.trim()).filter(Boolean);
  const known: string[] = Object.values(PUSH_CHANNEL);
  if (list.length === 0 || !list.every((c) => known.includes(c))) throw badRequest(AUDIENCE_MSG.badChannel);
  return [...new Set(list)];
}

export interface AudienceEstimate {
  total: number;
  perChannel: Record<string, number>;
  skipped: { noConsent: number; noAddress: number; frozenOrDeceased: number; channelUnavailable?: number };
}

/**
 * What a push would reach now (DOMAIN 8.3 estimate): `total` alumni matched; per channel the
 * number reached; `skipped` the (alumnus, channel) pairs left out, by reason — the skipped records
 * the push would write. `channelUnavailable` appears only when WeChat is among the channels.
 */
export async function estimateAudience(source: AudienceSource, filter: AudienceFilter, channels: string[]): Promise<AudienceEstimate> {
  const perChannel: Record<string, number> = Object.fromEntries(channels.map((c) => [c, 0]));
  const skipped: AudienceEstimate['skipped'] = { noConsent: 0, noAddress: 0, frozenOrDeceased: 0, ...(channels.includes(PUSH_CHANNEL.wechat) ? { channelUnavailable: 0 } : {}) };
  let total = 0;
  for await (const batch of resolveAudience(source, filter)) {
    total += batch.length;
    for (const recipient of batch) {
      for (const channel of channels) {
        const outcome = channelOutcome(recipient, channel);
        if ('address' in outcome) perChannel[channel] = (perChannel[channel] ?? 0) + 1;
        else skipped[outcome.skip] = (skipped[outcome.skip] ?? 0) + 1;
      }
    }
  }
  return { total, perChannel, skipped };
}
