// Adds up the unit/API (Vitest) and browser (Playwright) results into one closing line.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
const [vitestFile, playwrightFile] = process.argv.slice(2);
if (vitestFile && existsSync(vitestFile)) {
  const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += (v.numFailedTests ?? 0);
  // A file can fail with no failed test (a hook that timed out, a file that did not load): its tests are
  // reported skipped, so it is counted and named here, or the line would read "0 failed" on a red run.
  const broken = (v.testResults ?? [])
    .filter((r) => r.status === 'failed' && !(r.assertionResults ?? []).some((a) => a.status === 'failed'))
    .map((r) => path.relative(process.cwd(), r.name));
  failed += broken.length;
  for (const file of broken) console.log(`failed outside its tests (a hook or loading): ${file}`);
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
if (playwrightFile && existsSync(playwrightFile)) {
  const p = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  failed += p.stats?.unexpected ?? 0;
  skipped += p.stats?.skipped ?? 0;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
