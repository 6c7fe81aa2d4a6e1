/**
 * Numbers the server gives a row when it is created (registration numbers, alumni codes, donation
 * codes …), declared in the entity definition under `numbers`. The field itself is read-only in
 * forms and never taken from a body.
 */
export type NumberRule = SequenceNumber | RandomNumber;

interface NumberCommon {
  /**
   * Not given when the row is created: the entity's own rules ask for it (a donation code once the
   * gift is received, an album's share code when it is shared), through the same counter or draw.
   */
  onDemand?: boolean;
}

/**
 * Prefix, an optional date part and a counter: `DJ` + `yyyyMMdd` + 4 digits. The counter is kept per
 * tenant, per prefix and per date part (a daily counter starts again each day), and never hands out
 * a value twice. A counter that outgrows its digits keeps counting with more digits.
 */
export interface SequenceNumber extends NumberCommon {
  kind: 'sequence';
  /** Fixed text, or a parameter (`blade_param`) read at creation with a default. */
  prefix: string | { param: string; default: string };
  /** `day` adds `yyyyMMdd`, `year` adds `yyyy`; absent: one counter for all time. */
  period?: 'day' | 'year';
  /** The date field whose value gives the date part (a donation's `donateTime`); the creation time when absent. */
  dateField?: string;
  digits: number;
}

/** Random characters, unique among the tenant's live rows (and within `uniqueWithin`'s value). */
export interface RandomNumber extends NumberCommon {
  kind: 'random';
  alphabet: 'digits' | 'alphanumeric';
  length: number;
  /** A field whose value narrows the uniqueness (check-in codes are unique within their activity). */
  uniqueWithin?: string;
}

export const RANDOM_ALPHABETS: Record<RandomNumber['alphabet'], string> = {
  digits: '0123456789',
  alphanumeric: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
};

/** The date part of a sequence number from a `yyyy-MM-dd[ HH:mm:ss]` date. */
export function periodOf(rule: SequenceNumber, date: string): string {
  if (!rule.period) return '';
  const compact = date.slice(0, 10).replace(/-/g, '');
  if (!/^\d{8}$/.test(compact)) throw new Error(`not a date: ${date}`);
  return rule.period === 'year' ? compact.slice(0, 4) : compact;
}

/** The text of a sequence number: prefix, date part, then the counter padded to its digits. */
export function formatSequenceNumber(rule: SequenceNumber, prefix: string, period: string, value: number): string {
  return `${prefix}${period}${String(value).padStart(rule.digits, '0')}`;
}
