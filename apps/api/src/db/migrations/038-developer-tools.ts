import { codeEntity, datasourceEntity, modelEntity, modelPrototypeEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/**
 * The developer tools (BladeX `blade_datasource`, `blade_model`, `blade_model_prototype`, `blade_code`)
 * from their definitions: platform-wide tables with the base columns.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, datasourceEntity);
  await createEntityTable(db, dialect, modelEntity);
  await createEntityTable(db, dialect, modelPrototypeEntity);
  await createEntityTable(db, dialect, codeEntity);
}
