import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { RowScope } from './entity-repository.js';

/** A positive 64-bit id written as the database writes it back (no sign, no leading zero). */
const CANONICAL_ID = /^(0|[1-9]\d{0,18})$/;
export const isCanonicalId = (value: string) => CANONICAL_ID.test(value) && BigInt(value) <= 9223372036854775807n;

/** One condition of a data scope a tally can answer: the tally row's `column` is one of `values` (ids). */
export interface TallyScopeClause { column: string; values: string[] }

/**
 * The clauses of a data scope (rows matching any of them) when the tallies can answer it: each on
 * one of `columns`, a plain id column, with ids written as the database writes them back.
 * undefined when no scope narrows the caller; null when the scope filters otherwise (another
 * column, an id list, or values the tallies cannot compare as the records would), so the records
 * answer.
 */
export function tallyScope(scope: RowScope, columns: readonly string[]): TallyScopeClause[] | undefined | null {
  if (!scope.data) return undefined;
  const clauses: TallyScopeClause[] = [];
  for (const clause of scope.data.clauses) {
    if (!columns.includes(clause.column) || clause.list || !clause.values.every(isCanonicalId)) return null;
    clauses.push({ column: clause.column, values: clause.values });
  }
  return clauses;
}

/** The rows of a tally a scope lets through: those matching any clause (none: no row). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tally tables are not in the typed schema
export function inTallyScope(eb: ExpressionBuilder<any, any>, clauses: TallyScopeClause[]): Expression<SqlBool> {
  const matching = clauses.filter((c) => c.values.length > 0);
  if (matching.length === 0) return sql<SqlBool>`1 = 0`;
  return eb.or(matching.map((c) => eb(eb.ref(c.column), 'in', c.values)));
}
