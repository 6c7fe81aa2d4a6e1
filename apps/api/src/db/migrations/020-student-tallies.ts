import { studentStatusEntity, type Field } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { columnType } from '../entity-table.js';

/** The tables the study-record statistics read (countStudent, DOMAIN 11.2) instead of the records. */
export const STUDENT_TALLIES = {
  /** Live study records counted per tenant and per value of every column a statistic filters or groups by. */
  records: 'alumni_student_tally',
  /** Each alumnus's signature: the distinct (unit, department, level, year) of its approved live records. */
  signatures: 'alumni_student_signature',
  /** Alumni counted per tenant and signature. */
  alumni: 'alumni_student_signature_tally',
} as const;

/** The columns a record tally row is keyed by, besides the tenant. */
export const TALLIED_COLUMNS = ['org_dept_id', 'department_id', 'education_level', 'graduation_status', 'enrollment_year', 'examine_status'] as const;

/** The columns of a signature's entries, in their order: unit and department as text, level, year. */
export const SIGNED_COLUMNS = ['org_dept_id', 'department_id', 'education_level', 'enrollment_year'] as const;

const STATUS = studentStatusEntity.table;
const APPROVED = 1;
/** Every column whose change can move a record in or out of a tally or a signature. */
const WATCHED = ['tenant_id', 'alumni_id', 'is_deleted', ...new Set([...TALLIED_COLUMNS, ...SIGNED_COLUMNS])];

const FIELD_OF: Record<(typeof TALLIED_COLUMNS)[number], Field> = {
  org_dept_id: studentStatusEntity.fields.orgDeptId,
  department_id: studentStatusEntity.fields.departmentId,
  education_level: studentStatusEntity.fields.educationLevel,
  graduation_status: studentStatusEntity.fields.graduationStatus,
  enrollment_year: studentStatusEntity.fields.enrollmentYear,
  examine_status: studentStatusEntity.fields.examineStatus,
};

/** A JSON array of the values as text (ids as digits, so no reader loses precision), nulls kept: one text per distinct tuple. */
function jsonTuple(dialect: Dialect, row: string, columns: readonly string[]): string {
  const values = columns.map((c) => (c.endsWith('_id') ? `cast(${row}${c} as text)` : `${row}${c}`)).join(', ');
  return dialect === 'postgres' ? `json_build_array(${values})::text` : `json_array(${values})`;
}

/** The unique key of a signature tally row: the signature itself, or its md5 on PostgreSQL (index entries have a size limit). */
const signatureKey = (dialect: Dialect, signature: string) => (dialect === 'postgres' ? `md5(${signature})` : signature);

const approvedLive = (row: string) => `${row}is_deleted = 0 and ${row}examine_status = ${APPROVED} and ${row}alumni_id is not null`;

/**
 * Tallies of the study records, kept by triggers in the writing transaction, so every write counts
 * (entity writes, examinations, hooks' own updates, bulk `insert … select`):
 *
 * - `alumni_student_tally`: live records (`is_deleted = 0`) per tenant, unit (`org_dept_id`),
 *   department, level, outcome, enrollment year and examination state. Record counts of any filter
 *   and data scope by unit add up from it. Nullable columns make a plain unique key miss its
 *   conflicts, so rows are unique by `tally_key`, the JSON of the values.
 * - `alumni_student_signature`: per alumnus, the JSON array of the distinct (unit, department, level,
 *   year) of its approved live records, sorted; no row when it has none.
 * - `alumni_student_signature_tally`: alumni per tenant and signature. An alumnus counts in a
 *   distinct-alumni figure when any entry of its signature matches the filters, so these few rows
 *   answer `alumniTotal` and `byDepartment` exactly for any filter and unit scope.
 *
 * Tally rows that fall to zero stay (the reads skip them). Existing records are counted here.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { records, signatures, alumni } = STUDENT_TALLIES;
  const count = dialect === 'postgres' ? 'bigint' : 'integer';
  let tally = db.schema.createTable(records)
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('tally_key', 'text', (c) => c.notNull());
  for (const column of TALLIED_COLUMNS) tally = tally.addColumn(column, columnType(FIELD_OF[column], dialect));
  await tally.addColumn('n', count, (c) => c.notNull()).execute();
  await db.schema.createIndex(`${records}_key`).unique().on(records).columns(['tenant_id', 'tally_key']).execute();

  await db.schema.createTable(signatures)
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('alumni_id', 'bigint', (c) => c.notNull())
    .addColumn('signature', 'text')
    .execute();
  await db.schema.createIndex(`${signatures}_alumnus`).unique().on(signatures).columns(['tenant_id', 'alumni_id']).execute();

  await db.schema.createTable(alumni)
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('signature_key', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('n', count, (c) => c.notNull())
    .execute();
  await db.schema.createIndex(`${alumni}_key`).unique().on(alumni).columns(['tenant_id', 'signature_key']).execute();

  // Triggers first: on PostgreSQL creating them locks out writers until the counts below are committed.
  const statements = dialect === 'postgres' ? postgresTriggers() : sqliteTriggers();
  for (const statement of statements) await sql.raw(statement).execute(db);
  for (const statement of backfill(dialect)) await sql.raw(statement).execute(db);
}

/** Counts the records already there. */
function backfill(dialect: Dialect): string[] {
  const { records, signatures, alumni } = STUDENT_TALLIES;
  const columns = TALLIED_COLUMNS.join(', ');
  const entry = jsonTuple(dialect, '', SIGNED_COLUMNS);
  const signature = dialect === 'postgres'
    ? `select tenant_id, alumni_id, '[' || string_agg(distinct ${entry}, ',' order by ${entry}) || ']'
        from ${STATUS} where ${approvedLive('')} group by tenant_id, alumni_id`
    : `select tenant_id, alumni_id, '[' || group_concat(k, ',' order by k) || ']'
        from (select distinct tenant_id, alumni_id, ${entry} as k from ${STATUS} where ${approvedLive('')}) group by tenant_id, alumni_id`;
  return [
    `insert into ${records} (tenant_id, tally_key, ${columns}, n)
      select tenant_id, ${jsonTuple(dialect, '', TALLIED_COLUMNS)}, ${columns}, count(*) from ${STATUS}
      where is_deleted = 0 group by tenant_id, ${columns}`,
    `insert into ${signatures} (tenant_id, alumni_id, signature) ${signature}`,
    `insert into ${alumni} (tenant_id, signature_key, signature, n)
      select tenant_id, ${signatureKey(dialect, 'signature')}, signature, count(*) from ${signatures} group by tenant_id, signature`,
  ];
}

