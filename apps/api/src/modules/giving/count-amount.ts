import { DONATION_STATUS, departmentEntity, donationEntity, parseListQuery, type Condition } from '@alumni/domain';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Caller } from '../../core/caller.js';
import { now } from '../../core/time.js';
import type { Db, Dialect } from '../../db/database.js';
import type { DictionaryLabels } from '../../engine/dictionary-labels.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository, RowScope } from '../../engine/entity-repository.js';
import { inTallyScope, tallyScope } from '../../engine/tally-scope.js';
import { ALL_PURPOSES, ALL_UNITS, DONATION_TALLY_TABLES } from '../../db/migrations/031-visit-donation-tallies.js';
import { FUND_TALLY_TABLE, fundParts, partCents, partPurpose } from '../../db/migrations/072-giving-depth.js';

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

  const today = now();
  const month = today.slice(0, 7);
  const firstMonth = monthBefore(month, 11);
  const question = giftQuestion(raw);
  const { groups, purposes, donors, donorCount, alumniDonorCount, pledges } = await talliedGiftFigures(db, repository, dialect, scope, question)
    ?? await recordGiftFigures(db, repository, dialect, scope, question);

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
    const n = g.n;
    const c = g.cents;
    const m = String(g.month);
    count += n;
    cents += c;
    if (m >= `${today.slice(0, 4)}-01`) yearCents += c;
    if (m === month) monthCents += c;
    if (m >= firstMonth) add(by.month, m, n, c);
    add(by.method, String(g.donation_method), n, c);
    add(by.type, String(g.donor_type), n, c);
    if (g.department_id !== null) add(by.department, String(g.department_id), n, c);
  }
  // A split gift counts under each purpose it funds, with its part (decision 317).
  for (const p of purposes) add(by.purpose, String(p.purpose), p.n, p.cents);
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
  const topDonors = donors.map((d) => ({
    key: d.key.slice(1), label: d.anonymous ? `${d.name}${ANONYMOUS_SUFFIX}` : d.name, count: d.n, amount: (d.cents / 100).toFixed(2),
  }));
  const totalAmount = cents / 100;

  return {
    totalAmount: totalAmount.toFixed(2),
    count,
    donorCount,
    alumniDonorCount,
    averageAmount: count === 0 ? '0.00' : money(totalAmount / count),
    thisYearAmount: (yearCents / 100).toFixed(2),
    thisMonthAmount: (monthCents / 100).toFixed(2),
    pledgedAmount: (pledges.cents / 100).toFixed(2),
    pledgedCount: pledges.n,
    byMonth,
    byPurpose: await dictionary('donation_purpose', by.purpose),
    byMethod: await dictionary('donation_method', by.method),
    byDonorType: await dictionary('donor_type', by.type),
    byDepartment,
    topDonors,
  };
}

/** What a countAmount call asks: the page's filters, those of the sums and those of the pledges. */
export interface GiftQuestion { conditions: Condition[]; summed: Condition[]; pledged: Condition[] }

/** The page's filters of a call: the sums only over received gifts (2) unless they name a payment state; the pledges (1) within the others. */
export function giftQuestion(raw: Record<string, unknown>): GiftQuestion {
  const query = parseListQuery(donationEntity, raw);
  const statusNamed = query.conditions.some((c) => c.field === 'paymentStatus');
  const others = query.conditions.filter((c) => c.field !== 'paymentStatus');
  const summed: Condition[] = statusNamed ? query.conditions : [...others, { field: 'paymentStatus', op: 'equal', value: DONATION_STATUS.received }];
  const pledged: Condition[] = [...others, { field: 'paymentStatus', op: 'equal', value: DONATION_STATUS.pledged }];
  return { conditions: query.conditions, summed, pledged };
}

/** A donor of the top ten: its key (`a` + alumnus id, or `n` + donor name), name, anonymity, gifts and cents. */
interface TopDonor { key: string; name: string; anonymous: boolean; n: number; cents: number }

/** What the sums are made of, whichever source answers them. */
export interface GiftFigures {
  /** Summed gifts per month (`yyyy-MM`), purpose, method, donor type and college, in whole cents. */
  groups: { month: string; purpose: unknown; donation_method: unknown; donor_type: unknown; department_id: unknown; n: number; cents: number }[];
  /** The gifts and cents per purpose: each gift's fund split, else the whole gift on its purpose (decision 317). */
  purposes: { purpose: string; n: number; cents: number }[];
  donors: TopDonor[];
  donorCount: number;
  alumniDonorCount: number;
  pledges: { n: number; cents: number };
}

