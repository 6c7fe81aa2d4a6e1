import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';
import { DONATION_TALLY_TABLES, createDonorTallies } from './031-visit-donation-tallies.js';

const OPERATIONS = ['insert', 'update', 'delete'] as const;

/**
 * The donor tally fans out by purpose as well as by unit (decision 203), so countAmount filtered by
 * one purpose reads tallies instead of the donations. The donor tally and its counts are made again
 * from the donations: their triggers and functions are dropped with them, then `createDonorTallies`
 * makes and fills them in their present form.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  const { donors, donorCounts } = DONATION_TALLY_TABLES;
  for (const op of OPERATIONS) {
    await sql.raw(`drop trigger if exists ${donors}_${op}${dialect === 'postgres' ? ' on alumni_donation' : ''}`).execute(db);
    if (dialect === 'postgres') await sql.raw(`drop function if exists ${donors}_${op}()`).execute(db);
  }
  // On SQLite the donor counts' triggers live on the donor tally and go with it.
  await db.schema.dropTable(donorCounts).ifExists().execute();
  await db.schema.dropTable(donors).ifExists().execute();
  await createDonorTallies(db, dialect);
}
