import { ALBUM_MSG, attachEntity, parseIds, photoAlbumEntity, photoEntity, type Text } from '@alumni/domain';
import type { Params } from '../../access/params.js';
import { badRequest } from '../../core/errors.js';
import { formatDateTime, now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { rowToRecord, selectColumns, type JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { ResourceServices } from '../resource/resource-services.js';

const refuse = (ctx: WriteContext, field: string, text: Text, fill: Record<string, string> = {}) => {
  let message = text[ctx.lang];
  for (const [k, v] of Object.entries(fill)) message = message.replace(`{${k}}`, v);
  return badRequest(text, fill, { errors: { [field]: message } });
};

/**
 * The photo count and cover of an album after its photos changed: the live photos but those
 * `leaving`; the cover stays while it is one of them, else the first photo in album order.
 */
export async function refreshAlbum(db: Db, tenantId: string, albumId: string, leaving: readonly string[] = []): Promise<void> {
  let photos = db.selectFrom(photoEntity.table).select(['id']).where('tenant_id', '=', tenantId).where('album_id', '=', albumId).where('is_deleted', '=', 0);
  if (leaving.length > 0) photos = photos.where('id', 'not in', [...leaving]);
  const ordered = await photos.orderBy('sort').orderBy('taken_time').orderBy('id').execute();
  const album = await db.selectFrom(photoAlbumEntity.table).select(['cover_photo_id']).where('id', '=', albumId).executeTakeFirst();
  const ids = ordered.map((p) => String(p.id));
  const cover = album?.cover_photo_id === null || album?.cover_photo_id === undefined ? null : String(album.cover_photo_id);
  await db.updateTable(photoAlbumEntity.table)
    .set({ photo_count: ids.length, cover_photo_id: cover !== null && ids.includes(cover) ? cover : (ids[0] ?? null) })
    .where('id', '=', albumId).execute();
}

/** Logically deletes the attachment rows of photos (original and thumbnail) and answers them, to delete their objects after commit. */
async function dropAttachments(db: Db, tenantId: string, photos: JsonRecord[]): Promise<JsonRecord[]> {
  const attachIds = photos.flatMap((p) => [p.attachId, p.thumbnailAttachId]).filter((v): v is string => typeof v === 'string' && v !== '');
  if (attachIds.length === 0) return [];
  const rows = await db.selectFrom(attachEntity.table).select(selectColumns(attachEntity))
    .where('tenant_id', '=', tenantId).where('id', 'in', attachIds).where('is_deleted', '=', 0).execute();
  await db.updateTable(attachEntity.table).set({ is_deleted: 1, update_time: now() }).where('tenant_id', '=', tenantId).where('id', 'in', attachIds).execute();
  return rows.map((r) => rowToRecord(attachEntity, r));
}

/** The last day a date recording the past may name (one day of slack for time zones). */
const latestDay = () => formatDateTime(new Date(Date.now() + 86_400_000)).slice(0, 10);

/**
 * Albums and photos (DOMAIN 6.4): an album's name and date, its cover among its photos, its unit
 * (the creator's department: the association and activity entities come with their modules);
 * removing an album removes its photos and their stored files; photos follow their album's unit
 * and keep its count and cover; `remove?photoIds=` removes photos only.
 */
export function albumHooks(db: Db, params: Params, resources: ResourceServices, operations: () => EntityOperations): [string, EntityHooks][] {
  const pendingFiles = new WeakMap<JsonRecord[], JsonRecord[]>();
  const album: EntityHooks = {
    async beforeSave(ctx, values, existing) {
      const name = values.albumName;
      if (typeof name === 'string' && [...name].length < 2) throw refuse(ctx, 'albumName', ALBUM_MSG.nameLength);
      const day = values.photoDate;
      if (typeof day === 'string' && day > latestDay()) throw refuse(ctx, 'photoDate', ALBUM_MSG.future, { label: photoAlbumEntity.fields.photoDate.label[ctx.lang] });
      if (!existing) {
        values.orgDeptId = ctx.caller.deptId;
        values.photoCount = 0;
      }
    },
    async afterSave(ctx, record, existing) {
      // Photos follow their album's unit.
      if (existing && String(existing.orgDeptId ?? '') !== String(record.orgDeptId ?? '')) {
        await ctx.db.updateTable(photoEntity.table).set({ org_dept_id: record.orgDeptId }).where('tenant_id', '=', ctx.caller.tenantId).where('album_id', '=', String(record.id)).execute();
      }
    },
    async beforeRemove(ctx, rows) {
      const albumIds = rows.map((r) => String(r.id));
      const photos = (await ctx.db.selectFrom(photoEntity.table).select(selectColumns(photoEntity))
        .where('tenant_id', '=', ctx.caller.tenantId).where('album_id', 'in', albumIds).where('is_deleted', '=', 0).execute())
        .map((r) => rowToRecord(photoEntity, r));
      await ctx.db.updateTable(photoEntity.table).set({ is_deleted: 1, update_user: ctx.caller.userId, update_time: now() })
        .where('tenant_id', '=', ctx.caller.tenantId).where('album_id', 'in', albumIds).execute();
      pendingFiles.set(rows, await dropAttachments(ctx.db, ctx.caller.tenantId, photos));
    },
    async afterRemove(rows) {
      await resources.files.deleteObjects(pendingFiles.get(rows) ?? []);
    },
    async withRelated(records, caller) {
      // Cards show the cover's picture (DOMAIN 6.4: coverLink, coverThumbnailLink).
      const covers = records.map((r) => r.coverPhotoId).filter((v): v is string => typeof v === 'string' && v !== '');
      const rows = covers.length === 0 ? [] : await db.selectFrom(photoEntity.table).select(['id', 'link', 'thumbnail_link'])
        .where('tenant_id', '=', caller.tenantId).where('id', 'in', covers).where('is_deleted', '=', 0).execute();
      const byId = new Map(rows.map((r) => [String(r.id), r]));
      for (const r of records as Record<string, unknown>[]) {
        const cover = byId.get(String(r.coverPhotoId ?? ''));
        r.coverLink = cover ? String(cover.link) : null;
        r.coverThumbnailLink = cover ? String(cover.thumbnail_link) : null;
      }
    },
    async detailExtras(stored, caller) {
      const code = stored.shareCode;
      const active = typeof code === 'string' && code !== '' && (stored.shareExpireTime === null || String(stored.shareExpireTime) >= now());
      if (!active) return { shareUrl: null };
      const base = ((await params.get(caller.tenantId, 'alumni.publicBaseUrl')) ?? '').trim().replace(/\/+$/, '');
      return { shareUrl: `${base}/share/album/${code}` };
    },
    async removeVariant(query, caller, lang) {
      if (query.ids !== undefined && query.ids !== '') return false;
      if (query.photoIds === undefined || query.photoIds === '') throw badRequest(ALBUM_MSG.idsOrPhotoIds);
      const ids = parseIds(query.photoIds);
      if (!ids) throw badRequest(ALBUM_MSG.idsOrPhotoIds);
      await operations().remove(photoEntity, caller, ids, lang);
      return true;
    },
  };
  const photo: EntityHooks = {
    async beforeRemove(ctx, rows) {
      const leaving = rows.map((r) => String(r.id));
      for (const albumId of new Set(rows.map((r) => String(r.albumId)))) await refreshAlbum(ctx.db, ctx.caller.tenantId, albumId, leaving);
      pendingFiles.set(rows, await dropAttachments(ctx.db, ctx.caller.tenantId, rows));
    },
    async afterRemove(rows) {
      await resources.files.deleteObjects(pendingFiles.get(rows) ?? []);
    },
  };
  return [[photoAlbumEntity.name, album], [photoEntity.name, photo]];
}