/** The sums per purpose as numbers, in the order of their purposes. */
const purposeSums = (rows: { purpose: unknown; n: unknown; cents: unknown }[]) =>
  rows.map((p) => ({ purpose: String(p.purpose), n: Number(p.n), cents: Number(p.cents) })).sort((a, b) => a.purpose.localeCompare(b.purpose));

/** Whole cents of a database sum (a number on SQLite, text on PostgreSQL). */
const centsOf = (value: unknown) => Math.round(Number(value ?? 0) * 100);

/** Purpose conditions a gift's parts are filtered by instead of the gift's own purpose. */
const PART_OPS = new Set<Condition['op']>(['equal', 'notequal', 'in']);

/** A purpose condition on a gift's part (the alias `part` of `fundParts`). */
function partCondition(dialect: Dialect, c: Condition) {
  const purpose = sql.raw(partPurpose('part', dialect));
  const values = (Array.isArray(c.value) ? c.value.map(String) : String(c.value ?? '').split(',')).filter((v) => v !== '');
  if (c.op === 'in') return values.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`${purpose} in (${sql.join(values)})`;
  return c.op === 'equal' ? sql<boolean>`${purpose} = ${String(c.value)}` : sql<boolean>`${purpose} <> ${String(c.value)}`;
}

/** A purpose condition read on a gift's parts rather than its own purpose. */
const onParts = (c: Condition) => c.field === 'purpose' && PART_OPS.has(c.op);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the gifts or their parts, read by column names both have
type Gifts = SelectQueryBuilder<any, any, object>;

/** The columns of a gift its figures read, besides its parts. */
const GIFT_COLUMNS = ['donate_time', 'purpose', 'donation_method', 'donor_type', 'department_id', 'cny_amount', 'alumni_id', 'donor_name', 'is_anonymous'] as const;

/**
 * The live gifts of the conditions, or (split) each gift's parts (alias `part`) beside the gift's
 * columns, its purpose conditions read on the parts. The parts join a select of the gifts, so the
 * conditions' column names stay the gift's own (SQLite's json_each has an `id` as well).
 */
export function giftsOrParts(db: Db, repository: EntityRepository, dialect: Dialect, scope: RowScope, conditions: Condition[], split: boolean) {
  const gifts = repository.scoped(donationEntity, scope, split ? conditions.filter((c) => !onParts(c)) : conditions);
  if (!split) return gifts as unknown as Gifts;
  const g = gifts.select([...GIFT_COLUMNS, sql<string>`${sql.raw(fundParts('', dialect))}`.as('parts')]).as('g');
  const joined = dialect === 'postgres'
    ? db.selectFrom(g).crossJoinLateral(sql`jsonb_array_elements(g.parts)`.as('part'))
    : db.selectFrom(g).crossJoin(sql`json_each(g.parts)`.as('part'));
  return joined.where((eb) => eb.and(conditions.filter(onParts).map((c) => partCondition(dialect, c)))) as unknown as Gifts;
}

/**
 * The figures summed from the donations, in four passes: the sums grouped by month and every
 * dictionary at once, the sums per purpose of the gifts' parts (their fund splits), the donors (the
 * number of groups and of alumni among them counted by a window over the grouping), and the pledges.
 * Filtered by purpose, every pass reads the gifts' parts of that purpose (decision 317).
 */
