import { PAYMENT_STATUS, departmentEntity, donationEntity, parseListQuery, type Condition } from '@alumni/domain';
import { sql } from 'kysely';
import type { Caller } from '../../core/caller.js';
import { now } from '../../core/time.js';
import type { Db, Dialect } from '../../db/database.js';
import type { DictionaryLabels } from '../../engine/dictionary-labels.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository, RowScope } from '../../engine/entity-repository.js';

/** A group of a money statistic (DOMAIN 11.0). */
export interface MoneyStatItem { key: string; label: string; count: number; amount: string }

export interface DonationSums {
  totalAmount: string;
  count: number;
  donorCount: number;
  alumniDonorCount: number;
  averageAmount: string;
  thisYearAmount: string;
  thisMonthAmount: string;
  pledgedAmount: string;
  pledgedCount: number;
  byMonth: MoneyStatItem[];
  byPurpose: MoneyStatItem[];
  byMethod: MoneyStatItem[];
  byDonorType: MoneyStatItem[];
  byDepartment: MoneyStatItem[];
  topDonors: MoneyStatItem[];
}

const ANONYMOUS_SUFFIX = '（匿名）';

/** Two decimals of a database sum (a number on SQLite, text on PostgreSQL); cents are rounded once, here. */
const money = (value: unknown): string => (Math.round(Number(value ?? 0) * 100) / 100).toFixed(2);

