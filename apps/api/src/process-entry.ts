import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.js';

/** The configuration from the environment; a malformed setting ends the process with its message. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** Closes the app (running jobs settle, logs flush, connections close) on SIGINT or SIGTERM. */
export function closeOnSignal(app: FastifyInstance): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(() => process.exit(0), () => process.exit(1));
    });
  }
}

/** Runs a process's main function; an error it throws ends the process. */
export function runMain(main: () => Promise<void>): void {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
