import { RETENTION_ACTION, RETENTION_TARGET } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../../core/ids.js';
import { formatDateTime } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { RetentionEngine } from './retention-engine.js';

const BASE = '/api/blade-system/retention';
/** The platform's administrator edits the platform's policies (seeded, one per target) and runs them on its own tenant. */
const DEMO_TENANT = '000000';
const OTHER_TENANT = '100001';
const DAY_MS = 24 * 3600_000;

describe.each(testDialects())('data retention on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let db: Db;
  const at = new Date();
  const ago = (days: number, seconds = 0) => formatDateTime(new Date(at.getTime() - days * DAY_MS + seconds * 1000));

  const save = (body: Record<string, unknown>, lang = 'zh-CN') => t.call('POST', `${BASE}/submit`, admin, body, { 'accept-language': lang });
  const policies = async () => (await t.call('GET', `${BASE}/list?size=100`, admin)).json() as { data: { total: number; records: Record<string, unknown>[] } };
  /** Sets the seeded policy of `body.target` (enabled) and answers its id. */
  const policyId = async (body: Record<string, unknown>): Promise<string> => {
    const seeded = (await policies()).data.records.find((r) => r.target === body.target);
    expect(seeded).toBeDefined();
    const res = await save({ id: seeded?.id, enabled: 1, legalHold: 0, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return String(seeded?.id);
  };
  /** An API-log row of `tenantId` written at `time`. */
  const logRow = async (tenantId: string, time: string, marker: string) => {
    const id = ids.next();
    await db.insertInto('blade_log_api').values({
      id, tenant_id: tenantId, create_time: time, update_time: time, status: 1, is_deleted: 0,
      request_uri: `/retention/${marker}`, create_by: 'someone', remote_ip: '203.0.113.9', params: 'phone=13800000000',
    }).execute();
    return id;
  };
  const logsOf = (marker: string) => db.selectFrom('blade_log_api').select(['id', 'tenant_id', 'create_by', 'remote_ip'])
    .where('request_uri', '=', `/retention/${marker}`).execute();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    db = t.app.services.database.db;
  });
  afterAll(async () => t?.close());

  it('refuses a log period under six months with a bilingual 400 and saves nothing', async () => {
    const before = (await policies()).data.records.map((r) => [r.target, r.periodDays]);
    expect(before).toHaveLength(9);
    const zh = await save({ target: RETENTION_TARGET.logApi, periodDays: 90, action: RETENTION_ACTION.purge });
    expect(zh.statusCode).toBe(400);
    expect((zh.json() as { msg: string }).msg).toBe('日志至少保留 180 天（六个月），不能设为 90 天');
    const en = await save({ target: RETENTION_TARGET.logUsual, periodDays: 179, action: RETENTION_ACTION.purge }, 'en');
    expect(en.statusCode).toBe(400);
    expect((en.json() as { msg: string }).msg).toBe('Logs are kept at least 180 days (six months); 179 days is too short');
    expect((await save({ target: 'nothing', periodDays: 400, action: RETENTION_ACTION.purge })).statusCode).toBe(400);
    const logApi = (await policies()).data.records.find((r) => r.target === RETENTION_TARGET.logApi);
    expect((await save({ id: logApi?.id, periodDays: 30 })).statusCode).toBe(400);
    expect((await policies()).data.records.map((r) => [r.target, r.periodDays])).toEqual(before);
    // A registration is not a log: a month is allowed.
    expect((await policyId({ target: RETENTION_TARGET.rejectedRegistration, periodDays: 30, action: RETENTION_ACTION.anonymise }))).toBeTruthy();
  });

  it('purges exactly the rows older than the period, in batches, in its own tenant only; a second run does nothing', async () => {
    await policyId({ target: RETENTION_TARGET.logApi, periodDays: 200, action: RETENTION_ACTION.purge });
    const old = await Promise.all([1, 2, 3, 4, 5].map((n) => logRow(DEMO_TENANT, ago(200, -60 * n), 'purge')));
    const boundary = await logRow(DEMO_TENANT, ago(200), 'purge');
    const recent = await logRow(DEMO_TENANT, ago(199), 'purge');
    const elsewhere = await logRow(OTHER_TENANT, ago(400), 'purge');
    expect(old).toHaveLength(5);

    const engine = new RetentionEngine(db);
    const first = await engine.run(DEMO_TENANT, { at, batchSize: 2 });
    expect(first.find((o) => o.target === RETENTION_TARGET.logApi)).toMatchObject({ rows: 5, action: 'purge', own: true });
    expect((await logsOf('purge')).map((r) => String(r.id)).sort()).toEqual([boundary, recent, elsewhere].sort());

    const second = await engine.run(DEMO_TENANT, { at, batchSize: 2 });
    expect(second.find((o) => o.target === RETENTION_TARGET.logApi)?.rows).toBe(0);
    expect(await logsOf('purge')).toHaveLength(3);
    let row = (await policies()).data.records.find((r) => r.target === RETENTION_TARGET.logApi);
    expect(row?.lastAffected).toBe(0);
    expect(row?.lastRunTime).toBeTruthy();

    // The other tenant has no policy of its own and follows the platform's: its own run purges its row,
    // and the platform's row keeps the platform's own count.
    const other = await engine.run(OTHER_TENANT, { at });
    expect(other.find((o) => o.target === RETENTION_TARGET.logApi)).toMatchObject({ rows: 1, own: false });
    expect((await logsOf('purge')).map((r) => String(r.id)).sort()).toEqual([boundary, recent].sort());
    row = (await policies()).data.records.find((r) => r.target === RETENTION_TARGET.logApi);
    expect(row?.lastAffected).toBe(0);
  });

  it('anonymises where asked: personal columns blank, the rows kept', async () => {
    const id = await policyId({ target: RETENTION_TARGET.sendRecord, periodDays: 30, action: RETENTION_ACTION.anonymise });
    const rows = [ago(31), ago(31, 10), ago(29)].map((time, n) => ({
      id: ids.next(), tenant_id: DEMO_TENANT, channel: 'sms', target: `1380000000${n}`, target_hash: 'h'.repeat(64), params: '{"code":"1234"}',
      status: 1, answer: 'ok', template: 'retention-test', create_time: time,
    }));
    await db.insertInto('blade_send_record').values(rows).execute();
    const outcomes = await new RetentionEngine(db).run(DEMO_TENANT, { at, batchSize: 1, policyId: id });
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ target: RETENTION_TARGET.sendRecord, action: 'anonymise', rows: 2 });
    const after = await db.selectFrom('blade_send_record').select(['id', 'target', 'target_hash', 'params', 'answer', 'status'])
      .where('template', '=', 'retention-test').orderBy('create_time').execute();
    expect(after).toHaveLength(3);
    expect(after.slice(0, 2).map((r) => [r.target, r.target_hash, r.params, r.answer])).toEqual([['', null, null, null], ['', null, null, null]]);
    expect(after[2]).toMatchObject({ target: '13800000002', params: '{"code":"1234"}' });
    expect(Number(after[0]?.status)).toBe(1);
    expect((await new RetentionEngine(db).run(DEMO_TENANT, { at, policyId: id }))[0]?.rows).toBe(0);
  });

  it('touches nothing under legal hold', async () => {
    const id = await policyId({ target: RETENTION_TARGET.logError, periodDays: 180, action: RETENTION_ACTION.purge });
    const held = await save({ id, legalHold: 1 });
    expect(held.statusCode, held.body).toBe(200);
    const rowId = ids.next();
    await db.insertInto('blade_log_error').values({ id: rowId, tenant_id: DEMO_TENANT, create_time: ago(900), update_time: ago(900), status: 1, is_deleted: 0 }).execute();
    const outcomes = await new RetentionEngine(db).run(DEMO_TENANT, { at });
    expect(outcomes.some((o) => o.target === RETENTION_TARGET.logError)).toBe(false);
    expect(await db.selectFrom('blade_log_error').select('id').where('id', '=', rowId).executeTakeFirst()).toBeTruthy();
    expect((await save({ id, legalHold: 0 })).statusCode).toBe(200);
    await new RetentionEngine(db).run(DEMO_TENANT, { at });
    expect(await db.selectFrom('blade_log_error').select('id').where('id', '=', rowId).executeTakeFirst()).toBeUndefined();
  });

  it('lets a tenant\'s administrator set a policy of its own, which its runs follow instead of the platform\'s', async () => {
    const tenantAdmin = await t.signIn('admin', DEMO_PASSWORD, OTHER_TENANT);
    const submit = (body: Record<string, unknown>) => t.call('POST', `${BASE}/submit`, tenantAdmin, body);
    expect((await submit({ target: RETENTION_TARGET.logUsual, periodDays: 30, action: RETENTION_ACTION.purge })).statusCode).toBe(400);
    const saved = await submit({ target: RETENTION_TARGET.logUsual, periodDays: 365, action: RETENTION_ACTION.purge, legalHold: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = (await t.call('GET', `${BASE}/list?size=100`, tenantAdmin)).json() as { data: { records: Record<string, unknown>[] } };
    expect(list.data.records.map((r) => r.target)).toEqual([RETENTION_TARGET.logUsual]);
    const policiesThere = await new RetentionEngine(db).policiesOf(OTHER_TENANT);
    expect(policiesThere.find((p) => p.target === RETENTION_TARGET.logUsual)).toMatchObject({ tenantId: OTHER_TENANT, periodDays: 365, legalHold: true });
    expect(policiesThere.find((p) => p.target === RETENTION_TARGET.logApi)?.tenantId).toBe('000000');
  });

  it('queues a run now and answers its state', async () => {
    const res = await t.call('POST', `${BASE}/run`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { jobId } = (res.json() as { data: { jobId: string } }).data;
    const status = await t.call('GET', `${BASE}/run-status?jobId=${jobId}`, admin);
    expect(status.statusCode, status.body).toBe(200);
    expect((status.json() as { data: { state: string } }).data.state).toBe('created');
    expect((await t.call('POST', `${BASE}/run?id=123`, admin)).statusCode).toBe(404);
  });
});
