import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  ALBUM_MSG, MSG, SHARE_DAYS, attachEntity, parseIds, photoAlbumEntity, photoEntity, t,
} from '@alumni/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import { requireCaller, type Caller } from '../../core/caller.js';
import { ok } from '../../core/envelope.js';
import { badRequest, notFound, unauthorized } from '../../core/errors.js';
import { ids as idGenerator } from '../../core/ids.js';
import { formatDateTime, now } from '../../core/time.js';
import { rowToRecord, selectColumns, type JsonRecord } from '../../db/row-mapping.js';
import { requireIds } from '../../engine/entity-operations.js';
import { contentTypeOf } from '../resource/storage/content-types.js';
import { refreshAlbum } from './album-hooks.js';
import { photoFacts, writeThumbnail } from './photo-images.js';
import { discard, receivePhotos } from './photo-upload.js';

const tags = [`${photoAlbumEntity.label.en} (${photoAlbumEntity.label.zh})`];
/** A zip holds at most this many photos and bytes (DOMAIN 6.4). */
const ZIP_MAX_PHOTOS = 500;
const ZIP_MAX_BYTES = 2 * 1024 * 1024 * 1024;
const SAVE_HAS_ID = t('新建相册不能带 id', 'A new album has no id');
const PHOTOS_BAD = t('photos 应为 [{id, description, sort}] 列表', 'photos must be a list of {id, description, sort}');

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
/** The object key a stored file's link names. */
const keyOf = (link: unknown) => new URL(String(link ?? ''), 'http://x').searchParams.get('name') ?? '';

/**
 * The calls of photo albums beyond the entity engine's (DOMAIN 6.4): add and edit, upload with
 * server-made thumbnails, the photos of an album, downloads of one photo or a streamed zip, and
 * sharing by code (the share calls need no token while the share is valid).
 */
