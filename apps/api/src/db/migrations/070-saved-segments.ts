import { basicInfoEntity, BUSINESS_DICTIONARIES, SEGMENT_TARGET_SCOPE, savedSegmentEntity, snake } from '@alumni/domain';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import { addMenu, grantAddedMenu } from '../../seed/menu-rows.js';
import { MENU_TREE, type MenuSeed } from '../../seed/menu-tree.js';
import type { Db, Dialect } from '../database.js';
import { createEntityTable, exactFilterIndexes } from '../entity-table.js';

/** The consent flags the alumni library now searches by (a segment of those who accept SMS, say). */
const CONSENT_FILTERS = ['allowSms', 'allowEmail', 'allowWechat'];

/**
 * Saved segments (decisions 311–313): their table, read by tenant and entity; the indexes of the
 * alumni library's consent filters; the `target_scope` entry 校友分群 of every tenant holding the
 * dictionary; and, for a database set up before them, the menu 分群管理 under 校友管理, granted to
 * every role holding 校友基础信息库 and added to every package holding it.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, savedSegmentEntity);
  await db.schema.createIndex(`${savedSegmentEntity.table}_by_entity`).on(savedSegmentEntity.table)
    .columns(['tenant_id', 'entity_name', 'is_deleted', 'create_time']).execute();
  const consentIndexes = new Set(CONSENT_FILTERS.map((f) => `${basicInfoEntity.table}_by_${snake(f)}`));
  for (const index of exactFilterIndexes(basicInfoEntity).filter((i) => consentIndexes.has(i.name))) {
    await db.schema.createIndex(index.name).ifNotExists().on(basicInfoEntity.table).columns(index.columns).execute();
  }
  await addSegmentScope(db);
  const menu = MENU_TREE.find((m) => m.code === 'alumni')?.children?.find((m: MenuSeed) => m.code === 'segment');
  if (!menu) throw new Error('menu segment is not in the menu tree');
  if (!(await addMenu(db, 'alumni', menu))) return;
  await grantAddedMenu(db, menu, 'basicinfo', 'basicinfo');
}

/** The `target_scope` entry of a push to a saved segment, for each tenant whose dictionary lacks it. */
async function addSegmentScope(db: Db): Promise<void> {
  const entry = BUSINESS_DICTIONARIES.find((d) => d.code === 'target_scope')?.entries.find((e) => e.key === SEGMENT_TARGET_SCOPE);
  if (!entry) throw new Error('target_scope has no segment entry');
  const parents = await db.selectFrom('blade_dict_biz').select(['id', 'tenant_id']).where('code', '=', 'target_scope')
    .where('parent_id', '=', '0').where('is_deleted', '=', 0).execute();
  for (const parent of parents) {
    const has = await db.selectFrom('blade_dict_biz').select('id').where('tenant_id', '=', parent.tenant_id).where('code', '=', 'target_scope')
      .where('dict_key', '=', entry.key).executeTakeFirst();
    if (has) continue;
    const stamp = now();
    await db.insertInto('blade_dict_biz').values({
      id: ids.next(), tenant_id: parent.tenant_id, parent_id: parent.id, code: 'target_scope', dict_key: entry.key, dict_value: entry.value,
      sort: Number(entry.key), remark: null, is_sealed: 1, create_time: stamp, update_time: stamp, status: 1, is_deleted: 0,
    }).execute();
  }
}