/** SQLite: row triggers. A record's old values leave the tallies, its new values enter them. */
function sqliteTriggers(): string[] {
  const { records, signatures, alumni } = STUDENT_TALLIES;
  const columns = TALLIED_COLUMNS.join(', ');
  const addRecord = (row: 'new' | 'old', sign: 1 | -1) => `insert into ${records} (tenant_id, tally_key, ${columns}, n)
      select ${row}.tenant_id, ${jsonTuple('sqlite', `${row}.`, TALLIED_COLUMNS)}, ${TALLIED_COLUMNS.map((c) => `${row}.${c}`).join(', ')}, ${sign}
      where ${row}.is_deleted = 0
      on conflict (tenant_id, tally_key) do update set n = n + excluded.n;`;
  // The alumnus of the row: its old signature leaves the tally, the one its records give now enters it.
  const alumnus = (row: 'new' | 'old') => `tenant_id = ${row}.tenant_id and alumni_id = ${row}.alumni_id`;
  const moveSignature = (sign: 1 | -1, row: 'new' | 'old') => `insert into ${alumni} (tenant_id, signature_key, signature, n)
      select tenant_id, signature, signature, ${sign} from ${signatures} where ${alumnus(row)}
      on conflict (tenant_id, signature_key) do update set n = n + excluded.n;`;
  const resign = (row: 'new' | 'old') => `${moveSignature(-1, row)}
    insert into ${signatures} (tenant_id, alumni_id, signature)
      select ${row}.tenant_id, ${row}.alumni_id, (select '[' || group_concat(k, ',' order by k) || ']' from (
        select distinct ${jsonTuple('sqlite', '', SIGNED_COLUMNS)} as k from ${STATUS} where ${alumnus(row)} and ${approvedLive('')}))
      where true
      on conflict (tenant_id, alumni_id) do update set signature = excluded.signature;
    delete from ${signatures} where ${alumnus(row)} and signature is null;
    ${moveSignature(1, row)}`;
  const changed = WATCHED.map((c) => `old.${c} is not new.${c}`).join(' or ');
  const touchesApproved = `((${approvedLive('old.')}) or (${approvedLive('new.')}))`;
  return [
    `create trigger ${records}_insert after insert on ${STATUS} when new.is_deleted = 0 begin ${addRecord('new', 1)} end`,
    `create trigger ${records}_delete after delete on ${STATUS} when old.is_deleted = 0 begin ${addRecord('old', -1)} end`,
    `create trigger ${records}_update after update of ${WATCHED.join(', ')} on ${STATUS}
      when (old.is_deleted = 0 or new.is_deleted = 0) and (${changed})
      begin ${addRecord('old', -1)} ${addRecord('new', 1)} end`,
    `create trigger ${signatures}_insert after insert on ${STATUS} when ${approvedLive('new.')} begin ${resign('new')} end`,
    `create trigger ${signatures}_delete after delete on ${STATUS} when ${approvedLive('old.')} begin ${resign('old')} end`,
    `create trigger ${signatures}_update_old after update of ${WATCHED.join(', ')} on ${STATUS}
      when old.alumni_id is not null and ${touchesApproved} and (${changed})
      begin ${resign('old')} end`,
    `create trigger ${signatures}_update_new after update of ${WATCHED.join(', ')} on ${STATUS}
      when new.alumni_id is not null and (old.tenant_id is not new.tenant_id or old.alumni_id is not new.alumni_id) and ${touchesApproved}
      begin ${resign('new')} end`,
  ];
}

type Transition = 'new_rows' | 'old_rows';

