import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const webDist = path.join(repoRoot, 'apps/web/dist');

/** The system's Chromium (never a downloaded browser). */
export function chromiumPath(): string {
  try {
    const found = execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim();
    if (found) return found;
  } catch {
    // not on PATH: fall back to the distribution's location
  }
  return '/usr/bin/chromium';
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
