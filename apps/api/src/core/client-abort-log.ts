import type { Logger, LogFn } from 'pino';

/** The error a stream raises when its reader went away before the end: `end-of-stream`'s, or Node's own. */
export function isClientAbort(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  return value.message === 'premature close' || (value as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/**
 * A pino `logMethod` hook: an answer streamed through compression (an export, a zip, a large list)
 * whose client closed the page or cancelled the download is logged as an error by the compression
 * plugin. Nothing failed on the server's side, so it is filed at `info`, as Fastify files an
 * uncompressed stream closed early; every other error is logged as it is.
 */
export function quietClientAborts(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number): void {
  if (level >= 50 && isClientAbort(args[0])) {
    this.info({ reason: (args[0] as Error).message }, 'the client closed a streamed answer early');
    return;
  }
  method.apply(this, args);
}
