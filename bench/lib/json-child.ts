import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Runs a load generator of this folder in a process of its own (so it does not share the event loop
 * of what it measures) with a JSON spec, and answers the JSON of its last output line.
 */
export function runJsonChild<T>(script: string, spec: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, script), JSON.stringify(spec)], {
      cwd: path.dirname(here), stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    child.on('error', reject);
    child.on('close', (status) => {
      if (status !== 0) return reject(new Error(`${script} exited with ${status}`));
      resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as T);
    });
  });
}
