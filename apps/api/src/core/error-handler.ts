import { MSG, QueryError, maskPersonalText } from '@alumni/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { failure } from './envelope.js';
import { originOf } from '../logs/request-origin.js';
import { AppError } from './errors.js';

/**
 * The one place failures become answers: typed errors carry their envelope code; anything else is
 * a 500 that hides its details and is logged with the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | QueryError | Error, req, reply) => {
    const lang = req.lang ?? 'zh'; // unset when the failure came before the API's hooks ran
    if (error instanceof AppError) {
      return reply.code(error.code).send(failure(error.code, error.messageIn(lang), error.data));
    }
    if (error instanceof QueryError) {
      return reply.code(400).send(failure(400, error.message_(lang)));
    }
    const status = (error as FastifyError).statusCode;
    if (status === 415) return reply.code(415).send(failure(415, MSG.unsupportedMediaType[lang]));
    if (status === 405) return reply.code(405).send(failure(405, MSG.methodNotAllowed[lang]));
    if (status === 429) return reply.code(429).send(failure(429, MSG.tooManyRequests[lang]));
    if (status && status >= 400 && status < 500) {
      return reply.code(400).send(failure(400, MSG.badRequest[lang]));
    }
    // A driver's or a library's message may quote the values it was given: the process log and the
    // error log keep it with the personal data in it masked, like every other log.
    const message = maskPersonalText(error.message);
    const stack = error.stack ? maskPersonalText(error.stack) : null;
    req.log.error({ err: Object.assign(new Error(message), { name: error.name, stack }), requestId: req.id }, 'request failed');
    app.services?.logs.error(originOf(req), { source: 'server', exceptionName: error.name, message, stackTrace: stack });
    return reply.code(500).send(failure(500, `${MSG.serverError[lang]} (${req.id})`, { requestId: req.id }));
  });
}
