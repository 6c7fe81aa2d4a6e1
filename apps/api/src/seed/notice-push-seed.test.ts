import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';
import { seedId } from './menu-tree.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const NOTICES = '/api/blade-notice/notice';
const PUSHES = '/api/blade-noticePush/noticePush';

describe.each(testDialects())('the demo school\'s notices and notice pushes on %s (DOMAIN 18.8)', (dialect) => {
  let t: TestApp;
  let office: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('office');
  });
  afterAll(async () => t?.close());

  const get = async (path: string) => {
    const res = await t.call('GET', path, office);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json;
  };
  const recordTotal = async (pushId: string, query: string) => Number((await get(`${PUSHES}/record/list?pushId=${pushId}&size=1&${query}`)).total);

  it('has six notices: four published, a draft and a withdrawn one', async () => {
    const rows = (await get(`${NOTICES}/list?size=50`)).records as Json[];
    const byStatus = rows.reduce<Record<string, number>>((acc, r) => ({ ...acc, [String(r.publishStatus)]: (acc[String(r.publishStatus)] ?? 0) + 1 }), {});
    expect(byStatus).toEqual({ 0: 1, 1: 4, 2: 1 });
  });

  it('finished the anniversary announcement with counts its records and the alumni\'s consent agree with', async () => {
    const id = seedId(19, 1);
    const push = await get(`${PUSHES}/detail?id=${id}`);
    const alumni = Number((await get('/api/blade-basicInfo/basicInfo/list?size=1')).total);
    expect(push.targetCount).toBe(alumni * 2);
    expect(await recordTotal(id, 'status_equal=2')).toBe(push.successCount);
    expect(await recordTotal(id, 'status_equal=3')).toBe(push.failCount);
    expect(await recordTotal(id, 'status_equal=4')).toBe(push.skipCount);
    expect(push.failCount).toBe(3);
    expect(push.readCount).toBe(140);
    expect(push.pushStatus).toBe(4);
    // In-app messages skip exactly the frozen and deceased alumni; e-mails also those without consent or address.
    const gone = Number((await get('/api/blade-basicInfo/basicInfo/list?size=1&isDeceased=1')).total) + Number((await get('/api/blade-basicInfo/basicInfo/list?size=1&status=2')).total);
    expect(await recordTotal(id, 'channel_equal=1&status_equal=4')).toBe(gone);
    const inApp = (push.channelStats as Json[]).find((c) => c.channel === '1') as Json;
    expect(inApp).toMatchObject({ targetCount: alumni, skipCount: gone, successCount: alumni - gone });
  });

  it('carried the reminder of activity 0007 by SMS push 0002 and left the survey invitation scheduled with its start job queued', async () => {
    const reminder = await get(`${PUSHES}/detail?id=${seedId(19, 2)}`);
    const sms = await get(`/api/smsPush/smsPush/detail/${String(reminder.smsPushId)}`);
    expect(sms.noticePushId).toBe(seedId(19, 2));
    expect(reminder).toMatchObject({ pushStatus: 4, targetCount: sms.targetCount, successCount: sms.successCount, failCount: sms.failCount });
    const survey = await get(`${PUSHES}/detail?id=${seedId(19, 3)}`);
    expect(survey).toMatchObject({ pushStatus: 1, sendType: '2' });
    const admin = await t.signIn('admin');
    const jobs = (await t.call('GET', '/api/blade-job/job/list?size=50&name=notice-push-start', admin)).json().data.records as Json[];
    expect(jobs.some((j) => String(j.data?.pushId ?? JSON.stringify(j)).includes(seedId(19, 3)))).toBe(true);
  });
});
