import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

const BASE = '/api/blade-job/job';

describe.each(testDialects())('the jobs page calls on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let ours: string;
  let theirs: string;
  let finished: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
    const { jobs } = t.app.services;
    // Sent but not run: this app's queue is not started, so they wait.
    ours = await jobs.send('report-export', { data: { reportId: '1' }, tenantId: '000000', createdBy: '1' }, { startAfter: new Date(Date.now() + 3_600_000) });
    const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 5));
    await tick();
    theirs = await jobs.send('report-export', { data: { reportId: '2' }, tenantId: '100001' }, { startAfter: new Date(Date.now() + 3_600_000) });
    await tick();
    finished = await jobs.send('report-export', { data: { reportId: '3' }, tenantId: '000000' }, { startAfter: new Date(Date.now() + 3_600_000) });
    await jobs.cancel(finished);
  });

  afterAll(async () => t?.close());

  // The demo school queues jobs of its own at start-up (its scheduled push): the lists are read by this test's job name.
  const OWN = 'name=report-export';

  it('lists every tenant\'s jobs to the platform administrator, newest first, paged and filtered', async () => {
    const res = await t.call('GET', `${BASE}/list?current=1&size=10&${OWN}`, admin);
    expect(res.statusCode).toBe(200);
    const page = res.json().data as { records: { id: string; state: string; tenantId: string }[]; total: number; pages: number };
    expect(page.records.map((r) => r.id)).toEqual([finished, theirs, ours]);
    expect(page.total).toBe(3);
    const cancelled = (await t.call('GET', `${BASE}/list?state=cancelled&${OWN}`, admin)).json().data as { records: { id: string }[] };
    expect(cancelled.records.map((r) => r.id)).toEqual([finished]);
    const none = (await t.call('GET', `${BASE}/list?name=nothing-by-this-name`, admin)).json().data as { total: number };
    expect(none.total).toBe(0);
    const second = (await t.call('GET', `${BASE}/list?current=2&size=2&${OWN}`, admin)).json().data as { records: { id: string }[] };
    expect(second.records.map((r) => r.id)).toEqual([ours]);
  });

  it('shows a tenant\'s staff only their tenant\'s jobs, and guards each action by its button', async () => {
    const viewer = await t.signInWithCodes(admin, ['job', 'job_view', 'job_cancel']);
    const page = (await t.call('GET', `${BASE}/list?${OWN}`, viewer)).json().data as { records: { id: string; tenantId: string }[] };
    expect(page.records.map((r) => r.id).sort()).toEqual([ours, finished].sort());
    expect((await t.call('GET', `${BASE}/detail?id=${theirs}`, viewer)).statusCode).toBe(404);
    expect((await t.call('POST', `${BASE}/cancel?id=${theirs}`, viewer)).statusCode).toBe(404);
    expect((await t.call('POST', `${BASE}/retry?id=${finished}`, viewer)).statusCode).toBe(403);

    const detail = (await t.call('GET', `${BASE}/detail?id=${ours}`, viewer)).json().data as { state: string; data: unknown };
    expect(detail).toMatchObject({ state: 'created', data: { reportId: '1' } });
    const cancel = await t.call('POST', `${BASE}/cancel?id=${ours}`, viewer);
    expect(cancel.json().data).toBe(true);
    expect(((await t.call('GET', `${BASE}/detail?id=${ours}`, viewer)).json().data as { state: string }).state).toBe('cancelled');
    expect((await t.call('POST', `${BASE}/cancel?id=${ours}`, viewer)).json().data).toBe(false);

    const none = await t.signInWithoutGrants(admin);
    expect((await t.call('GET', `${BASE}/list`, none)).statusCode).toBe(403);
  });

  it('runs a cancelled job again on request', async () => {
    const res = await t.call('POST', `${BASE}/retry?id=${finished}`, admin);
    expect(res.json().data).toBe(true);
    const job = (await t.call('GET', `${BASE}/detail?id=${finished}`, admin)).json().data as { state: string };
    expect(['created', 'retry']).toContain(job.state);
  });

  it('answers 400 to a malformed id, state or page and 404 to an unknown job', async () => {
    expect((await t.call('GET', `${BASE}/detail?id=12`, admin)).statusCode).toBe(400);
    expect((await t.call('GET', `${BASE}/list?state=lost`, admin)).statusCode).toBe(400);
    expect((await t.call('GET', `${BASE}/list?size=0`, admin)).statusCode).toBe(400);
    expect((await t.call('GET', `${BASE}/detail?id=00000000-0000-4000-8000-000000000000`, admin)).statusCode).toBe(404);
  });
});
