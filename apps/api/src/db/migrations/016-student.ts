import { studentEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/** The student roster (DOMAIN 4.1) from its definition. */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, studentEntity);
}
