import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The arguments of `node` that start one of the API's entry points (`server`, `worker`) in a process
 * of its own: the build the test command has just made (it sets TEST_BUILT_API=1 after building),
 * else the sources through tsx. A start from the sources compiles the whole API again, several
 * seconds of a core for each process the crash and lease tests start.
 */
export function apiEntryArgs(entry: 'server' | 'worker'): string[] {
  const built = path.join(api, 'dist', `${entry}.js`);
  if (process.env.TEST_BUILT_API === '1' && existsSync(built)) return ['--enable-source-maps', built];
  return ['--import', 'tsx', path.join(api, 'src', `${entry}.ts`)];
}
