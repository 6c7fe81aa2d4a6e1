import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { isClientAbort, quietClientAborts } from './client-abort-log.js';

/** A logger with the hook, writing its lines into `lines`. */
function logger(lines: Record<string, unknown>[]) {
  const sink = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
  return pino({ level: 'info', hooks: { logMethod: quietClientAborts } }, sink);
}

describe('the log of a client that went away', () => {
  it('knows the early close of a stream by either library', () => {
    expect(isClientAbort(new Error('premature close'))).toBe(true);
    expect(isClientAbort(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }))).toBe(true);
    expect(isClientAbort(new Error('disk full'))).toBe(false);
    expect(isClientAbort('premature close')).toBe(false);
  });

  it('files a closed stream at info and keeps every other error an error', async () => {
    const lines: Record<string, unknown>[] = [];
    const log = logger(lines);
    log.error(new Error('premature close'));
    log.error(new Error('disk full'));
    log.error({ err: new Error('premature close') }, 'a request failed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [30, 'the client closed a streamed answer early'],
      [50, 'disk full'],
      [50, 'a request failed'],
    ]);
  });
});
