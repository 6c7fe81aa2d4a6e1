import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import { LIBRARY_COPIES, recomputeStatements, type LibraryCopy } from './engagement-sql.js';

/**
 * A table whose writes can change scores: which alumni a row stands for, whether it can count at
 * all, and the columns whose change matters (decision 315).
 */
interface EngagementSource {
  table: string;
  /** A select of the alumni ids of the row `row` (`new.`/`old.` on SQLite, an alias of a transition table's row on PostgreSQL). */
  alumni: (row: string, dialect: Dialect) => string;
  /** Whether the row can count towards any score (a removed row counts nothing). */
  bears: (row: string) => string;
  watched: string[];
}

const alumnusColumn = (column: string) => (row: string) => `select ${row}${column}`;
const live = (row: string) => `${row}is_deleted = 0`;

/** A visit record names its alumni as a comma-joined list of ids. */
function visitedAlumni(row: string, dialect: Dialect): string {
  const list = `${row}visited_alumni_ids`;
  if (dialect === 'postgres') return `select cast(v as bigint) from unnest(string_to_array(${list}, ',')) v where v ~ '^[0-9]{1,19}$'`;
  const json = `'[' || coalesce(${list}, '') || ']'`;
  return `select value from json_each(case when json_valid(${json}) then ${json} else '[]' end)`;
}

export const ENGAGEMENT_SOURCES: readonly EngagementSource[] = [
  { table: 'alumni_association_member', alumni: alumnusColumn('alumni_id'), bears: live, watched: ['alumni_id', 'position', 'is_active'] },
  { table: 'alumni_act_applist', alumni: alumnusColumn('alumni_id'), bears: live, watched: ['alumni_id', 'apply_status', 'sign_in', 'activity_id'] },
  // A care entry makes its activity's confirmed applicants care volunteers.
  {
    table: 'alumni_act_carelist', bears: (row) => `${row}is_deleted = 0 and ${row}activity_id is not null`, watched: ['activity_id'],
    alumni: (row) => `select a.alumni_id from alumni_act_applist a where a.tenant_id = ${row}tenant_id and a.activity_id = ${row}activity_id and a.alumni_id is not null`,
  },
  { table: 'alumni_visit_record', alumni: visitedAlumni, bears: live, watched: ['visited_alumni_ids', 'visit_status'] },
  { table: 'alumni_donation', alumni: alumnusColumn('alumni_id'), bears: live, watched: ['alumni_id', 'payment_status', 'donate_time'] },
  // Push records are written by the hundred thousand; only an e-mail read or clicked counts.
  {
    table: 'alumni_notice_push_record', alumni: alumnusColumn('alumni_id'), watched: ['alumni_id', 'channel', 'read_time', 'click_time'],
    bears: (row) => `${row}is_deleted = 0 and ${row}channel = '3' and (${row}read_time is not null or ${row}click_time is not null)`,
  },
  { table: 'alumni_survey_answer', alumni: alumnusColumn('alumni_id'), bears: live, watched: ['alumni_id'] },
  { table: 'alumni_message', alumni: alumnusColumn('alumni_id'), bears: live, watched: ['alumni_id'] },
  { table: 'portal_session', alumni: alumnusColumn('alumnus_id'), bears: () => '1 = 1', watched: ['alumnus_id'] },
];

/** SQLite: row triggers; an edit recomputes the alumni of the row before and after it. */
function sqliteTriggers(source: EngagementSource, copies: readonly LibraryCopy[]): string[] {
  const name = `${source.table}_engagement`;
  const body = (ids: string) => recomputeStatements('sqlite', ids, copies).map((s) => `${s};`).join('\n');
  const watched = ['tenant_id', ...source.watched, ...(source.table === 'portal_session' ? [] : ['is_deleted'])];
  const changed = watched.map((c) => `old.${c} is not new.${c}`).join(' or ');
  return [
    `create trigger ${name}_insert after insert on ${source.table} when ${source.bears('new.')} begin ${body(source.alumni('new.', 'sqlite'))} end`,
    `create trigger ${name}_delete after delete on ${source.table} when ${source.bears('old.')} begin ${body(source.alumni('old.', 'sqlite'))} end`,
    `create trigger ${name}_update after update of ${watched.join(', ')} on ${source.table}
      when (${source.bears('old.')} or ${source.bears('new.')}) and (${changed})
      begin ${body(`${source.alumni('old.', 'sqlite')} union ${source.alumni('new.', 'sqlite')}`)} end`,
  ];
}

/**
 * PostgreSQL: statement triggers over the transition tables, so a bulk write recomputes each alumnus
 * once; an edit only for the rows whose watched columns changed. The alumni rows are locked in id
 * order first, so the counts are read after a concurrent write to the same alumnus has committed.
 */
function postgresTriggers(source: EngagementSource, copies: readonly LibraryCopy[]): string[] {
  const name = `${source.table}_engagement`;
  const watched = ['tenant_id', ...source.watched, ...(source.table === 'portal_session' ? [] : ['is_deleted'])];
  const of = (table: string, where = '') => `select x from ${table} r cross join lateral (${source.alumni('r.', 'postgres')}) ids(x) where ${source.bears('r.')}${where}`;
  const changedPairs = (side: 'r' | 'o') => {
    const other = side === 'r' ? 'old_rows' : 'new_rows';
    return ` and exists (select 1 from ${other} q where q.id = r.id and (${watched.map((c) => `q.${c} is distinct from r.${c}`).join(' or ')}))`;
  };
  const idsOf: Record<'insert' | 'update' | 'delete', { referencing: string; ids: string }> = {
    insert: { referencing: 'new table as new_rows', ids: of('new_rows') },
    delete: { referencing: 'old table as old_rows', ids: of('old_rows') },
    update: { referencing: 'old table as old_rows new table as new_rows', ids: `${of('old_rows', changedPairs('o'))} union ${of('new_rows', changedPairs('r'))}` },
  };
  return Object.entries(idsOf).flatMap(([op, { referencing, ids }]) => {
    const statements = recomputeStatements('postgres', 'select unnest(alumni)', copies);
    const fn = `${name}_${op}`;
    return [
      `create or replace function ${fn}() returns trigger language plpgsql as $$ declare alumni bigint[]; begin
        select array_agg(distinct x order by x) into alumni from (${ids}) c where x is not null;
        if alumni is not null then
          perform 1 from alumni_basic_info where id = any(alumni) order by id for update;
          ${statements.map((s) => `${s};`).join('\n          ')}
        end if;
        return null; end $$`,
      `create trigger ${fn} after ${op} on ${source.table} referencing ${referencing} for each statement execute function ${fn}()`,
    ];
  });
}

/**
 * Installs the triggers of every source, copying `copies` onto the alumni record (migration 071 the
 * score alone; migration 077, which adds two copies, installs them again with every copy).
 */
export async function createEngagementTriggers(db: Db, dialect: Dialect, copies: readonly LibraryCopy[] = LIBRARY_COPIES): Promise<void> {
  for (const source of ENGAGEMENT_SOURCES) {
    for (const op of ['insert', 'update', 'delete']) {
      const name = `${source.table}_engagement_${op}`;
      await sql.raw(dialect === 'postgres' ? `drop trigger if exists ${name} on ${source.table}` : `drop trigger if exists ${name}`).execute(db);
    }
    for (const statement of dialect === 'postgres' ? postgresTriggers(source, copies) : sqliteTriggers(source, copies)) await sql.raw(statement).execute(db);
  }
}
