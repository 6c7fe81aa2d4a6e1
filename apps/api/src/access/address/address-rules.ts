import { addressRuleEntity } from '@alumni/domain';
import type { Db } from '../../db/database.js';
import { AddressRuleSet, type StoredAddressRule } from './address-rule-set.js';

/**
 * How long a process answers from the rules it read before reading them again: the time a rule
 * saved in another process takes to hold here (decision 291). The process that saves drops its set
 * at once.
 */
export const ADDRESS_RULES_TTL_MS = 5_000;

/** Reads every enabled, live address rule of every tenant (through `db`: a write's transaction, or the database). */
export async function readAddressRules(db: Db): Promise<StoredAddressRule[]> {
  const rows = await db.selectFrom(addressRuleEntity.table).select(['id', 'tenant_id', 'rule_type', 'rule_scope', 'address'])
    .where('is_deleted', '=', 0).where('enabled', '=', 1).execute();
  return rows.map((r) => ({ id: String(r.id), tenantId: String(r.tenant_id), ruleType: String(r.rule_type), ruleScope: String(r.rule_scope), address: String(r.address) }));
}

/**
 * The address rules a process decides calls by: parsed once and kept in memory, read again after
 * `ADDRESS_RULES_TTL_MS` or at once after this process saved one (`drop`). With `enabled` false
 * (ADDRESS_RULES=off, the recovery of docs/operations.md) every call passes.
 */
export class AddressRules {
  private set: AddressRuleSet | null = null;
  private readAt = 0;
  private reading: Promise<AddressRuleSet> | null = null;
  private generation = 0;

  constructor(private readonly db: Db, readonly enabled: boolean, private readonly ttlMs = ADDRESS_RULES_TTL_MS) {}

  /** The current rules; read again when older than the time to live (one read for the calls that wait on it). */
  async current(): Promise<AddressRuleSet> {
    if (this.set && Date.now() - this.readAt < this.ttlMs) return this.set;
    if (!this.reading) {
      const generation = this.generation;
      this.reading = readAddressRules(this.db).then((rules) => {
        const set = new AddressRuleSet(rules);
        if (generation === this.generation) {
          this.set = set;
          this.readAt = Date.now();
        }
        return set;
      }).finally(() => {
        this.reading = null;
      });
    }
    return this.reading;
  }

  /** Forgets the rules: the next call reads them (after a rule is saved or removed in this process). */
  drop(): void {
    this.generation++;
    this.set = null;
    this.reading = null;
  }
}
