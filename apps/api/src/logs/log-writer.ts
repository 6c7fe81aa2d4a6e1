import { logApiEntity, logErrorEntity, logUsualEntity, maskPersonalText, type EntityDef } from '@alumni/domain';
import type { FastifyBaseLogger } from 'fastify';
import { hostname, networkInterfaces } from 'node:os';
import { ids } from '../core/ids.js';
import { now } from '../core/time.js';
import type { Db } from '../db/database.js';
import { valuesToColumns } from '../db/row-mapping.js';

export interface LogOrigin {
  tenantId: string;
  userId?: string | null;
  createBy?: string | null;
  requestUri?: string | null;
  method?: string | null;
  remoteIp?: string | null;
  userAgent?: string | null;
  params?: string | null;
  requestId?: string | null;
}

/** The server a log row comes from, as BladeX's log tables record it. */
export interface LogServer {
  serverHost: string;
  serverIp: string;
  env: string;
}

/** This server: its host name, its first external address (IPv4 before IPv6) and the environment it runs in. */
export function logServer(env: string): LogServer {
  const addresses = Object.values(networkInterfaces()).flatMap((list) => list ?? []).filter((a) => !a.internal);
  const address = addresses.find((a) => a.family === 'IPv4') ?? addresses[0];
  return { serverHost: hostname() || 'localhost', serverIp: address?.address ?? '127.0.0.1', env: env || 'default' };
}

type Values = Record<string, string | number | null | undefined>;

const FLUSH_MS = 1000;
const MAX_QUEUE = 10_000;
const BATCH = 500;

/**
 * Writes the API, error and usual logs off the request's hot path: entries wait in a queue that is
 * written in batches, one transaction each, every second (and when the process closes).
 */
export class LogWriter {
  private queue: { entity: EntityDef; row: Record<string, unknown> }[] = [];
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | null = null;

  constructor(private readonly db: Db, private readonly log: FastifyBaseLogger, private readonly server: LogServer = logServer('default')) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  api(origin: LogOrigin, values: { title: string; statusCode: number; time: number }): void {
    this.push(logApiEntity, origin, values);
  }

  error(origin: LogOrigin, values: { source: 'server' | 'client'; exceptionName: string; message: string; stackTrace?: string | null; pageUrl?: string | null; info?: string | null }): void {
    this.push(logErrorEntity, origin, values);
  }

  usual(origin: LogOrigin, values: { logId: string; logData: string; logLevel?: string }): void {
    this.push(logUsualEntity, origin, { logLevel: 'info', ...values });
  }

  private push(entity: EntityDef, origin: LogOrigin, values: Values) {
    if (this.queue.length >= MAX_QUEUE) return; // the database is far behind: drop rather than exhaust memory
    const stamp = now();
    const row: Record<string, unknown> = {
      id: ids.next(), tenantId: origin.tenantId, createUser: origin.userId ?? null, createTime: stamp,
      updateUser: origin.userId ?? null, updateTime: stamp, status: 1, isDeleted: 0,
      createBy: clip(origin.createBy, 64), requestUri: clip(origin.requestUri, 255), method: origin.method ?? null,
      remoteIp: origin.remoteIp ?? null, userAgent: clip(origin.userAgent, 1000), params: clip(origin.params, 20000),
      requestId: origin.requestId ?? null,
      serverHost: this.server.serverHost.slice(0, 255), serverIp: this.server.serverIp.slice(0, 255), env: this.server.env.slice(0, 255),
    };
    for (const [key, value] of Object.entries(values)) {
      const field = entity.fields[key];
      row[key] = typeof value === 'string' ? clip(value, field && 'max' in field && typeof field.max === 'number' ? field.max : Infinity) : (value ?? null);
    }
    // PostgreSQL's text holds no NUL character, and one refused entry would lose its whole batch.
    for (const [key, value] of Object.entries(row)) if (typeof value === 'string' && value.includes('\u0000')) row[key] = value.replaceAll('\u0000', '\uFFFD');
    this.queue.push({ entity, row });
  }

  /** Writes what is queued; resolves when it is stored. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return;
    const batch = this.queue.splice(0, BATCH);
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
    if (this.queue.length) await this.flush();
  }

  private async write(batch: { entity: EntityDef; row: Record<string, unknown> }[]) {
    try {
      await this.db.transaction().execute(async (tx) => {
        for (const { entity, row } of batch) await tx.insertInto(entity.table).values(valuesToColumns(row)).execute();
      });
    } catch (err) {
      this.log.error({ err }, 'could not write log entries');
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

/**
 * A text of an entry as it is kept: an ID number, a phone or an e-mail address in it (a path, a
 * message, a stack, an event's data) masked, then cut to `max` characters.
 */
function clip(value: string | null | undefined, max: number): string | null {
  if (value === null || value === undefined) return null;
  const text = maskPersonalText(value);
  return text.length > max ? text.slice(0, max) : text;
}
