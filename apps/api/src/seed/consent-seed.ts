import { CONSENT_FLAGS, CONSENT_CHANNELS, CONSENT_NOTE, CONSENT_SOURCE } from '@alumni/domain';
import { seedId } from './menu-tree.js';

const CONSENT_LOGS = 33;
/** Days between a demo alumnus's record and the staff change that marked them deceased. */
const DECEASED_AFTER_DAYS = 30;

/** `yyyy-MM-dd HH:mm:ss` a number of days later. */
export const daysLater = (stamp: string, days: number): string =>
  new Date(Date.parse(`${stamp.replace(' ', 'T')}Z`) + days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');

/** When the demo's deceased alumnus was marked so, a month after the record was made. */
export const deceasedStamp = (createTime: string): string => daysLater(createTime, DECEASED_AFTER_DAYS);

/** How the refusal of a living demo alumnus was recorded: at registration, in the import file, or by staff. */
const sourceOf = (registSource: string): string =>
  registSource === '1' || registSource === '2' ? CONSENT_SOURCE.registration : registSource === '4' ? CONSENT_SOURCE.import : CONSENT_SOURCE.staff;

/**
 * The consent log of the demo alumni (DOMAIN 18.4): a row for each channel a record refuses, at
 * the record's `consentUpdateTime` — the deceased's three by staff with the note 校友已故, the
 * others as their source recorded them. Rows (snake_case columns) for a plain insert.
 */
export function consentLogRows(alumni: readonly Record<string, unknown>[], operator: string): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (const a of alumni) {
    const deceased = a.isDeceased === 1;
    for (const flag of CONSENT_FLAGS) {
      if (a[flag] !== 0) continue;
      rows.push({
        id: seedId(CONSENT_LOGS, rows.length + 1), tenant_id: a.tenantId, alumni_id: a.id, channel: CONSENT_CHANNELS[flag], allowed: 0,
        source: deceased ? CONSENT_SOURCE.staff : sourceOf(String(a.source)), operator, time: a.consentUpdateTime,
        note: deceased ? CONSENT_NOTE.deceased.zh : null,
      });
    }
  }
  return rows;
}
