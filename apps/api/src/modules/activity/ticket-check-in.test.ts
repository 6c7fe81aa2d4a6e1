import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../core/time.js';
import { portalHeaders, signInAlumnusForTest } from '../../test-support/portal-calls.js';
import { seedId } from '../../seed/menu-tree.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { TicketSigner } from './ticket-token.js';

type Json = Record<string, unknown>;
const PORTAL = '/api/blade-portal';
const DESK = '/api/blade-actApplist/checkIn';
const APPLIST = '/api/blade-actApplist/actApplist';
const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000));

describe.each(testDialects())('activity tickets and check-in on %s (issue 31)', (dialect) => {
  let t: TestApp;
  let office: string;
  let mine: string;
  let me: Json;
  let activityId: string;
  let applicationId: string;

  const portal = (method: 'GET' | 'POST', url: string, body?: unknown, lang: 'zh' | 'en' = 'zh') =>
    t.call(method, `${PORTAL}${url}`, null, body, portalHeaders(mine, lang));
  const scan = (body: Json, lang: 'zh' | 'en' = 'zh') => t.call('POST', `${DESK}/scan`, office, { activityId, ...body }, { 'accept-language': lang });
  const ticket = async (): Promise<Json> => {
    const res = await portal('GET', `/tickets/${applicationId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json;
  };

  /** A published activity starting in 30 minutes (check-in open) and one confirmed application of mine. */
  async function activityWithMyApplication(): Promise<{ activity: string; application: string }> {
    const made = await t.call('POST', '/api/blade-activity/activity/submit', office, {
      title: `门票测试${Math.random().toString(36).slice(2, 8)}`, activityType: '3', departmentId: seedId(1, 1), startTime: at(30), endTime: at(240),
      location: '大礼堂', needSignup: 1, signupStartTime: at(-60), signupEndTime: at(20), capacity: 50, needConfirm: 1,
      allowCompanion: 0, maxCompanions: 0, targetScope: '1', content: '<p>详情</p>', contactName: '王老师', contactPhone: '010-62780001',
    });
    expect(made.statusCode, made.body).toBe(200);
    const activity = String(made.json().data.id);
    expect((await t.call('PUT', `/api/blade-activity/activity/enabled?id=${activity}&enabled=1`, office)).statusCode).toBe(200);
    const applied = await t.call('POST', `${PORTAL}/activities/${activity}/apply`, null, {}, portalHeaders(mine));
    expect(applied.statusCode, applied.body).toBe(200);
    const application = String(applied.json().data.id);
    const confirmed = await t.call('POST', `${APPLIST}/submit`, office, { id: application, applyStatus: 1 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { activity, application };
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('admin');
    const alumni = (await t.call('GET', '/api/blade-basicInfo/basicInfo/list?size=50&status=1&isDeceased=0', office)).json().data.records as Json[];
    me = alumni.find((a) => typeof a.phone === 'string' && /^1\d{10}$/.test(a.phone)) as Json;
    mine = await signInAlumnusForTest(t.app, '000000', String(me.id));
    ({ activity: activityId, application: applicationId } = await activityWithMyApplication());
  });
  afterAll(async () => t?.close());

  it('shows my confirmed application\'s ticket in the portal with a signed token and an absolute link', async () => {
    const mineTicket = await ticket();
    expect(mineTicket).toMatchObject({ id: applicationId, revoked: false, signIn: false });
    expect(String(mineTicket.token)).toMatch(/^T1\.000000\.\d+\.1\.[A-Za-z0-9_-]{32}$/);
    expect(String(mineTicket.link)).toMatch(new RegExp(`^https?://[^/]+/portal/ticket/${applicationId}\\?tenant=000000$`));
    const list = (await portal('GET', '/tickets')).json().data as Json[];
    expect(list.map((x) => x.id)).toContain(applicationId);
    // Confirmation sent the absolute link in-app.
    const messages = await portal('GET', '/messages?size=50');
    expect(messages.statusCode, messages.body).toBe(200);
    expect(messages.body).toContain(`/portal/ticket/${applicationId}?tenant=000000`);
    // Another alumnus does not get it.
    const alumni = (await t.call('GET', '/api/blade-basicInfo/basicInfo/list?size=50&status=1&isDeceased=0', office)).json().data.records as Json[];
    const other = alumni.find((a) => a.id !== me.id) as Json;
    const theirs = await signInAlumnusForTest(t.app, '000000', String(other.id));
    expect((await t.call('GET', `${PORTAL}/tickets/${applicationId}`, null, undefined, portalHeaders(theirs))).statusCode).toBe(404);
  });

  it('refuses an altered token, a token of another tenant and a bad scan with a 400 in both languages, checking nothing in', async () => {
    const token = String((await ticket()).token);
    const parts = token.split('.');
    const alteredSignature = [...parts.slice(0, 4), `${parts[4]?.slice(0, -1)}${parts[4]?.endsWith('A') ? 'B' : 'A'}`].join('.');
    const otherApplication = [parts[0], parts[1], String(BigInt(parts[2] as string) + 1n), parts[3], parts[4]].join('.');
    for (const bad of [alteredSignature, otherApplication, 'T1.000000.1.1.x', 'nonsense']) {
      const refused = await scan({ token: bad }, 'en');
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().msg).toBe('The ticket is not valid: its code was altered or is not one of ours');
    }
    expect((await scan({ token: alteredSignature })).json().msg).toBe('门票无效：二维码已被更改或不是本系统的门票');
    const foreign = new TicketSigner(t.app.services.config.tokenSecret).sign({ tenantId: '654321', applicationId, serial: 1 });
    const otherTenant = await scan({ token: foreign }, 'en');
    expect(otherTenant.statusCode).toBe(400);
    expect(otherTenant.json().msg).toBe('This ticket belongs to another school');
    expect((await scan({ token, scanId: 'bad id!' }, 'en')).json().msg).toMatch(/^scanId must be/);
    expect((await scan({}, 'en')).json().msg).toBe('Scan a ticket or enter the 6-digit check-in code');
    expect((await ticket()).signIn).toBe(false);
  });

  it('revokes the ticket when the application stops holding a seat', async () => {
    const other = await activityWithMyApplication();
    const before = String((await portal('GET', `/tickets/${other.application}`)).json().data.token);
    const cancelled = await t.call('POST', `${APPLIST}/submit`, office, { id: other.application, applyStatus: 3 });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refused = await t.call('POST', `${DESK}/scan`, office, { activityId: other.activity, token: before }, { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('The ticket has been revoked');
  });

  it('refuses a revoked ticket, and after a reissue only the new token', async () => {
    const old = String((await ticket()).token);
    const revoked = await t.call('POST', `${DESK}/revoke`, office, { applicationId });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toMatchObject({ revoked: true, serial: 1 });
    expect((await ticket()).token).toBeNull();
    const refused = await scan({ token: old }, 'en');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('The ticket has been revoked');
    expect((await t.call('POST', `${DESK}/reissue`, office, { applicationId })).json().data).toMatchObject({ revoked: false, serial: 2 });
    const renewed = String((await ticket()).token);
    expect(renewed).not.toBe(old);
    expect((await scan({ token: old }, 'en')).json().msg).toBe('The ticket has been revoked');
    expect((await ticket()).signIn).toBe(false);
  });

  it('checks a ticket in once: two concurrent scans give one check-in; a later scan says when; a resent scan id answers the same', async () => {
    const token = String((await ticket()).token);
    const before = (await t.call('GET', `${DESK}/counts?activityId=${activityId}`, office)).json().data as Json;
    expect(before).toMatchObject({ checkedIn: 0, confirmed: 1, capacity: 50 });
    const [a, b] = await Promise.all([scan({ token, scanId: 'scan-a' }), scan({ token, scanId: 'scan-b' })]);
    expect(a?.statusCode, a?.body).toBe(200);
    expect(b?.statusCode, b?.body).toBe(200);
    const outcomes = [a?.json().data.outcome, b?.json().data.outcome].sort();
    expect(outcomes).toEqual(['already', 'checkedIn']);
    const first = [a, b].find((r) => r?.json().data.outcome === 'checkedIn')?.json().data as Json;
    expect((first.counts as Json).checkedIn).toBe(1);
    const again = (await scan({ token, scanId: 'scan-c' })).json().data as Json;
    expect(again).toMatchObject({ outcome: 'already', signInTime: first.signInTime });
    // The desk resends a queued scan: the answer is the first one's.
    const firstId = a?.json().data.outcome === 'checkedIn' ? 'scan-a' : 'scan-b';
    expect((await scan({ token, scanId: firstId })).json().data).toMatchObject({ outcome: 'checkedIn', signInTime: first.signInTime });
    expect((await t.call('GET', `${DESK}/counts?activityId=${activityId}`, office)).json().data).toMatchObject({ checkedIn: 1, confirmed: 1 });
    expect((await ticket())).toMatchObject({ signIn: true, signInTime: first.signInTime });
  });

  it('checks in by the 6-digit code, and at the kiosk by the activity\'s signed code while signed in to the portal', async () => {
    const second = await activityWithMyApplication();
    const code = String((await t.call('GET', `${APPLIST}/detail?id=${second.application}`, office)).json().data.checkInCode);
    const wrongActivity = await t.call('POST', `${DESK}/scan`, office, { activityId, token: String((await portal('GET', `/tickets/${second.application}`)).json().data.token) }, { 'accept-language': 'en' });
    expect(wrongActivity.statusCode).toBe(400);
    expect(wrongActivity.json().msg).toMatch(/^This ticket is for another activity/);
    const kiosk = (await t.call('GET', `${DESK}/kiosk?activityId=${second.activity}`, office)).json().data as Json;
    const k = new URL(String(kiosk.link)).searchParams.get('k') as string;
    const forged = await portal('POST', `/kiosk/${second.activity}/check-in`, { k: `${k.slice(0, -1)}x` }, 'en');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().msg).toBe('The check-in code is not valid');
    expect((await portal('POST', `/kiosk/${activityId}/check-in`, { k })).statusCode).toBe(400);
    const self = await portal('POST', `/kiosk/${second.activity}/check-in`, { k });
    expect(self.statusCode, self.body).toBe(200);
    expect(self.json().data.outcome).toBe('checkedIn');
    const byCode = await scan({ activityId: second.activity, checkInCode: code });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json().data).toMatchObject({ outcome: 'already', signInTime: self.json().data.signInTime });
  });
});
