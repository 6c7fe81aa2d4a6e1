import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';

const workerScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../worker.ts');

/**
 * Worker processes (`npm run worker`, from the sources) on the database and job queue of a test app,
 * for the crash tests of the pushes: each runs the jobs with the given lease, and every one started
 * is killed by `killAll` when the test file ends.
 */
export class WorkerProcesses {
  private readonly children: ChildProcess[] = [];

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
    const child = spawn(process.execPath, ['--import', 'tsx', workerScript], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    this.children.push(child);
    return child;
  }

  killAll(): void {
    for (const child of this.children) if (child.exitCode === null) child.kill('SIGKILL');
  }
}
