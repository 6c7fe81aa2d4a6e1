import path from 'node:path';
import multipart from '@fastify/multipart';
import { FILE_TOKEN_PARAM, MSG, RESOURCE_PATHS } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { callerFromToken } from '../../../auth/auth-hook.js';
import { requireCaller } from '../../../core/caller.js';
import { ok } from '../../../core/envelope.js';
import { notFound, unauthorized } from '../../../core/errors.js';
import { contentTypeOf, showsInline } from './content-types.js';
import { receiveUpload } from './receive-upload.js';

const tags = ['Resources (资源)'];

/**
 * put-file (multipart, any signed-in caller) and the download of stored files. The download is the
 * one route that takes the token from the query (`blade-auth`), because image URLs cannot send headers.
 */
export async function registerFileRoutes(app: FastifyInstance): Promise<void> {
  const { config, tokens, resources: { files } } = app.services;
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1 } });
  const tmpDir = path.join(config.dataDir, 'tmp');

  app.post(RESOURCE_PATHS.putFile, {
    schema: { tags, summary: 'Upload one file (multipart field `file`); answers {link, domain, name, originalName, attachId}', consumes: ['multipart/form-data'] },
  }, async (req, reply) => {
    const caller = requireCaller(req.caller);
    const limits = { maxBytes: config.uploadMaxBytes, extensions: config.uploadExtensions, stallMs: config.uploadStallSeconds * 1000 };
    let upload;
    try {
      upload = await receiveUpload(req, limits, tmpDir);
    } catch (err) {
      // The rest of a refused body is not read: the connection closes after the answer.
      reply.header('connection', 'close');
      throw err;
    }
    return ok(await files.put(caller, upload), req.lang);
  });

  app.get(RESOURCE_PATHS.getFile, {
    config: { public: true },
    schema: {
      tags, summary: `A stored file; the token comes in the token header (Blade-Auth unless configured) or the ${FILE_TOKEN_PARAM} query parameter`,
      querystring: { type: 'object', properties: { name: { type: 'string' }, [FILE_TOKEN_PARAM]: { type: 'string' } }, required: ['name'] },
    },
  }, async (req, reply) => {
    const query = req.query as Record<string, string | undefined>;
    let caller = req.caller;
    if (!caller) {
      const token = query[FILE_TOKEN_PARAM];
      const result = await callerFromToken(tokens, token ? `bearer ${token}` : undefined);
      if (typeof result !== 'object') throw unauthorized(result === 'missing' ? MSG.tokenMissing : MSG.tokenInvalid);
      caller = result;
    }
    const found = await files.open(caller.tenantId, String(query.name ?? ''));
    if (!found) throw notFound();
    const extension = String(found.attach.extension ?? '');
    const disposition = showsInline(extension) ? 'inline' : 'attachment';
    reply.header('content-type', contentTypeOf(extension))
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(String(found.attach.originalName ?? 'file'))}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', 'private, max-age=3600');
    if (found.object.size !== null) reply.header('content-length', found.object.size);
    return reply.send(found.object.stream);
  });
}
