import { CONSENT_CHANNELS, CONSENT_FLAGS, userEntity, type ConsentFlag } from '@alumni/domain';
import { ids } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import { CONSENT_LOG_TABLE } from '../../db/migrations/023-consent-log.js';

/** A flag whose value a write changes: the channel it governs and the value it now has. */
export interface ConsentChange {
  field: ConsentFlag;
  channel: string;
  allowed: 0 | 1;
}

/** Who changed consent, when and why (DOMAIN 4.3.3). */
export interface ConsentCause {
  /** A `consent_source` key. */
  source: string;
  /** The user who made the change; null when the alumnus did. */
  operator: string | null;
  time: string;
  note?: string | null;
}

/** How many log rows the alumnus's detail carries (DOMAIN 4.3.1). */
export const DETAIL_CONSENT_LOGS = 20;

const flagValue = (value: unknown): 0 | 1 | null => (value === null || value === undefined || value === '' ? null : Number(value) === 0 ? 0 : 1);

/**
 * The consent flags whose value differs between two states of a record; `before` null is a new
 * record, every stated flag of which counts. A flag without a value after the write is left out.
 */
export function consentChanges(before: Readonly<Record<string, unknown>> | null, after: Readonly<Record<string, unknown>>): ConsentChange[] {
  return CONSENT_FLAGS.flatMap((field) => {
    const now = flagValue(after[field]);
    if (now === null || (before !== null && flagValue(before[field]) === now)) return [];
    return [{ field, channel: CONSENT_CHANNELS[field], allowed: now }];
  });
}

/** Appends one row per change to `alumni_consent_log`, inside the caller's transaction. */
export async function appendConsentLog(db: Db, tenantId: string, alumniId: string, changes: readonly ConsentChange[], cause: ConsentCause): Promise<void> {
  if (changes.length === 0) return;
  await db.insertInto(CONSENT_LOG_TABLE).values(changes.map((c) => ({
    id: ids.next(), tenant_id: tenantId, alumni_id: alumniId, channel: c.channel, allowed: c.allowed,
    source: cause.source, operator: cause.operator, time: cause.time, note: cause.note ?? null,
  }))).execute();
}

/** An alumnus's latest consent changes, newest first, with the operator's name. */
export async function consentLogsOf(db: Db, tenantId: string, alumniId: string, limit = DETAIL_CONSENT_LOGS): Promise<Record<string, unknown>[]> {
  const rows = await db.selectFrom(`${CONSENT_LOG_TABLE} as c`)
    .leftJoin(`${userEntity.table} as u`, 'u.id', 'c.operator')
    .select(['c.id', 'c.channel', 'c.allowed', 'c.source', 'c.operator', 'c.time', 'c.note', 'u.real_name'])
    .where('c.tenant_id', '=', tenantId).where('c.alumni_id', '=', alumniId)
    .orderBy('c.time', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: String(r.id), channel: String(r.channel), allowed: Number(r.allowed), source: String(r.source),
    operator: r.operator === null ? null : String(r.operator), operatorName: r.real_name ?? null,
    time: String(r.time), note: r.note ?? null,
  }));
}
