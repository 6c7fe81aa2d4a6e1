import data from './data/business-dictionaries.json' with { type: 'json' };

export interface DictionaryEntrySeed {
  key: string;
  value: string;
  valueEn: string;
  /** Drives behaviour: seeded sealed and should not be removed. */
  sealed?: boolean;
}

export interface DictionarySeed {
  code: string;
  name: string;
  nameEn: string;
  entries: DictionaryEntrySeed[];
}

/** The business dictionaries every tenant starts with (zh labels are stored, en labels ship here). */
export const BUSINESS_DICTIONARIES: readonly DictionarySeed[] = data as DictionarySeed[];
