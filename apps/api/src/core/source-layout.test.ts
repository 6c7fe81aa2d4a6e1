import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every .ts file under `folder`, as paths relative to the source root. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [path.relative(SOURCE_ROOT, full)] : [];
  });
}

describe('source layout', () => {
  it('keeps test support out of the shipped build: only tests and test support import it', () => {
    // The build leaves src/test-support out; a shipped file importing it pulls test-only code (and
    // Vitest's types) into the build, which then fails on a clean clone.
    const shipped = sourceFiles(SOURCE_ROOT)
      .filter((file) => !file.endsWith('.test.ts') && !file.startsWith(`test-support${path.sep}`));
    expect(shipped.length).toBeGreaterThan(100);
    const offenders = shipped.filter((file) => /from '[^']*test-support\//.test(readFileSync(path.join(SOURCE_ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
