import { sql, type ColumnDataType, type Expression } from 'kysely';
import type { Db, Dialect } from './database.js';

/** A column of a tally row: its name, type, and the value a counted row gives it (`row` is `new.`, `old.` or a table alias). */
export interface TallyColumn {
  name: string;
  type: ColumnDataType | Expression<unknown>;
  value: (row: string, dialect: Dialect) => string;
}

/**
 * A table of counts kept by triggers on the table it counts: rows are keyed by the tenant and the
 * values of `columns` (unique through `tally_key`, the JSON of the values, since the columns may be
 * null); `n` counts the live rows that give those values and each of `sums` adds an integer the
 * row gives. A counted row may give several tally rows (`expand`: a from-clause of the values it
 * fans out to, e.g. the ids of a list), each counted once.
 */
export interface TallySpec {
  table: string;
  /** The counted table. */
  source: string;
  columns: TallyColumn[];
  sums?: { name: string; value: (row: string, dialect: Dialect) => string }[];
  /** Whether a row counts (besides being live, `is_deleted = 0`). */
  counts?: (row: string) => string;
  /** The from-clause a row fans out to, aliased; its columns are read by `columns` and `counts`. */
  expand?: (row: string, dialect: Dialect) => string;
  /** Every source column the values, sums and conditions read (a change of another moves nothing). */
  watched: string[];
}

const countType = (dialect: Dialect) => (dialect === 'postgres' ? 'bigint' : 'integer');

/** A JSON array of the values as text (ids as digits, so no reader loses precision), nulls kept: one text per distinct tuple. */
function tallyKey(dialect: Dialect, values: string[]): string {
  const texts = values.map((v) => `cast(${v} as text)`).join(', ');
  return dialect === 'postgres' ? `json_build_array(${texts})::text` : `json_array(${texts})`;
}

const live = (spec: TallySpec, row: string) => `${row}is_deleted = 0${spec.counts ? ` and (${spec.counts(row)})` : ''}`;

/** The tally rows of the counted rows `row` stands for, signed: tenant, key, values, n, sums. */
function deltas(spec: TallySpec, dialect: Dialect, row: string, sign: 1 | -1): string {
  const values = spec.columns.map((c) => c.value(row, dialect));
  return [`${row}tenant_id as tenant_id`, `${tallyKey(dialect, values)} as tally_key`, ...values.map((v, i) => `${v} as ${spec.columns[i]!.name}`),
    `${sign} as n`, ...(spec.sums ?? []).map((s) => `${sign} * (${s.value(row, dialect)}) as ${s.name}`)].join(', ');
}

const measures = (spec: TallySpec) => ['n', ...(spec.sums ?? []).map((s) => s.name)];
const columnList = (spec: TallySpec) => ['tenant_id', 'tally_key', ...spec.columns.map((c) => c.name), ...measures(spec)].join(', ');

/**
 * Creates the tally table, its triggers, and counts the rows already there. `postgresBody` may
 * replace the plain upsert of the PostgreSQL triggers (see `postgresTriggers`).
 */
export async function createTally(db: Db, dialect: Dialect, spec: TallySpec, postgresBody?: (delta: string) => string): Promise<void> {
  let table = db.schema.createTable(spec.table)
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('tally_key', 'text', (c) => c.notNull());
  for (const column of spec.columns) table = table.addColumn(column.name, column.type);
  for (const measure of measures(spec)) table = table.addColumn(measure, countType(dialect), (c) => c.notNull());
  await table.execute();
  await db.schema.createIndex(`${spec.table}_key`).unique().on(spec.table).columns(['tenant_id', 'tally_key']).execute();
  // Triggers first: on PostgreSQL creating them locks out writers until the counts below are committed.
  for (const statement of dialect === 'postgres' ? postgresTriggers(spec, postgresBody) : sqliteTriggers(spec)) await sql.raw(statement).execute(db);
  await sql.raw(backfill(spec, dialect)).execute(db);
}

/** The rows already there, counted in one grouped pass. */
function backfill(spec: TallySpec, dialect: Dialect): string {
  return `insert into ${spec.table} (${columnList(spec)}) ${recount(spec, dialect)}`;
}

/** The tally's rows as the counted table gives them now, in the tally's columns (tenant, key, values, measures). */
export function recount(spec: TallySpec, dialect: Dialect): string {
  const from = dialect === 'postgres'
    ? `${spec.source} r${spec.expand ? ` cross join lateral ${spec.expand('r.', dialect)}` : ''}`
    : `${spec.source} r${spec.expand ? `, ${spec.expand('r.', dialect)}` : ''}`;
  const sums = measures(spec).map((m) => `sum(${m}) as ${m}`).join(', ');
  const keys = ['tenant_id', 'tally_key', ...spec.columns.map((c) => c.name)].join(', ');
  return `select ${keys}, ${sums} from (select ${deltas(spec, dialect, 'r.', 1)} from ${from} where ${live(spec, 'r.')}) c group by ${keys}`;
}

