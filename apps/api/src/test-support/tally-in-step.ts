import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db, Dialect } from '../db/database.js';
import { recount, tallyMeasures, type TallySpec } from '../db/tally-triggers.js';

/**
 * Expects a tally kept by triggers to hold what its counted table gives now: its rows (those
 * fallen to zero aside) against a fresh grouped count of the live rows.
 */
export async function expectTallyInStep(db: Db, dialect: Dialect, spec: TallySpec): Promise<void> {
  const measures = tallyMeasures(spec);
  const nonZero = measures.map((m) => `${m} <> 0`).join(' or ');
  const read = async (from: string) => (await sql.raw<Record<string, unknown>>(
    `select tenant_id, tally_key, ${measures.join(', ')} from (${from}) t where ${nonZero} order by tenant_id, tally_key`).execute(db)).rows
    .map((r) => JSON.stringify([r.tenant_id, r.tally_key, ...measures.map((m) => Number(r[m]))]));
  const kept = await read(`select tenant_id, tally_key, ${measures.map((m) => `sum(${m}) as ${m}`).join(', ')} from ${spec.table} group by tenant_id, tally_key`);
  const counted = await read(recount(spec, dialect));
  expect(kept.length, `${spec.table} has rows`).toBeGreaterThan(0);
  expect(kept, spec.table).toEqual(counted);
}
