import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers above the threshold for clients that accept it (brotli, else gzip). Brotli runs
 * at quality 4: close to gzip's speed with smaller output, since API answers are compressed on every
 * request. The web app's files are compressed once at build time and served as they are
 * (`@fastify/static`'s `preCompressed`); an answer that already has a `content-encoding` is left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
