import type { FastifyInstance } from 'fastify';
import { originOf } from './request-origin.js';

/** Reads slower than this are logged like writes. */
const SLOW_MS = 1000;

/**
 * The API log: every call that changes something (not GET), and every read that failed on the
 * server or was slow. Plain reads are the bulk of the traffic and say nothing an audit needs.
 */
export function registerApiLog(api: FastifyInstance): void {
  const { logs, routeTitles } = api.services;
  // Routes registered after this hook (all of them) are named for the log.
  api.addHook('onRoute', (route) => routeTitles.add(route.method, route.url, route.schema?.tags as string[] | undefined));
  api.addHook('onResponse', async (req, reply) => {
    if (req.url.startsWith('/api/docs')) return;
    const time = Math.round(reply.elapsedTime);
    if (req.method === 'GET' && reply.statusCode < 500 && time < SLOW_MS) return;
    const title = routeTitles.of(req.method, req.routeOptions.url ?? '', 'zh') ?? req.routeOptions.url ?? req.url.split('?')[0] ?? req.url;
    logs.api(originOf(req), { title, statusCode: reply.statusCode, time });
  });
}
