import { snake } from './entity.js';
import { ENTITIES } from './entities/registry.js';
import { maskSensitive, sensitiveFields, type SensitiveKind } from './sensitive.js';

/**
 * Names that carry personal data though no entity field is called so (a wire field, a provider's
 * parameter): by how each is masked.
 */
const ALIASES: Readonly<Record<string, SensitiveKind>> = {
  mobile: 'phone', mobilePhone: 'phone', tel: 'phone', telephone: 'phone', phoneNumber: 'phone', phoneNumbers: 'phone', phones: 'phone',
  idCard: 'idCard', idNo: 'idCard', idNumber: 'idCard', cardNo: 'idCard', mail: 'email', emailAddress: 'email', emails: 'email',
};

let byName: Map<string, SensitiveKind[]> | null = null;

/**
 * The keys that hold personal data, by how their values are masked: every `sensitive` field of
 * every entity (an ID number, a phone, an e-mail, a social id, an address, a birthday), under its
 * name and its column's, plus the aliases above. A name two entities mark differently keeps both kinds.
 */
export function personalDataKeys(): ReadonlyMap<string, readonly SensitiveKind[]> {
  if (!byName) {
    const keys = new Map<string, SensitiveKind[]>();
    const add = (name: string, kind: SensitiveKind) => {
      const kinds = keys.get(name) ?? [];
      if (!kinds.includes(kind)) kinds.push(kind);
      keys.set(name, kinds);
    };
    for (const entity of ENTITIES) {
      for (const [name, kind] of sensitiveFields(entity)) {
        add(name, kind);
        add(snake(name), kind);
      }
    }
    for (const [name, kind] of Object.entries(ALIASES)) add(name, kind);
    byName = keys;
  }
  return byName;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** Whether 18 characters are a mainland resident ID number: a plausible birth date and a right check digit. */
export function isResidentIdNumber(text: string): boolean {
  if (!/^[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/.test(text)) return false;
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + Number(text[i]) * w, 0);
  return '10X98765432'.charAt(sum % 11) === text.charAt(17).toUpperCase();
}

/** An 18-character ID number, a mainland mobile (with its +86 and dashes or spaces) or an e-mail address inside text. */
const ID_IN_TEXT = /(?<![0-9A-Za-z])[1-9]\d{16}[\dXx](?![0-9A-Za-z])/g;
const MOBILE_IN_TEXT = /(?<![0-9A-Za-z+])(\+?86[\s-]?)?(1[3-9]\d)[\s-]?(\d{4})[\s-]?(\d{4})(?![0-9A-Za-z])/g;
const EMAIL_IN_TEXT = /[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/**
 * Text with the personal data found in it by shape masked as DOMAIN 1.8 masks it: an ID number with
 * a valid check digit as `1101**********1234`, a mainland mobile as `138****5678`, an e-mail address
 * as `z***@example.com`. Other numbers (record ids, times) are left alone.
 */
export function maskPersonalText(text: string): string {
  if (text.length < 6) return text;
  let out = text;
  if (out.includes('@')) out = out.replace(EMAIL_IN_TEXT, (found) => maskSensitive('email', found));
  if (/\d{6}/.test(out)) out = out.replace(ID_IN_TEXT, (found) => (isResidentIdNumber(found) ? maskSensitive('idCard', found) : found));
  if (/1[3-9]\d/.test(out)) out = out.replace(MOBILE_IN_TEXT, (_found, code: string | undefined, a: string, _b: string, c: string) => `${code ?? ''}${a}****${c}`);
  return out;
}

/** A value of a personal-data key as a record outside its sealed column keeps it. */
export function maskPersonalValue(kinds: readonly SensitiveKind[], value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  if (Array.isArray(value)) return value.map((v) => maskPersonalValue(kinds, v));
  if (typeof value === 'object') return maskPersonalData(value);
  const text = String(value);
  if (text.includes('*')) return maskPersonalText(text); // already masked (a form filled from masked data)
  const kind = kinds.length === 1 ? kinds[0] as SensitiveKind : (kinds.find((k) => (k === 'email') === text.includes('@')) ?? kinds[0] as SensitiveKind);
  // A list of values (`phone=a,b`) is masked item by item.
  return text.split(',').map((part) => maskSensitive(kind, part.trim())).join(',');
}

/** The value of one field named `field` as a record outside its sealed column keeps it (a merge's snapshot). */
export function maskPersonalField(field: string, value: unknown): unknown {
  const kinds = personalDataKeys().get(field);
  return kinds ? maskPersonalValue(kinds, value) : maskPersonalData(value);
}

/**
 * Anything about to be written outside the sealed columns — a log's parameters and messages, an
 * audit or examination snapshot, a job's payload and result, an error message — with its personal
 * data masked: values under a personal-data key (`personalDataKeys`, by the key's kind, a
 * suffix filter such as `phone_equal` too) and, in any other text, what `maskPersonalText` finds.
 * The input is not modified.
 */
export function maskPersonalData<T>(value: T): T {
  return mask(value, 0) as T;
}

function mask(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return maskPersonalText(value);
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => mask(v, depth + 1));
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value; // a date, a buffer: no text of a person
  const keys = personalDataKeys();
  return Object.fromEntries(Object.entries(value).map(([key, v]) => {
    const kinds = keys.get(key) ?? keys.get(key.split('_')[0] as string);
    return [key, kinds ? maskPersonalValue(kinds, v) : mask(v, depth + 1)];
  }));
}
