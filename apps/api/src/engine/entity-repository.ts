import { encryptedFields, hashColumnOf, hashFieldOf, snake, type Condition, type EntityDef, type ListQuery, type SensitiveKind, type Sort } from '@alumni/domain';
import { createQueryId, sql, type CompiledQuery, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DataFilter } from '../access/scope-service.js';
import type { Db, Dialect, ReadOptions } from '../db/database.js';
import type { FieldSealing } from '../db/field-sealing.js';
import { rowToRecord, selectColumns, valuesToColumns, type JsonRecord, type Row } from '../db/row-mapping.js';
import { searchedFields, searchPhrase, searchTable, TRIGRAM_LENGTH } from '../db/search-index.js';
import { mergeGroupedParts } from './grouped-parts.js';
import { tallyAggregate, type TallySource } from './tally-aggregate.js';

/**
 * Rows visible to a call: those of one tenant, or every tenant's for platform-wide tables; and,
 * when the caller's data scope narrows the entity, only the rows it lets through.
 */
export interface RowScope {
  tenantId: string | null;
  data?: DataFilter | null;
}

/** A group of an aggregate: a column's value, a date's year, month or day, or a whole number's decade. */
export interface AggregateGroup { field: string; unit?: 'year' | 'month' | 'day' | 'decade' }
/** A measure of an aggregate: the rows, or the sum (and non-empty count) of a numeric column. */
export interface AggregateMeasure { fn: 'count' | 'sum' | 'avg'; field?: string }
export interface AggregateRow { groups: (string | number | null)[]; sums: number[]; counts: number[] }

/**
 * The share a SQLite row falls in when a scan is grouped in parts (`aggregate`): its id's
 * milliseconds plus the id itself, so ids made one per millisecond (sequence 0, all even) and ids
 * made in a burst (one millisecond, a running sequence) both spread evenly over the parts.
 */
const shareOfRow = sql`((rowid >> 22) + rowid)`;

/**
 * Grouped rows (`g…` the groups, `s…` and `n…` each measure's sum and count) as aggregate rows, each
 * sum divided by its measure's divisor (a tally keeps amounts in cents).
 */
function aggregateRows(rows: readonly Record<string, unknown>[], groupCount: number, divisors: readonly number[]): AggregateRow[] {
  const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
  return rows.map((r) => ({
    groups: Array.from({ length: groupCount }, (_, i) => { const v = r[`g${i}`]; return v === null || v === undefined ? null : typeof v === 'bigint' ? String(v) : v as string | number; }),
    sums: divisors.map((d, i) => num(r[`s${i}`]) / d),
    counts: divisors.map((_, i) => num(r[`n${i}`])),
  }));
}

/** The text a date is grouped by: PostgreSQL's format; SQLite keeps the stored text's first characters. */
const UNIT_FORMAT = { year: 'YYYY', month: 'YYYY-MM', day: 'YYYY-MM-DD' } as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables are defined at run time
type Eb = ExpressionBuilder<any, any>;

function nextDay(date: string): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * How a "contains" condition is answered: through the entity's search index (SQLite: the FTS5 table;
 * PostgreSQL: the trigram index, or the pair index for a 2-character term), or by a plain `like`
 * over the tenant's rows (1 character, or a field without a search index).
 */
type ContainsPath = 'search-table' | 'trigram' | 'pairs' | 'scan';

function containsPath(entity: EntityDef, c: Condition, dialect: Dialect): ContainsPath {
  if (c.op !== 'like' || !searchedFields(entity).includes(c.field)) return 'scan';
  const length = [...String(c.value)].length;
  if (length < 2) return 'scan';
  if (dialect === 'sqlite') return 'search-table';
  return length < TRIGRAM_LENGTH ? 'pairs' : 'trigram';
}

