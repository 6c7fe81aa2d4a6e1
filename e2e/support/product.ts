import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const webDist = path.join(repoRoot, 'apps/web/dist');

/** The path of the first of `names` on the PATH. */
function onPath(names: string[]): string | undefined {
  for (const name of names) {
    try {
      const found = execFileSync('which', [name], { encoding: 'utf8' }).trim();
      if (found) return found;
    } catch {
      // not on PATH: try the next
    }
  }
  return undefined;
}

/**
 * The system's Chromium for the browser tests (never a downloaded browser): Debian's headless shell
 * where it is installed — the build Playwright itself runs headless; without the full browser's
 * interface a test costs about a sixth less CPU — else the full browser. E2E_CHROMIUM names another.
 */
export function chromiumPath(): string {
  return process.env.E2E_CHROMIUM ?? onPath(['chromium-headless-shell', 'chromium']) ?? '/usr/bin/chromium';
}

/** The full browser, as a user runs it: the benchmarks measure pages in it. */
export function fullChromiumPath(): string {
  return process.env.E2E_CHROMIUM ?? onPath(['chromium']) ?? '/usr/bin/chromium';
}

export function assertBuilt(): void {
  const missing = [
    ['apps/api/dist/app.js', 'npm run build -w packages/domain && npm run build -w apps/api'],
    ['apps/web/dist/index.html', 'npm run build -w apps/web'],
  ].filter(([file]) => !existsSync(path.join(repoRoot, file as string)));
  if (missing.length > 0) {
    throw new Error(`Build the product first:\n${missing.map(([f, cmd]) => `  ${f} is missing: ${cmd}`).join('\n')}`);
  }
}
