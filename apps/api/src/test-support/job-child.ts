/**
 * A worker process for the job queue's crash tests: it opens the queue named by JOB_TEST_PLACE
 * (JSON of a QueuePlace), runs delivery jobs slowly, and is killed by the test mid-job.
 */
import { createDeliveryTables, deliveryHandler, openPlace, openTestQueue, testQueueSettings, type QueuePlace } from './job-fixtures.js';

const place = JSON.parse(process.env.JOB_TEST_PLACE ?? '') as QueuePlace;
const database = openPlace(place);
const queue = await openTestQueue(place, database, testQueueSettings({ leaseSeconds: Number(process.env.JOB_TEST_LEASE ?? 3) }));
await createDeliveryTables(database);
await queue.work(process.env.JOB_TEST_NAME ?? 'delivery', deliveryHandler(database, Number(process.env.JOB_TEST_PAUSE_MS ?? 100)));
await queue.start();
process.stdout.write('ready\n');
