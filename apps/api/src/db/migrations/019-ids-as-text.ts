import { ENTITIES, snake } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db, Dialect } from '../database.js';

/**
 * Comma-joined id lists (a package's menus, a user's roles) were `varchar(2000)`: about a hundred
 * ids, fewer than a package of every business menu and its buttons holds. They become `text` on
 * PostgreSQL (SQLite does not enforce lengths).
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const entity of ENTITIES) {
    for (const [name, field] of Object.entries(entity.fields)) {
      if (field.kind !== 'ids') continue;
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns
        where table_schema = current_schema() and table_name = ${entity.table} and column_name = ${snake(name)}`.execute(db);
      if (Number(rows[0]?.n) === 0) continue;
      await sql`alter table ${sql.table(entity.table)} alter column ${sql.ref(snake(name))} type text`.execute(db);
    }
  }
}
