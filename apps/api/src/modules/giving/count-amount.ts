import { DONATION_STATUS, departmentEntity, donationEntity, parseListQuery, type Condition } from '@alumni/domain';
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
  const summed: Condition[] = statusNamed ? query.conditions : [...others, { field: 'paymentStatus', op: 'equal', value: DONATION_STATUS.received }];
  const pledged: Condition[] = [...others, { field: 'paymentStatus', op: 'equal', value: DONATION_STATUS.pledged }];
  const rows = () => repository.scoped(donationEntity, scope, summed);

  const today = now();
  const month = today.slice(0, 7);
  const firstMonth = monthBefore(month, 11);
  const total = sql<string>`sum(cny_amount)`;
  const key = donorKey(dialect);
  // Three passes: the sums grouped by month and every dictionary at once, the donors (the number of
  // groups and of alumni among them counted by a window over the grouping), and the pledges.
  const [groups, donors, pledges] = await Promise.all([
    rows().select([
      monthOf(dialect).as('month'), 'purpose', 'donation_method', 'donor_type', 'department_id', total.as('amount'), sql<number>`count(*)`.as('n'),
    ]).groupBy([monthOf(dialect), 'purpose', 'donation_method', 'donor_type', 'department_id']).execute(),
    rows().select([
      key.as('key'), sql<string>`max(donor_name)`.as('name'), sql<number>`max(is_anonymous)`.as('anonymous'),
      total.as('amount'), sql<number>`count(*)`.as('n'),
      sql<number>`count(*) over ()`.as('donors'),
      sql<number>`sum(max(case when donor_type = '1' and alumni_id is not null then 1 else 0 end)) over ()`.as('alumni'),
    ]).groupBy(key).orderBy(total, 'desc').orderBy(key).limit(10).execute(),
    repository.scoped(donationEntity, scope, pledged).select([total.as('amount'), sql<number>`count(*)`.as('n')]).executeTakeFirst(),
  ]);

  type Sum = { count: number; cents: number };
  const add = (map: Map<string, Sum>, k: string, n: number, cents: number) => {
    const s = map.get(k) ?? { count: 0, cents: 0 };
    s.count += n;
    s.cents += cents;
    map.set(k, s);
  };
  const by = { month: new Map<string, Sum>(), purpose: new Map<string, Sum>(), method: new Map<string, Sum>(), type: new Map<string, Sum>(), department: new Map<string, Sum>() };
  let count = 0;
  let cents = 0;
  let yearCents = 0;
  let monthCents = 0;
  for (const g of groups) {
    const n = Number(g.n);
    const c = Math.round(Number(g.amount ?? 0) * 100);
    const m = String(g.month);
    count += n;
    cents += c;
    if (m >= `${today.slice(0, 4)}-01`) yearCents += c;
    if (m === month) monthCents += c;
    if (m >= firstMonth) add(by.month, m, n, c);
    add(by.purpose, String(g.purpose), n, c);
    add(by.method, String(g.donation_method), n, c);
    add(by.type, String(g.donor_type), n, c);
    if (g.department_id !== null) add(by.department, String(g.department_id), n, c);
  }
  const amountOf = (s: Sum | undefined) => ((s?.cents ?? 0) / 100).toFixed(2);
  const dictionary = async (code: string, sums: Map<string, Sum>): Promise<MoneyStatItem[]> =>
    [...(await labels.labels('biz', caller.tenantId, code))].map(([k, label]) => ({ key: k, label, count: sums.get(k)?.count ?? 0, amount: amountOf(sums.get(k)) }));
  const byMonth = Array.from({ length: 12 }, (_, i) => {
    const k = monthBefore(month, 11 - i);
    return { key: k, label: k, count: by.month.get(k)?.count ?? 0, amount: amountOf(by.month.get(k)) };
  });
  const departmentIds = [...by.department.keys()];
  const departmentNames = departmentIds.length === 0 ? new Map<string, string>() : new Map((await db.selectFrom(departmentEntity.table)
    .select(['id', 'department_name']).where('id', 'in', departmentIds).execute())
    .map((d) => [String(d.id), String(d.department_name)]));
  const byDepartment = [...by.department]
    .map(([k, s]) => ({ key: k, label: departmentNames.get(k) ?? k, count: s.count, amount: amountOf(s) }))
    .sort((a, b) => Number(b.amount) - Number(a.amount) || b.count - a.count || a.key.localeCompare(b.key));
  const topDonors = donors.map((d) => {
    const name = String(d.name ?? '');
    return { key: String(d.key).slice(1), label: Number(d.anonymous) === 1 ? `${name}${ANONYMOUS_SUFFIX}` : name, count: Number(d.n), amount: money(d.amount) };
  });
  const totalAmount = cents / 100;

  return {
    totalAmount: totalAmount.toFixed(2),
    count,
    donorCount: Number(donors[0]?.donors ?? 0),
    alumniDonorCount: Number(donors[0]?.alumni ?? 0),
    averageAmount: count === 0 ? '0.00' : money(totalAmount / count),
    thisYearAmount: (yearCents / 100).toFixed(2),
    thisMonthAmount: (monthCents / 100).toFixed(2),
    pledgedAmount: money(pledges?.amount),
    pledgedCount: Number(pledges?.n ?? 0),
    byMonth,
    byPurpose: await dictionary('donation_purpose', by.purpose),
    byMethod: await dictionary('donation_method', by.method),
    byDonorType: await dictionary('donor_type', by.type),
    byDepartment,
    topDonors,
  };
}
