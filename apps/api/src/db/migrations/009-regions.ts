import { regionEntity } from '@alumni/domain';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';

/**
 * Administrative divisions (`blade_region`). Platform-wide rows read without a tenant condition:
 * the lazy tree reads children by parent code, detail and the parent check read by code.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, regionEntity);
  await db.schema.createIndex('blade_region_by_parent').on('blade_region').columns(['parent_code', 'is_deleted', 'sort']).execute();
  await db.schema.createIndex('blade_region_by_code').on('blade_region').columns(['code', 'is_deleted']).execute();
}
