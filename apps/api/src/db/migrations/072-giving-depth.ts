import { donationEntity } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { columnType, hasColumn } from '../entity-table.js';
import { createTally, type TallyColumn, type TallySpec } from '../tally-triggers.js';
import { ALL_PURPOSES, ALL_UNITS, DONATION_TALLY, DONATION_TALLY_TABLES, DONOR_TALLY, createDonorTallies } from './031-visit-donation-tallies.js';

const DONATION = donationEntity.table;

/** The tally of the gifts' parts per fund (purpose): what countAmount's purposes read. */
export const FUND_TALLY_TABLE = 'alumni_donation_fund_tally';

const hasSplit = (row: string) => `${row}fund_splits is not null and ${row}fund_splits <> '' and ${row}fund_splits <> '[]'`;

/**
 * A gift's parts as JSON rows `{purpose, amount}`: its fund split (decision 317), else the whole gift
 * on its purpose. `whole` adds the all-purposes part (purpose `*`, the whole amount) in front.
 */
export function fundParts(row: string, dialect: Dialect, whole = false): string {
  if (dialect === 'postgres') {
    const own = `jsonb_build_array(jsonb_build_object('purpose', ${row}purpose, 'amount', ${row}cny_amount))`;
    const parts = `(case when ${hasSplit(row)} then ${row}fund_splits::jsonb else ${own} end)`;
    return whole ? `(jsonb_build_array(jsonb_build_object('purpose', '${ALL_PURPOSES}', 'amount', ${row}cny_amount)) || ${parts})` : parts;
  }
  const own = `json_array(json_object('purpose', ${row}purpose, 'amount', ${row}cny_amount))`;
  const parts = `(case when ${hasSplit(row)} then ${row}fund_splits else ${own} end)`;
  return whole ? `json_insert(${parts}, '$[#]', json_object('purpose', '${ALL_PURPOSES}', 'amount', ${row}cny_amount))` : parts;
}

/** The purpose of a part the alias `part` stands for, as text. */
export const partPurpose = (part: string, dialect: Dialect): string =>
  (dialect === 'postgres' ? `(${part}.value->>'purpose')` : `cast(json_extract(${part}.value, '$.purpose') as text)`);

/** Whole cents of a part's amount. */
export const partCents = (part: string, dialect: Dialect): string => (dialect === 'postgres'
  ? `coalesce(round((${part}.value->>'amount')::numeric * 100)::bigint, 0)`
  : `coalesce(cast(round(cast(json_extract(${part}.value, '$.amount') as real) * 100) as integer), 0)`);

/** The from-clause of a gift's parts, aliased `part`. */
export const partsOf = (row: string, dialect: Dialect, whole = false): string => (dialect === 'postgres'
  ? `jsonb_array_elements(${fundParts(row, dialect, whole)}) as part(value)`
  : `json_each(${fundParts(row, dialect, whole)}) part`);

const PURPOSE: TallyColumn = { name: 'purpose', type: 'varchar(64)', value: (_row, d) => partPurpose('part', d) };

/**
 * The gifts' parts per fund (decision 317): the gift tally's columns with the purpose and cents of
 * each part, so the sums per purpose follow the split while the gift tally still counts each gift once.
 */
export const FUND_TALLY = (dialect: Dialect): TallySpec => {
  const gifts = DONATION_TALLY(dialect);
  return {
    ...gifts,
    table: FUND_TALLY_TABLE,
    columns: gifts.columns.map((c) => (c.name === 'purpose' ? PURPOSE : c)),
    sums: [{ name: 'cents', value: (_row, d) => partCents('part', d) }],
    expand: (row, d) => partsOf(row, d),
    watched: [...gifts.watched, 'fund_splits'],
  };
};

/** The donor tally fanned out by unit and by part: the all-purposes rows take the whole gift, each purpose its part. */
export const SPLIT_DONOR_TALLY = (dialect: Dialect): TallySpec => {
  const donors = DONOR_TALLY(dialect);
  const unit = (row: string, d: Dialect) => (d === 'postgres'
    ? `(values ('${ALL_UNITS}'), (coalesce(cast(${row}org_dept_id as text), ''))) as u(unit) cross join lateral ${partsOf(row, d, true)}`
    : `json_each(json_array('${ALL_UNITS}', coalesce(cast(${row}org_dept_id as text), ''))) u, ${partsOf(row, d, true)}`);
  return {
    ...donors,
    columns: donors.columns.map((c) => (c.name === 'purpose' ? PURPOSE : c)),
    sums: (donors.sums ?? []).map((s) => (s.name === 'cents' ? { name: 'cents', value: (_row: string, d: Dialect) => partCents('part', d) } : s)),
    expand: unit,
    watched: [...donors.watched, 'fund_splits'],
  };
};

const OPERATIONS = ['insert', 'update', 'delete'] as const;

/** The reminders sent before the instalments of pledges fall due: one per gift and due date (decision 319). */
export const INSTALMENT_REMINDER_TABLE = 'alumni_donation_reminder';

/**
 * Giving in depth (decisions 317–319): the donation's fund split, its receipt's void reason and
 * its instalment plan (columns a table made from the entity as it is now already has); the tally
 * of parts per fund and the donor tally made again so that its rows per purpose take each gift's
 * part; and the reminders sent before instalments fall due.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const fields = donationEntity.fields;
  for (const [column, field] of [['fund_splits', fields.fundSplits], ['receipt_void_reason', fields.receiptVoidReason], ['instalments', fields.instalments]] as const) {
    if (!await hasColumn(db, dialect, DONATION, column)) await db.schema.alterTable(DONATION).addColumn(column, columnType(field, dialect)).execute();
  }
  await createTally(db, dialect, FUND_TALLY(dialect));
  await db.schema.createIndex(`${FUND_TALLY_TABLE}_state`).on(FUND_TALLY_TABLE).columns(['tenant_id', 'payment_status', 'purpose']).execute();

  const { donors, donorCounts } = DONATION_TALLY_TABLES;
  for (const op of OPERATIONS) {
    await sql.raw(`drop trigger if exists ${donors}_${op}${dialect === 'postgres' ? ` on ${DONATION}` : ''}`).execute(db);
    if (dialect === 'postgres') await sql.raw(`drop function if exists ${donors}_${op}()`).execute(db);
  }
  await db.schema.dropTable(donorCounts).ifExists().execute();
  await db.schema.dropTable(donors).ifExists().execute();
  await createDonorTallies(db, dialect, SPLIT_DONOR_TALLY(dialect));

  await db.schema.createTable(INSTALMENT_REMINDER_TABLE)
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('donation_id', 'bigint', (c) => c.notNull())
    .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('push_id', 'bigint')
    .addColumn('create_time', dialect === 'postgres' ? sql`timestamp(0)` : 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex(`${INSTALMENT_REMINDER_TABLE}_once`).unique().on(INSTALMENT_REMINDER_TABLE).columns(['tenant_id', 'donation_id', 'due_date']).execute();
}
