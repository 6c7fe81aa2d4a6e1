// Adds up the unit/API (Vitest) and browser (Playwright) results into one closing line, preceded by the
// name of every test that failed (or passed only on a retry), so the end of a long log says what broke.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const flaky = [];
// Usage: summarize-tests.mjs <vitest.json>[=<label>] <playwright.json> <vitest-retried.json> [<vitest.json>=<label> <retried.json>]...
// Each further pair is another Vitest run (the tests on another Node), its tests named with its label.
const [firstRun, playwrightFile, vitestRetriedFile, ...moreRuns] = process.argv.slice(2);
const [vitestFile, firstLabel = ''] = (firstRun ?? '').split('=');
const runs = [[vitestFile, firstLabel, vitestRetriedFile]];
for (let i = 0; i < moreRuns.length; i += 2) {
  const [file, label = ''] = moreRuns[i].split('=');
  runs.push([file, label, moreRuns[i + 1]]);
}
const lines = [];

for (const [file, label, retried] of runs) {
  if (!file) continue;
  if (!existsSync(file)) {
    if (label) {
      failed += 1;
      failures.push(`${label}: the run left no results (${file})`);
    }
    continue;
  }
  const before = { passed, failed, skipped };
  summarizeVitest(file, label ? `[${label}] ` : '');
  if (retried && existsSync(retried)) flaky.push(...JSON.parse(readFileSync(retried, 'utf8')).map((t) => (label ? `[${label}] ${t}` : t)));
  if (label) lines.push(`${label}: ${passed - before.passed} passed, ${failed - before.failed} failed, ${skipped - before.skipped} skipped`);
}

function summarizeVitest(vitestFile, prefix) {
  const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  for (const file of v.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name);
    const assertions = file.assertionResults ?? [];
    for (const a of assertions) {
      const title = a.fullName ?? [...(a.ancestorTitles ?? []), a.title].join(' › ');
      if (a.status === 'failed') failures.push(`${prefix}${name} › ${title}: ${firstLine(a.failureMessages?.[0])}`);
    }
    // A file can fail with no failed test (a hook that timed out, a file that did not load): its tests are
    // reported skipped, so it is counted and named here, or the line would read "0 failed" on a red run.
    if (file.status === 'failed' && !assertions.some((a) => a.status === 'failed')) {
      failed += 1;
      failures.push(`${prefix}${name} (outside its tests, a hook or loading): ${firstLine(file.message)}`);
    }
  }
}

if (playwrightFile && existsSync(playwrightFile)) {
  const p = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  failed += p.stats?.unexpected ?? 0;
  skipped += p.stats?.skipped ?? 0;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const title = `e2e/tests/${spec.file} › ${[...titles, spec.title].join(' › ')}`;
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message;
          failures.push(`${title}: ${firstLine(error)}`);
        } else if (test.status === 'flaky') flaky.push(title);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
  };
  for (const suite of p.suites ?? []) walk(suite, []);
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  const line = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

if (flaky.length) console.log(`\nPassed on a retry:\n${flaky.map((f) => `  ${f}`).join('\n')}`);
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
if (lines.length) console.log(`\nOf these, ${lines.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
