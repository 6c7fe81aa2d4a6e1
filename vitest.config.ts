import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // Tests run the domain package from its sources, so no build is needed first.
    alias: { '@alumni/domain': fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['scripts/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    // One migrated and seeded database per dialect and run, copied for each test app (decision 225).
    globalSetup: ['apps/api/src/test-support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One retry on CI, where the browser tests load the same two cores: the test command's summary
    // names every test that passed only on its retry (scripts/vitest-retried-reporter.ts, decision 199).
    retry: process.env.CI ? 1 : 0,
    pool: 'forks',
    // Two test files at a time even on two cores: most of the time goes to waiting on the databases,
    // the job queue's timers and child processes, not to the CPU (decision 181).
    maxWorkers: 2,
  },
});
