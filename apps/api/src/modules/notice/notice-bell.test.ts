import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

type Part = { total: number; records: Record<string, unknown>[] } | null;
interface Bell { total: number; notices: Part; messages: Part; todos: Part }

const NOTICES = '/api/blade-desk/notice';

describe.each(testDialects())("the bell: a user's unread notices, waiting messages and to-dos on %s", (dialect) => {
  let t: TestApp;
  let admin: string;
  let office: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, office] = await Promise.all([t.signIn('admin'), t.signIn('office')]);
  });
  afterAll(async () => t?.close());

  const bell = async (token: string): Promise<Bell> => {
    const res = await t.call('GET', `${NOTICES}/bell`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Bell;
  };
  const addNotice = async (title: string, releaseTime: string): Promise<string> => {
    const res = await t.call('POST', `${NOTICES}/submit`, admin, { title, category: '1', releaseTime, content: `<p>${title}</p>` });
    expect(res.statusCode, res.body).toBe(200);
    return String((res.json().data as { id: string }).id);
  };
  const total = async (url: string, token: string): Promise<number> =>
    ((await t.call('GET', url, token)).json().data as { total: number }).total;

  it('counts a released notice unread until the user opens it, for that user alone; a notice released later waits', async () => {
    const before = await bell(admin);
    const officeBefore = (await bell(office)).notices?.total ?? 0;
    const id = await addNotice('铃声测试通知', '2026-01-02 08:00:00');
    await addNotice('明年的通知', '2099-01-01 08:00:00');
    const after = await bell(admin);
    expect(after.notices?.total).toBe((before.notices?.total ?? 0) + 1);
    expect(after.notices?.records.map((r) => r.title)).toContain('铃声测试通知');
    expect(after.notices?.records.map((r) => r.title)).not.toContain('明年的通知');
    expect(after.total).toBe((after.notices?.total ?? 0) + (after.messages?.total ?? 0) + (after.todos?.total ?? 0));

    // Opening the notice reads it; opening it again changes nothing.
    expect((await t.call('GET', `${NOTICES}/detail?id=${id}`, admin)).statusCode).toBe(200);
    expect((await t.call('GET', `${NOTICES}/detail?id=${id}`, admin)).statusCode).toBe(200);
    const read = await bell(admin);
    expect(read.notices?.total).toBe(before.notices?.total);
    expect(read.notices?.records.map((r) => r.id)).not.toContain(id);
    // Another user of the tenant has not read it.
    const officeBell = await bell(office);
    if (officeBell.notices) expect(officeBell.notices.total).toBe(officeBefore + 1);
  });

  it("shows another tenant's user none of this tenant's notices", async () => {
    await addNotice('只给本租户的通知', '2026-01-03 08:00:00');
    const foreign = await t.signIn('admin', 'Xy@123456', '100001');
    const theirs = await bell(foreign);
    expect(theirs.notices?.records.map((r) => r.title) ?? []).not.toContain('只给本租户的通知');
    expect(theirs.notices?.records.map((r) => r.title) ?? []).not.toContain('铃声测试通知');
  });

  it('counts the messages waiting for an answer and the to-dos as their own lists do, in the data scope', async () => {
    for (const token of [admin, office]) {
      const shown = await bell(token);
      expect(shown.messages?.total).toBe(await total('/api/blade-message/message/list?replyStatus=0&size=1', token));
      expect(shown.messages?.records.length).toBe(Math.min(5, shown.messages?.total ?? 0));
      expect(shown.todos?.total).toBe(await total('/api/blade-flow/work/todo-list?size=1', token));
    }
    // The demo's leave request waiting in the office's to-do list.
    const offices = await bell(office);
    expect(offices.todos?.total).toBeGreaterThan(0);
    expect(offices.todos?.records[0]).toMatchObject({ processDefinitionKey: 'leave', taskName: '审批人审批' });
    const admins = await bell(admin);
    expect(admins.messages?.total).toBeGreaterThan(0);
    // A message answered leaves the bell.
    const first = admins.messages?.records[0] as { id: string };
    const answered = await t.call('PUT', '/api/blade-message/message/answer', admin, { id: first.id, answerContent: '已经为您办理，请查收。', isPublic: 0 });
    expect(answered.statusCode, answered.body).toBe(200);
    const after = await bell(admin);
    expect(after.messages?.total).toBe((admins.messages?.total ?? 0) - 1);
    expect(after.messages?.records.map((r) => r.id)).not.toContain(first.id);
  });

  it('leaves out the parts of menus the user does not hold', async () => {
    const nobody = await t.signInWithoutGrants(admin);
    expect(await bell(nobody)).toEqual({ total: 0, notices: null, messages: null, todos: null });
    const noticesOnly = await t.signInWithCodes(admin, ['desk', 'notice']);
    const shown = await bell(noticesOnly);
    expect(shown.messages).toBeNull();
    expect(shown.todos).toBeNull();
    expect(shown.notices?.total).toBeGreaterThan(0);
  });
});
