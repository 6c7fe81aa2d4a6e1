import { VISIT_STATUS, isId, t, visitRecordEntity, type Condition } from '@alumni/domain';
import { sql } from 'kysely';
import type { Caller } from '../../core/caller.js';
import { badRequest } from '../../core/errors.js';
import type { Db, Dialect } from '../../db/database.js';
import type { DictionaryLabels } from '../../engine/dictionary-labels.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository, RowScope } from '../../engine/entity-repository.js';
import { inTallyScope, isCanonicalId, tallyScope } from '../../engine/tally-scope.js';
import { VISIT_TALLY_TABLES } from '../../db/migrations/031-visit-donation-tallies.js';
import { regionNames } from './association-hooks.js';
import { dayFromToday, namesOf } from './relation-rules.js';

/** A group of a statistic (DOMAIN 11.0). */
export interface StatItem { key: string; label: string; count: number }

export interface VisitCount {
  year: number;
  total: number;
  alumniVisited: number;
  organizationsVisited: number;
  withLeader: number;
  byMonth: StatItem[];
  byType: StatItem[];
  byDepartment: StatItem[];
  byProvince: StatItem[];
  byStatus: StatItem[];
}

export interface CountVisitQuery { year?: unknown; departmentId?: unknown; visitStatus?: unknown }

const BAD_YEAR = t('year 应为1900到2100之间的年份', 'year must be a year from 1900 to 2100');
const BAD_DEPARTMENT = t('departmentId 应为院系编号', 'departmentId must be a department id');
const BAD_STATUS = t('visitStatus 应为0到3之间的整数', 'visitStatus must be a whole number from 0 to 3');
/** The group of the visits without a visiting college: the alumni office's own (DOMAIN 11.3). */
const OFFICE = '校友工作办公室';

/** Whether a record was led by a leader (1) or not (0). */
const LED = sql<number>`case when leader_name is not null and leader_name <> '' then 1 else 0 end`;

const text = (value: unknown): string | undefined => (Array.isArray(value) ? text(value[value.length - 1]) : typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The statistics of visit records (DOMAIN 11.3) for one calendar year of visit dates, within the
 * caller's data scope: the figures and groups count the records of one state (approved unless
 * `visitStatus` says otherwise); `byStatus` counts every state. Groups are counted by the database
 * in one grouped pass; the distinct alumni are read from the matching rows' id lists.
 */
export async function countVisit(
  ops: EntityOperations, repository: EntityRepository, db: Db, dialect: Dialect, labels: DictionaryLabels, caller: Caller, query: CountVisitQuery,
): Promise<VisitCount> {
  const rawYear = text(query.year);
  const year = rawYear === undefined ? Number(dayFromToday(0).slice(0, 4)) : Number(rawYear);
  if (!Number.isInteger(year) || year < 1900 || year > 2100) throw badRequest(BAD_YEAR);
  const departmentId = text(query.departmentId);
  if (departmentId !== undefined && !isId(departmentId)) throw badRequest(BAD_DEPARTMENT);
  const rawStatus = text(query.visitStatus);
  const status = rawStatus === undefined ? VISIT_STATUS.approved : Number(rawStatus);
  if (!Number.isInteger(status) || status < 0 || status > 3) throw badRequest(BAD_STATUS);

  const scope = await ops.authoriseRead(visitRecordEntity, caller);
  const question: VisitQuestion = { year, departmentId, status };
  const { groups, organizations, alumniVisited } = await talliedVisitFigures(db, scope, question)
    ?? await recordVisitFigures(repository, dialect, scope, question);
  const tally = (rows: typeof groups, key: (g: (typeof groups)[number]) => unknown) => {
    const out: { key: unknown; n: number }[] = [];
    for (const g of rows) out.push({ key: key(g), n: Number(g.n) });
    return out;
  };
  const inState = groups.filter((g) => Number(g.visit_status) === status);
  const states = tally(groups, (g) => g.visit_status);
  const months = tally(inState, (g) => g.month);
  const types = tally(inState, (g) => g.visit_type);
  const departments = tally(inState, (g) => g.department_id);
  const provinces = tally(inState.filter((g) => g.province_code !== null && g.province_code !== ''), (g) => g.province_code);
  const totals = {
    total: inState.reduce((sum, g) => sum + Number(g.n), 0),
    organizations,
    leaders: inState.filter((g) => Number(g.led) === 1).reduce((sum, g) => sum + Number(g.n), 0),
  };
  const countsOf = (rows: { key: unknown; n: unknown }[]) => {
    const counts = new Map<string, number>();
    for (const r of rows) {
      const key = r.key === null || r.key === undefined ? '' : String(r.key);
      counts.set(key, (counts.get(key) ?? 0) + Number(r.n));
    }
    return counts;
  };
  const dictionary = async (code: string, counts: Map<string, number>): Promise<StatItem[]> =>
    [...(await labels.labels('biz', caller.tenantId, code))].map(([key, label]) => ({ key, label, count: counts.get(key) ?? 0 }));
  const largestFirst = (a: StatItem, b: StatItem) => b.count - a.count || a.key.localeCompare(b.key);

  const monthCounts = countsOf(months);
  const departmentCounts = countsOf(departments);
  const departmentNames = await namesOf(db, 'alumni_department', 'department_name', caller.tenantId, [...departmentCounts.keys()]);
  const provinceCounts = countsOf(provinces);
  const provinceNames = await regionNames(db, [...provinceCounts.keys()]);
  return {
    year,
    total: totals.total,
    alumniVisited,
    organizationsVisited: totals.organizations,
    withLeader: totals.leaders,
    byMonth: Array.from({ length: 12 }, (_, i) => {
      const key = `${year}-${String(i + 1).padStart(2, '0')}`;
      return { key, label: key, count: monthCounts.get(key) ?? 0 };
    }),
    byType: await dictionary('visit_type', countsOf(types)),
    byDepartment: [...departmentCounts].filter(([, n]) => n > 0)
      .map(([key, count]) => ({ key, label: key === '' ? OFFICE : (departmentNames.get(key) ?? key), count })).sort(largestFirst),
    byProvince: [...provinceCounts].filter(([, n]) => n > 0)
      .map(([key, count]) => ({ key, label: provinceNames.get(key) ?? key, count })).sort(largestFirst),
    byStatus: await dictionary('visit_status', countsOf(states)),
  };
}

