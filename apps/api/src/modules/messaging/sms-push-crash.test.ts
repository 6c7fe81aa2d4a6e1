import { PUSH_STATUS, TARGET_SOURCE, TARGET_STATUS, smsPushTargetEntity } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEND_RECORD_TABLE } from '../resource/send-records.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { waitFor } from '../../test-support/wait-for.js';
import { WorkerProcesses } from '../../test-support/worker-process.js';
import { UNKNOWN_CODE } from './sms-push-sender.js';
import { insertTargets } from './sms-push-targets.js';

const PUSH = '/api/smsPush/smsPush';
const RECIPIENTS = 1500;

type Json = Record<string, unknown>;

/**
 * SMS pushes sent by `npm run worker` processes (the API process here runs no jobs): one killed
 * with SIGKILL mid-push and another finishing it; two side by side on PostgreSQL. Every number
 * must have been handed to the provider at most once, and none left waiting or sending.
 */
describe.each(testDialects())('SMS push workers on %s', (dialect) => {
  let t: TestApp;
  let office: string;
  const workers = new WorkerProcesses(() => t.config, 3);

  beforeAll(async () => {
    t = await startTestApp(dialect, { JOB_RUN: 'false', JOB_LEASE_SECONDS: '3', JOB_RETRY_DELAY_SECONDS: '0' });
    office = await t.signIn('office');
    await t.app.services.database.db.updateTable('blade_param').set({ param_value: '400' }).where('param_key', '=', 'sms.push.ratePerSecond').execute();
  }, 180_000);
  afterAll(async () => {
    workers.killAll();
    await t?.close();
  });

  const db = () => t.app.services.database.db;


  /** A queued push of `RECIPIENTS` numbers with the given prefix. */
  async function queuedPush(prefix: string): Promise<string> {
    const made = await t.call('POST', `${PUSH}/submit`, office, {
      title: `压力推送${prefix}`, smsCode: 'demo-sms', providerTemplateId: 'SMS_900000008', signName: '示范大学', content: '${name}校友您好，拒收请回复R', sendType: '1',
    });
    const push = made.json().data as Json;
    const numbers = Array.from({ length: RECIPIENTS }, (_, i) => ({ alumniId: null, name: `校友${i}`, phone: `${prefix}${String(i).padStart(4, '0')}`, params: null }));
    await insertTargets(db(), t.app.services.repository.sealing, { pushId: String(push.id), tenantId: '000000', orgDeptId: null, userId: null, deptId: null }, TARGET_SOURCE.hand, numbers);
    const sent = await t.call('POST', `${PUSH}/submit`, office, { id: push.id, pushStatus: 1 });
    expect(sent.statusCode, sent.body).toBe(200);
    return String(push.id);
  }

  const byStatus = async (pushId: string) => {
    const rows = await db().selectFrom(smsPushTargetEntity.table).select(['push_status', (eb) => eb.fn.countAll().as('n')])
      .where('sms_push_id', '=', pushId).groupBy('push_status').execute() as { push_status: unknown; n: unknown }[];
    return Object.fromEntries(rows.map((r) => [Number(r.push_status), Number(r.n)])) as Record<number, number>;
  };
  const pushStatus = async (pushId: string) => Number((await db().selectFrom('alumni_sms_push').select('push_status').where('id', '=', pushId).executeTakeFirstOrThrow()).push_status);
  /** How many times each number of the prefix was handed to the provider (the records keep it masked, with its keyed hash). */
  const handovers = async (prefix: string) => {
    const hashes = Array.from({ length: RECIPIENTS }, (_, i) => t.app.services.resources.sendRecords.hashOf('sms', `${prefix}${String(i).padStart(4, '0')}`) as string);
    const rows = await db().selectFrom(SEND_RECORD_TABLE).select(['target_hash', (eb) => eb.fn.countAll().as('n')])
      .where('channel', '=', 'sms').where('target_hash', 'in', hashes).groupBy('target_hash').execute() as { target_hash: string; n: unknown }[];
    return new Map(rows.map((r) => [r.target_hash, Number(r.n)]));
  };
  const finished = (pushId: string) => waitFor('the push to finish', () => pushStatus(pushId), (s) => s >= PUSH_STATUS.done && s <= PUSH_STATUS.failed);

  it('finishes a push whose worker was killed mid-send: nobody gets a message twice, nobody is left out', async () => {
    const prefix = '1370000';
    const pushId = await queuedPush(prefix);
    const first = workers.start();
    await waitFor('some deliveries', () => byStatus(pushId), (s) => (s[TARGET_STATUS.delivered] ?? 0) >= 200);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const atKill = await byStatus(pushId);
    expect(atKill[TARGET_STATUS.delivered] ?? 0).toBeLessThan(RECIPIENTS);

    workers.start();
    await finished(pushId);
    const end = await byStatus(pushId);
    expect(end[TARGET_STATUS.waiting] ?? 0).toBe(0);
    expect(end[TARGET_STATUS.sending] ?? 0).toBe(0);
    const counts = await handovers(prefix);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(end[TARGET_STATUS.delivered]).toBe(counts.size);
    // A target whose answer was lost with the process is failed as UNKNOWN, never sent again on its own.
    const unknown = await db().selectFrom(smsPushTargetEntity.table).select((eb) => eb.fn.countAll().as('n')).where('sms_push_id', '=', pushId)
      .where('push_status', '=', TARGET_STATUS.failed).where('fail_code', '=', UNKNOWN_CODE).executeTakeFirstOrThrow();
    expect(Number(unknown.n)).toBe(end[TARGET_STATUS.failed] ?? 0);
    expect(Number(unknown.n) + counts.size).toBe(RECIPIENTS);
  }, 300_000);

  it.runIf(dialect === 'postgres')('shares one push between two workers without sending a number twice', async () => {
    const prefix = '1360000';
    const pushId = await queuedPush(prefix);
    workers.start();
    workers.start();
    await finished(pushId);
    const counts = await handovers(prefix);
    expect(counts.size).toBe(RECIPIENTS);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect((await byStatus(pushId))[TARGET_STATUS.delivered]).toBe(RECIPIENTS);
  }, 300_000);
});
