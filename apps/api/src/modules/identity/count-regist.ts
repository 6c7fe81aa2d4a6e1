import { REGIST_STATUS, dateQueryParam, departmentEntity, idQueryParam, registInfoEntity, type Condition } from '@alumni/domain';
import { sql } from 'kysely';
import type { Caller } from '../../core/caller.js';
import { now } from '../../core/time.js';
import type { Dialect } from '../../db/database.js';
import type { DictionaryLabels } from '../../engine/dictionary-labels.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import type { StatItem } from '../people/count-student.js';

export interface RegistCount {
  total: number;
  today: number;
  thisMonth: number;
  pending: number;
  pendingDuplicate: number;
  disabled: number;
  byStatus: StatItem[];
  bySource: StatItem[];
  byMonth: StatItem[];
  byDepartment: StatItem[];
}

/** A day of the calendar (a time after it is dropped), or a 400 naming the parameter. */
const dateOf = (value: unknown, name: string): string | undefined => dateQueryParam(value, name)?.slice(0, 10);

/** The twelve months ending with this one, `yyyy-MM`. */
function lastMonths(today: string): string[] {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 12 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/**
 * Statistics of registrations (DOMAIN 11.1) within the caller's data scope: totals, the pending
 * (and those with a medium or high duplicate), the disabled, and counts by state, source, month of
 * the last twelve and department, each group labelled in the caller's language.
 */
export async function countRegist(
  operations: EntityOperations, repository: EntityRepository, labels: DictionaryLabels, dialect: Dialect, caller: Caller,
  query: Record<string, unknown>,
): Promise<RegistCount> {
  const entity = registInfoEntity;
  const scope = await operations.authoriseRead(entity, caller);
  const conditions: Condition[] = [];
  const departmentId = idQueryParam(query.departmentId, 'departmentId');
  if (departmentId) conditions.push({ field: 'departmentId', op: 'equal', value: departmentId });
  const from = dateOf(query.createTime_dategt, 'createTime_dategt');
  const to = dateOf(query.createTime_datelt, 'createTime_datelt');
  if (from) conditions.push({ field: 'createTime', op: 'dategt', value: from });
  if (to) conditions.push({ field: 'createTime', op: 'datelt', value: to });
  const rows = () => repository.scoped(entity, scope, conditions);
  const today = now().slice(0, 10);
  const month = dialect === 'postgres' ? sql<string>`to_char(create_time, 'YYYY-MM')` : sql<string>`substr(create_time, 1, 7)`;
  const day = dialect === 'postgres' ? sql<string>`to_char(create_time, 'YYYY-MM-DD')` : sql<string>`substr(create_time, 1, 10)`;
  const [figures, byStatus, bySource, byMonth, byDepartment] = await Promise.all([
    rows().select([
      sql<number>`count(*)`.as('total'),
      sql<number>`sum(case when ${day} = ${today} then 1 else 0 end)`.as('today'),
      sql<number>`sum(case when ${month} = ${today.slice(0, 7)} then 1 else 0 end)`.as('this_month'),
      sql<number>`sum(case when examine_status = ${REGIST_STATUS.pending} then 1 else 0 end)`.as('pending'),
      sql<number>`sum(case when examine_status = ${REGIST_STATUS.pending} and duplicate_level >= 2 then 1 else 0 end)`.as('pending_duplicate'),
      sql<number>`sum(case when status = 2 then 1 else 0 end)`.as('disabled'),
    ]).executeTakeFirst(),
    rows().select(['examine_status as key', sql<number>`count(*)`.as('count')]).groupBy('examine_status').execute(),
    rows().select(['source as key', sql<number>`count(*)`.as('count')]).groupBy('source').execute(),
    rows().select([month.as('key'), sql<number>`count(*)`.as('count')]).groupBy(month).execute(),
    rows().select(['department_id as key', sql<number>`count(*)`.as('count')]).groupBy('department_id').execute(),
  ]);
  const counted = (list: { key: unknown; count: unknown }[]) => new Map(list.map((r) => [String(r.key), Number(r.count)]));
  const dictionary = async (code: string, counts: Map<string, number>) =>
    [...(await labels.labels('biz', caller.tenantId, code))].map(([key, label]) => ({ key, label, count: counts.get(key) ?? 0 }));
  const months = counted(byMonth);
  const departments = byDepartment.filter((r) => r.key !== null).sort((a, b) => Number(b.count) - Number(a.count));
  const names = new Map<string, string>();
  if (departments.length > 0) {
    const found = await repository.scoped(departmentEntity, { tenantId: caller.tenantId }, [])
      .select(['id', 'department_name']).where('id', 'in', departments.map((d) => String(d.key))).execute();
    for (const d of found) names.set(String(d.id), String(d.department_name));
  }
  return {
    total: Number(figures?.total ?? 0),
    today: Number(figures?.today ?? 0),
    thisMonth: Number(figures?.this_month ?? 0),
    pending: Number(figures?.pending ?? 0),
    pendingDuplicate: Number(figures?.pending_duplicate ?? 0),
    disabled: Number(figures?.disabled ?? 0),
    byStatus: await dictionary('regist_status', counted(byStatus)),
    bySource: await dictionary('regist_source', counted(bySource)),
    byMonth: lastMonths(today).map((key) => ({ key, label: key, count: months.get(key) ?? 0 })),
    byDepartment: departments.map((d) => ({ key: String(d.key), label: names.get(String(d.key)) ?? String(d.key), count: Number(d.count) })),
  };
}
