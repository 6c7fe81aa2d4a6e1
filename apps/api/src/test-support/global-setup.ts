import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { removeTemplates } from './test-database-template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder of database templates (test-database-template.ts). */
    testTemplateFolder: string;
  }
}

/**
 * Gives the run a folder for its database templates, and with TEST_TEMPLATES=eager (the test
 * command) makes them now, before any test file's set-up waits for one; afterwards drops the
 * PostgreSQL template and removes the folder.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = mkdtempSync(path.join(tmpdir(), 'alumni-template-'));
  project.provide('testTemplateFolder', folder);
  if (process.env.TEST_TEMPLATES === 'eager') {
    const { makeTemplate } = await import('./test-app.js');
    const started = Date.now();
    await makeTemplate(folder, 'sqlite', true);
    if (process.env.TEST_DATABASE_URL) await makeTemplate(folder, 'postgres', true);
    console.log(`Database templates made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return () => removeTemplates(folder);
}
