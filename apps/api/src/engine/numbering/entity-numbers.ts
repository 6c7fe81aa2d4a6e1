import { randomInt } from 'node:crypto';
import {
  RANDOM_ALPHABETS, formatSequenceNumber, periodOf,
  type EntityDef, type NumberRule, type RandomNumber, type SequenceNumber,
} from '@alumni/domain';
import type { Params } from '../../access/params.js';
import type { Db } from '../../db/database.js';
import type { EntityRepository } from '../entity-repository.js';
import { readOnce, type PlanReads } from '../plan-reads.js';
import { nextSequenceValue } from './sequence-store.js';

/** Attempts at a random number before giving up (a nearly full space of codes). */
const RANDOM_ATTEMPTS = 50;

/** What numbering needs of the create it takes part in; `db` is the create's transaction. */
export interface NumberingContext {
  entity: EntityDef;
  tenantId: string;
  db: Db;
  /** The creation time, `yyyy-MM-dd HH:mm:ss`. */
  stamp: string;
  /** The write plan's kept reads: a prefix parameter is read once per plan. */
  reads?: PlanReads;
}

/**
 * Fills the numbered fields an entity declares (`numbers`) on a row being created. Runs inside the
 * create's transaction, after the entity's own checks, so a refused create consumes no number.
 */
export class EntityNumbers {
  constructor(private readonly params: Params, private readonly repository: EntityRepository) {}

  async fill(ctx: NumberingContext, values: Record<string, unknown>): Promise<void> {
    for (const [field, rule] of Object.entries(ctx.entity.numbers ?? {})) {
      if (rule.onDemand) continue;
      values[field] = await this.next(ctx, field, values);
    }
  }

  /**
   * The next number of one declared field for a row with these values, whenever the entity's rules
   * ask for it (a number declared `onDemand`); inside the asking write's transaction. A rule may be
   * given for a field a person may also fill in by hand (a receipt number), which `numbers` cannot declare.
   */
  async next(ctx: NumberingContext, field: string, values: Record<string, unknown>, rule: NumberRule | undefined = ctx.entity.numbers?.[field]): Promise<string> {
    if (!rule) throw new Error(`${ctx.entity.name}.${field} is not a numbered field`);
    return rule.kind === 'sequence' ? this.sequence(ctx, field, rule, values) : this.random(ctx, field, rule, values);
  }

  private async sequence(ctx: NumberingContext, field: string, rule: SequenceNumber, values: Record<string, unknown>): Promise<string> {
    const prefix = typeof rule.prefix === 'string'
      ? rule.prefix
      : ((await this.prefixParam(ctx, rule.prefix.param))?.trim() || rule.prefix.default);
    const dated = rule.dateField ? values[rule.dateField] : undefined;
    const period = periodOf(rule, typeof dated === 'string' && dated !== '' ? dated : ctx.stamp);
    // One counter per table, field, prefix and date part: a new day (or a changed prefix) starts at 1.
    const value = await nextSequenceValue(ctx.db, ctx.tenantId, `${ctx.entity.table}.${field}:${prefix}${period}`);
    return formatSequenceNumber(rule, prefix, period, value);
  }

  private prefixParam(ctx: NumberingContext, param: string): Promise<string | null> {
    return readOnce(ctx, `param:${ctx.tenantId}:${param}`, () => this.params.get(ctx.tenantId, param, ctx.db));
  }

  private async random(ctx: NumberingContext, field: string, rule: RandomNumber, values: Record<string, unknown>): Promise<string> {
    const alphabet = RANDOM_ALPHABETS[rule.alphabet];
    const within = rule.uniqueWithin ? { [rule.uniqueWithin]: values[rule.uniqueWithin] ?? null } : {};
    for (let attempt = 0; attempt < RANDOM_ATTEMPTS; attempt += 1) {
      let code = '';
      for (let i = 0; i < rule.length; i += 1) code += alphabet[randomInt(alphabet.length)];
      // Unique among the tenant's live rows, whatever the caller's data scope lets them see.
      const taken = await this.repository.exists(ctx.entity, { tenantId: ctx.tenantId }, { ...within, [field]: code }, null, ctx.db);
      if (!taken) return code;
    }
    throw new Error(`${ctx.entity.name}.${field}: no free random number after ${RANDOM_ATTEMPTS} attempts`);
  }
}
