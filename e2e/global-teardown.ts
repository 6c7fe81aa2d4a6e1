import { rmSync } from 'node:fs';

/** Stops the product and the control server and removes the demo database. */
export default async function globalTeardown(): Promise<void> {
  const harness = globalThis.__e2eHarness;
  if (!harness) return;
  await new Promise<void>((resolve) => harness.control.close(() => resolve()));
  await harness.app.close();
  rmSync(harness.dataDir, { recursive: true, force: true });
  globalThis.__e2eHarness = undefined;
}
