import { createHmac } from 'node:crypto';
import { basicInfoEntity } from '@alumni/domain';
import type { Db } from '../../db/database.js';
import type { FieldSealing } from '../../db/field-sealing.js';
import { IDENTITY_KEY_TABLE } from '../../db/migrations/021-identity.js';
import { normalEmail, normalIdNumber, normalName, normalPhone } from './identity-normal.js';

/** The rules of duplicate detection (DOMAIN 1.6), as candidates name them. */
export type MatchRule = 'ID_CARD' | 'NAME_PHONE' | 'NAME_EMAIL' | 'NAME_BIRTHDAY_YEAR';

/** Dictionary `match_level` of each rule: 3 high, 2 medium, 1 low. */
export const MATCH_LEVEL: Readonly<Record<MatchRule, number>> = { ID_CARD: 3, NAME_PHONE: 2, NAME_EMAIL: 2, NAME_BIRTHDAY_YEAR: 1 };

/** What identifies a person, as an alumni record or a registration holds it. */
export interface Person {
  name?: unknown;
  idType?: unknown;
  idCardNo?: unknown;
  areaCode?: unknown;
  phone?: unknown;
  email?: unknown;
  birthday?: unknown;
}

export interface IdentityKey {
  rule: MatchRule;
  hash: string;
}

const textOf = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/**
 * Keyed hashes (HMAC-SHA-256 under the installation's data key) of a person's normalised identity,
 * one per rule the person's values allow. The table holds no readable personal data, and a
 * candidate is found by one indexed lookup of the keys of the person being checked.
 */
export class IdentityKeys {
  constructor(private readonly secret: string, private readonly sealing: FieldSealing) {}

  keysOf(tenantId: string, person: Person): IdentityKey[] {
    const keys: IdentityKey[] = [];
    const add = (rule: MatchRule, ...parts: string[]) => {
      if (parts.some((p) => p === '')) return;
      const hash = createHmac('sha256', this.secret).update([tenantId, rule, ...parts].join('\u0000')).digest('hex');
      keys.push({ rule, hash });
    };
    const name = normalName(textOf(person.name));
    add('ID_CARD', textOf(person.idType ?? '1') || '1', normalIdNumber(textOf(person.idCardNo)));
    add('NAME_PHONE', name, normalPhone(textOf(person.phone), textOf(person.areaCode) || null));
    add('NAME_EMAIL', name, normalEmail(textOf(person.email)));
    add('NAME_BIRTHDAY_YEAR', name, textOf(person.birthday).slice(0, 10));
    return keys;
  }

  /** Replaces an alumnus's keys with those of its current values (inside the alumnus's write). */
  async store(db: Db, tenantId: string, alumniId: string, person: Person): Promise<void> {
    await db.deleteFrom(IDENTITY_KEY_TABLE).where('alumni_id', '=', alumniId).execute();
    const keys = this.keysOf(tenantId, person);
    if (keys.length === 0) return;
    await db.insertInto(IDENTITY_KEY_TABLE)
      .values(keys.map((k) => ({ tenant_id: tenantId, key_hash: k.hash, alumni_id: alumniId, rule: k.rule })))
      .onConflict((oc) => oc.doNothing()).execute();
  }

  async drop(db: Db, alumniIds: readonly string[]): Promise<void> {
    if (alumniIds.length > 0) await db.deleteFrom(IDENTITY_KEY_TABLE).where('alumni_id', 'in', [...alumniIds]).execute();
  }

  /** The alumni sharing a key with the person, with the rules they share, leaving out `except`. */
  async matches(db: Db, tenantId: string, person: Person, except?: string | null): Promise<Map<string, Set<MatchRule>>> {
    const keys = this.keysOf(tenantId, person);
    const found = new Map<string, Set<MatchRule>>();
    if (keys.length === 0) return found;
    let query = db.selectFrom(IDENTITY_KEY_TABLE).select(['alumni_id', 'rule'])
      .where('tenant_id', '=', tenantId).where('key_hash', 'in', keys.map((k) => k.hash));
    if (except) query = query.where('alumni_id', '!=', except);
    for (const row of await query.limit(200).execute()) {
      const id = String(row.alumni_id);
      const rules = found.get(id) ?? new Set<MatchRule>();
      rules.add(row.rule as MatchRule);
      found.set(id, rules);
    }
    return found;
  }

  /**
   * Writes the keys of every live alumnus that has none (records loaded in bulk: the demo school,
   * an import of another system's tables), a batch at a time.
   */
  async fill(db: Db, batch = 2000): Promise<number> {
    let written = 0;
    let after: string | null = null;
    for (;;) {
      let query = db.selectFrom(`${basicInfoEntity.table} as b`)
        .select(['b.id', 'b.tenant_id', 'b.name', 'b.id_type', 'b.id_card_no', 'b.phone', 'b.email', 'b.birthday'])
        .where('b.is_deleted', '=', 0)
        .where((eb) => eb.not(eb.exists(eb.selectFrom(`${IDENTITY_KEY_TABLE} as k`).select('k.alumni_id').whereRef('k.alumni_id', '=', 'b.id'))));
      if (after !== null) query = query.where('b.id', '>', after);
      const rows = await query.orderBy('b.id').limit(batch).execute();
      if (rows.length === 0) return written;
      for (const row of rows) {
        await this.store(db, String(row.tenant_id), String(row.id), {
          name: row.name, idType: row.id_type, birthday: row.birthday,
          idCardNo: this.sealing.openColumn(basicInfoEntity, 'idCardNo', row.id_card_no),
          phone: this.sealing.openColumn(basicInfoEntity, 'phone', row.phone),
          email: this.sealing.openColumn(basicInfoEntity, 'email', row.email),
        });
      }
      written += rows.length;
      after = String(rows[rows.length - 1]?.id);
    }
  }
}
