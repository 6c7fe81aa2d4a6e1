import { buildApp } from './app.js';
import { closeOnSignal, configOrExit, runMain } from './process-entry.js';

/**
 * `npm run worker`: a process that runs background jobs and answers no requests (docs/job-queue.md).
 * On PostgreSQL any number of them share the jobs with the API processes; it reads the same
 * configuration as the server and takes no part in seeding (start the server once first).
 */
async function main(): Promise<void> {
  const config = { ...configOrExit(), seedDemo: false, webDir: null };
  if (!config.jobs.runJobs) {
    console.error('JOB_RUN=false: a worker that runs no jobs has nothing to do.');
    process.exit(1);
  }
  const { app } = await buildApp(config);
  await app.ready();
  await app.services.jobs.start();
  app.log.warn(`job worker running (${app.services.jobs.kind} queue)`);
  closeOnSignal(app);
}

runMain(main);
