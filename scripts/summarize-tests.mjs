// Adds up the unit/API (Vitest) and browser (Playwright) results into one closing line.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const [vitestFile, playwrightFile] = process.argv.slice(2);
if (vitestFile && existsSync(vitestFile)) {
  const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += (v.numFailedTests ?? 0);
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
if (playwrightFile && existsSync(playwrightFile)) {
  const p = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  failed += p.stats?.unexpected ?? 0;
  skipped += p.stats?.skipped ?? 0;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
