// A Vitest reporter that writes the tests which passed only on a retry to the file named by
// VITEST_RETRIED_FILE, for the test command's closing summary: a retry lets a correct test ride out
// a slow moment of a loaded machine, and this keeps it from hiding a flaky one.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriedReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const { flaky, retryCount } = testCase.diagnostic() ?? { flaky: false, retryCount: 0 };
    if (flaky && testCase.result().state === 'passed') {
      this.retried.push(`${path.relative(process.cwd(), testCase.module.moduleId)} › ${testCase.fullName} (retried ${retryCount}×)`);
    }
  }

  onTestRunEnd(): void {
    const file = process.env.VITEST_RETRIED_FILE;
    if (file) writeFileSync(file, JSON.stringify(this.retried, null, 2));
  }
}