/** The values a condition binds, in the order `conditionSql` takes them. */
function boundValues(entity: EntityDef, c: Condition, dialect: Dialect): unknown[] {
  switch (c.op) {
    case 'like': {
      const path = containsPath(entity, c, dialect);
      if (path === 'search-table') return [searchPhrase(snake(c.field), String(c.value)), likePattern(String(c.value))];
      if (path === 'pairs') return [String(c.value), likePattern(String(c.value))];
      return [likePattern(String(c.value))];
    }
    case 'notlike': return [likePattern(String(c.value))];
    case 'dateequal': {
      const day = String(c.value).slice(0, 10);
      return [day, nextDay(day)];
    }
    case 'null': case 'notnull': return [];
    case 'in': return heldKeys(entity, c)
      ? (c.value as (string | number)[]).map((v) => `%,${String(v).replace(/[\\%_]/g, (x) => `\\${x}`)},%`)
      : [...(c.value as (string | number)[])];
    default: return [c.value];
  }
}

/** One filter condition as SQL; its `values` (see `boundValues`) are always bound parameters. */
function conditionSql(eb: Eb, entity: EntityDef, c: Condition, dialect: Dialect, values: readonly unknown[] = boundValues(entity, c, dialect), walk = false): Expression<SqlBool> {
  const col = eb.ref(snake(c.field));
  const v = values[0] as string | number;
  const like = dialect === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  // PostgreSQL has no LIKE on numbers and timestamps: match their text, as SQLite does.
  const text = dialect === 'postgres' && !searchedFields(entity).includes(c.field) ? sql`cast(${col} as text)` : col;
  switch (c.op) {
    case 'equal': return eb(col, '=', v);
    case 'notequal': return eb.or([eb(col, '<>', v), eb(col, 'is', null)]);
    case 'like': {
      const path = containsPath(entity, c, dialect);
      if (path === 'search-table') {
        // The search index finds every row `like` finds (its case folding covers more than ASCII), and
        // `like` on the rows found keeps the answer exactly what `like` gives. A walk of the list
        // order (see `WALK_MIN_MATCHES`) checks each row it passes with `like` alone: the search
        // index would first be read whole, for every match of the term.
        const matches = sql<SqlBool>`${col} like ${values[1] as string} escape '\\'`;
        if (walk) return matches;
        const fts = sql.table(searchTable(entity));
        return sql<SqlBool>`(${eb.ref('id')} in (select rowid from ${fts} where ${fts} match ${v}) and ${matches})`;
      }
      if (path === 'pairs') return sql<SqlBool>`(app_search_pairs(${col}) @> app_search_pairs(${v}) and ${col} ilike ${values[1] as string} escape '\\')`;
      return sql<SqlBool>`${text} ${like} ${v} escape '\\'`;
    }
    case 'notlike': return sql<SqlBool>`(${col} is null or not (${text} ${like} ${v} escape '\\'))`;
    case 'gt': case 'dategt': return eb(col, '>', v);
    case 'lt': case 'datelt': return eb(col, '<', v);
    case 'ge': case 'datege': return eb(col, '>=', v);
    case 'le': case 'datele': return eb(col, '<=', v);
    case 'dateequal': return eb.and([eb(col, '>=', v), eb(col, '<', values[1] as string)]);
    case 'null': return eb(col, 'is', null);
    case 'notnull': return eb(col, 'is not', null);
    case 'in':
      // A field holding several keys matches when it holds any of those asked for.
      if (heldKeys(entity, c)) return eb.or((values as string[]).map((p) => sql<SqlBool>`(',' || ${col} || ',') like ${p} escape '\\'`));
      return eb(col, 'in', values as (string | number)[]);
  }
}

/** An `in` condition on a field of several comma-joined keys (DOMAIN 1.3 `enum[]`) or ids (tags): "holds any of". */
function heldKeys(entity: EntityDef, c: Condition): boolean {
  const field = entity.fields[c.field];
  return c.op === 'in' && ((field?.kind === 'dict' && !!field.multiple) || field?.kind === 'ids');
}

