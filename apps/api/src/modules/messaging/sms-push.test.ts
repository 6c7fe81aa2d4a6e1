import { PUSH_STATUS, TARGET_STATUS, basicInfoEntity, noticeTemplateEntity } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../core/time.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import { SEND_RECORD_TABLE } from '../resource/send-records.js';
import { createSmsPushForNoticePush } from './sms-push-from-notice.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

const PUSH = '/api/smsPush/smsPush';
const TARGET = '/api/smsPushTarget/smsPushTarget';

type Json = Record<string, unknown>;

describe.each(testDialects())('SMS pushes on %s (DOMAIN 8.4, 8.5)', (dialect) => {
  let t: TestApp;
  let office: string;
  let college: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('office');
    college = await t.signIn('college');
    await t.app.services.jobs.start();
  }, 180_000);
  afterAll(async () => t?.close());

  const db = () => t.app.services.database.db;
  const draft = async (values: Json = {}, token = office) => {
    const res = await t.call('POST', `${PUSH}/submit`, token, {
      title: '校友返校日提醒', smsCode: 'demo-sms', providerTemplateId: 'SMS_900000008', signName: '示范大学',
      content: '${name}校友您好，校友返校日将于下周六举行，欢迎回家！拒收请回复R', sendType: '1', ...values,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json;
  };
  const detail = async (id: string, token = office) => (await t.call('GET', `${PUSH}/detail/${id}`, token)).json().data as Json;
  const targetsOf = async (id: string, query = '') =>
    ((await t.call('GET', `${TARGET}/page?smsPushId=${id}&size=500&${query}`, office)).json().data as { records: Json[]; total: number });
  const finished = async (id: string): Promise<Json> => {
    const until = Date.now() + 60_000;
    for (;;) {
      const push = await detail(id);
      if ([PUSH_STATUS.done, PUSH_STATUS.partlyFailed, PUSH_STATUS.failed].includes(Number(push.pushStatus) as 3)) return push;
      if (Date.now() > until) throw new Error(`push ${id} did not finish: ${JSON.stringify(push)}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  };
  const sentTo = async (phone: string) => Number((await db().selectFrom(SEND_RECORD_TABLE).select((eb) => eb.fn.countAll().as('n'))
    .where('channel', '=', 'sms').where('target_hash', '=', t.app.services.resources.sendRecords.hashOf('sms', phone)).executeTakeFirst() as { n: unknown }).n);

  it('keeps a draft: refuses sending without recipients, a bad configuration or a schedule too soon', async () => {
    const push = await draft();
    expect(push).toMatchObject({ pushStatus: 0, targetCount: 0, segmentCount: 0 });
    const empty = await t.call('POST', `${PUSH}/submit`, office, { id: push.id, pushStatus: 1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('请先添加推送对象');
    const en = await t.call('POST', `${PUSH}/submit`, office, { id: push.id, pushStatus: 1 }, { 'accept-language': 'en' });
    expect(en.json().msg).toBe('Please add recipients first');
    expect((await t.call('POST', `${PUSH}/submit`, office, { id: push.id, smsCode: 'nope' })).statusCode).toBe(400);
    const soon = formatDateTime(new Date(Date.now() + 60_000));
    expect((await t.call('POST', `${PUSH}/submit`, office, { id: push.id, sendType: '2', planSendTime: soon })).statusCode).toBe(400);
    expect((await t.call('POST', `${PUSH}/submit`, office, { id: push.id, pushStatus: 3 })).statusCode).toBe(400);
  });

  it('adds from the alumni library with the answer counts, then refuses a duplicate number', async () => {
    const push = await draft({ title: '从校友库添加' });
    const res = await t.call('POST', `${TARGET}/addFromAlumni`, office, { smsPushId: push.id, filter: { enrollmentYearFrom: 1952, enrollmentYearTo: 2100 } });
    expect(res.statusCode, res.body).toBe(200);
    const counts = res.json().data as Record<string, number>;
    expect(Object.keys(counts)).toEqual(['added', 'skippedNoPhone', 'skippedNoConsent', 'skippedFrozenOrDeceased', 'skippedDuplicate']);
    expect(counts.added).toBeGreaterThan(10);
    const again = (await t.call('POST', `${TARGET}/addFromAlumni`, office, { smsPushId: push.id, filter: { enrollmentYearFrom: 1952, enrollmentYearTo: 2100 } })).json().data as Record<string, number>;
    expect(again).toMatchObject({ added: 0, skippedDuplicate: counts.added });
    const page = await targetsOf(String(push.id));
    expect(page.total).toBe(counts.added);
    expect(page.records.every((r) => r.source === '1' && r.pushStatus === 0 && typeof r.params === 'string' && String(r.params).includes('name'))).toBe(true);
    expect((await detail(String(push.id))).targetCount).toBe(counts.added);
    const phone = String(page.records[0]?.phone);
    const dup = await t.call('POST', `${TARGET}/submit`, office, { smsPushId: push.id, phone, name: '重复' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().msg).toContain('该号码已在推送对象中');
    expect((await t.call('POST', `${TARGET}/addFromAlumni`, office, { smsPushId: push.id, filter: { enrollmentYearFrom: 'x' } })).statusCode).toBe(400);
  });

  it('sends: consent withdrawn since adding is skipped, reserved failing numbers fail, the rest are delivered once, failures resend', async () => {
    const push = await draft({ title: '发送测试' });
    const id = String(push.id);
    const library = await t.call('POST', `${TARGET}/addFromAlumni`, office, { smsPushId: id, filter: { enrollmentYearFrom: 1952, enrollmentYearTo: 2100 } });
    const added = (library.json().data as { added: number }).added;
    for (const phone of ['19900000001', '19900000007']) {
      expect((await t.call('POST', `${TARGET}/submit`, office, { smsPushId: id, phone, name: '测试失败' })).statusCode).toBe(200);
    }
    const withdrawn = (await targetsOf(id)).records.find((r) => r.alumniId) as Json;
    await db().updateTable(basicInfoEntity.table).set({ allow_sms: 0 }).where('id', '=', String(withdrawn.alumniId)).execute();

    const sent = await t.call('POST', `${PUSH}/submit`, office, { id, pushStatus: 1 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await t.call('POST', `${TARGET}/submit`, office, { smsPushId: id, phone: '13900001111' })).json().msg).toBe('推送已提交，不能修改推送对象');
    const done = await finished(id);
    expect(done).toMatchObject({ pushStatus: PUSH_STATUS.partlyFailed, targetCount: added + 2, successCount: added - 1, failCount: 2, skipCount: 1 });
    expect(Number(done.segmentCount)).toBeGreaterThanOrEqual(added - 1);
    expect((done.stats as { failReasons: Json[] }).failReasons.map((r) => r.key).sort()).toEqual(['UNDELIV', 'isv.MOBILE_NUMBER_ILLEGAL']);
    const skipped = (await targetsOf(id, `pushStatus_equal=${TARGET_STATUS.skipped}`)).records;
    expect(skipped.map((r) => r.id)).toEqual([withdrawn.id]);
    expect(await sentTo(String(withdrawn.phone))).toBe(0);
    const delivered = (await targetsOf(id, `pushStatus_equal=${TARGET_STATUS.delivered}`)).records;
    expect(delivered.length).toBe(added - 1);
    for (const r of delivered.slice(0, 5)) expect(await sentTo(String(r.phone))).toBe(1);
    expect(delivered.every((r) => r.sendTime)).toBe(true);

    // Resend every failure once: both fail again (the numbers are reserved to fail) with one more retry each.
    const resend = await t.call('GET', `${TARGET}/pushFail/${id}?scope=push`, office);
    expect(resend.json().data).toEqual({ resent: 2, skipped: 0 });
    const again = await finished(id);
    expect(again).toMatchObject({ pushStatus: PUSH_STATUS.partlyFailed, failCount: 2, successCount: added - 1 });
    const failed = (await targetsOf(id, `pushStatus_equal=${TARGET_STATUS.failed}`)).records;
    expect(failed.map((r) => r.retryCount)).toEqual([1, 1]);
    expect(await sentTo('19900000001')).toBe(2);
    // One target up to the limit (3): then 已达最大重发次数.
    const one = String(failed[0]?.id);
    for (let i = 0; i < 2; i += 1) {
      expect((await t.call('GET', `${TARGET}/pushFail/${one}`, office)).json().data).toEqual({ resent: 1, skipped: 0 });
      await finished(id);
    }
    const limit = await t.call('GET', `${TARGET}/pushFail/${one}`, office);
    expect(limit.statusCode).toBe(400);
    expect(limit.json().msg).toBe('已达最大重发次数');
    expect((await t.call('GET', `${TARGET}/pushFail/${id}?scope=push`, office)).json().data).toEqual({ resent: 1, skipped: 1 });
    await finished(id);
    expect((await t.call('POST', `${PUSH}/remove?ids=${id}`, office)).json().msg).toBe('已发送的推送不能删除');
  }, 120_000); // four sends through the job queue, each awaited

  it('schedules at least five minutes ahead, cancels before sending starts, then removes', async () => {
    const push = await draft({ title: '定时推送' });
    const id = String(push.id);
    expect((await t.call('POST', `${TARGET}/submit`, office, { smsPushId: id, phone: '139 0000 2222', name: '定时' })).json().data).toMatchObject({ phone: '13900002222', source: '2' });
    const plan = formatDateTime(new Date(Date.now() + 10 * 60_000));
    const scheduled = await t.call('POST', `${PUSH}/submit`, office, { id, sendType: '2', planSendTime: plan, pushStatus: 1 });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await detail(id)).pushStatus).toBe(PUSH_STATUS.queued);
    const cancelled = await t.call('POST', `${PUSH}/submit`, office, { id, pushStatus: 6 });
    expect(cancelled.json().data).toMatchObject({ pushStatus: PUSH_STATUS.cancelled });
    expect((await t.call('POST', `${PUSH}/submit`, office, { id, pushStatus: 1 })).statusCode).toBe(400);
    expect(await sentTo('13900002222')).toBe(0);
    expect((await t.call('POST', `${PUSH}/remove?ids=${id}`, office)).statusCode).toBe(200);
  });

  it('keeps to the data scope: a college user sees only its own unit pushes', async () => {
    const mine = await draft({ title: '学院自己的推送' }, college);
    const theirs = await draft({ title: '总会的推送' });
    const list = (await t.call('GET', `${PUSH}/page?size=100`, college)).json().data as { records: Json[] };
    const ids = list.records.map((r) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await t.call('GET', `${PUSH}/detail/${String(theirs.id)}`, college)).statusCode).toBe(404);
    expect((await t.call('POST', `${TARGET}/addFromAlumni`, college, { smsPushId: theirs.id, alumniIds: '1' })).statusCode).toBe(404);
  });

  it('carries out the SMS part of a notice push: recipients with a mainland mobile, source 通知推送, started at once', async () => {
    const office0 = (await t.call('GET', '/api/blade-noticeTemplate/noticeTemplate/all?channel=2&scene=8', office)).json().data as Json[];
    const template = (await t.app.services.repository.all(noticeTemplateEntity, { tenantId: '000000' }, [{ field: 'id', op: 'equal', value: String(office0[0]?.id) }]))[0] as JsonRecord;
    const s = t.app.services;
    // Both recipients consent: an earlier test withdrew the consent of whichever alumnus its push listed first.
    await db().updateTable(basicInfoEntity.table).set({ allow_sms: 1 }).where('id', 'in', ['1', '2']).execute();
    const id = await createSmsPushForNoticePush(
      { db: s.database.db, sealing: s.repository.sealing, jobs: s.jobs, smsCode: null },
      { tenantId: '000000', userId: '1', deptId: null },
      {
        noticePushId: '1900000000000990001', title: '通知推送的短信', template, sendNow: true,
        recipients: [{ alumniId: '1', name: '甲', phone: '13900003331' }, { alumniId: '2', name: '乙', phone: '+86 139 0000 3332' }, { alumniId: '3', name: '丙', phone: '12345' }],
      },
    );
    const done = await finished(id);
    expect(done).toMatchObject({ pushStatus: PUSH_STATUS.done, targetCount: 2, successCount: 2, noticePushId: '1900000000000990001', providerTemplateId: template.providerTemplateId });
    expect((await targetsOf(id)).records.every((r) => r.source === '4')).toBe(true);
    expect(await sentTo('13900003332')).toBe(1);
  });
});
