import { t } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireCaller } from '../core/caller.js';
import { ok } from '../core/envelope.js';
import { badRequest } from '../core/errors.js';
import { originOf } from './request-origin.js';

const clientLogs = z.array(z.object({
  type: z.string().max(64).optional(),
  url: z.string().max(1000).optional(),
  message: z.string().max(4000).optional(),
  stack: z.string().max(20000).optional(),
  info: z.string().max(4000).optional(),
  time: z.union([z.string(), z.number()]).optional(),
})).min(1).max(100);

const BAD_LOGS = t('日志格式不正确', 'The logs are not in the expected form');

/** Client error logs uploaded by the shell's log dialog; stored as error-log rows of source `client`. */
export function registerLogRoutes(api: FastifyInstance): void {
  api.post('/blade-log/error/client', {
    schema: { tags: ['Error log (错误日志)'], summary: 'Upload client error logs: [{type, url, message, stack, info, time}]' },
  }, async (req) => {
    requireCaller(req.caller);
    const parsed = clientLogs.safeParse(req.body);
    if (!parsed.success) throw badRequest(BAD_LOGS);
    const origin = originOf(req, false);
    for (const entry of parsed.data) {
      api.services.logs.error(origin, {
        source: 'client', exceptionName: entry.type ?? 'error', message: entry.message ?? '', stackTrace: entry.stack ?? null,
        pageUrl: entry.url ?? null, info: [entry.info, entry.time === undefined ? null : `time: ${entry.time}`].filter(Boolean).join('\n') || null,
      });
    }
    await api.services.logs.flush();
    return ok(true, req.lang);
  });
}
