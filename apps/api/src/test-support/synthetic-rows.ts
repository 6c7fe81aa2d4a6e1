import { snake, type EntityDef, type Field } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db, Dialect } from '../db/database.js';

/** Ids of synthetic rows start here, far above the seeded ones. */
export const SYNTHETIC_ID_BASE = 900_000_000_000;

/** The tenant the synthetic rows of tenant tables belong to. */
export const SYNTHETIC_TENANT = '000000';

/**
 * Values of synthetic row `i` (SQL over the series column `i`), the same on both dialects:
 * text `名<i>` (an empty JSON list for lists and uploads), numbers and codes cycling through a range, times one minute apart from 2024-01-01.
 */
function fieldValue(field: Field, dialect: Dialect): string {
  const minutes = dialect === 'postgres'
    ? `timestamp '2024-01-01 00:00:00' + i * interval '1 minute'`
    : `strftime('%Y-%m-%d %H:%M:%S', 1704067200 + i * 60, 'unixepoch')`;
  // Rows of a list or uploads are JSON text, which triggers read: an empty list.
  if (field.kind === 'textarea' && (field.items || field.files)) return `'[]'`;
  switch (field.kind) {
    case 'text': case 'textarea': return field.max ? `substr('名' || i, 1, ${field.max})` : `'名' || i`;
    case 'integer': return 'i % 100';
    case 'money': return '(i % 100) + 0.5';
    case 'flag': return 'case when i % 100 = 0 then 1 else 0 end';
    case 'dict': return field.numeric ? 'i % 50' : 'cast(i % 50 as varchar(32))';
    case 'date': return dialect === 'postgres' ? `date '2024-01-01' + (i % 365)` : `date('2024-01-01', '+' || (i % 365) || ' days')`;
    case 'datetime': return minutes;
    case 'fk': return '1000 + i % 500';
    case 'ids': return 'cast(1000 + i % 500 as varchar(2000))';
  }
}

/**
 * Inserts `count` rows into an entity's table in one statement (a bulk load: refresh the planner's
 * statistics afterwards). Every 20th row is logically deleted.
 */
export async function insertSyntheticRows(db: Db, dialect: Dialect, entity: EntityDef, count: number): Promise<void> {
  const minutes = dialect === 'postgres'
    ? `timestamp '2024-01-01 00:00:00' + i * interval '1 minute'`
    : `strftime('%Y-%m-%d %H:%M:%S', 1704067200 + i * 60, 'unixepoch')`;
  const columns: Record<string, string> = {
    id: `${SYNTHETIC_ID_BASE} + i`,
    tenant_id: `'${SYNTHETIC_TENANT}'`,
    create_time: minutes,
    update_time: minutes,
    status: '1',
    is_deleted: 'case when i % 20 = 0 then 1 else 0 end',
  };
  for (const [name, field] of Object.entries(entity.fields)) columns[snake(name)] = fieldValue(field, dialect);
  const names = Object.keys(columns).join(', ');
  const values = Object.values(columns).join(', ');
  const series = dialect === 'postgres'
    ? `from generate_series(1, ${count}) as s(i)`
    : `from (with recursive s(i) as (select 1 union all select i + 1 from s where i < ${count}) select i from s)`;
  await sql.raw(`insert into ${entity.table} (${names}) select ${values} ${series}`).execute(db);
}
