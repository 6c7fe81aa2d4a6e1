import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { closeOnSignal, configOrExit, runMain } from './process-entry.js';
import { DEMO_PASSWORD } from './seed/platform-seed.js';
import { demoPasswordVerdict } from './security/demo-password-guard.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built web app beside the API in this repository, when no WEB_DIR is configured. */
function defaultWebDir(): string | null {
  const dir = path.resolve(here, '../../web/dist');
  return existsSync(path.join(dir, 'index.html')) ? dir : null;
}

function printBanner(config: Config, address: string, seed: Awaited<ReturnType<typeof buildApp>>['seed']) {
  const local = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const lines = [
    '',
    `  Alumni back-office is running at ${local}`,
    `  API documentation:              ${local}/api/docs`,
    `  Database:                       ${config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL'}`,
  ];
  if (config.seedDemo) lines.push(`  Demo sign-in:                   tenant 000000, account admin, password ${config.adminPassword ?? DEMO_PASSWORD}`);
  if (seed.generatedPassword) {
    lines.push(`  Administrator created:          tenant 000000, account admin, password ${seed.generatedPassword}`);
    lines.push('  (shown once: sign in and change it)');
  }
  if (!config.webDir) lines.push('  (web app not built: run `npm run build` to serve it here)');
  console.log(lines.join('\n') + '\n');
}

async function main(): Promise<void> {
  let config = configOrExit();
  config = { ...config, webDir: config.webDir ?? defaultWebDir() };
  const { app, seed } = await buildApp(config);
  // Before listening: a production start refuses while a demo account keeps the published password.
  const verdict = await demoPasswordVerdict(config, app.services.database);
  if (verdict.kind === 'refuse') {
    console.error(verdict.message);
    await app.close();
    process.exit(1);
  }
  const address = await app.listen({ port: config.port, host: config.host });
  await app.services.jobs.start();
  printBanner(config, address, seed);
  if (verdict.kind === 'warn') console.warn(`${verdict.message}\n`);
  closeOnSignal(app);
}

runMain(main);
