import { alumniTagEntity, alumniTagGroupEntity, basicInfoEntity } from '@alumni/domain';
import { sql } from 'kysely';
import { ids } from '../../core/ids.js';
import { addMenu } from '../../seed/menu-rows.js';
import { MENU_TREE, type MenuSeed } from '../../seed/menu-tree.js';
import { ADMIN_USER_ID } from '../../seed/platform-seed.js';
import { SeedWriter } from '../../seed/seed-writer.js';
import type { Db, Dialect } from '../database.js';
import { createEntityTable } from '../entity-table.js';
import { ensureSearchIndex, searchTable } from '../search-index.js';

/** The group the free-text tags an alumni record held before the taxonomy are filed under. */
export const FORMER_TAGS_GROUP = '原有标签';
const FORMER_TAG_COLOR = '#1677ff';

/**
 * Alumni tags (decisions 305–306): the tables of tag groups and tags; the alumni record's `tags`,
 * until now free text searched by "contains", becomes the ids of tags — each tenant's words filed as
 * tags of the group 原有标签 and every record rewritten to their ids, its column text on PostgreSQL
 * and out of the search index; and, for a database set up before them (a new one gets them from the
 * seed), the menu 标签管理 under 校友管理: with its view button to every role holding 校友基础信息库,
 * with add, edit and delete too to every role that may edit alumni records, and in every tenant
 * package holding 校友基础信息库.
 */
export async function up(db: Db, dialect: Dialect): Promise<void> {
  await createEntityTable(db, dialect, alumniTagGroupEntity);
  await createEntityTable(db, dialect, alumniTagEntity);
  const table = basicInfoEntity.table;
  if (dialect === 'postgres') {
    await sql.raw(`drop index if exists ${table}_trgm_tags`).execute(db);
    await sql.raw(`drop index if exists ${table}_pairs_tags`).execute(db);
    await sql.raw(`alter table ${table} alter column tags type text`).execute(db);
  } else {
    const fts = searchTable(basicInfoEntity);
    const made = await sql<{ sql: string | null }>`select sql from sqlite_master where name = ${fts}`.execute(db);
    if (/\btags\b/.test(String(made.rows[0]?.sql ?? ''))) {
      for (const suffix of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${fts}_${suffix}`).execute(db);
      await sql.raw(`drop table if exists ${fts}`).execute(db);
      await ensureSearchIndex(db, dialect, basicInfoEntity);
    }
  }
  await fileFormerTags(db);
  await addTagMenu(db);
}

/** Each tenant's free-text tags become tags of its group 原有标签, and the records hold their ids. */
export async function fileFormerTags(db: Db): Promise<void> {
  const rows = await db.selectFrom(basicInfoEntity.table).select(['id', 'tenant_id', 'tags'])
    .where('tags', 'is not', null).where('tags', '<>', '').where('is_deleted', '=', 0).execute();
  if (rows.length === 0) return;
  const w = new SeedWriter(db, ADMIN_USER_ID);
  const tagIds = new Map<string, Map<string, string>>();
  for (const row of rows) {
    // A record already holding tag ids (a database this has run on) is left as it is.
    if (/^\d{15,20}(,\d{15,20})*$/.test(String(row.tags))) continue;
    const tenantId = String(row.tenant_id);
    const words = [...new Set(String(row.tags).split(/[,，、;；\s]+/).map((s) => s.trim().slice(0, 32)).filter(Boolean))];
    let tenantTags = tagIds.get(tenantId);
    if (!tenantTags) {
      tenantTags = new Map();
      tagIds.set(tenantId, tenantTags);
      tenantTags.set('', await w.insert(alumniTagGroupEntity.table, { groupName: FORMER_TAGS_GROUP, sort: 0 }, tenantId));
    }
    const groupId = tenantTags.get('') as string;
    const held: string[] = [];
    for (const word of words) {
      let id = tenantTags.get(word);
      if (!id) {
        id = await w.insert(alumniTagEntity.table, { groupId, tagName: word, color: FORMER_TAG_COLOR, sort: tenantTags.size }, tenantId);
        tenantTags.set(word, id);
      }
      held.push(id);
    }
    await db.updateTable(basicInfoEntity.table).set({ tags: held.length ? held.join(',') : null }).where('id', '=', row.id).execute();
  }
}

async function addTagMenu(db: Db): Promise<void> {
  const menu = MENU_TREE.find((m) => m.code === 'alumni')?.children?.find((m: MenuSeed) => m.code === 'alumnitag');
  if (!menu) throw new Error('menu alumnitag is not in the menu tree');
  if (!(await addMenu(db, 'alumni', menu))) return;
  const codes = [menu.code, ...(menu.buttons ?? []).map((b) => b.code)];
  const menus = await db.selectFrom('blade_menu').select(['id', 'code']).where('code', 'in', [...codes, 'basicinfo', 'basicinfo_edit'])
    .where('is_deleted', '=', 0).execute();
  const idOf = (code: string) => menus.find((r) => r.code === code)?.id;
  const libraryId = idOf('basicinfo');
  if (libraryId === undefined) return;
  const reading = [menu.code, `${menu.code}_view`].map(idOf).filter((id) => id !== undefined).map(String);
  const all = codes.map(idOf).filter((id) => id !== undefined).map(String);
  const editId = idOf('basicinfo_edit');
  const editors = new Set(editId === undefined ? [] : (await db.selectFrom('blade_role_menu').select('role_id').distinct()
    .where('menu_id', '=', editId).execute()).map((r) => String(r.role_id)));
  const holders = await db.selectFrom('blade_role_menu').select('role_id').distinct().where('menu_id', '=', libraryId).execute();
  for (const { role_id: roleId } of holders) {
    for (const menuId of editors.has(String(roleId)) ? all : reading) {
      await db.insertInto('blade_role_menu').values({ id: ids.next(), role_id: roleId, menu_id: menuId }).execute();
    }
  }
  const packages = await db.selectFrom('blade_tenant_package').select(['id', 'menu_id']).where('is_deleted', '=', 0).execute();
  for (const row of packages) {
    const held = String(row.menu_id ?? '').split(',').filter(Boolean);
    if (!held.includes(String(libraryId))) continue;
    await db.updateTable('blade_tenant_package').set({ menu_id: [...held, ...all].join(',') }).where('id', '=', row.id).execute();
  }
}