/** The month `back` months before the current one, `yyyy-MM`. */
function monthBefore(current: string, back: number): string {
  const [y, m] = current.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The donor a gift is counted for: its alumnus, or its donor name when it has none. */
const donorKey = (dialect: Dialect) => (dialect === 'postgres'
  ? sql<string>`case when alumni_id is not null then 'a' || cast(alumni_id as varchar) else 'n' || donor_name end`
  : sql<string>`case when alumni_id is not null then 'a' || cast(alumni_id as text) else 'n' || donor_name end`);

const monthOf = (dialect: Dialect) => (dialect === 'postgres' ? sql<string>`to_char(donate_time, 'YYYY-MM')` : sql<string>`substr(donate_time, 1, 7)`);

/**
 * The sums of donations (DOMAIN 11.4) over the page's filters, within the caller's data scope: only
 * received gifts (2) unless the filters name a payment status; pledges (1) apart, within the other
 * filters. Every sum is over the amount in CNY, grouped in the database.
 */
export async function countAmount(
  ops: EntityOperations, repository: EntityRepository, db: Db, dialect: Dialect, labels: DictionaryLabels, caller: Caller, raw: Record<string, unknown>,
): Promise<DonationSums> {
  const scope: RowScope = await ops.authoriseRead(donationEntity, caller);
  const query = parseListQuery(donationEntity, raw);
  const statusNamed = query.conditions.some((c) => c.field === 'paymentStatus');
  const others = query.conditions.filter((c) => c.field !== 'paymentStatus');
  const summed: Condition[] = statusNamed ? query.conditions : [...others, { field: 'paymentStatus', op: 'equal', value: PAYMENT_STATUS.received }];
  const pledged: Condition[] = [...others, { field: 'paymentStatus', op: 'equal', value: PAYMENT_STATUS.pledged }];
  const rows = () => repository.scoped(donationEntity, scope, summed);

  const today = now();
  const month = today.slice(0, 7);
  const firstMonth = monthBefore(month, 11);
  const total = sql<string>`sum(cny_amount)`;
  const [totals, pledges, year, thisMonth, months, purposes, methods, types, departments, donors] = await Promise.all([
    rows().select([
      total.as('amount'), sql<number>`count(*)`.as('n'),
      sql<number>`count(distinct ${donorKey(dialect)})`.as('donors'),
      sql<number>`count(distinct case when donor_type = '1' then alumni_id end)`.as('alumni'),
    ]).executeTakeFirst(),
    repository.scoped(donationEntity, scope, pledged).select([total.as('amount'), sql<number>`count(*)`.as('n')]).executeTakeFirst(),
    rows().select(total.as('amount')).where('donate_time', '>=', `${today.slice(0, 4)}-01-01 00:00:00`).executeTakeFirst(),
    rows().select(total.as('amount')).where('donate_time', '>=', `${month}-01 00:00:00`).executeTakeFirst(),
    rows().select([monthOf(dialect).as('key'), total.as('amount'), sql<number>`count(*)`.as('n')])
      .where('donate_time', '>=', `${firstMonth}-01 00:00:00`).groupBy(monthOf(dialect)).execute(),
    rows().select(['purpose as key', total.as('amount'), sql<number>`count(*)`.as('n')]).groupBy('purpose').execute(),
    rows().select(['donation_method as key', total.as('amount'), sql<number>`count(*)`.as('n')]).groupBy('donation_method').execute(),
    rows().select(['donor_type as key', total.as('amount'), sql<number>`count(*)`.as('n')]).groupBy('donor_type').execute(),
    rows().select(['department_id as key', total.as('amount'), sql<number>`count(*)`.as('n')]).where('department_id', 'is not', null).groupBy('department_id').execute(),
    rows().select([
      donorKey(dialect).as('key'), sql<string>`max(donor_name)`.as('name'), sql<number>`max(is_anonymous)`.as('anonymous'),
      total.as('amount'), sql<number>`count(*)`.as('n'),
    ]).groupBy(donorKey(dialect)).orderBy(total, 'desc').orderBy(donorKey(dialect)).limit(10).execute(),
  ]);

  const count = Number(totals?.n ?? 0);
  const totalAmount = Number(totals?.amount ?? 0);
  const grouped = (list: { key: unknown; amount: unknown; n: unknown }[]) =>
    new Map(list.map((g) => [String(g.key), { count: Number(g.n), amount: money(g.amount) }]));
  const dictionary = async (code: string, list: { key: unknown; amount: unknown; n: unknown }[]): Promise<MoneyStatItem[]> => {
    const sums = grouped(list);
    return [...(await labels.labels('biz', caller.tenantId, code))].map(([key, label]) =>
      ({ key, label, count: sums.get(key)?.count ?? 0, amount: sums.get(key)?.amount ?? '0.00' }));
  };
  const monthSums = grouped(months);
  const byMonth = Array.from({ length: 12 }, (_, i) => {
    const key = monthBefore(month, 11 - i);
    return { key, label: key, count: monthSums.get(key)?.count ?? 0, amount: monthSums.get(key)?.amount ?? '0.00' };
  });
  const departmentNames = departments.length === 0 ? new Map<string, string>() : new Map((await db.selectFrom(departmentEntity.table)
    .select(['id', 'department_name']).where('id', 'in', departments.map((d) => String(d.key))).execute())
    .map((d) => [String(d.id), String(d.department_name)]));
  const byDepartment = departments
    .map((d) => ({ key: String(d.key), label: departmentNames.get(String(d.key)) ?? String(d.key), count: Number(d.n), amount: money(d.amount) }))
    .sort((a, b) => Number(b.amount) - Number(a.amount) || b.count - a.count || a.key.localeCompare(b.key));
  const topDonors = donors.map((d) => {
    const key = String(d.key);
    const name = String(d.name ?? '');
    return { key: key.slice(1), label: Number(d.anonymous) === 1 ? `${name}${ANONYMOUS_SUFFIX}` : name, count: Number(d.n), amount: money(d.amount) };
  });

  return {
    totalAmount: money(totalAmount),
    count,
    donorCount: Number(totals?.donors ?? 0),
    alumniDonorCount: Number(totals?.alumni ?? 0),
    averageAmount: count === 0 ? '0.00' : money(totalAmount / count),
    thisYearAmount: money(year?.amount),
    thisMonthAmount: money(thisMonth?.amount),
    pledgedAmount: money(pledges?.amount),
    pledgedCount: Number(pledges?.n ?? 0),
    byMonth,
    byPurpose: await dictionary('donation_purpose', purposes),
    byMethod: await dictionary('donation_method', methods),
    byDonorType: await dictionary('donor_type', types),
    byDepartment,
    topDonors,
  };
}
