import data from './data/business-dictionaries.json' with { type: 'json' };

export interface DictionaryEntrySeed {
  key: string;
  value: string;
  valueEn: string;
  /**
   * Drives behaviour (DOMAIN 14.1 †): the server refuses to remove it or change its key. It is
   * stored unsealed — a sealed entry leaves the dictionary call (PROTOCOL), and these must be picked.
   */
  sealed?: boolean;
}

export interface DictionarySeed {
  code: string;
  name: string;
  nameEn: string;
  entries: DictionaryEntrySeed[];
  /** The stored remark of an entry, by key, where the remark carries meaning (a decade's `from,to`). */
  remarks?: Record<string, string>;
}

/** The business dictionaries every tenant starts with (zh labels are stored, en labels ship here). */
export const BUSINESS_DICTIONARIES: readonly DictionarySeed[] = data as DictionarySeed[];

const driving = new Set(BUSINESS_DICTIONARIES.flatMap((d) => d.entries.filter((e) => e.sealed).map((e) => `${d.code}\u0000${e.key}`)));

/** Whether a shipped business-dictionary entry drives behaviour (DOMAIN 14.1 †). */
export const drivesBehaviour = (code: string, key: string): boolean => driving.has(`${code}\u0000${key}`);
