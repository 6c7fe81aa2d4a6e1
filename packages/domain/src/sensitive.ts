import type { EntityDef } from './entity.js';
import { t } from './text.js';

/**
 * Personal data of DOMAIN 1.8, by how it is masked for callers without `alumni_sensitive_view`:
 * ID numbers, phones, e-mail addresses, WeChat or QQ ids, detailed addresses and birthdays.
 */
export type SensitiveKind = 'idCard' | 'phone' | 'email' | 'social' | 'address' | 'birthday';

/** The button code (on the 校友管理 directory) that shows sensitive fields unmasked. */
export const SENSITIVE_VIEW = 'alumni_sensitive_view';

export const SENSITIVE_MSG = {
  wholeValue: t('{label}已隐藏部分内容，请填写完整的{label}', '{label} is partly hidden: enter the whole {label}'),
} as const;

const stars = (n: number) => '*'.repeat(Math.max(0, n));

/** A value as a caller without the code sees it (DOMAIN 1.8). */
export function maskSensitive(kind: SensitiveKind, value: string): string {
  const chars = [...value];
  const n = chars.length;
  switch (kind) {
    case 'idCard':
      if (n >= 9) return `${chars.slice(0, 4).join('')}${stars(n - 8)}${chars.slice(-4).join('')}`;
      return n <= 2 ? stars(n) : `${chars[0]}${stars(n - 2)}${chars[n - 1]}`;
    case 'phone':
      if (n === 11) return `${chars.slice(0, 3).join('')}****${chars.slice(-4).join('')}`;
      return n <= 4 ? stars(n) : `${stars(n - 4)}${chars.slice(-4).join('')}`;
    case 'email': {
      const at = value.lastIndexOf('@');
      return at <= 0 ? `${chars[0] ?? ''}***` : `${[...value.slice(0, at)][0]}***${value.slice(at)}`;
    }
    case 'social':
      return `${chars.slice(0, 2).join('')}****`;
    case 'address':
      return '****';
    case 'birthday':
      return `${value.slice(0, 4)}-**-**`;
  }
}

/**
 * Whether a submitted value has the shape of a masked one: a form filled from masked data sends it
 * back unchanged. The server keeps the stored value when it is exactly the stored value's mask.
 */
export function looksMasked(kind: SensitiveKind, value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const text = value.trim();
  switch (kind) {
    case 'address':
      return text === '****';
    case 'birthday':
      return /^\d{4}-\*\*-\*\*$/.test(text);
    case 'email':
      return text.includes('***');
    case 'social':
      return text.endsWith('****');
    default:
      return text.includes('*');
  }
}

const sensitiveByEntity = new WeakMap<EntityDef, [string, SensitiveKind][]>();

/** The sensitive fields of an entity, with how each is masked (read once per definition: every answer asks). */
export function sensitiveFields(entity: EntityDef): [string, SensitiveKind][] {
  let fields = sensitiveByEntity.get(entity);
  if (!fields) {
    fields = Object.entries(entity.fields).flatMap(([name, field]) => (field.sensitive ? [[name, field.sensitive] as [string, SensitiveKind]] : []));
    sensitiveByEntity.set(entity, fields);
  }
  return fields;
}

/**
 * The personal data stored encrypted at rest (DOMAIN 1.8): ID numbers, phones and e-mail
 * addresses. Each such column has a keyed hash beside it, by which it is found exactly.
 */
export const ENCRYPTED_KINDS: ReadonlySet<SensitiveKind> = new Set(['idCard', 'phone', 'email']);

const encryptedByEntity = new WeakMap<EntityDef, [string, SensitiveKind][]>();

/** The fields of an entity stored encrypted, with their kind (which says how their hash is normalised). */
export function encryptedFields(entity: EntityDef): [string, SensitiveKind][] {
  let fields = encryptedByEntity.get(entity);
  if (!fields) {
    fields = sensitiveFields(entity).filter(([, kind]) => ENCRYPTED_KINDS.has(kind));
    encryptedByEntity.set(entity, fields);
  }
  return fields;
}

/** The column beside an encrypted field's that holds its keyed hash. */
export const hashColumnOf = (column: string): string => `${column}_hash`;

/** The same, as a field name (camelCase) of the values written: its column is `hashColumnOf` of the field's. */
export const hashFieldOf = (field: string): string => `${field}Hash`;

const sealedSecretsByEntity = new WeakMap<EntityDef, string[]>();

/**
 * The secret fields of an entity stored encrypted at rest (`sealed`): sealed and opened like the
 * encrypted personal data, under the same keys, but without a keyed hash beside them.
 */
export function sealedSecretFields(entity: EntityDef): string[] {
  let fields = sealedSecretsByEntity.get(entity);
  if (!fields) {
    fields = Object.entries(entity.fields).filter(([, field]) => field.secret === true && field.sealed === true).map(([name]) => name);
    sealedSecretsByEntity.set(entity, fields);
  }
  return fields;
}
