import { BUSINESS_DICTIONARIES, type DictionarySeed } from './business-dictionaries.js';
import { SYSTEM_DICTIONARIES } from './system-dictionaries.js';

/**
 * The English labels of the shipped dictionaries (DOMAIN 14.1: the zh label is stored, the en one
 * ships with the product). An entry a tenant adds later has none, and shows its stored label.
 */
const entries = new Map<string, string>();
const chinese = new Map<string, string>();
const names = new Map<string, string>();
for (const dict of [...SYSTEM_DICTIONARIES, ...BUSINESS_DICTIONARIES] as readonly DictionarySeed[]) {
  names.set(dict.code, dict.nameEn);
  for (const entry of dict.entries) {
    entries.set(`${dict.code}\u0000${entry.key}`, entry.valueEn);
    chinese.set(`${dict.code}\u0000${entry.key}`, entry.value);
  }
}

/** The English label of a dictionary entry, when the product ships one. */
export const englishEntryLabel = (code: string, key: string | number): string | undefined => entries.get(`${code}\u0000${String(key)}`);

/** The English name of a dictionary, when the product ships one. */
export const englishDictionaryName = (code: string): string | undefined => names.get(code);

/**
 * The shipped label of a dictionary entry in a language, for an answer that carries the key but no
 * name (a tree call's `category` 1/2): the stored name, when the server sends one, comes first.
 */
export const shippedEntryLabel = (code: string, key: string | number, lang: 'zh' | 'en'): string | undefined =>
  (lang === 'en' ? entries : chinese).get(`${code}\u0000${String(key)}`);
