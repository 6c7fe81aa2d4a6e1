import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ALBUM_MSG, RESOURCE_MSG } from '@alumni/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../core/errors.js';
import { INPUT_MSG, hasRefusedCharacter } from '../../core/input-hygiene.js';
import { contentTypeOf } from '../resource/storage/content-types.js';
import { extensionOf, watchBody, type Upload } from '../resource/storage/receive-upload.js';

/** Photos of albums (DOMAIN 1.3, 6.4): these types, at most 20 MB each, 1 to 20 per request. */
export const PHOTO_EXTENSIONS: ReadonlySet<string> = new Set(['jpg', 'jpeg', 'png', 'webp']);
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
export const PHOTOS_PER_UPLOAD = 20;

export interface PhotoForm {
  albumId: string | null;
  files: Upload[];
}

/**
 * Streams the multipart form of an upload (`albumId`, `files` repeated) into temporary files of the
 * data folder, one after the other, never holding a photo in memory; a refused type, an oversized
 * or a cut-short file removes every file received so far. A body that stalls for `stallMs`, or ends
 * before the form does (no closing boundary), is answered 400 as `put-file` answers it.
 */
export async function receivePhotos(req: FastifyRequest, tmpDir: string, stallMs: number): Promise<PhotoForm> {
  const files: Upload[] = [];
  let albumId: string | null = null;
  const watch = watchBody(req.raw, stallMs);
  let current: { source: NodeJS.ReadableStream & { destroy(err?: Error): void }; sink: { destroy(err?: Error): void } } | null = null;
  watch.failed.catch((err: unknown) => {
    current?.source.destroy(err as Error);
    current?.sink.destroy(err as Error);
  });
  try {
    // The form parser takes the body in the same tick as the watch, so no byte flows past it.
    const parts = req.parts({ limits: { fileSize: PHOTO_MAX_BYTES, files: PHOTOS_PER_UPLOAD, fields: 10 } })[Symbol.asyncIterator]();
    let first: ReturnType<typeof parts.next> | null = parts.next();
    first.catch(() => undefined); // read below; a body that is no form rejects before that
    await mkdir(tmpDir, { recursive: true });
    for (;;) {
      const step = await Promise.race([first ?? parts.next(), watch.failed]);
      first = null;
      if (step.done) break;
      const part = step.value;
      if (part.type === 'field') {
        if (part.fieldname === 'albumId') albumId = String(part.value ?? '').trim() || null;
        continue;
      }
      if (part.fieldname !== 'files' && part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      if (hasRefusedCharacter(part.filename)) {
        part.file.resume();
        throw badRequest(INPUT_MSG.badCharacter, { name: 'filename' });
      }
      const originalName = path.basename(part.filename.replace(/\\/g, '/')).slice(0, 255) || 'photo';
      const extension = extensionOf(originalName);
      if (!PHOTO_EXTENSIONS.has(extension)) {
        part.file.resume();
        throw badRequest(RESOURCE_MSG.badType, { ext: extension || originalName });
      }
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
      files.push({ path: tmp, size: 0, contentType: contentTypeOf(extension), originalName, extension });
      const sink = createWriteStream(tmp);
      current = { source: part.file, sink };
      await pipeline(part.file, sink);
      current = null;
      if (part.file.truncated) throw badRequest(RESOURCE_MSG.tooLarge, { max: '20MB' });
      (files[files.length - 1] as Upload).size = (await stat(tmp)).size;
    }
  } catch (err) {
    await discard(files);
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(RESOURCE_MSG.tooLarge, { max: '20MB' });
    if (code === 'FST_FILES_LIMIT') throw badRequest(ALBUM_MSG.filesPerUpload);
    throw badRequest(RESOURCE_MSG.badUpload);
  } finally {
    watch.stop();
  }
  if (files.length === 0) throw badRequest(ALBUM_MSG.filesPerUpload);
  return { albumId, files };
}

/** Removes temporary files that were not stored. */
export async function discard(files: readonly { path: string }[]): Promise<void> {
  await Promise.all(files.map((f) => rm(f.path, { force: true })));
}
