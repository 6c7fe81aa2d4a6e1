import { activityCostEntity, activityEntity, parseListQuery } from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { now } from '../../core/time.js';
import type { DictionaryLabels } from '../../engine/dictionary-labels.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import { cents, yuan } from './activity-rules.js';

/** A group of a money statistic (DOMAIN 11.0). */
export interface MoneyStatItem { key: string; label: string; count: number; amount: string }

export interface CostAmount {
  totalAmount: string;
  count: number;
  reimbursedAmount: string;
  pendingAmount: string;
  budgetAmount: string | null;
  balance: string | null;
  byCostType: MoneyStatItem[];
  byActivity: MoneyStatItem[];
  byMonth: MoneyStatItem[];
}

/** The most cost rows one statistic reads. */
const MAX_ROWS = 200_000;

/** The last 12 months (`yyyy-MM`) up to and including the current one, oldest first. */
export function lastTwelveMonths(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: 12 }, (_, i) => {
    const total = year * 12 + (month - 1) - (11 - i);
    return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
  });
}

/**
 * The sums of activity costs (DOMAIN 11.5) under the page's filters, within the caller's data
 * scope: totals, reimbursed (state 2) and pending (states 0 and 1), by category (every entry of
 * `cost_type`, zero-filled), by activity (non-zero, largest first), by month (the last 12); the
 * budget and the balance only when one activity is filtered.
 */
export async function countCostAmount(
  ops: EntityOperations, repository: EntityRepository, labels: DictionaryLabels, caller: Caller, raw: Record<string, unknown>,
): Promise<CostAmount> {
  const scope = await ops.authoriseRead(activityCostEntity, caller);
  const { current: _c, size: _s, ascs: _a, descs: _d, ...filters } = raw;
  const query = parseListQuery(activityCostEntity, filters);
  const rows = await repository.all(activityCostEntity, scope, query.conditions, [], MAX_ROWS);
  let total = 0;
  let reimbursed = 0;
  const byType = new Map<string, { count: number; cents: number }>();
  const byActivity = new Map<string, { count: number; cents: number }>();
  const byMonth = new Map<string, { count: number; cents: number }>();
  const add = (map: Map<string, { count: number; cents: number }>, key: string, amount: number) => {
    const g = map.get(key) ?? { count: 0, cents: 0 };
    g.count += 1;
    g.cents += amount;
    map.set(key, g);
  };
  for (const r of rows) {
    const amount = cents(r.amount);
    total += amount;
    if (String(r.costStatus) === '2') reimbursed += amount;
    add(byType, String(r.costType), amount);
    add(byActivity, String(r.activityId), amount);
    add(byMonth, String(r.costDate ?? '').slice(0, 7), amount);
  }
  const types = await labels.labels('biz', caller.tenantId, 'cost_type');
  const activityIds = [...byActivity.keys()];
  const titles = new Map<string, string>();
  for (const a of await repository.findByIds(activityEntity, { tenantId: caller.tenantId }, activityIds)) titles.set(String(a.id), String(a.title));
  let budgetAmount: string | null = null;
  let balance: string | null = null;
  const activityId = typeof raw.activityId_equal === 'string' && raw.activityId_equal !== '' ? raw.activityId_equal : null;
  if (activityId) {
    const [activity] = await repository.findByIds(activityEntity, { tenantId: caller.tenantId }, [activityId]);
    if (activity && activity.budgetAmount !== null && activity.budgetAmount !== undefined) {
      budgetAmount = yuan(cents(activity.budgetAmount));
      balance = yuan(cents(activity.budgetAmount) - total);
    }
  }
  return {
    totalAmount: yuan(total),
    count: rows.length,
    reimbursedAmount: yuan(reimbursed),
    pendingAmount: yuan(total - reimbursed),
    budgetAmount,
    balance,
    byCostType: [...types].map(([key, label]) => ({ key, label, count: byType.get(key)?.count ?? 0, amount: yuan(byType.get(key)?.cents ?? 0) })),
    byActivity: [...byActivity].map(([key, g]) => ({ key, label: titles.get(key) ?? key, count: g.count, amount: yuan(g.cents) }))
      .sort((a, b) => Number(b.amount) - Number(a.amount) || b.count - a.count),
    byMonth: lastTwelveMonths(now()).map((key) => ({ key, label: key, count: byMonth.get(key)?.count ?? 0, amount: yuan(byMonth.get(key)?.cents ?? 0) })),
  };
}