/** The names of a tally's measures: `n` and its sums. */
export const tallyMeasures = (spec: TallySpec) => measures(spec);

/** The upsert that adds signed rows to the tally. */
function addTo(spec: TallySpec, alias = ''): string {
  const name = alias || spec.table;
  return `on conflict (tenant_id, tally_key) do update set ${measures(spec).map((m) => `${m} = ${name}.${m} + excluded.${m}`).join(', ')}`;
}

/** SQLite: row triggers. A row's old values leave the tally, its new values enter it. */
function sqliteTriggers(spec: TallySpec): string[] {
  const add = (row: 'new.' | 'old.', sign: 1 | -1) => `insert into ${spec.table} (${columnList(spec)})
      select ${deltas(spec, 'sqlite', row, sign)}${spec.expand ? ` from ${spec.expand(row, 'sqlite')}` : ''} where ${live(spec, row)}
      ${addTo(spec)};`;
  const changed = spec.watched.map((c) => `old.${c} is not new.${c}`).join(' or ');
  const watched = ['tenant_id', 'is_deleted', ...spec.watched];
  return [
    `create trigger ${spec.table}_insert after insert on ${spec.source} when new.is_deleted = 0 begin ${add('new.', 1)} end`,
    `create trigger ${spec.table}_delete after delete on ${spec.source} when old.is_deleted = 0 begin ${add('old.', -1)} end`,
    `create trigger ${spec.table}_update after update of ${[...new Set(watched)].join(', ')} on ${spec.source}
      when (old.is_deleted = 0 or new.is_deleted = 0) and (old.tenant_id is not new.tenant_id or old.is_deleted is not new.is_deleted or ${changed})
      begin ${add('old.', -1)} ${add('new.', 1)} end`,
  ];
}

type Transition = 'new_rows' | 'old_rows';

/**
 * The signed tally rows of a statement's transition tables, summed per tally row (rows a
 * statement leaves as they were cancel out), in key order so concurrent writers lock alike.
 */
function statementDelta(spec: TallySpec, sources: [Transition, 1 | -1][]): string {
  const keys = ['tenant_id', 'tally_key', ...spec.columns.map((c) => c.name)].join(', ');
  const rows = sources.map(([table, sign]) => `select ${deltas(spec, 'postgres', 'r.', sign)} from ${table} r${spec.expand ? ` cross join lateral ${spec.expand('r.', 'postgres')}` : ''} where ${live(spec, 'r.')}`);
  return `select ${keys}, ${measures(spec).map((m) => `sum(${m}) as ${m}`).join(', ')} from (${rows.join(' union all ')}) c
    group by ${keys} having ${measures(spec).map((m) => `sum(${m}) <> 0`).join(' or ')} order by 1, 2`;
}

const TRANSITIONS: Record<'insert' | 'update' | 'delete', { referencing: string; sources: [Transition, 1 | -1][] }> = {
  insert: { referencing: 'new table as new_rows', sources: [['new_rows', 1]] },
  update: { referencing: 'old table as old_rows new table as new_rows', sources: [['old_rows', -1], ['new_rows', 1]] },
  delete: { referencing: 'old table as old_rows', sources: [['old_rows', -1]] },
};

/**
 * PostgreSQL: statement triggers over the transition tables, so a bulk write updates each tally row
 * once; concurrent writers add with `insert … on conflict do update`. `body` may replace the plain
 * upsert (given the delta's select), e.g. to count what crosses zero.
 */
function postgresTriggers(spec: TallySpec, body?: (delta: string) => string): string[] {
  return Object.entries(TRANSITIONS).flatMap(([op, { referencing, sources }]) => {
    const delta = statementDelta(spec, sources);
    const statement = body ? body(delta) : `insert into ${spec.table} as t (${columnList(spec)}) ${delta} ${addTo(spec, 't')};`;
    return [
      `create or replace function ${spec.table}_${op}() returns trigger language plpgsql as $$ begin ${statement} return null; end $$`,
      `create trigger ${spec.table}_${op} after ${op} on ${spec.source} referencing ${referencing} for each statement execute function ${spec.table}_${op}()`,
    ];
  });
}

export { columnList as tallyColumnList, addTo as tallyUpsert };
