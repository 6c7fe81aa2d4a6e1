import { CONSENT_FLAGS, CONSENT_NOTE, CONSENT_SOURCE, type SubmitValues } from '@alumni/domain';
import { now } from '../../core/time.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { WriteContext } from '../../engine/entity-hooks.js';
import { appendConsentLog, consentChanges } from './consent-log.js';

const becomesDeceased = (after: Readonly<Record<string, unknown>>, before: JsonRecord | null) =>
  Number(after.isDeceased) === 1 && Number(before?.isDeceased ?? 0) !== 1;

/**
 * Before a staff save of an alumni record (DOMAIN 4.3.3): an alumnus marked deceased is no longer
 * reached on any channel nor listed in the directory, and a change of consent stamps the record.
 */
export function consentBeforeSave(values: SubmitValues, existing: JsonRecord | null): void {
  if (becomesDeceased(values, existing)) {
    for (const flag of CONSENT_FLAGS) values[flag] = 0;
    values.directoryVisible = 0;
  }
  if (consentChanges(existing, { ...existing, ...values }).length > 0) values.consentUpdateTime = now();
}

/**
 * After a staff save: one consent-log row per changed flag, by the caller (an import's rows as
 * imported); a newly deceased alumnus's answer suggests a care-list entry.
 */
export async function consentAfterSave(ctx: WriteContext, record: JsonRecord, existing: JsonRecord | null): Promise<void> {
  const deceased = becomesDeceased(record, existing);
  await appendConsentLog(ctx.db, ctx.caller.tenantId, String(record.id), consentChanges(existing, record), {
    source: ctx.via === 'import' ? CONSENT_SOURCE.import : CONSENT_SOURCE.staff,
    operator: ctx.caller.userId,
    time: typeof record.consentUpdateTime === 'string' ? record.consentUpdateTime : now(),
    note: deceased ? CONSENT_NOTE.deceased.zh : null,
  });
  if (deceased) record.suggestCare = 1;
}
