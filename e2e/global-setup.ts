import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { assertBuilt, repoRoot, webDist } from './support/product';
// Brings the API's typing of `app.services` (the captcha service the control server reads).
import type {} from '../apps/api/dist/services.js';

interface Closable {
  close(): Promise<unknown>;
}

interface Harness {
  app: Closable;
  control: Server;
  dataDir: string;
}

declare global {
  var __e2eHarness: Harness | undefined;
}

/** A free TCP port on the loopback interface. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts the built product in this process on a fresh demo database, plus a small control server
 * (test harness only) that reveals the text of a live captcha so tests can sign in.
 */
export default async function globalSetup(): Promise<void> {
  assertBuilt();
  const { buildApp } = (await import(pathToFileURL(path.join(repoRoot, 'apps/api/dist/app.js')).href)) as typeof import('../apps/api/dist/app.js');
  const { loadConfig } = (await import(pathToFileURL(path.join(repoRoot, 'apps/api/dist/config.js')).href)) as typeof import('../apps/api/dist/config.js');

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alumni-e2e-'));
  const port = await freePort();
  const config = loadConfig({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', WEB_DIR: webDist, SEED_DEMO: 'true', LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Every test signs in from 127.0.0.1: the abuse limits are raised for the run.
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000', RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000', RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000', RATE_LIMIT_REGISTER_PER_HOUR: '100000', RATE_LIMIT_SELF_SERVICE_PER_MINUTE: '100000',
    // The tests run their SMTP server and data sources on this machine: the operator allows loopback (decision 209).
    OUTBOUND_ALLOW: '127.0.0.0/8,::1/128',
    // The suite can run against another token header, as an installation may configure it.
    ...(process.env.TOKEN_HEADER ? { TOKEN_HEADER: process.env.TOKEN_HEADER } : {}) });
  const { app } = await buildApp(config);
  await app.listen({ port, host: '127.0.0.1' });
  // As the server does: background jobs (a message answer's notice) run in this process.
  await app.services.jobs.start();

  const control = createServer((req, res) => {
    const match = /^\/captcha\/([\w-]+)$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !match?.[1]) {
      res.writeHead(404).end();
      return;
    }
    app.services.captcha.peek(match[1]).then(
      (text) => res.writeHead(text ? 200 : 404, { 'content-type': 'text/plain' }).end(text ?? ''),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const controlPort = (control.address() as AddressInfo).port;

  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.E2E_CONTROL_URL = `http://127.0.0.1:${controlPort}`;
  globalThis.__e2eHarness = { app, control, dataDir };
}
