import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** The OpenAPI document of every route, at /api/docs/json, with a reading page at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, tokenHeader: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Alumni back-office API', version: '1.0.0', description: 'Every answer is R = {code, success, data, msg} unless noted. Sign in at /api/blade-auth/oauth/token; send `' + tokenHeader + ': bearer <token>`.' },
      components: {
        securitySchemes: {
          bladeAuth: { type: 'apiKey', in: 'header', name: tokenHeader, description: 'bearer <access token>' },
          client: { type: 'http', scheme: 'basic', description: 'OAuth client id and secret' },
        },
      },
      security: [{ bladeAuth: [] }],
    },
  });
  // The page at `/api/docs` (no trailing slash) names its assets from the root: the plugin sees only
  // its own prefix, so the `/api` of the instance it is registered in is handed to it.
  await app.register(swaggerUi, { routePrefix: '/docs', indexPrefix: app.prefix, uiConfig: { docExpansion: 'list' } });
  // The API-docs menu opens this address in the embedded-page route.
  app.get('/docs/index.html', { config: { public: true }, schema: { hide: true } }, (_req, reply) => reply.redirect('/api/docs/'));
}
