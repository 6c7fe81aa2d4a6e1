import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';

/**
 * `npm run worker`: a process that runs background jobs and answers no requests (docs/job-queue.md).
 * On PostgreSQL any number of them share the jobs with the API processes; it reads the same
 * configuration as the server and takes no part in seeding (start the server once first).
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = { ...loadConfig(), seedDemo: false, webDir: null };
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!config.jobs.runJobs) {
    console.error('JOB_RUN=false: a worker that runs no jobs has nothing to do.');
    process.exit(1);
  }
  const { app } = await buildApp(config);
  await app.ready();
  await app.services.jobs.start();
  app.log.warn(`job worker running (${app.services.jobs.kind} queue)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(() => process.exit(0), () => process.exit(1));
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