export async function recordGiftFigures(db: Db, repository: EntityRepository, dialect: Dialect, scope: RowScope, q: GiftQuestion): Promise<GiftFigures> {
  const byParts = q.conditions.some(onParts);
  const from = (conditions: Condition[], split: boolean) => giftsOrParts(db, repository, dialect, scope, conditions, split);
  const rows = () => from(q.summed, byParts);
  const total = byParts ? sql<string>`sum(${sql.raw(partCents('part', dialect))}) / 100.0` : sql<string>`sum(cny_amount)`;
  const purpose = byParts ? sql.raw(partPurpose('part', dialect)) : sql.ref('purpose');
  const key = donorKey(dialect);
  const [groups, purposes, donors, pledges] = await Promise.all([
    rows().select([
      monthOf(dialect).as('month'), purpose.as('purpose'), 'donation_method', 'donor_type', 'department_id', total.as('amount'), sql<number>`count(*)`.as('n'),
    ]).groupBy([monthOf(dialect), purpose, 'donation_method', 'donor_type', 'department_id']).execute(),
    from(q.summed, true).select([sql<string>`${sql.raw(partPurpose('part', dialect))}`.as('purpose'), sql<number>`sum(${sql.raw(partCents('part', dialect))})`.as('cents'), sql<number>`count(*)`.as('n')])
      .groupBy(sql.raw(partPurpose('part', dialect))).execute(),
    rows().select([
      key.as('key'), sql<string>`max(donor_name)`.as('name'), sql<number>`max(is_anonymous)`.as('anonymous'),
      total.as('amount'), sql<number>`count(*)`.as('n'),
      sql<number>`count(*) over ()`.as('donors'),
      sql<number>`sum(max(case when donor_type = '1' and alumni_id is not null then 1 else 0 end)) over ()`.as('alumni'),
    ]).groupBy(key).orderBy(total, 'desc').orderBy(key).limit(10).execute(),
    from(q.pledged, byParts).select([total.as('amount'), sql<number>`count(*)`.as('n')]).executeTakeFirst(),
  ]);
  return {
    groups: groups.map((g) => ({ ...g, month: String(g.month), n: Number(g.n), cents: centsOf(g.amount) })),
    purposes: purposeSums(purposes),
    donors: donors.map((d) => ({ key: String(d.key), name: String(d.name ?? ''), anonymous: Number(d.anonymous) === 1, n: Number(d.n), cents: centsOf(d.amount) })),
    donorCount: Number(donors[0]?.donors ?? 0),
    alumniDonorCount: Number(donors[0]?.alumni ?? 0),
    pledges: { n: Number(pledges?.n ?? 0), cents: centsOf(pledges?.amount) },
  };
}

/**
 * The figures from the tallies of migrations 031 and 042, when the page's filters name at most a
 * payment state and a purpose: the gift tally's rows of the state (and purpose) grouped, the
 * pledges summed from it, the donors counted by the donor counts and the top ten read in order
 * from the donor tally (of all units, or of the one unit a college sees; of several units, grouped
 * by donor; of all purposes or the one named). The names of the alumni among the top ten are read
 * from their gifts. Null when the tallies cannot answer (other filters, a data scope by creator or
 * anything but unit ids): the donations answer then.
 */