/** The values a data filter binds, clause by clause: a list column's like patterns, else the values. */
function filterValues(filter: DataFilter): unknown[] {
  return filter.clauses.flatMap((c) => (c.list ? c.values.map((v) => `%,${v.replace(/[\\%_]/g, (x) => `\\${x}`)},%`) : c.values));
}

/** A data filter as SQL: any clause holds (column names come from the entity definition). */
function filterSql(eb: Eb, filter: DataFilter, dialect: Dialect, values: readonly unknown[] = filterValues(filter)): Expression<SqlBool> {
  let next = 0;
  const parts: Expression<SqlBool>[] = [];
  for (const c of filter.clauses) {
    const bound = values.slice(next, next + c.values.length) as string[];
    next += c.values.length;
    const col = eb.ref(c.column);
    if (bound.length === 0) continue;
    if (c.list) {
      const joined = sql`(',' || ${col} || ',')`;
      parts.push(eb.or(bound.map((v) => sql<SqlBool>`${joined} like ${v} escape '\\'`)));
    } else if (c.asText && dialect === 'postgres') {
      parts.push(sql<SqlBool>`cast(${col} as text) in (${sql.join(bound)})`);
    } else {
      parts.push(eb(col, 'in', bound));
    }
  }
  return parts.length ? eb.or(parts) : sql<SqlBool>`1 = 0`;
}

/** Stands for the n-th bound value in a page query compiled once per shape. */
class Slot {
  constructor(readonly index: number) {}
}

export interface PageShape {
  count: CompiledQuery;
  /** The page, its rows found through the filters' indexes and then sorted. */
  page: CompiledQuery;
  /** SQLite, search-index filters, an order an index serves: the page found by walking that order. */
  pageWalk?: CompiledQuery;
}

/**
 * From this many matches of a SQLite search-index filter on, a page walks the list's order index and
 * keeps the rows that match (`like` on each row passed), stopping at the page's last row, instead of
 * looking every match up by id and sorting them all. 2,000 matches among a million rows mean ~5,000
 * rows walked for a first page; fewer matches are cheaper to look up.
 */
const WALK_MIN_MATCHES = 2000;

/** The page query a list runs once its count is known (see `WALK_MIN_MATCHES`). */
export function pageQueryFor(queries: PageShape, total: number): CompiledQuery {
  return queries.pageWalk && total >= WALK_MIN_MATCHES ? queries.pageWalk : queries.page;
}

/** Whether the list's order is the one its order index (`tenant_time` or `list_order`) is built in. */
function orderServedByIndex(entity: EntityDef, sorts: Sort[]): boolean {
  const indexed = (entity.defaultSort ?? [{ field: 'createTime', desc: true }]).map((s) => ({ field: s.field, desc: !!s.desc }));
  const order = sorts.length ? sorts : indexed;
  return order.length === indexed.length && order.every((s, i) => s.field === indexed[i]?.field)
    && order.every((s) => s.desc === order[0]?.desc);
}

const MAX_SHAPES = 500;

/** The most companion rows a write's statement takes (a remove of more ids writes them separately). */
const COMPANION_ROWS_MAX = 500;

/** Rows of another table written with a write (see `EntityRepository.withCompanion`). */
export interface Companion {
  table: string;
  rows: Record<string, unknown>[];
  /** How the rows are written when they cannot join the write's statement. */
  writeSeparately(db: Db): Promise<void>;
}

export class EntityRepository {
  /**
   * List SQL by query shape (table, scope, filter fields and operators, sort). Building and
   * compiling the two queries with Kysely cost as much as running them on SQLite; the values are
   * bound afresh on every call, so answers are never cached.
   */
  private readonly shapes = new Map<string, PageShape>();

