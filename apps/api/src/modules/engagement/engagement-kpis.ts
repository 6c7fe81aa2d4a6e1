import { ENGAGEMENT_MODE_LABELS, ENGAGEMENT_MODES, basicInfoEntity, type EngagementKpis, type Lang } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { EntityRepository, RowScope } from '../../engine/entity-repository.js';
import { addReferenceNames } from '../../engine/reference-names.js';
import { inTallyScope, tallyScope } from '../../engine/tally-scope.js';
import { ENGAGEMENT_TABLE, ENGAGEMENT_TREND_TABLE, SCORE_COLUMN } from './engagement-sql.js';

/** Months of trend shown. */
const TREND_MONTHS = 12;

const engagedSum = sql<number>`sum(case when ${sql.ref(SCORE_COLUMN)} > 0 then 1 else 0 end)`;

/**
 * The dashboard's engagement figures within the caller's data scope of the alumni library: the
 * alumni and those engaged (a score above 0) in all, per mode, per enrollment year (级) and per
 * college; and the trend the daily recomputation recorded, per unit, where the scope is one of units.
 */
export async function engagementKpis(db: Db, repository: EntityRepository, scope: RowScope, lang: Lang): Promise<EngagementKpis> {
  const tenantId = scope.tenantId as string;
  const alumni = () => repository.scoped(basicInfoEntity, scope);
  const inMode = (mode: string) => alumni().select(sql<number>`count(*)`.as('n'))
    .where(sql<boolean>`id in (select alumni_id from ${sql.table(ENGAGEMENT_TABLE)} where tenant_id = ${tenantId} and ${sql.ref(mode)} > 0)`).executeTakeFirst();
  const [totals, modes, years, colleges] = await Promise.all([
    alumni().select([sql<number>`count(*)`.as('alumni'), engagedSum.as('engaged')]).executeTakeFirst(),
    Promise.all(ENGAGEMENT_MODES.map(inMode)),
    alumni().select(['first_enrollment_year as key', sql<number>`count(*)`.as('alumni'), engagedSum.as('engaged')])
      .where('first_enrollment_year', 'is not', null).groupBy('first_enrollment_year').orderBy('first_enrollment_year').execute(),
    alumni().select(['department_id as key', sql<number>`count(*)`.as('alumni'), engagedSum.as('engaged')])
      .where('department_id', 'is not', null).groupBy('department_id').execute(),
  ]);
  const departments = colleges.map((c) => ({ departmentId: String(c.key), alumni: Number(c.alumni), engaged: Number(c.engaged ?? 0) }));
  await addReferenceNames(db, basicInfoEntity, tenantId, departments);
  return {
    alumni: Number(totals?.alumni ?? 0),
    engaged: Number(totals?.engaged ?? 0),
    byMode: ENGAGEMENT_MODES.map((mode, i) => ({ mode, label: ENGAGEMENT_MODE_LABELS[mode][lang], engaged: Number(modes[i]?.n ?? 0) })),
    byClassYear: years.map((y) => ({
      key: String(y.key), label: lang === 'zh' ? `${String(y.key)}级` : `Entry ${String(y.key)}`, alumni: Number(y.alumni), engaged: Number(y.engaged ?? 0),
    })),
    byCollege: departments.map((d) => ({
      key: d.departmentId, label: String((d as Record<string, unknown>).departmentName ?? d.departmentId), alumni: d.alumni, engaged: d.engaged,
    })).sort((a, b) => b.alumni - a.alumni || a.label.localeCompare(b.label, 'zh')),
    trend: await trendOf(db, scope),
  };
}

/** The last months' trend, summed over the units the scope lets through (none when it filters otherwise). */
async function trendOf(db: Db, scope: RowScope): Promise<EngagementKpis['trend']> {
  const clauses = tallyScope(scope, ['org_dept_id']);
  if (clauses === null || scope.tenantId === null) return [];
  let query = db.selectFrom(ENGAGEMENT_TREND_TABLE).where('tenant_id', '=', scope.tenantId)
    .select(['month', sql<number>`sum(alumni)`.as('alumni'), sql<number>`sum(engaged)`.as('engaged')]).groupBy('month').orderBy('month', 'desc').limit(TREND_MONTHS);
  if (clauses !== undefined) query = query.where((eb) => inTallyScope(eb, clauses));
  const rows = await query.execute();
  return rows.reverse().map((r) => ({ month: String(r.month), alumni: Number(r.alumni), engaged: Number(r.engaged) }));
}