/**
 * PostgreSQL: statement triggers over the transition tables, so a bulk write updates each tally row
 * once. Concurrent writers add with `insert … on conflict do update`; an alumnus's signature is
 * recomputed under the lock of its signature row, taken in a fixed order, by a statement that sees
 * every transaction that held the lock before (read committed).
 */
function postgresTriggers(): string[] {
  const { records, signatures, alumni } = STUDENT_TALLIES;
  const columns = TALLIED_COLUMNS.join(', ');
  const recordDelta = (sources: [Transition, 1 | -1][]) => `insert into ${records} as t (tenant_id, tally_key, ${columns}, n)
      select tenant_id, ${jsonTuple('postgres', '', TALLIED_COLUMNS)}, ${columns}, sum(d)
      from (${sources.map(([rows, sign]) => `select tenant_id, ${columns}, ${sign} as d from ${rows} where is_deleted = 0`).join(' union all ')}) c
      group by tenant_id, ${columns} having sum(d) <> 0 order by 1, 2
      on conflict (tenant_id, tally_key) do update set n = t.n + excluded.n;`;
  // The alumni whose approved live records the statement changed (an update that moves nothing signed, none).
  const signed = ['id', ...WATCHED].join(', ');
  const changedAlumni: Record<'insert' | 'update' | 'delete', string> = {
    insert: `select tenant_id, alumni_id from new_rows where ${approvedLive('')}`,
    delete: `select tenant_id, alumni_id from old_rows where ${approvedLive('')}`,
    update: `select tenant_id, alumni_id from ((select ${signed} from new_rows except select ${signed} from old_rows)
      union all (select ${signed} from old_rows except select ${signed} from new_rows)) c where ${approvedLive('')}`,
  };
  const affected = 'unnest(tenants, alumni_ids) as a(tenant_id, alumni_id)';
  const mine = `s.tenant_id = a.tenant_id and s.alumni_id = a.alumni_id`;
  const moveSignatures = (sign: 1 | -1) => `insert into ${alumni} as t (tenant_id, signature_key, signature, n)
      select s.tenant_id, md5(s.signature), s.signature, ${sign} * count(*) from ${signatures} s join ${affected} on ${mine}
      where s.signature is not null group by s.tenant_id, s.signature order by 1, 2
      on conflict (tenant_id, signature_key) do update set n = t.n + excluded.n;`;
  const entry = jsonTuple('postgres', 'r.', SIGNED_COLUMNS);
  const body = (op: 'insert' | 'update' | 'delete', sources: [Transition, 1 | -1][]) => `
    declare
      tenants text[];
      alumni_ids bigint[];
    begin
      ${recordDelta(sources)}
      select coalesce(array_agg(tenant_id order by tenant_id, alumni_id), '{}'), coalesce(array_agg(alumni_id order by tenant_id, alumni_id), '{}')
        into tenants, alumni_ids from (select distinct tenant_id, alumni_id from (${changedAlumni[op]}) c) d;
      if cardinality(alumni_ids) = 0 then return null; end if;
      insert into ${signatures} (tenant_id, alumni_id) select tenant_id, alumni_id from ${affected} order by 1, 2
        on conflict (tenant_id, alumni_id) do nothing;
      perform 1 from ${signatures} s join ${affected} on ${mine} order by s.tenant_id, s.alumni_id for update of s;
      ${moveSignatures(-1)}
      update ${signatures} s set signature = f.signature from (
        select a.tenant_id, a.alumni_id, '[' || string_agg(distinct ${entry}, ',' order by ${entry}) filter (where r.id is not null) || ']' as signature
        from ${affected} left join ${STATUS} r on r.tenant_id = a.tenant_id and r.alumni_id = a.alumni_id and r.is_deleted = 0 and r.examine_status = ${APPROVED}
        group by a.tenant_id, a.alumni_id) f
        where s.tenant_id = f.tenant_id and s.alumni_id = f.alumni_id;
      ${moveSignatures(1)}
      delete from ${signatures} s using ${affected} where ${mine} and s.signature is null;
      return null;
    end`;
  const transitions: Record<'insert' | 'update' | 'delete', { referencing: string; sources: [Transition, 1 | -1][] }> = {
    insert: { referencing: 'new table as new_rows', sources: [['new_rows', 1]] },
    update: { referencing: 'old table as old_rows new table as new_rows', sources: [['old_rows', -1], ['new_rows', 1]] },
    delete: { referencing: 'old table as old_rows', sources: [['old_rows', -1]] },
  };
  return Object.entries(transitions).flatMap(([op, { referencing, sources }]) => [
    // Planned afresh on every call: a plan kept from when the table was small would read an
    // alumnus's records by scanning the table, which a long import makes longer row by row.
    `create or replace function ${records}_${op}() returns trigger language plpgsql set plan_cache_mode = force_custom_plan
      as $$${body(op as 'insert' | 'update' | 'delete', sources)}$$`,
    `create trigger ${records}_${op} after ${op} on ${STATUS} referencing ${referencing} for each statement execute function ${records}_${op}()`,
  ]);
}
