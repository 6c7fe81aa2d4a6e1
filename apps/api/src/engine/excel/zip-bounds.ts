import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { t } from '@alumni/domain';
import { AppError, badRequest } from '../../core/errors.js';

/**
 * What an uploaded workbook may expand to (an .xlsx is a zip of XML files). A real import sheet of
 * 20,000 rows is a few tens of MB of XML; a crafted one of 1.5 MB can declare hundreds of MB.
 */
export interface ZipLimits {
  /** Files in the zip (a workbook has a dozen or two). */
  entries: number;
  /** Uncompressed bytes of any one file. */
  entryBytes: number;
  /** Uncompressed bytes of all files together. */
  totalBytes: number;
  /** Uncompressed to compressed, for a file over `ratioFromBytes` uncompressed. */
  ratio: number;
  ratioFromBytes: number;
}

export const ZIP_LIMITS: ZipLimits = {
  entries: 500,
  entryBytes: 64 * 1024 * 1024,
  totalBytes: 128 * 1024 * 1024,
  ratio: 400,
  ratioFromBytes: 4 * 1024 * 1024,
};

export const ZIP_MSG = {
  notZip: t('无法读取文件，请上传 Excel (.xlsx) 文件', 'The file cannot be read: upload an Excel (.xlsx) file'),
  tooLarge: t('文件解压后过大（超过 {max} MB），请分批导入', 'The file expands to more than {max} MB: import it in parts'),
  tooManyEntries: t('文件结构异常（包含超过 {max} 个部件），请使用导入模板', 'The file is malformed (more than {max} parts): use the import template'),
  ratio: t('文件压缩比异常，可能是恶意构造的文件，已拒绝', 'The file compresses far more than a workbook does and may be crafted: it was refused'),
} as const;

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const EOCD_SEARCH = 22 + 0xffff;

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressed: number;
  size: number;
  offset: number;
}

const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The zip's central directory: every file with its declared sizes, or null when it is no zip. */
async function centralDirectory(file: string, limits: ZipLimits): Promise<Entry[] | null> {
  const handle = await open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const tailLength = Math.min(fileSize, EOCD_SEARCH);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, fileSize - tailLength);
    let end = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        end = i;
        break;
      }
    }
    if (end < 0) return null;
    // A zip64 end record would only be needed past 65,535 files or 4 GB: no workbook under the upload limit.
    if (end >= 20 && tail.readUInt32LE(end - 20) === ZIP64_LOCATOR_SIGNATURE) return null;
    const count = tail.readUInt16LE(end + 10);
    const cdSize = tail.readUInt32LE(end + 12);
    const cdOffset = tail.readUInt32LE(end + 16);
    if (count > limits.entries) throw badRequest(ZIP_MSG.tooManyEntries, { max: limits.entries });
    if (cdOffset + cdSize > fileSize - tailLength + end) return null;
    const cd = Buffer.alloc(cdSize);
    await handle.read(cd, 0, cdSize, cdOffset);
    const entries: Entry[] = [];
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (at + 46 > cd.length || cd.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
      const nameLength = cd.readUInt16LE(at + 28);
      const extraLength = cd.readUInt16LE(at + 30);
      const commentLength = cd.readUInt16LE(at + 32);
      const entry: Entry = {
        flags: cd.readUInt16LE(at + 8),
        method: cd.readUInt16LE(at + 10),
        compressed: cd.readUInt32LE(at + 20),
        size: cd.readUInt32LE(at + 24),
        offset: cd.readUInt32LE(at + 42),
        name: cd.toString('utf8', at + 46, at + 46 + nameLength),
      };
      // 0xFFFFFFFF defers a size to a zip64 field: more than 4 GB, or a writer hiding one.
      if (entry.compressed === 0xffffffff || entry.size === 0xffffffff || entry.offset === 0xffffffff) return null;
      entries.push(entry);
      at += 46 + nameLength + extraLength + commentLength;
    }
    // The readers parse the zip front to back by its local headers: each file must start where the
    // central directory says, with nothing hidden between files (a data descriptor of up to 24 bytes aside).
    const local = Buffer.alloc(30);
    let expected = 0;
    for (const entry of [...entries].sort((a, b) => a.offset - b.offset)) {
      const gap = entry.offset - expected;
      if (gap < 0 || gap > 24) return null;
      await handle.read(local, 0, 30, entry.offset);
      if (local.readUInt32LE(0) !== LOCAL_SIGNATURE || local.readUInt16LE(8) !== entry.method) return null;
      const dataStart = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      expected = dataStart + entry.compressed;
      (entry as Entry & { dataStart: number }).dataStart = dataStart;
    }
    if (cdOffset - expected < 0 || cdOffset - expected > 24) return null;
    return entries;
  } finally {
    await handle.close();
  }
}

/** The bytes a deflated file really expands to, counted as it inflates and stopped past `limit`. */
function inflatedBytes(file: string, start: number, compressed: number, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    if (compressed === 0) return resolve(0);
    const source = createReadStream(file, { start, end: start + compressed - 1 });
    const inflate = createInflateRaw();
    let bytes = 0;
    let done = false;
    const finish = (value: number | Error) => {
      if (done) return;
      done = true;
      source.destroy();
      inflate.destroy();
      if (value instanceof Error) reject(value);
      else resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) finish(bytes);
    });
    inflate.on('end', () => finish(bytes));
    inflate.on('error', (err) => finish(err));
    source.on('error', (err) => finish(err));
    source.pipe(inflate);
  });
}

/**
 * Checks an uploaded .xlsx before any parser opens it: its central directory's file count, each
 * file's uncompressed size, their total and the compression ratio; then each file is inflated (and
 * thrown away) to prove it expands to no more than it declares. Over a limit is a 400; a file that
 * is no zip, or one whose parts are not where its directory says, is the "cannot be read" 400.
 */
export async function checkZipBounds(file: string, limits: ZipLimits = ZIP_LIMITS): Promise<void> {
  const entries = await centralDirectory(file, limits).catch((err: unknown) => {
    if (err instanceof AppError) throw err;
    return null; // read past its own end: no zip
  });
  if (!entries || entries.length === 0) throw badRequest(ZIP_MSG.notZip);
  let total = 0;
  for (const entry of entries) {
    if (entry.method !== 0 && entry.method !== 8) throw badRequest(ZIP_MSG.notZip);
    if (entry.method === 0 && entry.size !== entry.compressed && (entry.flags & 8) === 0) throw badRequest(ZIP_MSG.notZip);
    if (entry.size > limits.entryBytes) throw badRequest(ZIP_MSG.tooLarge, { max: MB(limits.entryBytes) });
    total += entry.size;
    if (total > limits.totalBytes) throw badRequest(ZIP_MSG.tooLarge, { max: MB(limits.totalBytes) });
    if (entry.size > limits.ratioFromBytes && entry.size > entry.compressed * limits.ratio) throw badRequest(ZIP_MSG.ratio);
  }
  for (const entry of entries) {
    if (entry.method !== 8) continue;
    const start = (entry as Entry & { dataStart: number }).dataStart;
    const real = await inflatedBytes(file, start, entry.compressed, entry.size).catch(() => null);
    if (real === null) throw badRequest(ZIP_MSG.notZip);
    // More than declared: the directory lies about what the parser would meet.
    if (real > entry.size) throw badRequest(ZIP_MSG.ratio);
  }
}
