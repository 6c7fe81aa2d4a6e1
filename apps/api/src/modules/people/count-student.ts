import { EXAMINE_STATUS, basicInfoEntity, isId, studentStatusEntity, t, type Condition } from '@alumni/domain';
import { sql } from 'kysely';
import type { Caller } from '../../core/caller.js';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import { STUDENT_TALLIES } from '../../db/migrations/020-student-tallies.js';
import type { DictionaryLabels } from '../../engine/dictionary-labels.js';
import { addReferenceNames } from '../../engine/reference-names.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository, RowScope } from '../../engine/entity-repository.js';
import { isCanonicalId, tallyScope } from '../../engine/tally-scope.js';

/** A group of a statistic (DOMAIN 11.0). */
export interface StatItem { key: string; label: string; count: number }

export interface StudentCount {
  alumniTotal: number;
  statusTotal: number;
  newThisYear: number;
  pendingExamine: number;
  byEnrollmentYear: StatItem[];
  byDecade: StatItem[];
  byDepartment: StatItem[];
  byEducationLevel: StatItem[];
  byGraduationStatus: StatItem[];
}

const BAD_ID = t('departmentId 应为院系编号', 'departmentId must be a department id');
const BAD_FILTER = t('{label}应为{min}到{max}之间的年份', '{label} must be a year from {min} to {max}');

export interface CountStudentQuery { departmentId?: unknown; educationLevel?: unknown; enrollmentYear_ge?: unknown; enrollmentYear_le?: unknown }

/** A query value as text; a repeated parameter counts by its last value. */
const text = (value: unknown): string | undefined => (Array.isArray(value) ? text(value[value.length - 1]) : typeof value === 'string' && value !== '' ? value : undefined);

function yearOf(value: string | undefined, label: string): number | undefined {
  if (value === undefined) return undefined;
  const year = Number(value);
  if (!Number.isInteger(year) || year < 1900 || year > 2100) throw badRequest(BAD_FILTER, { label, min: 1900, max: 2100 });
  return year;
}

/** The filters of a countStudent call, checked. */
interface StudentFilter { departmentId?: string; educationLevel?: string; from?: number; to?: number }

/** What the statistics are made of, whichever source answers them. */
interface StudentFigures {
  /** Approved records per level, outcome and enrollment year. */
  groups: { education_level: unknown; graduation_status: unknown; enrollment_year: unknown; n: unknown }[];
  pending: number;
  /** Distinct alumni with an approved record, in all and per department. */
  alumniTotal: number;
  departments: { key: unknown; n: unknown }[];
}

/**
 * The statistics of approved study records (DOMAIN 11.2): every figure counts study records, but
 * `alumniTotal` and `byDepartment`, which count distinct alumni. Within the caller's data scope.
 * Read from the tallies migration 020 keeps, or from the records where the tallies cannot answer.
 */
