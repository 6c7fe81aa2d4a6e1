import type { FastifyInstance } from 'fastify';
import { originOf } from './request-origin.js';

/** Reads slower than this are logged like writes. */
const SLOW_MS = 1000;

/**
 * The API log: every call that changes something (not GET), and every read that failed on the
 * server or was slow. Plain reads are the bulk of the traffic and say nothing an audit needs.
 */
export function registerApiLog(api: FastifyInstance): void {
  const { logs } = api.services;
  api.addHook('onResponse', async (req, reply) => {
    if (req.url.startsWith('/api/docs')) return;
    const time = Math.round(reply.elapsedTime);
    if (req.method === 'GET' && reply.statusCode < 500 && time < SLOW_MS) return;
    logs.api(originOf(req), { title: req.routeOptions.schema?.summary ?? req.routeOptions.url ?? req.url, statusCode: reply.statusCode, time });
  });
}
