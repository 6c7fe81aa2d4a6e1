import {
  PLATFORM_TENANT, RETENTION_ACTION, RETENTION_TARGET, retentionPolicyEntity, type RetentionTarget,
} from '@alumni/domain';
import { formatDateTime, now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { RETENTION_TARGETS, type TargetSpec } from './retention-targets.js';

/** Rows deleted or blanked per transaction (decision 308): a crash loses at most one batch's work, writers wait at most one batch. */
export const RETENTION_BATCH = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
const POLICIES = retentionPolicyEntity.table;

export interface PolicyRow {
  id: string;
  tenantId: string;
  target: RetentionTarget;
  periodDays: number;
  action: string;
  enabled: boolean;
  legalHold: boolean;
}

/** What one run did to one target of one tenant. */
export interface TargetOutcome {
  target: RetentionTarget;
  /** The policy applied: the tenant's own, or the platform's default. */
  policyId: string;
  own: boolean;
  action: 'purge' | 'anonymise';
  cutoff: string;
  rows: number;
}

export interface RunOptions {
  /** Only this policy's target (run now on one row). */
  policyId?: string;
  batchSize?: number;
  /** The instant ages are counted from (the tests' clock); now by default. */
  at?: Date;
  signal?: AbortSignal;
  progress?: (done: number, total: number, message?: string) => Promise<void>;
}

const rowOf = (r: Record<string, unknown>): PolicyRow => ({
  id: String(r.id), tenantId: String(r.tenant_id), target: String(r.target) as RetentionTarget, periodDays: Number(r.period_days),
  action: String(r.action), enabled: Number(r.enabled ?? 1) === 1, legalHold: Number(r.legal_hold ?? 0) === 1,
});

/**
 * The retention engine (decisions 307–308): for one tenant, each target's policy — the tenant's own,
 * else the platform's (tenant 000000) — purges or anonymises the tenant's rows older than its period,
 * in batches of `RETENTION_BATCH` rows, each its own transaction. A policy under legal hold or
 * disabled touches nothing. A tenant's own policy row records the run's time and rows affected.
 */
export class RetentionEngine {
  constructor(private readonly db: Db) {}

  /** The policies that apply in `tenantId`, one per target that has any. */
  async policiesOf(tenantId: string): Promise<PolicyRow[]> {
    const rows = (await this.db.selectFrom(POLICIES).selectAll().where('is_deleted', '=', 0)
      .where('tenant_id', 'in', [...new Set([tenantId, PLATFORM_TENANT])]).execute()).map(rowOf);
    const known = new Set<string>(Object.values(RETENTION_TARGET));
    const chosen = new Map<string, PolicyRow>();
    for (const row of rows) {
      if (!known.has(row.target)) continue;
      const held = chosen.get(row.target);
      if (!held || (row.tenantId === tenantId && held.tenantId !== tenantId)) chosen.set(row.target, row);
    }
    return [...chosen.values()].sort((a, b) => a.target.localeCompare(b.target));
  }

  async run(tenantId: string, options: RunOptions = {}): Promise<TargetOutcome[]> {
    let policies = await this.policiesOf(tenantId);
    if (options.policyId) {
      const named = await this.db.selectFrom(POLICIES).select('target').where('id', '=', options.policyId).where('is_deleted', '=', 0).executeTakeFirst();
      policies = policies.filter((p) => p.target === String(named?.target ?? ''));
    }
    const at = options.at ?? new Date();
    const batch = options.batchSize ?? RETENTION_BATCH;
    const outcomes: TargetOutcome[] = [];
    let index = 0;
    for (const policy of policies) {
      index += 1;
      if (options.signal?.aborted) break;
      if (!policy.enabled || policy.legalHold) continue;
      const spec = RETENTION_TARGETS[policy.target];
      const anonymise = policy.action === RETENTION_ACTION.anonymise;
      if (anonymise && spec.personal.length === 0) continue;
      const cutoff = formatDateTime(new Date(at.getTime() - policy.periodDays * DAY_MS));
      let rows = 0;
      for (;;) {
        if (options.signal?.aborted) break;
        const done = anonymise ? await this.anonymiseBatch(spec, tenantId, cutoff, batch) : await this.purgeBatch(spec, tenantId, cutoff, batch);
        rows += done;
        await options.progress?.(index - 1, policies.length, `${policy.target}: ${rows}`);
        if (done < batch) break;
      }
      const own = policy.tenantId === tenantId;
      if (own) {
        await this.db.updateTable(POLICIES).set({ last_run_time: now(), last_affected: rows, update_time: now() })
          .where('id', '=', policy.id).execute();
      }
      outcomes.push({ target: policy.target, policyId: policy.id, own, action: anonymise ? 'anonymise' : 'purge', cutoff, rows });
    }
    await options.progress?.(policies.length, policies.length);
    return outcomes;
  }

  /** The ids of the next batch: the tenant's rows older than `cutoff`, read in the time index's order. */
  private candidates(db: Db, spec: TargetSpec, tenantId: string, cutoff: string, limit: number, unblanked: boolean) {
    let query = db.selectFrom(spec.table).select('id').where('tenant_id', '=', tenantId);
    if (spec.softDelete) query = query.where('is_deleted', 'in', [0, 1]);
    query = query.where(spec.time, '<', cutoff);
    if (spec.only) query = query.where(spec.only.column, '=', spec.only.value);
    if (unblanked) {
      query = query.where((eb) => eb.or(spec.personal.map((p) => (p.blank === ''
        ? eb.and([eb(p.column, 'is not', null), eb(p.column, '<>', '')])
        : eb(p.column, 'is not', null)))));
    }
    return query.orderBy(spec.time).limit(limit);
  }

  private async purgeBatch(spec: TargetSpec, tenantId: string, cutoff: string, limit: number): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const ids = (await this.candidates(tx, spec, tenantId, cutoff, limit, false).execute()).map((r) => r.id as string);
      if (ids.length === 0) return 0;
      await tx.deleteFrom(spec.table).where('id', 'in', ids).where('tenant_id', '=', tenantId).execute();
      return ids.length;
    });
  }

  private async anonymiseBatch(spec: TargetSpec, tenantId: string, cutoff: string, limit: number): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const ids = (await this.candidates(tx, spec, tenantId, cutoff, limit, true).execute()).map((r) => r.id as string);
      if (ids.length === 0) return 0;
      const blanks = Object.fromEntries(spec.personal.map((p) => [p.column, p.blank]));
      await tx.updateTable(spec.table).set(blanks).where('id', 'in', ids).where('tenant_id', '=', tenantId).execute();
      return ids.length;
    });
  }
}

/** The tenants a daily run visits: every tenant not deleted. */
export async function retentionTenants(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('blade_tenant').select('tenant_id').where('is_deleted', '=', 0).execute();
  return [...new Set(rows.map((r) => String(r.tenant_id)))].sort();
}