export async function albumRoutes(app: FastifyInstance): Promise<void> {
  const { operations: ops, repository, database, params, numbers, config, resources: { files, storage } } = app.services;
  const db = database.db;
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 20 } });
  const tmpDir = path.join(config.dataDir, 'tmp');

  /** The album a call names: by share code (valid shares only, no token needed) or by id through the menu and the caller's scope. */
  async function albumOf(req: FastifyRequest, query: Record<string, unknown>): Promise<{ album: JsonRecord; tenantId: string; shareCode: string | null; caller: Caller | null }> {
    const shareCode = text(query.shareCode);
    if (shareCode) {
      const row = await db.selectFrom(photoAlbumEntity.table).select(selectColumns(photoAlbumEntity))
        .where('share_code', '=', shareCode).where('is_deleted', '=', 0).executeTakeFirst();
      const album = row ? rowToRecord(photoAlbumEntity, row) : null;
      if (!album || (album.shareExpireTime !== null && String(album.shareExpireTime) < now())) throw badRequest(ALBUM_MSG.shareExpired);
      return { album, tenantId: String(album.tenantId), shareCode, caller: req.caller ?? null };
    }
    if (!req.caller) throw unauthorized(MSG.tokenMissing);
    const [id] = requireIds(parseIds(query.id)) as [string];
    const album = await ops.detail(photoAlbumEntity, req.caller, id);
    return { album, tenantId: req.caller.tenantId, shareCode: null, caller: req.caller };
  }

  const photosOf = async (tenantId: string, albumId: string, only?: string[]) => {
    let query = db.selectFrom(photoEntity.table).select(selectColumns(photoEntity))
      .where('tenant_id', '=', tenantId).where('album_id', '=', albumId).where('is_deleted', '=', 0);
    if (only) query = query.where('id', 'in', only);
    return (await query.orderBy('sort').orderBy('taken_time').orderBy('id').execute()).map((r) => rowToRecord(photoEntity, r));
  };

  /** Links a share page can open without a token. */
  const sharedLinks = (photo: JsonRecord, shareCode: string) => ({
    ...photo,
    link: `/api/photo/sharedFile?shareCode=${shareCode}&id=${String(photo.id)}`,
    thumbnailLink: `/api/photo/sharedFile?shareCode=${shareCode}&id=${String(photo.id)}&thumb=1`,
  });

  app.post('/photo/addAlbum', { schema: { tags, summary: 'Add an album (an id in the body is refused)' } }, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.id !== undefined && body.id !== null && body.id !== '') throw badRequest(SAVE_HAS_ID);
    return ok(await ops.submit(photoAlbumEntity, requireCaller(req.caller), body, req.lang), req.lang);
  });

  app.post('/photo/update', { schema: { tags, summary: 'Edit an album (with id); optional photos: [{id, description, sort}] edits captions and order' } }, async (req) => {
    const caller = requireCaller(req.caller);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const [albumId] = requireIds(parseIds(body.id)) as [string];
    const { photos, coverPhotoId, ...album } = body;
    const cover = coverPhotoId === undefined || coverPhotoId === null || coverPhotoId === '' ? null : parseIds(coverPhotoId)?.[0] ?? '0';
    const edits = photos === undefined ? [] : photos;
    if (!Array.isArray(edits) || edits.some((p) => !p || typeof p !== 'object' || !parseIds((p as Record<string, unknown>).id))) throw badRequest(PHOTOS_BAD);
    for (const p of edits as Record<string, unknown>[]) {
      if (p.description !== undefined && p.description !== null && (typeof p.description !== 'string' || [...p.description].length > 255)) throw badRequest(ALBUM_MSG.photoCaption);
      if (p.sort !== undefined && (!Number.isInteger(Number(p.sort)) || Number(p.sort) < 0 || Number(p.sort) > 999999)) throw badRequest(PHOTOS_BAD);
    }
    if (cover !== null) {
      // The cover is picked in the album view among its own photos (设为封面); checked before anything is written.
      const own = await db.selectFrom(photoEntity.table).select('id').where('id', '=', cover).where('album_id', '=', albumId)
        .where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
      if (!own) throw badRequest(ALBUM_MSG.notOwnCover, {}, { errors: { coverPhotoId: ALBUM_MSG.notOwnCover[req.lang] } });
    }
    await ops.submit(photoAlbumEntity, caller, album, req.lang);
    if (cover !== null) await db.updateTable(photoAlbumEntity.table).set({ cover_photo_id: cover }).where('id', '=', albumId).execute();
    if (edits.length > 0) {
      await db.transaction().execute(async (tx) => {
        for (const p of edits as Record<string, unknown>[]) {
          const set: Record<string, unknown> = { update_user: caller.userId, update_time: now() };
          if (p.description !== undefined) set.description = p.description === null ? null : String(p.description).trim();
          if (p.sort !== undefined) set.sort = Number(p.sort);
          const done = await tx.updateTable(photoEntity.table).set(set).where('id', '=', String(p.id)).where('album_id', '=', albumId)
            .where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
          if (Number(done.numUpdatedRows) === 0) throw notFound();
        }
        await refreshAlbum(tx, caller.tenantId, albumId);
      });
    }
    return ok(await ops.detail(photoAlbumEntity, caller, albumId), req.lang);
  });

  app.post('/photo/uploadPhoto', {
    schema: { tags, summary: 'Upload 1–20 photos (multipart: albumId, files; jpg, jpeg, png, webp up to 20 MB): thumbnails are made on the server', consumes: ['multipart/form-data'] },
  }, async (req, reply) => {
    const caller = requireCaller(req.caller);
    await ops.requireCode(caller, 'photo_upload');
    let form;
    try {
      form = await receivePhotos(req, tmpDir, config.uploadStallSeconds * 1000);
    } catch (err) {
      reply.header('connection', 'close');
      throw err;
    }
    const thumbnails: string[] = [];
    try {
      if (!form.albumId) throw badRequest(ALBUM_MSG.albumRequired);
      const [albumId] = requireIds(parseIds(form.albumId)) as [string];
      const scope = await ops.rowScope(photoAlbumEntity, caller);
      const album = await repository.findById(photoAlbumEntity, scope, albumId);
      if (!album) throw notFound();
      const facts = [];
      for (const file of form.files) {
        const fact = await photoFacts(file.path);
        if (!fact) throw badRequest(ALBUM_MSG.badPhoto, { name: file.originalName });
        facts.push(fact);
      }
      const last = await db.selectFrom(photoEntity.table).select((eb) => eb.fn.max('sort').as('sort'))
        .where('tenant_id', '=', caller.tenantId).where('album_id', '=', albumId).where('is_deleted', '=', 0).executeTakeFirst();
      let sort = Number(last?.sort ?? 0);
      const saved: JsonRecord[] = [];
      for (const [i, file] of form.files.entries()) {
        const fact = facts[i] as NonNullable<(typeof facts)[number]>;
        const thumb = path.join(tmpDir, `${randomUUID()}.jpg`);
        thumbnails.push(thumb);
        await writeThumbnail(file.path, thumb);
        const { size: thumbSize } = await stat(thumb);
        const original = await files.put(caller, file);
        const small = await files.put(caller, {
          path: thumb, size: thumbSize, contentType: 'image/jpeg', extension: 'jpg',
          originalName: `${path.parse(file.originalName).name}-thumb.jpg`,
        });
        sort += 1;
        const stamp = now();
        const row = {
          id: idGenerator.next(), tenantId: caller.tenantId, albumId, name: file.originalName, link: original.link, thumbnailLink: small.link,
          attachId: original.attachId, thumbnailAttachId: small.attachId, size: file.size, width: fact.width, height: fact.height,
          takenTime: fact.takenTime, description: null, sort, downloadCount: 0, orgDeptId: album.orgDeptId,
          createUser: caller.userId, createDept: caller.deptId, createTime: stamp, updateUser: caller.userId, updateTime: stamp, status: 1, isDeleted: 0,
        };
        await repository.insert(photoEntity, row);
        saved.push(rowToRecord(photoEntity, (await db.selectFrom(photoEntity.table).select(selectColumns(photoEntity)).where('id', '=', row.id).executeTakeFirstOrThrow())));
      }
      await refreshAlbum(db, caller.tenantId, albumId);
      return ok(saved, req.lang);
    } finally {
      await discard([...form.files, ...thumbnails.map((p) => ({ path: p }))]);
    }
  });

  app.get('/photo/getPhoto', {
    config: { public: true },
    schema: {
      tags, summary: 'The photos of an album in order (id through the menu, or shareCode without a token); current and size page them (at most 500)',
      querystring: { type: 'object', properties: { id: { type: 'string' }, shareCode: { type: 'string' }, current: { type: 'string' }, size: { type: 'string' } } },
    },
  }, async (req) => {
    const query = req.query as Record<string, unknown>;
    const { album, tenantId, shareCode } = await albumOf(req, query);
    const all = await photosOf(tenantId, String(album.id));
    const shown = shareCode ? all.map((p) => sharedLinks(p, shareCode)) : all;
    if (query.current === undefined && query.size === undefined) return ok(shown.slice(0, ZIP_MAX_PHOTOS), req.lang);
    const current = Number(query.current ?? 1);
    const size = Number(query.size ?? 20);
    if (!Number.isInteger(current) || current < 1 || !Number.isInteger(size) || size < 1 || size > ZIP_MAX_PHOTOS) throw badRequest(MSG.badPage);
    return ok({ records: shown.slice((current - 1) * size, current * size), total: shown.length, size, current, pages: Math.ceil(shown.length / size) }, req.lang);
  });

  /** Sends one stored file of a photo, counting a download of the original. */
  async function sendPhoto(reply: import('fastify').FastifyReply, tenantId: string, photo: JsonRecord, thumb: boolean) {
    const found = await files.open(tenantId, keyOf(thumb ? photo.thumbnailLink : photo.link));
    if (!found) throw notFound();
    if (!thumb) await db.updateTable(photoEntity.table).set((eb) => ({ download_count: eb('download_count', '+', 1) })).where('id', '=', String(photo.id)).execute();
    const name = thumb ? String(found.attach.originalName ?? 'thumb.jpg') : String(photo.name ?? 'photo');
    reply.header('content-type', thumb ? 'image/jpeg' : contentTypeOf(String(found.attach.extension ?? '')))
      .header('content-disposition', `${thumb ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600');
    if (found.object.size !== null) reply.header('content-length', found.object.size);
    return reply.send(found.object.stream);
  }

  app.get('/photo/downloadPhoto', {
    schema: { tags, summary: 'One photo\'s original file (counted as a download)', querystring: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
  }, async (req, reply) => {
    const caller = requireCaller(req.caller);
    await ops.requireCode(caller, 'photo_download');
    const [id] = requireIds(parseIds((req.query as Record<string, unknown>).id)) as [string];
    const scope = await ops.rowScope(photoEntity, caller, undefined, 'read');
    const photo = await repository.findById(photoEntity, scope, id);
    if (!photo) throw notFound();
    return sendPhoto(reply, caller.tenantId, photo, false);
  });

  app.get('/photo/sharedFile', {
    config: { public: true },
    schema: {
      tags, summary: 'A photo (or its thumbnail with thumb=1) of a shared album, by share code without a token',
      querystring: { type: 'object', properties: { shareCode: { type: 'string' }, id: { type: 'string' }, thumb: { type: 'string' } }, required: ['shareCode', 'id'] },
    },
  }, async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    if (!text(query.shareCode)) throw badRequest(ALBUM_MSG.shareExpired);
    const { album, tenantId } = await albumOf(req, { shareCode: query.shareCode });
    const [id] = requireIds(parseIds(query.id)) as [string];
    const [photo] = await photosOf(tenantId, String(album.id), [id]);
    if (!photo) throw notFound();
    return sendPhoto(reply, tenantId, photo, query.thumb === '1');
  });

  app.get('/photo/downLoad', {
    config: { public: true },
    schema: {
      tags, summary: 'The photos of an album (or the photoIds among them) as a zip streamed as it is written; at most 500 photos and 2 GB',
      querystring: { type: 'object', properties: { id: { type: 'string' }, photoIds: { type: 'string' }, shareCode: { type: 'string' } } },
    },
  }, async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    const { album, tenantId, shareCode, caller } = await albumOf(req, query);
    if (!shareCode) await ops.requireCode(caller as Caller, 'photo_download');
    const only = text(query.photoIds) ? parseIds(query.photoIds) : undefined;
    if (only === null) throw badRequest(MSG.badIds);
    const listed = await photosOf(tenantId, String(album.id), only);
    if (only && listed.length !== only.length) throw notFound();
    // A photo whose attachment was removed (on the attachments page) has nothing to read: it is left out.
    const keys = listed.map((p) => keyOf(p.link));
    const live = keys.length === 0 ? new Set<string>() : new Set((await db.selectFrom(attachEntity.table).select('name')
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).where('name', 'in', keys).execute()).map((r) => String(r.name)));
    const photos = listed.filter((p) => live.has(keyOf(p.link)));
    const bytes = photos.reduce((sum, p) => sum + Number(p.size ?? 0), 0);
    if (photos.length > ZIP_MAX_PHOTOS || bytes > ZIP_MAX_BYTES) throw badRequest(ALBUM_MSG.tooMany);
    if (photos.length > 0) {
      await db.updateTable(photoEntity.table).set((eb) => ({ download_count: eb('download_count', '+', 1) }))
        .where('id', 'in', photos.map((p) => String(p.id))).execute();
    }
    const zip = new yazl.ZipFile();
    // A photo whose stored file cannot be read ends the download (the answer is cut short, never left hanging).
    zip.on('error', (err: Error) => {
      req.log.warn({ err, album: String(album.id) }, 'album zip stopped');
      (zip.outputStream as unknown as { destroy(err: Error): void }).destroy(err);
    });
    const taken = new Set<string>();
    for (const photo of photos) {
      const parsed = path.parse(String(photo.name ?? 'photo'));
      let entry = `${parsed.name}${parsed.ext}`;
      for (let n = 2; taken.has(entry.toLowerCase()); n += 1) entry = `${parsed.name} (${n})${parsed.ext}`;
      taken.add(entry.toLowerCase());
      const key = keyOf(photo.link);
      // Each photo is opened only when the zip reaches it: one stored file is read at a time.
      zip.addReadStreamLazy(entry, { compress: false, mtime: new Date(String(photo.createTime).replace(' ', 'T')) }, (done) => {
        files.open(tenantId, key).then((found) => {
          if (!found) done(new Error(`photo ${String(photo.id)} has no stored file`), undefined as never);
          else done(null, found.object.stream);
        }, (err: Error) => done(err, undefined as never));
      });
    }
    zip.end();
    const name = `${String(album.albumName ?? 'album')}.zip`;
    reply.header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'no-store');
    return reply.send(zip.outputStream);
  });

  app.post('/photo/shareAlbum', {
    schema: {
      tags, summary: 'Share an album for 1, 7 or 30 days or without expiry (0); cancel=1 revokes the share',
      querystring: { type: 'object', properties: { id: { type: 'string' }, expireDays: { type: 'string' }, cancel: { type: 'string' } }, required: ['id'] },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await ops.requireCode(caller, 'photo_share');
    const query = req.query as Record<string, unknown>;
    const [id] = requireIds(parseIds(query.id)) as [string];
    const scope = await ops.rowScope(photoAlbumEntity, caller);
    const cancel = query.cancel === '1' || query.cancel === 'true';
    const days = Number(query.expireDays ?? 7);
    if (!cancel && !(SHARE_DAYS as readonly number[]).includes(days)) throw badRequest(ALBUM_MSG.badExpireDays);
    const result = await db.transaction().execute(async (tx) => {
      const album = await repository.findById(photoAlbumEntity, scope, id, tx);
      if (!album) throw notFound();
      if (cancel) {
        await repository.update(photoAlbumEntity, scope, id, { shareCode: null, shareExpireTime: null, updateUser: caller.userId, updateTime: now() }, tx);
        return { shareCode: null, expireTime: null };
      }
      const code = await numbers.next({ entity: photoAlbumEntity, tenantId: caller.tenantId, db: tx, stamp: now() }, 'shareCode', {});
      const expireTime = days === 0 ? null : `${formatDateTime(new Date(Date.now() + days * 86_400_000)).slice(0, 10)} 23:59:59`;
      await repository.update(photoAlbumEntity, scope, id, { shareCode: code, shareExpireTime: expireTime, updateUser: caller.userId, updateTime: now() }, tx);
      return { shareCode: code, expireTime };
    });
    const base = await shareBase(req, caller.tenantId);
    return ok({ shareUrl: result.shareCode ? `${base}/share/album/${result.shareCode}` : null, ...result }, req.lang);
  });

  /** `alumni.publicBaseUrl`, else the address the request came to. */
  async function shareBase(req: FastifyRequest, tenantId: string): Promise<string> {
    const configured = (await params.get(tenantId, 'alumni.publicBaseUrl'))?.trim();
    return (configured || `${req.protocol}://${req.headers.host ?? 'localhost'}`).replace(/\/+$/, '');
  }
}
