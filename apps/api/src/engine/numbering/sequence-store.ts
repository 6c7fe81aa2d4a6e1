import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Raises a tenant's counter and answers its new value, creating the counter at 1. Run inside the
 * transaction that writes the numbered row: on PostgreSQL the upsert locks the counter's row until
 * that transaction ends, so concurrent creates wait their turn; on SQLite the single writer does
 * the same. A rolled-back create gives its value back only because no row ever carried it.
 */
export async function nextSequenceValue(db: Db, tenantId: string, name: string): Promise<number> {
  const { rows } = await sql<{ value: number | bigint | string }>`
    insert into app_sequence (tenant_id, name, value) values (${tenantId}, ${name}, 1)
    on conflict (tenant_id, name) do update set value = app_sequence.value + 1
    returning value`.execute(db);
  const value = rows[0]?.value;
  if (value === undefined) throw new Error(`sequence ${name} answered no value`);
  return Number(value);
}
