import { AUDIT_MASK, maskPersonalText, maskSensitive, type AuditDiff, type AuditValue, type EntityDef, type Field, type SensitiveKind } from '@alumni/domain';

/** The longest value the audit keeps (a notice's text, a report's definition): the rest is cut. */
export const AUDIT_VALUE_MAX = 1000;

/**
 * Names of fields that hold a secret though not marked `secret`: a user's password hash, an OAuth
 * client's secret, a channel's access key (token lifetimes, `accessTokenValidity`, are not secrets).
 */
const SECRET_NAME = /password|secret|credential|token$|^(access|secret|api|private)_?key$/i;

/** A stored value sealed by `FieldSealing`: never copied into the audit, even by a module's mistake. */
const SEALED_RE = /^gcm1:/;

/** How the audit keeps a field's values: hidden, masked as personal data, or as they are. */
type Masking = 'secret' | SensitiveKind | null;

/**
 * The fields a diff compares, per entity, with their masking: its own fields, and the enable state
 * (`status`) of entities that do not define it.
 */
const compared = new WeakMap<EntityDef, readonly (readonly [string, Masking])[]>();

function comparedFields(entity: EntityDef): readonly (readonly [string, Masking])[] {
  let fields = compared.get(entity);
  if (!fields) {
    fields = [
      ...Object.entries(entity.fields).map(([name, field]) => [name, maskingOf(name, field)] as const),
      ...('status' in entity.fields ? [] : [['status', null] as const]),
    ];
    compared.set(entity, fields);
  }
  return fields;
}

function maskingOf(name: string, field: Field | undefined): Masking {
  if (field?.secret || SECRET_NAME.test(name)) return 'secret';
  return field?.sensitive ?? null;
}

const isEmpty = (value: unknown): boolean => value === null || value === undefined || value === '';

/** Whether two stored values are the same value (`1` and `"1"`, null and empty text are). */
const same = (a: unknown, b: unknown): boolean => (isEmpty(a) ? isEmpty(b) : !isEmpty(b) && String(a) === String(b));

/** A value as the audit keeps it, masked as `masking` says, long text cut. */
function kept(masking: Masking, value: unknown): AuditValue {
  if (isEmpty(value)) return null;
  if (masking === 'secret') return AUDIT_MASK;
  if (typeof value === 'number') return value;
  const text = String(value);
  if (SEALED_RE.test(text)) return AUDIT_MASK;
  if (masking) return maskSensitive(masking, text);
  // A free text (a remark, a notice) keeps no ID number, phone or e-mail address in clear either.
  const masked = maskPersonalText(text);
  return masked.length > AUDIT_VALUE_MAX ? `${masked.slice(0, AUDIT_VALUE_MAX)}…` : masked;
}

/**
 * A value of a field as the audit keeps it: secrets (a field marked `secret`, or named like a
 * password or a key) as AUDIT_MASK; personal data (a `sensitive` field) as a caller without
 * `alumni_sensitive_view` sees it (DOMAIN 1.8); anything that looks sealed as AUDIT_MASK; an ID number,
 * phone or e-mail address inside other text masked (`maskPersonalText`); long text cut.
 */
export const auditValue = (entity: EntityDef, name: string, value: unknown): AuditValue => kept(maskingOf(name, entity.fields[name]), value);

/**
 * The fields a write changed, masked: on create (`before` null) every field given a value, on delete
 * (`after` null) every field that held one, else each field whose value differs. The enable state
 * of a new or removed row is left out (every row starts enabled), as are the base columns the engine stamps.
 */
export function auditDiff(entity: EntityDef, before: Readonly<Record<string, unknown>> | null, after: Readonly<Record<string, unknown>> | null): AuditDiff {
  const diff: AuditDiff = {};
  const whole = before !== null && after !== null;
  for (const [name, masking] of comparedFields(entity)) {
    if (name === 'status' && !whole && !('status' in entity.fields)) continue;
    const from = before ? before[name] : null;
    const to = after ? after[name] : null;
    if (same(from, to)) continue;
    diff[name] = [kept(masking, from), kept(masking, to)];
  }
  return diff;
}
