import { donationEntity, visitRecordEntity } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { columnType } from '../entity-table.js';
import { createTally, tallyColumnList, tallyUpsert, type TallyColumn, type TallySpec } from '../tally-triggers.js';

const VISIT = visitRecordEntity.table;
const DONATION = donationEntity.table;
const visit = visitRecordEntity.fields;
const gift = donationEntity.fields;

/** A column copied from the counted row. */
const copied = (name: string, type: TallyColumn['type']): TallyColumn => ({ name, type, value: (row) => `${row}${name}` });
/** The columns a data scope filters by (unit and creator), so every scoped caller's figures add up from the tallies. */
const scoped: TallyColumn[] = [copied('org_dept_id', 'bigint'), copied('create_user', 'bigint')];
const monthOf = (column: string) => (row: string, dialect: Dialect) =>
  (dialect === 'postgres' ? `to_char(${row}${column}, 'YYYY-MM')` : `substr(${row}${column}, 1, 7)`);
const yearOf = (column: string) => (row: string, dialect: Dialect) =>
  (dialect === 'postgres' ? `to_char(${row}${column}, 'YYYY')` : `substr(${row}${column}, 1, 4)`);

/** The tables countVisit reads instead of the visit records. */
export const VISIT_TALLY_TABLES = {
  records: 'alumni_visit_tally',
  alumni: 'alumni_visit_alumni_tally',
  organizations: 'alumni_visit_organization_tally',
} as const;

/** The tables countAmount reads instead of the donations. */
export const DONATION_TALLY_TABLES = {
  gifts: 'alumni_donation_tally',
  donors: 'alumni_donation_donor',
  donorCounts: 'alumni_donation_donor_count',
} as const;

/** Visit records (countVisit, DOMAIN 11.3): counted per unit, creator, college, month, state, type, province and whether a leader led. */
export const VISIT_TALLY = (dialect: Dialect): TallySpec => ({
  table: VISIT_TALLY_TABLES.records,
  source: VISIT,
  columns: [
    ...scoped,
    copied('department_id', 'bigint'),
    { name: 'visit_month', type: 'varchar(7)', value: monthOf('visit_date') },
    copied('visit_status', columnType(visit.visitStatus, dialect)),
    copied('visit_type', columnType(visit.visitType, dialect)),
    copied('province_code', columnType(visit.provinceCode, dialect)),
    { name: 'led', type: 'integer', value: (row) => `case when ${row}leader_name is not null and ${row}leader_name <> '' then 1 else 0 end` },
  ],
  watched: ['org_dept_id', 'create_user', 'department_id', 'visit_date', 'visit_status', 'visit_type', 'province_code', 'leader_name'],
});

/** The columns a distinct figure of visits is filtered by: year, unit, creator, college and state. */
const visitDistinctColumns = (dialect: Dialect): TallyColumn[] => [
  { name: 'visit_year', type: 'varchar(4)', value: yearOf('visit_date') },
  ...scoped,
  copied('department_id', 'bigint'),
  copied('visit_status', columnType(visit.visitStatus, dialect)),
];
const DISTINCT_WATCHED = ['visit_date', 'org_dept_id', 'create_user', 'department_id', 'visit_status'];

/**
 * The alumni visited (`alumniVisited`): one tally row per alumnus of a record's id list and its
 * year, unit, creator, college and state; the distinct alumni of a question are the distinct ids
 * of the rows matching it.
 */
export const VISIT_ALUMNI_TALLY = (dialect: Dialect): TallySpec => ({
  table: VISIT_TALLY_TABLES.alumni,
  source: VISIT,
  columns: [...visitDistinctColumns(dialect), { name: 'alumnus', type: 'varchar(32)', value: () => 'e.value' }],
  counts: () => `e.value <> ''`,
  // The comma-separated ids as rows: a JSON array on SQLite (quotes and backslashes escaped), an array on PostgreSQL.
  expand: (row, d) => (d === 'postgres'
    ? `unnest(string_to_array(${row}visited_alumni_ids, ',')) as e(value)`
    : `json_each('["' || replace(replace(replace(${row}visited_alumni_ids, '\\', '\\\\'), '"', '\\"'), ',', '","') || '"]') e`),
  watched: [...DISTINCT_WATCHED, 'visited_alumni_ids'],
});

/** The organisations visited (`organizationsVisited`): as the alumni, one row per non-empty organisation. */
export const VISIT_ORGANIZATION_TALLY = (dialect: Dialect): TallySpec => ({
  table: VISIT_TALLY_TABLES.organizations,
  source: VISIT,
  columns: [...visitDistinctColumns(dialect), copied('visited_organization', columnType(visit.visitedOrganization, dialect))],
  counts: (row) => `${row}visited_organization <> ''`,
  watched: [...DISTINCT_WATCHED, 'visited_organization'],
});

