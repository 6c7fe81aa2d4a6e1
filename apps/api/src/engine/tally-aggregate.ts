import { snake, type Condition } from '@alumni/domain';
import { sql, type CompiledQuery, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import type { AggregateGroup, AggregateMeasure, RowScope } from './entity-repository.js';
import { inTallyScope, tallyScope } from './tally-scope.js';

/**
 * A tally kept by triggers (db/tally-triggers.ts) that can answer an entity's grouped figures (the
 * report designer's previews) instead of its records: its rows count the live records (`n`) per
 * tenant and per value of some of the entity's columns.
 */
export interface TallySource {
  table: string;
  /** Fields the tally holds as the record does, in a column of the same name: filtered and grouped as on the records. */
  copied: readonly string[];
  /** Date fields the tally holds by month (`yyyy-MM` text in the named column): grouped by year or month only. */
  months?: Readonly<Record<string, string>>;
  /** The tally columns a data scope may filter by. */
  scopeColumns: readonly string[];
  /** Numeric fields the tally sums (fields a record never leaves empty): the column and what divides it back to the field's unit. */
  sums?: Readonly<Record<string, { column: string; divisor: number }>>;
}

/** The conditions a tally answers as the records would: comparisons of whole values, never text matching. */
const TALLIED_OPS = new Set<Condition['op']>(['equal', 'notequal', 'gt', 'lt', 'ge', 'le', 'null', 'notnull', 'in']);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tally tables are not in the typed schema
type Eb = ExpressionBuilder<any, any>;

/** A grouped read of a tally: the query (rows shaped as the records' grouped read), and what divides each measure's sum back to its field's unit. */
export interface TallyAggregate {
  query: CompiledQuery;
  divisors: number[];
}

/**
 * The aggregate (`EntityRepository.aggregate`) read from a tally, or null when the tally cannot
 * answer it exactly: a condition on a field it does not copy or by text matching, a group finer
 * than it keeps, a sum of a field it does not sum, or a data scope it cannot filter. A group exists
 * when its tally rows count a live record (`sum(n) > 0`), as it would among the records.
 */
export function tallyAggregate(
  db: Db, source: TallySource, scope: RowScope, conditions: readonly Condition[],
  groups: readonly AggregateGroup[], measures: readonly AggregateMeasure[], limit: number,
  where: (eb: Eb, condition: Condition) => Expression<SqlBool>,
): TallyAggregate | null {
  const clauses = tallyScope(scope, source.scopeColumns);
  if (clauses === null) return null;
  if (!conditions.every((c) => source.copied.includes(c.field) && TALLIED_OPS.has(c.op))) return null;

  const groupExprs: RawBuilder<unknown>[] = [];
  for (const g of groups) {
    const month = source.months?.[g.field];
    if (month !== undefined) {
      if (g.unit !== 'year' && g.unit !== 'month') return null;
      groupExprs.push(g.unit === 'month' ? sql`${sql.ref(month)}` : sql`substr(${sql.ref(month)}, 1, 4)`);
      continue;
    }
    if (!source.copied.includes(g.field) || (g.unit !== undefined && g.unit !== 'decade')) return null;
    const col = sql.ref(snake(g.field));
    groupExprs.push(g.unit === 'decade' ? sql`(${col} / 10) * 10` : sql`${col}`);
  }
  const divisors: number[] = [];
  const measureExprs: RawBuilder<unknown>[] = [];
  for (const m of measures) {
    if (m.fn === 'count' || !m.field) {
      measureExprs.push(sql`sum(n)`);
      divisors.push(1);
      continue;
    }
    const summed = source.sums?.[m.field];
    if (!summed) return null;
    measureExprs.push(sql`sum(${sql.ref(summed.column)})`);
    divisors.push(summed.divisor);
  }

  let query = db.selectFrom(source.table).where('n', '>', 0);
  if (scope.tenantId !== null) query = query.where('tenant_id', '=', scope.tenantId);
  if (clauses !== undefined) query = query.where((eb) => inTallyScope(eb, clauses));
  if (conditions.length > 0) query = query.where((eb) => eb.and(conditions.map((c) => where(eb, c))));
  // The rows the records would give: `s…` each measure's sum, `n…` the records counted (a summed amount is never empty).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a select over a runtime table
  let grouped: any = query.select([
    ...groupExprs.map((e, i) => e.as(`g${i}`)),
    ...measureExprs.flatMap((e, i) => [e.as(`s${i}`), sql`sum(n)`.as(`n${i}`)]),
  ]);
  for (let i = 0; i < groups.length; i += 1) grouped = grouped.groupBy(sql.ref(`g${i}`)).orderBy(sql.ref(`g${i}`));
  // Without groups the records answer one row (of zeros when nothing matches), as this does then.
  if (groups.length > 0) grouped = grouped.having(sql`sum(n)`, '>', 0);
  return { query: grouped.limit(limit).compile(), divisors };
}