/** What a countVisit call asks: a calendar year of visit dates, perhaps one college, one state. */
export interface VisitQuestion { year: number; departmentId?: string; status: number }

/** What the statistics are made of, whichever source answers them. */
export interface VisitFigures {
  /** Records of the year per state, month (`yyyy-MM`), type, college, province and whether led by a leader. */
  groups: { visit_status: unknown; month: unknown; visit_type: unknown; department_id: unknown; province_code: unknown; led: unknown; n: unknown }[];
  /** Distinct non-empty organisations and distinct alumni of the chosen state's records. */
  organizations: number;
  alumniVisited: number;
}

/**
 * The figures counted from the records: one grouped pass over the year (from the covering index
 * of migration 024), the distinct organisations by one aggregate, the distinct alumni read from
 * the chosen rows' id lists.
 */
export async function recordVisitFigures(repository: EntityRepository, dialect: Dialect, scope: RowScope, q: VisitQuestion): Promise<VisitFigures> {
  const inYear: Condition[] = [
    { field: 'visitDate', op: 'ge', value: `${q.year}-01-01` },
    { field: 'visitDate', op: 'le', value: `${q.year}-12-31` },
    ...(q.departmentId ? [{ field: 'departmentId', op: 'equal' as const, value: q.departmentId }] : []),
  ];
  const all = () => repository.scoped(visitRecordEntity, scope, inYear);
  const chosen = () => repository.scoped(visitRecordEntity, scope, [...inYear, { field: 'visitStatus', op: 'equal', value: q.status }]);
  const month = dialect === 'postgres' ? sql<string>`to_char(visit_date, 'YYYY-MM')` : sql<string>`substr(visit_date, 1, 7)`;
  const [groups, organizations, alumniLists] = await Promise.all([
    all().select(['visit_status', month.as('month'), 'visit_type', 'department_id', 'province_code', LED.as('led'), (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['visit_status', month, 'visit_type', 'department_id', 'province_code', LED]).execute(),
    chosen().select(sql<number>`count(distinct case when visited_organization <> '' then visited_organization end)`.as('n')).executeTakeFirst(),
    chosen().select('visited_alumni_ids').where('visited_alumni_ids', 'is not', null).where('visited_alumni_ids', '<>', '').execute(),
  ]);
  const alumni = new Set<string>();
  for (const r of alumniLists) for (const id of String(r.visited_alumni_ids).split(',')) if (id !== '') alumni.add(id);
  return { groups: groups as VisitFigures['groups'], organizations: Number(organizations?.n ?? 0), alumniVisited: alumni.size };
}

/**
 * The figures from the tallies of migration 031: the year's tally rows grouped, the distinct
 * organisations and alumni counted over their tallies' rows of the year and state. Null when the
 * tallies cannot answer exactly (a data scope on anything but unit and creator ids, a college id
 * written otherwise than the database writes ids back): the records answer then.
 */
export async function talliedVisitFigures(db: Db, scope: RowScope, q: VisitQuestion): Promise<VisitFigures | null> {
  const clauses = tallyScope(scope, ['org_dept_id', 'create_user']);
  if (scope.tenantId === null || clauses === null) return null;
  if (q.departmentId !== undefined && !isCanonicalId(q.departmentId)) return null;
  const tenantId = scope.tenantId;
  const narrowed = (table: string) => db.selectFrom(table).where('tenant_id', '=', tenantId).where('n', '>', 0)
    .$if(clauses !== undefined, (query) => query.where((eb) => inTallyScope(eb, clauses ?? [])))
    .$if(q.departmentId !== undefined, (query) => query.where('department_id', '=', q.departmentId as string));
  const distinct = (table: string, column: string) => narrowed(table).where('visit_year', '=', String(q.year)).where('visit_status', '=', q.status)
    .select(sql<number>`count(distinct ${sql.ref(column)})`.as('n')).executeTakeFirst();
  const [groups, organizations, alumni] = await Promise.all([
    narrowed(VISIT_TALLY_TABLES.records).where('visit_month', '>=', `${q.year}-01`).where('visit_month', '<=', `${q.year}-12`)
      .select(['visit_status', 'visit_month as month', 'visit_type', 'department_id', 'province_code', 'led', sql<number>`sum(n)`.as('n')])
      .groupBy(['visit_status', 'visit_month', 'visit_type', 'department_id', 'province_code', 'led']).execute(),
    distinct(VISIT_TALLY_TABLES.organizations, 'visited_organization'),
    distinct(VISIT_TALLY_TABLES.alumni, 'alumnus'),
  ]);
  return { groups: groups as VisitFigures['groups'], organizations: Number(organizations?.n ?? 0), alumniVisited: Number(alumni?.n ?? 0) };
}
