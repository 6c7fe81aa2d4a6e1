import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { RESOURCE_MSG } from '@alumni/domain';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../../core/errors.js';
import { contentTypeOf } from './content-types.js';
import type { ReceivedFile } from './object-store.js';

export interface Upload extends ReceivedFile {
  originalName: string;
  extension: string;
}

export interface UploadLimits {
  maxBytes: number;
  extensions: ReadonlySet<string>;
}

const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)}MB` : `${Math.round(n / 1024)}KB`);

/** The lower-case extension of a client's file name, or '' when it has none worth the name. */
export function extensionOf(fileName: string): string {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : '';
}

/**
 * Streams the multipart field `file` into a temporary file of the data folder, refusing a type not
 * allowed before reading it and a size over the limit while reading it (never holding it in memory).
 */
export async function receiveUpload(req: FastifyRequest, limits: UploadLimits, tmpDir: string): Promise<Upload> {
  const part = await req.file({ limits: { fileSize: limits.maxBytes, files: 1, fields: 10 } });
  if (!part || part.fieldname !== 'file') throw badRequest(RESOURCE_MSG.noFile);
  const originalName = path.basename(part.filename.replace(/\\/g, '/')).slice(0, 255) || 'file';
  const extension = extensionOf(originalName);
  if (!limits.extensions.has(extension)) {
    part.file.resume(); // drain, so the request completes
    throw badRequest(RESOURCE_MSG.badType, { ext: extension || originalName });
  }
  await mkdir(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `${randomUUID()}.part`);
  try {
    await pipeline(part.file, createWriteStream(tmp));
    if (part.file.truncated) throw badRequest(RESOURCE_MSG.tooLarge, { max: formatBytes(limits.maxBytes) });
    const { size } = await stat(tmp);
    return { path: tmp, size, contentType: contentTypeOf(extension), originalName, extension };
  } catch (err) {
    await rm(tmp, { force: true });
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(RESOURCE_MSG.tooLarge, { max: formatBytes(limits.maxBytes) });
    throw err;
  }
}
