import { logApiEntity, logErrorEntity, logUsualEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/** The API, error and usual logs. */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  for (const entity of [logApiEntity, logErrorEntity, logUsualEntity]) await createEntityTable(db, dialect, entity);
}