export async function countStudent(
  ops: EntityOperations, repository: EntityRepository, db: Db, labels: DictionaryLabels, caller: Caller, query: CountStudentQuery,
): Promise<StudentCount> {
  const from = yearOf(text(query.enrollmentYear_ge), 'enrollmentYear_ge');
  const to = yearOf(text(query.enrollmentYear_le), 'enrollmentYear_le');
  const departmentId = text(query.departmentId);
  if (departmentId !== undefined && !isId(departmentId)) throw badRequest(BAD_ID);
  const educationLevel = text(query.educationLevel);
  const filter: StudentFilter = { departmentId, educationLevel, from, to };
  const scope = await ops.rowScope(studentStatusEntity, caller, undefined, 'read');

  const [figures, created] = await Promise.all([
    talliedFigures(db, scope, filter).then((tallied) => tallied ?? recordFigures(repository, scope, filter)),
    newAlumniThisYear(ops, repository, caller),
  ]);
  const { groups, pending, alumniTotal, departments } = figures;
  const sum = (column: 'education_level' | 'graduation_status' | 'enrollment_year') =>
    groups.map((g) => ({ key: g[column], n: g.n }));
  const statusTotal = groups.reduce((total, g) => total + Number(g.n), 0);

  const countsOf = (rows: { key: unknown; n: unknown }[]) => {
    const counts = new Map<string, number>();
    for (const r of rows) if (r.key !== null) counts.set(String(r.key), (counts.get(String(r.key)) ?? 0) + Number(r.n));
    return counts;
  };
  const byYear = countsOf(sum('enrollment_year'));
  const yearKeys = [...byYear.keys()].map(Number);
  const byEnrollmentYear: StatItem[] = [];
  if (yearKeys.length > 0) {
    for (let y = Math.min(...yearKeys); y <= Math.max(...yearKeys); y++) byEnrollmentYear.push({ key: String(y), label: `${y}级`, count: byYear.get(String(y)) ?? 0 });
  }
  const dictionary = async (code: string, counts: Map<string, number>): Promise<StatItem[]> =>
    [...(await labels.labels('biz', caller.tenantId, code))].map(([key, label]) => ({ key, label, count: counts.get(key) ?? 0 }));

  const decades = await labels.entries('biz', caller.tenantId, 'enrollment_year_range');
  const byDecade = decades.map(({ key, label, remark }) => {
    const [low, high] = String(remark ?? '').split(',').map(Number);
    let count = 0;
    for (const [year, n] of byYear) if (Number(year) >= (low ?? 0) && Number(year) <= (high ?? 9999)) count += n;
    return { key, label, count };
  });

  const departmentCounts = [...countsOf(departments)].filter(([, count]) => count > 0).map(([departmentId, count]) => ({ departmentId, count }));
  await addReferenceNames(db, studentStatusEntity, caller.tenantId, departmentCounts);
  const byDepartment = departmentCounts.map((d) => ({ key: d.departmentId, label: String((d as Record<string, unknown>).departmentName ?? d.departmentId), count: d.count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'zh'));

  return {
    alumniTotal,
    statusTotal,
    newThisYear: created,
    pendingExamine: pending,
    byEnrollmentYear,
    byDecade,
    byDepartment,
    byEducationLevel: await dictionary('education_level', countsOf(sum('education_level'))),
    byGraduationStatus: await dictionary('study_status', countsOf(sum('graduation_status'))),
  };
}

/** The figures counted from the approved and pending records themselves (a grouped pass and two distinct counts). */
async function recordFigures(repository: EntityRepository, scope: RowScope, filter: StudentFilter): Promise<StudentFigures> {
  const filters: Condition[] = [
    ...(filter.departmentId ? [{ field: 'departmentId', op: 'equal' as const, value: filter.departmentId }] : []),
    ...(filter.educationLevel ? [{ field: 'educationLevel', op: 'equal' as const, value: filter.educationLevel }] : []),
    ...(filter.from !== undefined ? [{ field: 'enrollmentYear', op: 'ge' as const, value: filter.from }] : []),
    ...(filter.to !== undefined ? [{ field: 'enrollmentYear', op: 'le' as const, value: filter.to }] : []),
  ];
  const approved = () => repository.scoped(studentStatusEntity, scope, [...filters, { field: 'examineStatus', op: 'equal', value: EXAMINE_STATUS.approved }]);
  const [groups, alumniTotal, departments, pending] = await Promise.all([
    approved().select(['department_id', 'education_level', 'graduation_status', 'enrollment_year', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['department_id', 'education_level', 'graduation_status', 'enrollment_year']).execute(),
    approved().select(sql<number>`count(distinct alumni_id)`.as('n')).executeTakeFirst(),
    approved().select(['department_id as key', sql<number>`count(distinct alumni_id)`.as('n')]).groupBy('department_id').execute(),
    repository.scoped(studentStatusEntity, scope, [...filters, { field: 'examineStatus', op: 'equal', value: EXAMINE_STATUS.pending }])
      .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return {
    groups: groups as StudentFigures['groups'],
    pending: Number(pending?.n ?? 0),
    alumniTotal: Number(alumniTotal?.n ?? 0),
    departments: departments as StudentFigures['departments'],
  };
}

/**
 * The units (`org_dept_id`) a data scope lets through, when it filters by unit ids alone:
 * undefined when no scope narrows the caller, null when the scope filters otherwise.
 */
function scopedUnits(scope: RowScope): Set<string> | undefined | null {
  const clauses = tallyScope(scope, ['org_dept_id']);
  return clauses && new Set(clauses.flatMap((c) => c.values));
}

type SignatureEntry = [unit: string | null, department: string | null, level: string | null, year: number | null];

/**
 * The figures from the tallies (migration 020): record counts by a grouped read of the record
 * tally, distinct alumni by matching each alumni signature against the filters. Null where the
 * tallies cannot answer exactly — a data scope on anything but unit ids, a department id written
 * otherwise than the database writes ids back, a year not stored as a whole number — and the
 * records are counted instead.
 */
async function talliedFigures(db: Db, scope: RowScope, filter: StudentFilter): Promise<StudentFigures | null> {
  const units = scopedUnits(scope);
  if (scope.tenantId === null || units === null) return null;
  if (filter.departmentId !== undefined && !isCanonicalId(filter.departmentId)) return null;
  if (units?.size === 0) return { groups: [], pending: 0, alumniTotal: 0, departments: [] };

  const { approved: APPROVED, pending: PENDING } = EXAMINE_STATUS;
  let records = db.selectFrom(STUDENT_TALLIES.records)
    .select(['examine_status', 'education_level', 'graduation_status', 'enrollment_year', sql<number>`sum(n)`.as('n')])
    .where('tenant_id', '=', scope.tenantId).where('examine_status', 'in', [APPROVED, PENDING]).where('n', '>', 0);
  if (units) records = records.where('org_dept_id', 'in', [...units]);
  if (filter.departmentId !== undefined) records = records.where('department_id', '=', filter.departmentId);
  if (filter.educationLevel !== undefined) records = records.where('education_level', '=', filter.educationLevel);
  if (filter.from !== undefined) records = records.where('enrollment_year', '>=', filter.from);
  if (filter.to !== undefined) records = records.where('enrollment_year', '<=', filter.to);
  const [tallies, signatures] = await Promise.all([
    records.groupBy(['examine_status', 'education_level', 'graduation_status', 'enrollment_year']).execute(),
    db.selectFrom(STUDENT_TALLIES.alumni).select(['signature', 'n']).where('tenant_id', '=', scope.tenantId).where('n', '>', 0).execute(),
  ]);

  const matches = ([unit, department, level, year]: SignatureEntry) =>
    (!units || (unit !== null && units.has(unit)))
    && (filter.departmentId === undefined || department === filter.departmentId)
    && (filter.educationLevel === undefined || level === filter.educationLevel)
    && (filter.from === undefined || (year !== null && year >= filter.from))
    && (filter.to === undefined || (year !== null && year <= filter.to));
  let alumniTotal = 0;
  const byDepartment = new Map<string, number>();
  for (const row of signatures) {
    const entries = JSON.parse(String(row.signature)) as SignatureEntry[];
    if (entries.some(([, , , year]) => year !== null && !Number.isInteger(year))) return null;
    const matched = entries.filter(matches);
    if (matched.length === 0) continue;
    alumniTotal += Number(row.n);
    for (const department of new Set(matched.map(([, d]) => d))) {
      if (department !== null) byDepartment.set(department, (byDepartment.get(department) ?? 0) + Number(row.n));
    }
  }
  return {
    groups: tallies.filter((t) => Number(t.examine_status) === APPROVED),
    pending: tallies.filter((t) => Number(t.examine_status) === PENDING).reduce((total, t) => total + Number(t.n), 0),
    alumniTotal,
    // In id order (departments of equal count and name keep it).
    departments: [...byDepartment].sort(([a], [b]) => a.length - b.length || (a < b ? -1 : 1)).map(([key, n]) => ({ key, n })),
  };
}

/** Alumni records created this calendar year, within the caller's reach. */
async function newAlumniThisYear(ops: EntityOperations, repository: EntityRepository, caller: Caller): Promise<number> {
  const scope = await ops.rowScope(basicInfoEntity, caller, undefined, 'read');
  const start = `${new Date().getFullYear()}-01-01 00:00:00`;
  const row = await repository.scoped(basicInfoEntity, scope).select((eb) => eb.fn.countAll<number>().as('n'))
    .where('create_time', '>=', start).executeTakeFirst();
  return Number(row?.n ?? 0);
}
