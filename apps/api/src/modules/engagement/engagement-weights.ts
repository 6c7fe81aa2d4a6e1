import {
  DEFAULT_ENGAGEMENT_WEIGHTS, ENGAGEMENT_FACTS, ENGAGEMENT_MSG, ENGAGEMENT_WEIGHT_MAX, type EngagementWeights, type Lang,
} from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { badRequest } from '../../core/errors.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { ENGAGEMENT_WEIGHT_TABLE, weightColumn } from './engagement-sql.js';

/** The tenant's weights: its own row, or the defaults. */
export async function tenantWeights(db: Db, tenantId: string): Promise<EngagementWeights> {
  const row = await db.selectFrom(ENGAGEMENT_WEIGHT_TABLE).selectAll().where('tenant_id', '=', tenantId).executeTakeFirst() as Record<string, unknown> | undefined;
  if (!row) return { ...DEFAULT_ENGAGEMENT_WEIGHTS };
  return Object.fromEntries(ENGAGEMENT_FACTS.map((f) => [f.key, Number(row[weightColumn(f.key)])])) as EngagementWeights;
}

/**
 * The weights of a save call, checked: an object naming known facts, each a whole number from 0 to
 * the maximum; a fact left out keeps its current weight. Anything else is a 400 naming the fact.
 */
export function checkedWeights(body: unknown, current: EngagementWeights, lang: Lang): EngagementWeights {
  const sent = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if (!sent) throw badRequest(ENGAGEMENT_MSG.badWeight, { label: '-', max: ENGAGEMENT_WEIGHT_MAX });
  const weights = { ...current };
  for (const [key, value] of Object.entries(sent)) {
    const fact = ENGAGEMENT_FACTS.find((f) => f.key === key);
    if (!fact) throw badRequest(ENGAGEMENT_MSG.unknownWeight, { key: key.slice(0, 40) });
    const weight = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof weight !== 'number' || !Number.isInteger(weight) || weight < 0 || weight > ENGAGEMENT_WEIGHT_MAX) {
      throw badRequest(ENGAGEMENT_MSG.badWeight, { label: fact.label[lang], max: ENGAGEMENT_WEIGHT_MAX });
    }
    weights[fact.key] = weight;
  }
  return weights;
}

/** Stores the tenant's weights (the scores follow by the recomputation the caller queues). */
export async function saveWeights(db: Db, caller: Caller, weights: EngagementWeights): Promise<void> {
  const columns = Object.fromEntries(ENGAGEMENT_FACTS.map((f) => [weightColumn(f.key), weights[f.key]]));
  const stamp = { update_user: caller.userId, update_time: now() };
  await db.insertInto(ENGAGEMENT_WEIGHT_TABLE).values({ tenant_id: caller.tenantId, ...columns, ...stamp })
    .onConflict((c) => c.column('tenant_id').doUpdateSet({ ...columns, ...stamp })).execute();
}
