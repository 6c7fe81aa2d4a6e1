import path from 'node:path';
import multipart from '@fastify/multipart';
import { FILE_DOWNLOAD_PARAM, FILE_LINK_PARAMS, MSG, RESOURCE_PATHS, type FileLinksResult } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../../core/caller.js';
import { ok } from '../../../core/envelope.js';
import { badRequest, notFound, unauthorized } from '../../../core/errors.js';
import { contentTypeOf, showsInline } from './content-types.js';
import { FileLinkSigner } from './file-links.js';
import { receiveUpload } from './receive-upload.js';

const tags = ['Resources (资源)'];

/** At most this many links are signed by one call (a page of photos). */
const MAX_LINKS = 500;

/**
 * put-file (multipart, any signed-in caller) and the download of stored files. Image URLs cannot
 * send the token header, so the download also opens with a short-lived signed link that
 * `file-links` issues to a signed-in caller (decision 238); no token ever rides in a URL.
 */
export async function registerFileRoutes(app: FastifyInstance): Promise<void> {
  const { config, resources: { files } } = app.services;
  const signer = new FileLinkSigner(config.tokenSecret);
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

  app.post(RESOURCE_PATHS.fileLinks, {
    schema: {
      tags, summary: 'Signs stored file links for the caller: each opens the file for a few minutes without a token',
      body: { type: 'object', properties: { links: { type: 'array', items: { type: 'string', maxLength: 2000 }, maxItems: MAX_LINKS } }, required: ['links'] },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    // A multipart body (this scope parses multipart for put-file) reaches here unvalidated: refused alike.
    const links = (req.body as { links?: unknown } | undefined)?.links;
    if (!Array.isArray(links) || links.some((l) => typeof l !== 'string')) throw badRequest(MSG.badRequest);
    const answer: FileLinksResult = { links: {}, expiresIn: signer.seconds };
    for (const link of links as string[]) answer.links[link] = signer.sign(link, caller);
    return ok(answer, req.lang);
  });

  app.get(RESOURCE_PATHS.getFile, {
    config: { public: true },
    schema: {
      tags, summary: 'A stored file; the token comes in the token header (Blade-Auth unless configured), or the link is signed (file-links); download=1 saves it instead of showing it',
      querystring: {
        type: 'object', required: ['name'],
        properties: { name: { type: 'string' }, [FILE_DOWNLOAD_PARAM]: { type: 'string' }, ...Object.fromEntries(Object.values(FILE_LINK_PARAMS).map((p) => [p, { type: 'string' }])) },
      },
    },
  }, async (req, reply) => {
    const query = req.query as Record<string, string | undefined>;
    let tenantId = req.caller?.tenantId;
    if (!tenantId) {
      if (!query[FILE_LINK_PARAMS.signature]) throw unauthorized(MSG.tokenMissing);
      const holder = signer.verify(query);
      if (!holder) throw unauthorized(MSG.tokenInvalid);
      tenantId = holder.tenantId;
    }
    const found = await files.open(tenantId, String(query.name ?? ''));
    if (!found) throw notFound();
    const extension = String(found.attach.extension ?? '');
    // An image or a PDF shows in the browser, unless the download was asked for (the attachments' 下载).
    const disposition = showsInline(extension) && query[FILE_DOWNLOAD_PARAM] !== '1' ? 'inline' : 'attachment';
    reply.header('content-type', contentTypeOf(extension))
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(String(found.attach.originalName ?? 'file'))}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', 'private, max-age=3600');
    if (found.object.size !== null) reply.header('content-length', found.object.size);
    return reply.send(found.object.stream);
  });
}
