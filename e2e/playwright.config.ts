import { defineConfig } from '@playwright/test';
import { chromiumPath } from './support/product';

// The whole suite (CI, or the test command, which sets E2E_FULL_RUN) retries a failed test once and
// records a trace of that retry only: recording every test doubled the browser's and the runner's
// work for traces that were thrown away on a pass (decision 279). A run of chosen specs keeps a
// trace of each failure and no retry.
const fullRun = process.env.CI === 'true' || process.env.E2E_FULL_RUN === '1';

export default defineConfig({
  testDir: './tests',
  workers: 1,
  fullyParallel: false,
  // Generous limits: a slow, shared CI machine must not turn a correct page into a failure.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // One retry in a full run: a test that passes on its retry is reported as flaky, not hidden.
  retries: fullRun ? 1 : 0,
  // The JSON report feeds the test command's closing summary line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  outputDir: './test-results',
  use: {
    // Set by the global setup; workers inherit the environment.
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    // The app honours the system's reduced-motion setting (no sliding drop-downs or fading dialogs),
    // so a click never lands on a pop-up that is still moving in.
    reducedMotion: 'reduce',
    // An action waits this long for its element: a click on a control that never becomes usable fails
    // the test (and its retry runs) rather than holding the suite until the test's own limit.
    actionTimeout: 45_000,
    trace: fullRun ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
