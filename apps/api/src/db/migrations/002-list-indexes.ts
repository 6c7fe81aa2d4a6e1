import { entityByName } from '@alumni/domain';
import type { Db } from '../database.js';
import { exactFilterIndexes } from '../entity-table.js';
import { PLATFORM_ENTITY_NAMES } from './001-platform.js';

/**
 * Indexes that let filtered lists read only their rows (measured by bench/list-bench.ts: a
 * code-filtered page of 100,000 business-dictionary rows went from a ~90 ms scan of the tenant to
 * well under a millisecond).
 *
 * - Exact-filter indexes gain the delete flag: `(field, tenant_id, create_time)` tied with
 *   `(tenant_id, is_deleted, create_time)` in SQLite's planner, which then scanned the tenant.
 * - The business dictionary is looked up by code (lists, drop-downs, display names), and its code
 *   is searched by `like` on the page, so no exact-filter index covered it; its old
 *   `(tenant_id, code, dict_key)` index repeated the uniqueness index and tied the same way.
 *
 * Idempotent, because `001-platform` creates the current exact-filter indexes on a new database.
 * Only the tables of `001-platform`: later entities are created with their indexes.
 */
export async function up(db: Db): Promise<void> {
  for (const entity of PLATFORM_ENTITY_NAMES.map(entityByName)) {
    for (const index of exactFilterIndexes(entity)) {
      await db.schema.dropIndex(`${entity.table}_${index.columns[0]}`).ifExists().execute(); // the name before
      await db.schema.createIndex(index.name).ifNotExists().on(entity.table).columns(index.columns).execute();
    }
  }
  await db.schema.dropIndex('blade_dict_biz_code_key').ifExists().execute();
  await db.schema.createIndex('blade_dict_biz_by_code').ifNotExists().on('blade_dict_biz')
    .columns(['code', 'tenant_id', 'is_deleted', 'create_time']).execute();
}
