import { spawn, type ChildProcess } from 'node:child_process';
import type { Config } from '../config.js';
import { apiEntryArgs } from './api-entry.js';

/**
 * Worker processes (`npm run worker`) on the database and job queue of a test app,
 * for the crash tests of the pushes: each runs the jobs with the given lease, and every one started
 * is killed by `killAll` when the test file ends.
 */
export class WorkerProcesses {
  private readonly children: ChildProcess[] = [];
  /** The end of what the workers wrote to stderr, for a failing test's message. */
  private written = '';

  constructor(private readonly config: () => Config, private readonly leaseSeconds: number) {}

  start(): ChildProcess {
    const config = this.config();
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>), DATA_DIR: config.dataDir, LOG_LEVEL: 'error', JOB_RUN: 'true',
      JOB_LEASE_SECONDS: String(this.leaseSeconds), JOB_RETRY_DELAY_SECONDS: '0', JOB_POLL_MS: '200',
      JOB_SCHEMA: config.jobs.schema, SEED_DEMO: 'false',
    };
    // The worker reaches the test's own services as the app does (decision 209).
    if (config.outboundAllow.text) env.OUTBOUND_ALLOW = config.outboundAllow.text;
    if (config.database.kind === 'postgres') {
      env.DATABASE_URL = config.database.url;
      env.DATABASE_POOL_SIZE = '4';
    }
    const child = spawn(process.execPath, apiEntryArgs('worker'), { env, stdio: ['ignore', 'ignore', 'pipe'] });
    // Read, always: on Linux a process writing to a full pipe nobody reads waits for ever.
    const name = `worker ${this.children.length + 1} (pid ${child.pid ?? '?'})`;
    child.stderr?.on('data', (d: Buffer) => { this.written = `${this.written}[${name}] ${d.toString()}`.slice(-20_000); });
    child.once('exit', (code, signal) => { this.written = `${this.written}[${name}] exited (${signal ?? code})\n`.slice(-20_000); });
    this.children.push(child);
    return child;
  }

  /** What the workers wrote to stderr and how they ended, the last 20,000 characters. */
  output(): string {
    return this.written || '(nothing)';
  }

  killAll(): void {
    for (const child of this.children) if (child.exitCode === null) child.kill('SIGKILL');
  }
}