/** Whole cents of a gift's amount in CNY. */
const cents = (row: string, dialect: Dialect) => (dialect === 'postgres'
  ? `coalesce(round(${row}cny_amount * 100)::bigint, 0)` : `coalesce(cast(round(${row}cny_amount * 100) as integer), 0)`);

/** Donations (countAmount, DOMAIN 11.4): counted and summed in cents per unit, creator, payment state, month, purpose, method, donor type and college. */
export const DONATION_TALLY = (dialect: Dialect): TallySpec => ({
  table: DONATION_TALLY_TABLES.gifts,
  source: DONATION,
  columns: [
    ...scoped,
    copied('payment_status', columnType(gift.paymentStatus, dialect)),
    { name: 'donate_month', type: 'varchar(7)', value: monthOf('donate_time') },
    copied('purpose', columnType(gift.purpose, dialect)),
    copied('donation_method', columnType(gift.donationMethod, dialect)),
    copied('donor_type', columnType(gift.donorType, dialect)),
    copied('department_id', 'bigint'),
  ],
  sums: [{ name: 'cents', value: cents }],
  watched: ['org_dept_id', 'create_user', 'payment_status', 'donate_time', 'purpose', 'donation_method', 'donor_type', 'department_id', 'cny_amount'],
});

/** The unit of the all-units rows of the donor tally. */
export const ALL_UNITS = '*';

/** The purpose of the all-purposes rows of the donor tally. */
export const ALL_PURPOSES = '*';

/**
 * Donors (`donorCount`, `alumniDonorCount`, `topDonors`): per payment state and donor — the
 * alumnus, else the donor name — the gifts, their cents, how many were anonymous and how many
 * were an alumnus's own (type 1); over all units (`unit` '*') and per unit, each over all purposes
 * (`purpose` '*') and per purpose (decision 203): four rows a gift.
 */
export const DONOR_TALLY = (dialect: Dialect): TallySpec => ({
  table: DONATION_TALLY_TABLES.donors,
  source: DONATION,
  columns: [
    copied('payment_status', columnType(gift.paymentStatus, dialect)),
    { name: 'unit', type: 'varchar(20)', value: (_row, d) => (d === 'postgres' ? 'u.unit' : 'u.value') },
    { name: 'purpose', type: 'varchar(64)', value: (_row, d) => (d === 'postgres' ? 'p.purpose' : 'p.value') },
    {
      name: 'donor_key', type: 'text',
      value: (row) => `case when ${row}alumni_id is not null then 'a' || cast(${row}alumni_id as text) else 'n' || coalesce(${row}donor_name, '') end`,
    },
  ],
  sums: [
    { name: 'cents', value: cents },
    { name: 'anonymous_n', value: (row) => `case when ${row}is_anonymous = 1 then 1 else 0 end` },
    { name: 'alumni_n', value: (row) => `case when ${row}donor_type = '1' and ${row}alumni_id is not null then 1 else 0 end` },
  ],
  expand: (row, d) => (d === 'postgres'
    ? `(values ('${ALL_UNITS}'), (coalesce(cast(${row}org_dept_id as text), ''))) as u(unit)
      cross join lateral (values ('${ALL_PURPOSES}'), (coalesce(cast(${row}purpose as text), ''))) as p(purpose)`
    : `json_each(json_array('${ALL_UNITS}', coalesce(cast(${row}org_dept_id as text), ''))) u,
      json_each(json_array('${ALL_PURPOSES}', coalesce(cast(${row}purpose as text), ''))) p`),
  watched: ['payment_status', 'org_dept_id', 'purpose', 'alumni_id', 'donor_name', 'cny_amount', 'is_anonymous', 'donor_type'],
});

/** Donors and alumni donors counted per payment state, unit and purpose of the donor tally (its rows with gifts). */
const DONOR_COUNT = DONATION_TALLY_TABLES.donorCounts;

/** The donor count's key of a payment state, unit and purpose. */
const countKey = (dialect: Dialect, row: string) => (dialect === 'postgres'
  ? `json_build_array(cast(${row}payment_status as text), ${row}unit, ${row}purpose)::text`
  : `json_array(cast(${row}payment_status as text), ${row}unit, ${row}purpose)`);

