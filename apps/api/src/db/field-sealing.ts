import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { encryptedFields, hashFieldOf, sealedSecretFields, snake, type EntityDef, type SensitiveKind } from '@alumni/domain';

/** The keys personal data is encrypted with: `current` seals, every key opens what it sealed. */
export interface FieldKeyRing {
  current: string;
  keys: Readonly<Record<string, string>>;
}

/** A key id: short, and safe inside the stored value. */
export const KEY_ID_RE = /^[A-Za-z0-9_-]{1,16}$/;

const SEALED_RE = /^gcm1:([A-Za-z0-9_-]{1,16}):([A-Za-z0-9_-]+)$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class FieldKeyError extends Error {}

/** How a value is written before its keyed hash is taken, so the same identity finds the same row. */
export function hashForm(kind: SensitiveKind, value: string): string {
  const text = value.normalize('NFKC').trim();
  switch (kind) {
    case 'idCard': return text.replace(/\s+/g, '').toUpperCase();
    case 'email': return text.toLowerCase();
    case 'phone': return text.replace(/[\s\-()]/g, '');
    default: return text;
  }
}

/**
 * Encryption at rest of ID numbers, phones and e-mail addresses (DOMAIN 1.8): AES-256-GCM under a
 * server-only key, stored as `gcm1:<key id>:<base64url of iv ‖ ciphertext ‖ tag>` with the table and
 * column as additional data (a value copied into another column does not open). Beside each value a
 * keyed hash (HMAC-SHA-256 under a key derived from `DATA_KEY`, which key rotation leaves alone)
 * finds it exactly. A value without the prefix is plain text written before encryption: it is
 * answered as it is and sealed by `sealStoredFields`.
 */
export class FieldSealing {
  private readonly keys: Map<string, Buffer>;
  private readonly hashKey: Buffer;

  constructor(ring: FieldKeyRing, dataKey: string) {
    this.keys = new Map(Object.entries(ring.keys).map(([id, hex]) => [id, Buffer.from(hex, 'hex')]));
    if (!KEY_ID_RE.test(ring.current) || this.keys.get(ring.current)?.length !== 32) {
      throw new FieldKeyError(`field key ${ring.current} is not a 32-byte key of the ring`);
    }
    this.current = ring.current;
    this.hashKey = createHmac('sha256', Buffer.from(dataKey, 'hex')).update('field-hash-v1').digest();
  }

  /** The id of the key new values are sealed with. */
  readonly current: string;

  seal(value: string, where: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.current) as Buffer, iv);
    cipher.setAAD(Buffer.from(where));
    const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return `gcm1:${this.current}:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
  }

  /** The plain value of a stored one (plain text written before encryption comes back as it is). */
  open(stored: string, where: string): string {
    const parts = SEALED_RE.exec(stored);
    if (!parts) return stored;
    const key = this.keys.get(parts[1] as string);
    if (!key) throw new FieldKeyError(`field key ${parts[1]} is not configured: add it to FIELD_KEYS to read ${where}`);
    const raw = Buffer.from(parts[2] as string, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(where));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** The key a stored value was sealed with, or null for plain text. */
  static keyIdOf(stored: string): string | null {
    return SEALED_RE.exec(stored)?.[1] ?? null;
  }

  /** The keyed hash an exact search or a uniqueness check compares (64 hexadecimal digits). */
  hash(kind: SensitiveKind, value: string): string {
    return createHmac('sha256', this.hashKey).update(hashForm(kind, value)).digest('hex');
  }

  /**
   * Field values (camelCase) as they are written: each encrypted field sealed, with its hash
   * (`<field>Hash`) beside it, and each sealed secret sealed. Other values pass unchanged; the input
   * is not modified.
   */
  sealValues(entity: EntityDef, values: Record<string, unknown>): Record<string, unknown> {
    const fields = encryptedFields(entity);
    const secrets = sealedSecretFields(entity);
    if (fields.length === 0 && secrets.length === 0) return values;
    const out = { ...values };
    for (const name of secrets) {
      const value = values[name];
      if (typeof value === 'string' && value !== '') out[name] = this.seal(value, `${entity.table}.${snake(name)}`);
    }
    for (const [name, kind] of fields) {
      if (!(name in values)) continue;
      const value = values[name];
      if (value === null || value === undefined || value === '') {
        out[hashFieldOf(name)] = null;
        continue;
      }
      out[name] = this.seal(String(value), `${entity.table}.${snake(name)}`);
      out[hashFieldOf(name)] = this.hash(kind, String(value));
    }
    return out;
  }

  /** Opens the encrypted fields of a record read from the entity's table (in place). */
  openRecord<R extends Record<string, unknown>>(entity: EntityDef, record: R): R {
    for (const name of [...encryptedFields(entity).map(([field]) => field), ...sealedSecretFields(entity)]) {
      const value = record[name];
      if (typeof value === 'string') (record as Record<string, unknown>)[name] = this.open(value, `${entity.table}.${snake(name)}`);
    }
    return record;
  }

  /** Opens one column of a raw row of the entity's table (a module's own select). */
  openColumn(entity: EntityDef, field: string, value: unknown): string | null {
    return value === null || value === undefined ? null : this.open(String(value), `${entity.table}.${snake(field)}`);
  }
}

/** A new random key for the ring (64 hexadecimal digits). */
export const newFieldKey = (): string => randomBytes(32).toString('hex');