  /**
   * `read` runs the list's count and page: on SQLite a reader thread (see `SqliteReadPool`), so a
   * slow count does not hold up other requests.
   */
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly read: (query: CompiledQuery, options?: ReadOptions) => Promise<{ rows: Row[] }> = (query) => db.executeQuery<Row>(query),
    /** Encryption at rest of ID numbers, phones and e-mails; without it they are stored as given. */
    readonly sealing: FieldSealing | null = null,
    /** The tallies that answer an entity's grouped figures instead of its records, by entity name. */
    private readonly tallies: ReadonlyMap<string, TallySource> = new Map(),
    /** Into how many shares of its rows a scan is grouped side by side (SQLite: its reader threads). */
    private readonly scanParts = 1,
  ) {}

  /** A row as the protocol's record, its encrypted fields opened. */
  private toRecord(entity: EntityDef, row: Row): JsonRecord {
    const record = rowToRecord(entity, row);
    return this.sealing ? this.sealing.openRecord(entity, record) : record;
  }

  private encryptedKind(entity: EntityDef, field: string): SensitiveKind | null {
    if (!this.sealing) return null;
    return encryptedFields(entity).find(([name]) => name === field)?.[1] ?? null;
  }

  /**
   * Conditions as the table answers them: an encrypted field is compared by its keyed hash. Contains
   * is exact there (a search box finds the whole number, never a fragment of ciphertext); a range
   * over an encrypted field has no meaning and matches nothing.
   */
  private onColumns(entity: EntityDef, conditions: Condition[]): Condition[] {
    if (!this.sealing || encryptedFields(entity).length === 0) return conditions;
    const sealing = this.sealing;
    return conditions.map((c) => {
      const kind = this.encryptedKind(entity, c.field);
      if (!kind || c.op === 'null' || c.op === 'notnull') return c;
      const field = hashFieldOf(c.field);
      if (c.op === 'in') return { field, op: 'in', value: (c.value as (string | number)[]).map((v) => sealing.hash(kind, String(v))) };
      const value = sealing.hash(kind, String(c.value));
      if (c.op === 'equal' || c.op === 'like') return { field, op: 'equal', value };
      if (c.op === 'notequal' || c.op === 'notlike') return { field, op: 'notequal', value };
      // No row is before or after a sealed value.
      return { field: 'id', op: 'null', value: null };
    });
  }

  /** Exact values (a natural key, a uniqueness check, a module's own lookup) as the columns hold them: [column, value]. */
  exactColumns(entity: EntityDef, values: Record<string, unknown>): [string, unknown][] {
    return Object.entries(values).map(([field, value]) => {
      const kind = this.encryptedKind(entity, field);
      if (!kind || value === null || value === undefined) return [snake(field), value];
      return [hashColumnOf(snake(field)), this.sealing?.hash(kind, String(value))];
    });
  }

  /**
   * The live rows of the scope. `byScan` writes the tenant and delete-flag conditions so that no index
   * is sought by them (SQLite's unary `+`, which changes no value), for a read of most of the table
   * (see `tenantFillsTable`); an index of a filter's own field is still sought.
   */
  private base(entity: EntityDef, scope: RowScope, db: Db = this.db, dataValues?: readonly unknown[], byScan = false) {
    const column = (name: string) => (byScan ? sql`+${sql.ref(name)}` : sql.ref(name));
    let query = db.selectFrom(entity.table).where(column('is_deleted'), '=', 0);
    if (scope.tenantId !== null) query = query.where(column('tenant_id'), '=', scope.tenantId);
    const data = scope.data;
    if (data) query = query.where((eb) => filterSql(eb, data, this.dialect, dataValues));
    return query;
  }

  async page(entity: EntityDef, scope: RowScope, query: ListQuery, extra: Condition[] = []): Promise<{ records: JsonRecord[]; total: number }> {
    const queries = this.listQueries(entity, scope, query, extra);
    const countRow = (await this.read(queries.count, { keep: true })).rows[0];
    const total = Number(countRow?.total ?? 0);
    if (total === 0 || (query.current - 1) * query.size >= total) return { records: [], total };
    const { rows } = await this.read(pageQueryFor(queries, total));
    return { records: rows.map((r) => this.toRecord(entity, r)), total };
  }

  /** The rows a list call matches: the count `page` runs first, alone. */
  async count(entity: EntityDef, scope: RowScope, query: ListQuery, extra: Condition[] = []): Promise<number> {
    const queries = this.listQueries(entity, scope, query, extra);
    return Number((await this.read(queries.count, { keep: true })).rows[0]?.total ?? 0);
  }

  /** The count and page SQL of one list call, with its values bound (what `page` runs; plans are checked on it). */
  listQueries(entity: EntityDef, scope: RowScope, query: ListQuery, extra: Condition[] = []): PageShape {
    const conditions = this.onColumns(entity, [...query.conditions, ...extra]);
    // In the order the shape's slots are numbered: tenant, data filter, each condition's values, limit, offset.
    const values = [...(scope.tenantId === null ? [] : [scope.tenantId]), ...(scope.data ? filterValues(scope.data) : []),
      ...conditions.flatMap((c) => boundValues(entity, c, this.dialect)), query.size, (query.current - 1) * query.size];
    const shape = this.pageShape(entity, scope, conditions, query.sorts);
    const bind = (q: CompiledQuery): CompiledQuery => ({ ...q, queryId: createQueryId(), parameters: q.parameters.map((p) => (p instanceof Slot ? values[p.index] : p)) });
    return { count: bind(shape.count), page: bind(shape.page), ...(shape.pageWalk ? { pageWalk: bind(shape.pageWalk) } : {}) };
  }

  /** The count and page queries of a list's shape, with slots where its values go. */
  private pageShape(entity: EntityDef, scope: RowScope, conditions: Condition[], sorts: Sort[]): PageShape {
    const data = scope.data?.clauses.map((c) => [c.column, c.list, c.asText, c.values.length]) ?? null;
    const key = JSON.stringify([entity.table, scope.tenantId === null, data, sorts, conditions.map((c) => [c.field, c.op, containsPath(entity, c, this.dialect), boundValues(entity, c, this.dialect).length])]);
    let shape = this.shapes.get(key);
    if (shape) return shape;
    let next = 0;
    const slot = () => new Slot(next++) as unknown as string; // Kysely binds any non-expression value as a parameter
    const slotScope: RowScope = { tenantId: scope.tenantId === null ? null : slot(), data: scope.data ?? null };
    const dataSlots = scope.data ? filterValues(scope.data).map(slot) : undefined;
    const conditionSlots = conditions.map((c) => boundValues(entity, c, this.dialect).map(slot));
    const filteredBy = (walk: boolean) => this.base(entity, slotScope, this.db, dataSlots)
      .where((eb) => eb.and(conditions.map((c, i) => conditionSql(eb, entity, c, this.dialect, conditionSlots[i], walk))));
    const count = filteredBy(false).select((eb) => eb.fn.countAll().as('total')).compile();
    const limit = slot() as unknown as number;
    const offset = slot() as unknown as number;
    const pageOf = (walk: boolean) => this.ordered(filteredBy(walk).select(selectColumns(entity)), entity, sorts).limit(limit).offset(offset).compile();
    const walks = conditions.some((c) => containsPath(entity, c, this.dialect) === 'search-table') && orderServedByIndex(entity, sorts);
    shape = { count, page: pageOf(false), ...(walks ? { pageWalk: pageOf(true) } : {}) };
    if (this.shapes.size >= MAX_SHAPES) this.shapes.delete(this.shapes.keys().next().value as string);
    this.shapes.set(key, shape);
    return shape;
  }

  /** The live rows of the scope that match the conditions, as a query to select or group from (statistics). */
  scoped(entity: EntityDef, scope: RowScope, conditions: Condition[] = [], db: Db = this.db, byScan = false) {
    return this.base(entity, scope, db, undefined, byScan).where((eb) => eb.and(this.onColumns(entity, conditions).map((c) => conditionSql(eb, entity, c, this.dialect))));
  }

  /**
   * Grouped figures of the live rows of the scope that match the conditions (reports): one row per
   * distinct combination of the group expressions, in their order, at most `limit`, each with every
   * measure's sum and count (a count measure's both are the rows; a sum or average's the sum and the
   * count of non-empty values, so averages over any set of groups can be derived). Runs as a list's
   * count does (`read`: a reader thread on SQLite).
   */
  async aggregate(entity: EntityDef, scope: RowScope, conditions: Condition[], groups: readonly AggregateGroup[], measures: readonly AggregateMeasure[], limit: number): Promise<AggregateRow[]> {
    const source = this.tallies.get(entity.name);
    const tallied = source && tallyAggregate(this.db, source, scope, conditions, groups, measures, limit,
      (eb, c) => conditionSql(eb, entity, c, this.dialect));
    if (tallied) return aggregateRows((await this.read(tallied.query)).rows, groups.length, tallied.divisors);
    const scan = this.dialect === 'sqlite' && await this.tenantFillsTable(entity, scope);
    const groupExpr = (g: AggregateGroup) => {
      const col = sql.ref(snake(g.field));
      // A scan groups a column as a value: SQLite would otherwise walk the column's index for its order.
      if (!g.unit) return scan ? sql`+${col}` : col;
      if (g.unit === 'decade') return sql`(${col} / 10) * 10`;
      // Formats and lengths are constants of the unit, never values: PostgreSQL groups by the same text.
      if (this.dialect === 'postgres') return sql`to_char(${col}, ${sql.lit(UNIT_FORMAT[g.unit])})`;
      return sql`substr(${col}, 1, ${sql.lit(UNIT_FORMAT[g.unit].length)})`;
    };
    const selections = [
      ...groups.map((g, i) => groupExpr(g).as(`g${i}`)),
      ...measures.flatMap((m, i) => {
        if (m.fn === 'count' || !m.field) return [sql`count(*)`.as(`s${i}`), sql`count(*)`.as(`n${i}`)];
        const col = sql.ref(snake(m.field));
        return [sql`sum(${col})`.as(`s${i}`), sql`count(${col})`.as(`n${i}`)];
      }),
    ];
    const filtered = this.scoped(entity, scope, conditions, this.db, scan).select(selections);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a select over a runtime table
    const grouped = (query: any) => {
      for (let i = 0; i < groups.length; i += 1) query = query.groupBy(sql.ref(`g${i}`)).orderBy(sql.ref(`g${i}`));
      return query.limit(limit).compile() as CompiledQuery;
    };
    const parts = scan ? this.scanParts : 1;
    const rows = parts > 1
      ? mergeGroupedParts(await Promise.all(Array.from({ length: parts }, async (_, part) =>
        (await this.read(grouped(filtered.where(sql<SqlBool>`${shareOfRow} % ${parts} = ${part}`)))).rows)), groups.length, measures.length, limit)
      : (await this.read(grouped(filtered))).rows;
    return aggregateRows(rows, groups.length, measures.map(() => 1));
  }

  /**
   * Whether the tenant's live rows are at least half of the table (SQLite). A grouped read of them
   * then scans the table in its order: sought through an index led by the tenant, every row is
   * looked up on its own, in the index's order — at a million alumni six times slower than the scan
   * (decision 201). Both counts read no row: the table's from its pages, the tenant's from an index.
   */
  private async tenantFillsTable(entity: EntityDef, scope: RowScope): Promise<boolean> {
    if (scope.tenantId === null) return false;
    const count = async (query: CompiledQuery) => Number((await this.read(query)).rows[0]?.n ?? 0);
    const rows = this.db.selectFrom(entity.table).select(sql<number>`count(*)`.as('n'));
    const [all, tenants] = await Promise.all([
      count(rows.compile()),
      count(rows.where('tenant_id', '=', scope.tenantId).where('is_deleted', '=', 0).compile()),
    ]);
    return all > 0 && tenants * 2 >= all;
  }

  /** Every matching row (for trees and option lists), in list order, at most `limit`. */
  async all(entity: EntityDef, scope: RowScope, conditions: Condition[], sorts: Sort[] = [], limit = 10000): Promise<JsonRecord[]> {
    const filtered = this.base(entity, scope).where((eb) => eb.and(this.onColumns(entity, conditions).map((c) => conditionSql(eb, entity, c, this.dialect))));
    const rows = await this.ordered(filtered.select(selectColumns(entity)), entity, sorts).limit(limit).execute();
    return rows.map((r: Row) => this.toRecord(entity, r));
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a select over a runtime table
  private ordered(query: any, entity: EntityDef, sorts: Sort[]) {
    const order = sorts.length ? sorts : (entity.defaultSort ?? [{ field: 'createTime', desc: true }]).map((s) => ({ field: s.field, desc: !!s.desc }));
    for (const s of order) query = query.orderBy(snake(s.field), s.desc ? 'desc' : 'asc');
    return query.orderBy('id', order[order.length - 1]?.desc === false ? 'asc' : 'desc');
  }

  async findById(entity: EntityDef, scope: RowScope, id: string, db: Db = this.db): Promise<JsonRecord | null> {
    const row = await this.base(entity, scope, db).select(selectColumns(entity)).where('id', '=', id).executeTakeFirst();
    return row ? this.toRecord(entity, row) : null;
  }

  async findByIds(entity: EntityDef, scope: RowScope, ids: string[], db: Db = this.db): Promise<JsonRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.base(entity, scope, db).select(selectColumns(entity)).where('id', 'in', ids).execute();
    return rows.map((r: Row) => this.toRecord(entity, r));
  }

  /** Whether another live row of the scope already has these values. */
  async exists(entity: EntityDef, scope: RowScope, values: Record<string, unknown>, exceptId: string | null, db: Db = this.db): Promise<boolean> {
    let query = this.base(entity, scope, db).select('id');
    for (const [column, value] of this.exactColumns(entity, values)) {
      query = value === null ? query.where(column, 'is', null) : query.where(column, '=', value as string);
    }
    if (exceptId) query = query.where('id', '<>', exceptId);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  /** The id of the live row holding these values (a natural key), or null. */
  async idBy(entity: EntityDef, scope: RowScope, values: Record<string, unknown>, db: Db = this.db): Promise<string | null> {
    let query = this.base(entity, scope, db).select('id');
    for (const [column, value] of this.exactColumns(entity, values)) {
      query = value === null || value === undefined ? query.where(column, 'is', null) : query.where(column, '=', value as string);
    }
    const row = await query.limit(1).executeTakeFirst();
    return row ? String((row as { id: unknown }).id) : null;
  }

  /**
   * The ids of the live rows whose `field` holds one of `values`, by that value (500 values a query),
   * read inside the transaction `db`. On PostgreSQL a searched field's trigram index also serves
   * `in (…)`, and after a bulk insert its pending list makes that slower than the field's b-tree by
   * orders of magnitude: bitmap scans (the only kind a GIN index offers) are set aside for it.
   */
  async idsByValues(entity: EntityDef, scope: RowScope, field: string, values: readonly string[], db: Db): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    // An encrypted field is read by its hashes, each answered under the value it stands for.
    const kind = this.encryptedKind(entity, field);
    const column = kind ? hashColumnOf(snake(field)) : snake(field);
    const byColumn = kind ? new Map(values.map((v) => [this.sealing?.hash(kind, v) as string, v])) : null;
    const sought = byColumn ? [...byColumn.keys()] : values;
    if (this.dialect === 'postgres') await sql`set local enable_bitmapscan = off`.execute(db);
    for (let i = 0; i < sought.length; i += 500) {
      const rows = await this.base(entity, scope, db).select(['id', column]).where(column, 'in', sought.slice(i, i + 500)).execute();
      for (const row of rows as Record<string, unknown>[]) {
        const value = String(row[column]);
        found.set(byColumn?.get(value) ?? value, String(row.id));
      }
    }
    if (this.dialect === 'postgres') await sql`set local enable_bitmapscan = on`.execute(db);
    return found;
  }

  /**
   * The writer of rows written with a write (its audit rows): on PostgreSQL they join the write's
   * statement (a data-modifying `with`), so they cost no round trip of their own; elsewhere they are
   * written after it, in the same transaction.
   */
  private withCompanion(db: Db, also: Companion | undefined): Db {
    if (!also || !this.joins(also)) return db;
    return db.with('companion_rows', (q) => q.insertInto(also.table).values(also.rows)) as unknown as Db;
  }

  private async companionAfter(db: Db, also: Companion | undefined): Promise<void> {
    if (also && also.rows.length > 0 && !this.joins(also)) await also.writeSeparately(db);
  }

  /** Whether the rows join the write's statement: PostgreSQL, and few enough for its limit of bound values. */
  private joins(also: Companion): boolean {
    return also.rows.length > 0 && also.rows.length <= COMPANION_ROWS_MAX && this.dialect === 'postgres';
  }

  async insert(entity: EntityDef, row: Record<string, unknown>, db: Db = this.db, also?: Companion): Promise<void> {
    await this.withCompanion(db, also).insertInto(entity.table).values(valuesToColumns(this.sealing ? this.sealing.sealValues(entity, row) : row)).execute();
    await this.companionAfter(db, also);
  }

  private updateQuery(entity: EntityDef, scope: RowScope, id: string, values: Record<string, unknown>, db: Db, also?: Companion) {
    let query = this.withCompanion(db, also).updateTable(entity.table).set(valuesToColumns(this.sealing ? this.sealing.sealValues(entity, values) : values)).where('id', '=', id).where('is_deleted', '=', 0);
    if (scope.tenantId !== null) query = query.where('tenant_id', '=', scope.tenantId);
    const data = scope.data;
    if (data) query = query.where((eb) => filterSql(eb, data, this.dialect));
    return query;
  }

  async update(entity: EntityDef, scope: RowScope, id: string, values: Record<string, unknown>, db: Db = this.db, also?: Companion): Promise<number> {
    const result = await this.updateQuery(entity, scope, id, values, db, also).executeTakeFirst();
    await this.companionAfter(db, also);
    return Number(result.numUpdatedRows);
  }

  /** Updates a live row of the scope and answers it as written (`returning`: no second read), or null when none matched. */
  async updateReturning(entity: EntityDef, scope: RowScope, id: string, values: Record<string, unknown>, db: Db = this.db, also?: Companion): Promise<JsonRecord | null> {
    const row = await this.updateQuery(entity, scope, id, values, db, also).returning(selectColumns(entity)).executeTakeFirst();
    await this.companionAfter(db, also);
    return row ? this.toRecord(entity, row as Row) : null;
  }

  async softDelete(entity: EntityDef, scope: RowScope, ids: string[], audit: { updateUser: string; updateTime: string }, db: Db = this.db, also?: Companion): Promise<number> {
    let query = this.withCompanion(db, also).updateTable(entity.table)
      .set({ is_deleted: 1, update_user: audit.updateUser, update_time: audit.updateTime })
      .where('id', 'in', ids).where('is_deleted', '=', 0);
    if (scope.tenantId !== null) query = query.where('tenant_id', '=', scope.tenantId);
    const data = scope.data;
    if (data) query = query.where((eb) => filterSql(eb, data, this.dialect));
    const result = await query.executeTakeFirst();
    await this.companionAfter(db, also);
    return Number(result.numUpdatedRows);
  }
}
