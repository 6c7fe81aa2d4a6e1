import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../core/time.js';
import { seedId } from '../../seed/menu-tree.js';
import { startSecondServer, type SecondServer } from '../../test-support/second-server.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

const at = (minutes: number) => formatDateTime(new Date(Date.now() + minutes * 60_000));

/**
 * Two API processes on one PostgreSQL database (issue 31): the test's own app and a second server
 * started from the sources take 1,000 applications for 100 seats at once, half each. The activity's
 * row lock holds across processes: exactly 100 seated, the line without gaps, nobody twice.
 */
describe.each(testDialects().filter((d) => d === 'postgres'))('seats taken by two API processes on %s', (dialect) => {
  let t: TestApp;
  let second: SecondServer | undefined;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    second = await startSecondServer(t.config);
  }, 300_000);
  afterAll(async () => {
    second?.stop();
    await t?.close();
  });

  it('1,000 concurrent applications for 100 seats, half through each process: exactly 100 seated, the rest in line, none twice', async () => {
    const admin = await t.signIn('admin');
    const made = await t.call('POST', '/api/blade-activity/activity/submit', admin, {
      title: '双进程座位测试', activityType: '3', departmentId: seedId(1, 1), startTime: at(60), endTime: at(240), location: '体育馆',
      needSignup: 1, signupStartTime: at(-60), signupEndTime: at(50), capacity: 100, needConfirm: 0, allowCompanion: 0, targetScope: '1',
      content: '<p>详情</p>', contactName: '王老师', contactPhone: '010-62780001',
    });
    expect(made.statusCode, made.body).toBe(200);
    const activityId = String(made.json().data.id);
    const body = (i: number) => ({ activityId, name: `双进程${i}`, areaCode: '+86', phone: `1380000${String(i).padStart(4, '0')}` });
    const answers = await Promise.all(Array.from({ length: 1000 }, async (_, i) => {
      if (i % 2 === 0) return (await t.call('POST', '/api/blade-actApplist/actApplist/submit', admin, body(i))).statusCode;
      const res = await fetch(`${second?.origin}/api/blade-actApplist/actApplist/submit`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'blade-auth': `bearer ${admin}` }, body: JSON.stringify(body(i)),
      });
      return res.status;
    }));
    expect(answers.filter((s) => s !== 200)).toEqual([]);
    const rows = await t.app.services.database.db.selectFrom('alumni_act_applist').select(['name', 'apply_status', 'queue_no'])
      .where('activity_id', '=', activityId).where('is_deleted', '=', 0).execute();
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((r) => r.name)).size).toBe(1000);
    const seated = rows.filter((r) => Number(r.apply_status) === 1).map((r) => Number(r.queue_no)).sort((a, b) => a - b);
    expect(seated).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(rows.filter((r) => Number(r.apply_status) === 4)).toHaveLength(900);
    expect(rows.map((r) => Number(r.queue_no)).sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
  }, 300_000);
});