export async function talliedGiftFigures(db: Db, repository: EntityRepository, dialect: Dialect, scope: RowScope, q: GiftQuestion): Promise<GiftFigures | null> {
  const clauses = tallyScope(scope, ['org_dept_id']);
  if (scope.tenantId === null || clauses === null) return null;
  const status = statusOf(q.summed);
  const purposeConditions = q.conditions.filter((c) => c.field === 'purpose');
  const purpose = purposeConditions.length === 0 ? ALL_PURPOSES : plainValue(purposeConditions);
  if (status === null || purpose === null || q.conditions.some((c) => c.field !== 'paymentStatus' && c.field !== 'purpose')
    || q.conditions.filter((c) => c.field === 'paymentStatus').length > 1) return null;
  const tenantId = scope.tenantId;
  const units = clauses && [...new Set(clauses.flatMap((c) => c.values))];
  // Filtered by purpose, the gifts are their parts of that purpose (decision 317).
  const tallyOf = (parts: boolean) => (parts ? FUND_TALLY_TABLE : DONATION_TALLY_TABLES.gifts);
  const gifts = (state: string, parts = purpose !== ALL_PURPOSES) => db.selectFrom(tallyOf(parts)).where('tenant_id', '=', tenantId).where('payment_status', '=', state).where('n', '>', 0)
    .$if(purpose !== ALL_PURPOSES, (query) => query.where('purpose', '=', purpose))
    .$if(units !== undefined, (query) => query.where((eb) => inTallyScope(eb, clauses ?? [])));
  const donorRows = () => db.selectFrom(DONATION_TALLY_TABLES.donors).where('tenant_id', '=', tenantId).where('payment_status', '=', status).where('purpose', '=', purpose);
  const unit = units === undefined ? ALL_UNITS : units.length === 1 ? units[0] as string : null;

  const [groups, purposes, pledges, donors, counts] = await Promise.all([
    gifts(status).select(['donate_month as month', 'purpose', 'donation_method', 'donor_type', 'department_id', sql<number>`sum(cents)`.as('cents'), sql<number>`sum(n)`.as('n')])
      .groupBy(['donate_month', 'purpose', 'donation_method', 'donor_type', 'department_id']).execute(),
    gifts(status, true).select(['purpose', sql<number>`sum(cents)`.as('cents'), sql<number>`sum(n)`.as('n')]).groupBy('purpose').execute(),
    gifts(String(DONATION_STATUS.pledged)).select([sql<number>`sum(cents)`.as('cents'), sql<number>`sum(n)`.as('n')]).executeTakeFirst(),
    unit !== null
      ? donorRows().where('unit', '=', unit).where('n', '>', 0).select(['donor_key', 'n', 'cents', 'anonymous_n'])
        .orderBy('cents', 'desc').orderBy('donor_key').limit(10).execute()
      : (units as string[]).length === 0 ? Promise.resolve([]) : donorRows().where('unit', 'in', units as string[])
        .select(['donor_key', sql<number>`sum(n)`.as('n'), sql<number>`sum(cents)`.as('cents'), sql<number>`sum(anonymous_n)`.as('anonymous_n'),
          sql<number>`count(*) over ()`.as('donors'), sql<number>`sum(case when sum(alumni_n) > 0 then 1 else 0 end) over ()`.as('alumni')])
        .groupBy('donor_key').having(sql<number>`sum(n)`, '>', 0).orderBy(sql`sum(cents)`, 'desc').orderBy('donor_key').limit(10).execute(),
    unit !== null
      ? db.selectFrom(DONATION_TALLY_TABLES.donorCounts).select(['donors', 'alumni_donors']).where('tenant_id', '=', tenantId)
        .where('payment_status', '=', status).where('unit', '=', unit).where('purpose', '=', purpose).executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  const top = donors as { donor_key: string; n: unknown; cents: unknown; anonymous_n: unknown; donors?: unknown; alumni?: unknown }[];
  const names = await alumniNames(db, repository, dialect, scope, q.summed, top.map((d) => d.donor_key).filter((k) => k.startsWith('a')).map((k) => k.slice(1)));
  return {
    groups: groups.map((g) => ({ ...g, month: String(g.month), n: Number(g.n), cents: Number(g.cents) })),
    purposes: purposeSums(purposes).filter((p) => p.n > 0),
    donors: top.map((d) => ({
      key: d.donor_key, name: d.donor_key.startsWith('a') ? (names.get(d.donor_key.slice(1)) ?? '') : d.donor_key.slice(1),
      anonymous: Number(d.anonymous_n) > 0, n: Number(d.n), cents: Number(d.cents),
    })),
    donorCount: Number(unit !== null ? (counts?.donors ?? 0) : (top[0]?.donors ?? 0)),
    alumniDonorCount: Number(unit !== null ? (counts?.alumni_donors ?? 0) : (top[0]?.alumni ?? 0)),
    pledges: { n: Number(pledges?.n ?? 0), cents: Number(pledges?.cents ?? 0) },
  };
}

/** The payment state the sums are over, when named by one plain value; null otherwise. */
function statusOf(summed: Condition[]): string | null {
  const value = plainValue(summed.filter((c) => c.field === 'paymentStatus'));
  return value !== null && /^\d{1,9}$/.test(value) ? String(Number(value)) : null;
}

/** The value of one condition asking for equality with one dictionary code; null for anything else. */
function plainValue(named: Condition[]): string | null {
  const value = named[0]?.value;
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  return named.length === 1 && named[0]?.op === 'equal' && /^[\w-]{1,64}$/.test(text) ? text : null;
}

/** The donor name of each alumnus's gifts (the greatest, as the donations' grouping reads it), within the filters and scope. */
async function alumniNames(db: Db, repository: EntityRepository, dialect: Dialect, scope: RowScope, summed: Condition[], alumni: string[]): Promise<Map<string, string>> {
  if (alumni.length === 0) return new Map();
  const rows = await giftsOrParts(db, repository, dialect, scope, summed, summed.some(onParts)).where('alumni_id', 'in', alumni)
    .select(['alumni_id', sql<string>`max(donor_name)`.as('name')]).groupBy('alumni_id').execute();
  return new Map(rows.map((r) => [String(r.alumni_id), String(r.name ?? '')]));
}
