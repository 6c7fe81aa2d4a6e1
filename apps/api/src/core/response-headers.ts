import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answers may be kept by caches: it sets its own `Cache-Control` or none at all. */
    cacheable?: boolean;
  }
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Headers every answer of the app carries unless its route set its own:
 * - `X-Frame-Options: SAMEORIGIN` and `Content-Security-Policy: frame-ancestors 'self'`: no other
 *   site shows the pages (or anything else) in a frame;
 * - on /api, `Cache-Control: no-store`: answers carry personal data (details, lists, exports of
 *   alumni, registrations, students, users), so neither the browser nor a proxy keeps them, unless
 *   the route opts in (`config.cacheable`) or sets its own (a downloaded file, a static asset).
 * Register on the root instance before the API and the web app.
 */
export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'SAMEORIGIN');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "frame-ancestors 'self'");
    if (isApi(req.url) && !reply.hasHeader('cache-control') && req.routeOptions.config?.cacheable !== true) reply.header('cache-control', 'no-store');
    return payload;
  });
}
