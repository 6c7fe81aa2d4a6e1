import { BENCH_LIMITS } from './sign-in.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ServerProcess {
  address: string;
  pid: number;
  /** Resident memory of the server process, in bytes. */
  rss(): number;
  stop(): Promise<void>;
}

/**
 * The compiled product (`apps/api/dist/server.js`, as `npm start` runs it) in a process of its own,
 * on an existing data folder (and `env`, e.g. a `DATABASE_URL`), so its memory is measured alone.
 */
export function startServerProcess(repoRoot: string, dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'apps/api/dist/server.js')], {
    // No web app unless `env` names its folder (WEB_DIR).
    env: { ...process.env, ...BENCH_LIMITS, WEB_DIR: '', ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /running at (http:\/\/[^\s]+)/.exec(out);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      const pid = child.pid as number;
      resolve({
        address: match[1],
        pid,
        rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
        stop: () => new Promise((done) => {
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
      });
    });
  });
}
