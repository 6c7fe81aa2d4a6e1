import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../jobs/job-queue.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { ANSWER_NOTICE_JOB } from './answer-notice.js';

const BASE = '/api/blade-message/message';
const ALUMNI = '/api/blade-basicInfo/basicInfo';

type Json = Record<string, unknown>;

describe.each(testDialects())('the message board on %s (DOMAIN 8.8)', (dialect) => {
  let t: TestApp;
  let office: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    office = await t.signIn('office');
    await t.app.services.jobs.start();
  });
  afterAll(async () => t?.close());

  const list = async (query: string, token = office) => (await t.call('GET', `${BASE}/list?size=100&${query}`, token)).json().data as { records: Json[]; total: number };
  const record = (values: Json = {}): Json => ({ title: '咨询校友卡办理', messageType: '1', name: '测试留言人', areaCode: '+86', phone: '139 0009 8888', content: '请问校友卡如何办理？', ...values });
  const answer = (body: Json, token = office) => t.call('PUT', `${BASE}/answer`, token, body);

  async function jobOf(id: string): Promise<JobView> {
    const until = Date.now() + 30_000;
    for (;;) {
      const job = await t.app.services.jobs.get(id);
      if (job && (job.state === 'completed' || job.state === 'failed')) return job;
      if (Date.now() > until) throw new Error(`job ${id} did not finish: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('holds the demo board: 6 awaiting a reply, 12 answered (5 public), 2 closed, awaiting ones first', async () => {
    expect((await list('replyStatus=0')).total).toBe(6);
    expect((await list('replyStatus=1')).total).toBe(12);
    expect((await list('replyStatus=2')).total).toBe(2);
    expect((await list('replyStatus=1&isPublic=1')).total).toBe(5);
    const all = await list('');
    expect(all.records.slice(0, 6).every((r) => r.replyStatus === 0)).toBe(true);
    expect(all.records.find((r) => r.answerContent)?.answerUserName).toBe('王晓梅');
  });

  it('records a message taken by phone, keeps its mobile as eleven digits and finds the alumnus by it', async () => {
    const made = await t.call('POST', `${BASE}/submit`, office, record());
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ messageSource: '3', replyStatus: 0, phone: '13900098888', alumniId: null });

    const withPhone = ((await t.call('GET', `${ALUMNI}/list?size=50`, office)).json().data as { records: Json[] }).records
      .find((r) => typeof r.phone === 'string' && /^1\d{10}$/.test(r.phone)) as Json;
    const matched = await t.call('POST', `${BASE}/submit`, office, record({ phone: withPhone.phone }));
    expect(matched.json().data).toMatchObject({ alumniId: withPhone.id });

    const badPhone = await t.call('POST', `${BASE}/submit`, office, record({ phone: '12345' }));
    expect(badPhone.statusCode).toBe(400);
    expect((badPhone.json() as { data: { errors: Json } }).data.errors.phone).toBeTruthy();
    const images = JSON.stringify(Array.from({ length: 10 }, (_, i) => ({ link: `/a/${i}.png`, name: `${i}.png` })));
    expect((await t.call('POST', `${BASE}/submit`, office, record({ images }))).statusCode).toBe(400);
    expect((await t.call('POST', `${BASE}/submit`, office, record({ title: '问' }))).statusCode).toBe(400);
  });

  it('answers, answers again (the previous answer kept in the usual log) and checks what it is given', async () => {
    const id = String(((await t.call('POST', `${BASE}/submit`, office, record())).json().data as Json).id);
    const first = await answer({ id, answerContent: '请到校友办领取申请表。', isPublic: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ replyStatus: 1, answerContent: '请到校友办领取申请表。', isPublic: 1, noticeJob: null });
    expect((first.json().data as Json).answerTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const second = await answer({ id, answerContent: '可在线申请，无需到场。' });
    expect(second.json().data).toMatchObject({ answerContent: '可在线申请，无需到场。', isPublic: 1 });
    await t.app.services.logs.flush();
    const logged = await t.app.services.database.db.selectFrom('blade_log_usual').select('log_data')
      .where('log_id', '=', 'message_answer_replaced').execute();
    expect(logged.map((l) => String(l.log_data))).toContain(`留言 ${id} 的原回复：请到校友办领取申请表。`);

    expect((await answer({ id, answerContent: '好' })).statusCode).toBe(400);
    expect((await answer({ id, answerContent: '可以的', notify: 2 })).statusCode).toBe(400);
    expect((await answer({ id: 'x', answerContent: '可以的' })).statusCode).toBe(400);
    expect((await answer({ id: '1900000000000219999', answerContent: '可以的' })).statusCode).toBe(404);
  });

  it('tells the messenger by SMS through the general-notice template, and no one who cannot be told', async () => {
    const id = String(((await t.call('POST', `${BASE}/submit`, office, record({ phone: '13900097777' }))).json().data as Json).id);
    const res = await answer({ id, answerContent: '已为您办理。', notify: 1 });
    const job = await jobOf(String((res.json().data as Json).noticeJob));
    expect(job.state).toBe('completed');
    expect(job.output).toMatchObject({ channel: 'sms', to: '139****7777', ok: true });
    const sent = await t.app.services.database.db.selectFrom('blade_send_record').select(['target', 'params'])
      .where('channel', '=', 'sms').where('target_hash', '=', t.app.services.resources.sendRecords.hashOf('sms', '13900097777')).execute();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.target).toBe('139****7777');
    expect(JSON.parse(String(sent[0]?.params))).toMatchObject({ name: '测试留言人', noticeTitle: '您的留言“咨询校友卡办理”已回复' });

    const deceased = ((await t.call('GET', `${ALUMNI}/list?isDeceased=1&size=1`, office)).json().data as { records: Json[] }).records[0] as Json;
    const theirs = String(((await t.call('POST', `${BASE}/submit`, office, record({ alumniId: deceased.id, phone: null }))).json().data as Json).id);
    const skipped = await jobOf(String(((await answer({ id: theirs, answerContent: '已为您办理。', notify: 1 })).json().data as Json).noticeJob));
    expect(skipped.output).toEqual({ channel: null, skipped: 'alumnus deceased' });
  });

  it('closes with a reason only for those who may answer, and a closed message stays as it is', async () => {
    const id = String(((await t.call('POST', `${BASE}/submit`, office, record())).json().data as Json).id);
    const leader = await t.signIn('leader');
    expect((await t.call('GET', `${BASE}/list`, leader)).statusCode).toBe(200);
    expect((await t.call('POST', `${BASE}/submit`, leader, { id, remark: '无需处理', replyStatus: 2 })).statusCode).toBe(403);
    expect((await t.call('GET', `${BASE}/list`, await t.signIn('college'))).statusCode).toBe(403);

    const noReason = await t.call('POST', `${BASE}/submit`, office, { id, replyStatus: 2 });
    expect(noReason.statusCode).toBe(400);
    expect((noReason.json() as { data: { errors: Json } }).data.errors.remark).toBe('关闭留言须填写备注');
    const closed = await t.call('POST', `${BASE}/submit`, office, { id, remark: '留言人已电话告知无需回复', replyStatus: 2 });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ replyStatus: 2, title: '咨询校友卡办理' });
    expect((await answer({ id, answerContent: '补充回复内容' })).json().msg).toBe('已关闭的留言不能修改或回复');
    expect((await t.call('POST', `${BASE}/submit`, office, { id, title: '改个标题' })).json().msg).toBe('已关闭的留言不能修改或回复');
  });

  it('refuses to put a job on the queue for a notice nobody asked for', async () => {
    const before = (await t.app.services.jobs.list({ current: 1, size: 100, tenantId: '000000', name: ANSWER_NOTICE_JOB })).total;
    const id = String(((await t.call('POST', `${BASE}/submit`, office, record())).json().data as Json).id);
    await answer({ id, answerContent: '已为您办理。', notify: 0 });
    expect((await t.app.services.jobs.list({ current: 1, size: 100, tenantId: '000000', name: ANSWER_NOTICE_JOB })).total).toBe(before);
  });
});
