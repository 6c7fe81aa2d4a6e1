import { spawn, type ChildProcess } from 'node:child_process';
import type { Config } from '../config.js';
import { apiEntryArgs } from './api-entry.js';
import { freePort } from './free-port.js';

/** A second API process on a test app's PostgreSQL database. */
export interface SecondServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  stop(): void;
}

/**
 * Starts the API (its build in the test command, else the sources) in a process of its own on the test app's PostgreSQL database,
 * data folder (so the same token secret and keys), job schema and Redis, and waits until it serves.
 */
export async function startSecondServer(config: Config, env: Record<string, string> = {}): Promise<SecondServer> {
  if (config.database.kind !== 'postgres') throw new Error('a second API process needs PostgreSQL');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, apiEntryArgs('server'), {
    env: {
      ...(process.env as Record<string, string>), DATA_DIR: config.dataDir, DATABASE_URL: config.database.url, DATABASE_POOL_SIZE: '10',
      HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SEED_DEMO: 'false', JOB_SCHEMA: config.jobs.schema,
      ...(config.outboundAllow.text ? { OUTBOUND_ALLOW: config.outboundAllow.text } : {}),
      ...(config.redisUrl ? { REDIS_URL: config.redisUrl, REDIS_KEY_PREFIX: config.redisKeyPrefix } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => { output += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { output += d.toString(); });
  const stop = () => { if (child.exitCode === null) child.kill('SIGKILL'); };
  const deadline = Date.now() + 240_000;
  while (!output.includes('is running at')) {
    if (child.exitCode !== null) throw new Error(`the second server stopped:\n${output}`);
    if (Date.now() > deadline) {
      stop();
      throw new Error(`the second server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin: `http://127.0.0.1:${port}`, stop };
}