/**
 * Tallies of visit records and donations, kept by triggers in the writing transaction (row
 * triggers on SQLite, statement triggers over the transition tables on PostgreSQL), so every write
 * counts: the entity's, a hook's own update, an import, a bulk `insert … select`. Rows fallen to
 * zero stay (the reads skip them). Existing rows are counted here.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createTally(db, dialect, VISIT_TALLY(dialect));
  await db.schema.createIndex('alumni_visit_tally_month').on('alumni_visit_tally').columns(['tenant_id', 'visit_month']).execute();
  for (const spec of [VISIT_ALUMNI_TALLY(dialect), VISIT_ORGANIZATION_TALLY(dialect)]) {
    await createTally(db, dialect, spec);
    await db.schema.createIndex(`${spec.table}_year`).on(spec.table).columns(['tenant_id', 'visit_year', 'visit_status']).execute();
  }
  await createTally(db, dialect, DONATION_TALLY(dialect));
  await db.schema.createIndex('alumni_donation_tally_state').on('alumni_donation_tally').columns(['tenant_id', 'payment_status']).execute();

  await createDonorTallies(db, dialect);
  await db.schema.createIndex('alumni_donation_alumnus').on(DONATION).columns(['tenant_id', 'alumni_id']).execute();
}

/**
 * The donor tally, its counts of donors per payment state, unit and purpose (moved on SQLite by
 * triggers on the donor tally, on PostgreSQL in the statement that updates it, through the rows it
 * returns) and the index the top ten are read from, with the gifts already there counted. A later
 * form of the donor tally may be given (migration 072 fans it out by fund split).
 */
export async function createDonorTallies(db: Db, dialect: Dialect, donors: TallySpec = DONOR_TALLY(dialect)): Promise<void> {
  const count = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.createTable(DONOR_COUNT)
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('tally_key', 'text', (c) => c.notNull())
    .addColumn('payment_status', columnType(gift.paymentStatus, dialect))
    .addColumn('unit', 'varchar(20)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(64)', (c) => c.notNull())
    .addColumn('donors', count, (c) => c.notNull())
    .addColumn('alumni_donors', count, (c) => c.notNull())
    .execute();
  await db.schema.createIndex(`${DONOR_COUNT}_key`).unique().on(DONOR_COUNT).columns(['tenant_id', 'tally_key']).execute();
  if (dialect === 'postgres') {
    // The donor rows a statement moves, and whether each crossed zero: donors and alumni donors gained or lost.
    await createTally(db, dialect, donors, (delta) => `with d as (${delta}),
      m as (insert into ${donors.table} as t (${tallyColumnList(donors)}) select * from d ${tallyUpsert(donors, 't')}
        returning t.tenant_id, t.tally_key, t.payment_status, t.unit, t.purpose, t.n, t.alumni_n)
      insert into ${DONOR_COUNT} as c (tenant_id, tally_key, payment_status, unit, purpose, donors, alumni_donors)
      select m.tenant_id, ${countKey(dialect, 'm.')}, m.payment_status, m.unit, m.purpose,
        sum((m.n > 0)::int - ((m.n - d.n) > 0)::int), sum((m.alumni_n > 0)::int - ((m.alumni_n - d.alumni_n) > 0)::int)
      from m join d on d.tenant_id = m.tenant_id and d.tally_key = m.tally_key
      group by m.tenant_id, m.payment_status, m.unit, m.purpose order by 1, 2
      on conflict (tenant_id, tally_key) do update set donors = c.donors + excluded.donors, alumni_donors = c.alumni_donors + excluded.alumni_donors;`);
  } else {
    await createTally(db, dialect, donors);
    // A donor row crossing zero moves the counts (the upserts of the donor tally fire these).
    const move = (n: string, alumni: string) => `insert into ${DONOR_COUNT} (tenant_id, tally_key, payment_status, unit, purpose, donors, alumni_donors)
      select new.tenant_id, ${countKey(dialect, 'new.')}, new.payment_status, new.unit, new.purpose, ${n}, ${alumni} where true
      on conflict (tenant_id, tally_key) do update set donors = donors + excluded.donors, alumni_donors = alumni_donors + excluded.alumni_donors;`;
    await sql.raw(`create trigger ${DONOR_COUNT}_insert after insert on ${donors.table}
      begin ${move('(new.n > 0)', '(new.alumni_n > 0)')} end`).execute(db);
    await sql.raw(`create trigger ${DONOR_COUNT}_update after update on ${donors.table}
      when (old.n > 0) <> (new.n > 0) or (old.alumni_n > 0) <> (new.alumni_n > 0)
      begin ${move('(new.n > 0) - (old.n > 0)', '(new.alumni_n > 0) - (old.alumni_n > 0)')} end`).execute(db);
  }
  await sql.raw(`insert into ${DONOR_COUNT} (tenant_id, tally_key, payment_status, unit, purpose, donors, alumni_donors)
    select tenant_id, ${countKey(dialect, '')}, payment_status, unit, purpose, sum(case when n > 0 then 1 else 0 end), sum(case when alumni_n > 0 then 1 else 0 end)
    from ${donors.table} group by tenant_id, payment_status, unit, purpose`).execute(db);
  await db.schema.createIndex(`${donors.table}_top`).on(donors.table).columns(['tenant_id', 'payment_status', 'unit', 'purpose', 'cents desc', 'donor_key']).execute();
}
