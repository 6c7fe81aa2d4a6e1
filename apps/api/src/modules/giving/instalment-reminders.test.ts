import { PUSH_CHANNEL } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { INSTALMENT_REMINDER_TABLE } from '../../db/migrations/072-giving-depth.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { nextReminderRun, remindDueInstalments } from './instalment-reminders.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;
const TENANT = '000000';
const CS = '1900000000000010001';
const day = (offset: number) => formatDateTime(new Date(Date.now() + offset * 86_400_000)).slice(0, 10);

describe.each(testDialects())('a pledge paid in instalments, its donor reminded before each falls due (%s)', (dialect) => {
  let t: TestApp;
  let db: Db;
  let foundation: string;
  let alumnus: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    db = t.app.services.database.db;
    foundation = await t.signIn('foundation');
    alumnus = String((await db.selectFrom('alumni_basic_info').select('id').where('tenant_id', '=', TENANT).where('is_deleted', '=', 0)
      .where('status', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id);
  });
  afterAll(async () => t?.close());

  const save = (body: Row) => t.call('POST', '/api/donation/update', foundation, body, { 'accept-language': 'zh-CN' });
  const pledge = (over: Row = {}): Row => ({
    donorType: '1', alumniId: alumnus, donorName: '', purpose: '1', donationMethod: '1', currency: 'CNY', projectName: `分期认捐${Math.random().toString(36).slice(2, 8)}`,
    amount: '3000', donateTime: `${now().slice(0, 10)} 00:00:00`, paymentStatus: 1, receiptStatus: 0, departmentId: CS, ...over,
  });
  const plan = (...parts: [string, string][]) => JSON.stringify(parts.map(([dueDate, amount]) => ({ dueDate, amount })));
  const deps = () => ({ jobs: t.app.services.jobs, sealing: t.app.services.sealing });
  const remindersOf = (id: string) => db.selectFrom(INSTALMENT_REMINDER_TABLE).selectAll().where('donation_id', '=', id).orderBy('due_date').execute();

  it('keeps the plan in due-date order and refuses one that does not add up or repeats a date, writing nothing', async () => {
    const saved = await save(pledge({ instalments: plan([day(60), '1000'], [day(30), '2000']) }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(JSON.parse(saved.json().data.instalments).map((p: Row) => p.dueDate)).toEqual([day(30), day(60)]);
    const name = `分期不平${Math.random().toString(36).slice(2, 8)}`;
    for (const [instalments, msg] of [
      [plan([day(30), '1000'], [day(60), '1000']), '分期金额合计2000.00，须等于捐赠金额3000.00'],
      [plan([day(30), '1500'], [day(30), '1500']), `分期计划中到期日${day(30)}出现了两次`],
    ] as const) {
      const res = await save(pledge({ projectName: name, instalments }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe(msg);
      expect(res.json().data.errors).toHaveProperty('instalments');
    }
    const page = (await t.call('GET', `/api/donation/page?projectName=${encodeURIComponent(name)}`, foundation)).json().data;
    expect(page.total).toBe(0);
  });

  it('reminds the donor once of each instalment falling due within seven days, in-app, and not of a received gift', async () => {
    const open = (await save(pledge({ instalments: plan([day(3), '1000'], [day(20), '2000']) }))).json().data as Row;
    const paid = (await save(pledge({ instalments: plan([day(2), '3000']) }))).json().data as Row;
    expect((await save({ id: paid.id, paymentStatus: 2, arrivalDate: now().slice(0, 10) })).statusCode).toBe(200);

    expect(await remindDueInstalments(db, deps())).toBeGreaterThanOrEqual(1);
    const first = await remindersOf(String(open.id));
    expect(first.map((r) => r.due_date)).toEqual([day(3)]);
    expect(await remindersOf(String(paid.id))).toEqual([]);
    const push = await db.selectFrom('alumni_notice_push').select(['title', 'content']).where('id', '=', String(first[0]?.push_id)).executeTakeFirstOrThrow();
    expect(push.title).toContain(String(open.projectName));
    expect(push.content).toContain(`第1期 1000.00 元将于 ${day(3)} 到期`);
    const inApp = await db.selectFrom('alumni_notice_push_record').select(['alumni_id', 'channel']).where('push_id', '=', String(first[0]?.push_id))
      .where('channel', '=', PUSH_CHANNEL.inApp).execute();
    expect(inApp.map((r) => String(r.alumni_id))).toEqual([alumnus]);

    // Run again the same day: nothing new. Two weeks on, the second instalment's turn.
    await remindDueInstalments(db, deps());
    expect((await remindersOf(String(open.id))).length).toBe(1);
    await remindDueInstalments(db, deps(), day(14));
    expect((await remindersOf(String(open.id))).map((r) => r.due_date)).toEqual([day(3), day(20)]);
  });

  it('runs each morning: the next run is 08:30 of today or tomorrow', () => {
    const run = formatDateTime(nextReminderRun(new Date('2026-03-01T12:00:00+08:00')));
    expect(run.slice(11)).toBe('08:30:00');
    expect(nextReminderRun().getTime()).toBeGreaterThan(Date.now());
  });
});
