import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { RESOURCE_MSG } from '@alumni/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../../core/errors.js';
import { hasRefusedCharacter, INPUT_MSG } from '../../../core/input-hygiene.js';
import { contentTypeOf } from './content-types.js';
import type { ReceivedFile } from './object-store.js';

export interface Upload extends ReceivedFile {
  originalName: string;
  extension: string;
}

export interface UploadLimits {
  maxBytes: number;
  extensions: ReadonlySet<string>;
  /** Longest silence of the body before the upload is given up. */
  stallMs: number;
}

/** Once the whole body has arrived, how long the form may still take to finish before it counts as cut short. */
const AFTER_END_MS = 2_000;

const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)}MB` : `${Math.round(n / 1024)}KB`);

/** The lower-case extension of a client's file name, or '' when it has none worth the name. */
export function extensionOf(fileName: string): string {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : '';
}

/**
 * Watches a request body: fails when no byte came for `stallMs`, or when the body has ended but
 * the form has not finished soon after (a missing closing boundary). `failed` rejects then.
 */
export function watchBody(raw: IncomingMessage, stallMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let fail: (err: AppError) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => { fail = reject; });
  failed.catch(() => undefined);
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => fail(badRequest(RESOURCE_MSG.uploadIncomplete)), ms);
  };
  const onData = () => arm(stallMs);
  const onEnd = () => arm(Math.min(stallMs, AFTER_END_MS));
  raw.on('data', onData).on('end', onEnd).on('close', onEnd);
  if (raw.readableEnded) onEnd(); else arm(stallMs);
  return {
    failed,
    stop() {
      clearTimeout(timer);
      raw.off('data', onData).off('end', onEnd).off('close', onEnd);
    },
  };
}

/** The first part of the form: a malformed form (no boundary, bad headers) is a 400, never a 500. */
async function firstPart(req: FastifyRequest, limits: UploadLimits, failed: Promise<never>): Promise<MultipartFile | undefined> {
  try {
    return await Promise.race([req.file({ limits: { fileSize: limits.maxBytes, files: 1, fields: 10 } }), failed]);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(RESOURCE_MSG.tooLarge, { max: formatBytes(limits.maxBytes) });
    throw badRequest(RESOURCE_MSG.badUpload);
  }
}

/**
 * Streams the multipart field `file` into a temporary file of the data folder, refusing a type not
 * allowed before reading it and a size over the limit while reading it (never holding it in memory).
 * A body that stalls or ends before the form does is answered 400 within a bounded time, and its
 * temporary file and handle are gone by then.
 */
export async function receiveUpload(req: FastifyRequest, limits: UploadLimits, tmpDir: string): Promise<Upload> {
  const watch = watchBody(req.raw, limits.stallMs);
  try {
    const part = await firstPart(req, limits, watch.failed);
    if (!part || part.type !== 'file' || part.fieldname !== 'file' || !part.filename) {
      part?.file?.resume();
      throw badRequest(RESOURCE_MSG.noFile);
    }
    if (hasRefusedCharacter(part.filename)) {
      part.file.resume();
      throw badRequest(INPUT_MSG.badCharacter, { name: 'filename' });
    }
    const originalName = path.basename(part.filename.replace(/\\/g, '/')).slice(0, 255) || 'file';
    const extension = extensionOf(originalName);
    if (!limits.extensions.has(extension)) {
      part.file.resume(); // drain, so the request completes
      throw badRequest(RESOURCE_MSG.badType, { ext: extension || originalName });
    }
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `${randomUUID()}.part`);
    const out = createWriteStream(tmp);
    // A stall destroys both ends (the form parser may already have dropped the source without a word):
    // the pipeline then closes the file before it settles.
    watch.failed.catch((err: unknown) => {
      part.file.destroy(err as Error);
      out.destroy(err as Error);
    });
    try {
      // Raced with the watch: on Node 24 a pipeline whose form-parser source was destroyed without
      // closing may never settle, so the watch's failure answers on its own.
      const written = pipeline(part.file, out);
      written.catch(() => undefined);
      await Promise.race([written, watch.failed]);
      if (part.file.truncated) throw badRequest(RESOURCE_MSG.tooLarge, { max: formatBytes(limits.maxBytes) });
      const { size } = await stat(tmp);
      return { path: tmp, size, contentType: contentTypeOf(extension), originalName, extension };
    } catch (err) {
      // The file's handle is closed before the file goes (the destroy above closes it).
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await rm(tmp, { force: true });
      if (err instanceof AppError) throw err;
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(RESOURCE_MSG.tooLarge, { max: formatBytes(limits.maxBytes) });
      throw badRequest(RESOURCE_MSG.uploadIncomplete);
    }
  } finally {
    watch.stop();
  }
}
