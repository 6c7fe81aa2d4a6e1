import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_SETTING_TABLE } from '../../db/migrations/074-list-settings.js';
import { DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

describe.each(testDialects())('list settings on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let leader: string;
  let foreign: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, leader, foreign] = await Promise.all([t.signIn('admin'), t.signIn('leader'), t.signIn('admin', DEMO_PASSWORD, '100001')]);
  });
  afterAll(async () => t?.close());

  const LIST = '/alumni/basicinfo#basicInfo';
  const read = async (token: string, listKey = LIST) => {
    const res = await t.call('GET', `/api/blade-user/list-settings?${new URLSearchParams({ listKey })}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { listKey: string; columns: unknown[] };
  };
  const save = (token: string, body: unknown, headers?: Record<string, string>) => t.call('POST', '/api/blade-user/list-settings', token, body, headers);
  const rowsOf = async () => t.app.services.database.db.selectFrom(LIST_SETTING_TABLE).selectAll().orderBy('id').execute();

  it('answers no columns for a list never set, and the saved ones, in order, once saved', async () => {
    expect(await read(admin)).toEqual({ listKey: LIST, columns: [] });
    const columns = [{ key: 'name', width: 160, fixed: 'left' }, { key: 'phone', hidden: true }, { key: 'graduationYear' }];
    const res = await save(admin, { listKey: LIST, columns });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, success: true, data: { listKey: LIST, columns } });
    expect(await read(admin)).toEqual({ listKey: LIST, columns });
  });

  it('saves a list whole again in its one row, and keeps each user\'s and each tenant\'s apart', async () => {
    await save(admin, { listKey: LIST, columns: [{ key: 'phone' }, { key: 'name', hidden: true }] });
    await save(leader, { listKey: LIST, columns: [{ key: 'name', width: 300 }] });
    await save(foreign, { listKey: LIST, columns: [{ key: 'email', fixed: 'right' }] });
    expect((await read(admin)).columns).toEqual([{ key: 'phone' }, { key: 'name', hidden: true }]);
    expect((await read(leader)).columns).toEqual([{ key: 'name', width: 300 }]);
    expect((await read(foreign)).columns).toEqual([{ key: 'email', fixed: 'right' }]);
    const rows = (await rowsOf()).filter((r) => r.list_key === LIST);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => `${r.tenant_id}/${String(r.user_id)}`)).size).toBe(3);
  });

  it('forgets a list on reset, for the caller only', async () => {
    const res = await t.call('POST', `/api/blade-user/list-settings/reset?${new URLSearchParams({ listKey: LIST })}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ listKey: LIST, columns: [] });
    expect((await read(admin)).columns).toEqual([]);
    expect((await read(leader)).columns).toEqual([{ key: 'name', width: 300 }]);
  });

  it('refuses bad settings with a 400 in the caller\'s language and changes nothing', async () => {
    await save(leader, { listKey: 'other', columns: [{ key: 'a' }] });
    const before = await rowsOf();
    const cases: [unknown, string][] = [
      [{ listKey: '', columns: [] }, '列表标识格式不正确'],
      [{ listKey: 'a b', columns: [] }, '列表标识格式不正确'],
      [{ listKey: 'x'.repeat(129), columns: [] }, '列表标识格式不正确'],
      [{ listKey: 'other' }, '列设置应为列表'],
      [{ listKey: 'other', columns: [{ key: 'a' }, { key: 'a' }] }, '列 a 出现了两次'],
      [{ listKey: 'other', columns: [{ key: 'a', width: 10 }] }, '列 a 的宽度应为 40 到 2000 的整数'],
      [{ listKey: 'other', columns: [{ key: 'a', width: 100.5 }] }, '列 a 的宽度应为 40 到 2000 的整数'],
      [{ listKey: 'other', columns: [{ key: 'a', fixed: 'top' }] }, '列 a 只能固定在左侧或右侧'],
      [{ listKey: 'other', columns: [{ key: 'a', hidden: 'yes' }] }, '列 a 的隐藏只能是 true 或 false'],
      [{ listKey: 'other', columns: [{ key: 'a; drop table' }] }, '第 1 列的标识不正确'],
      [{ listKey: 'other', columns: [{ key: 'a', colour: 'red' }] }, '第 1 列含有未知的设置: colour'],
      [{ listKey: 'other', columns: Array.from({ length: 101 }, (_, i) => ({ key: `c${i}` })) }, '最多 100 列'],
    ];
    for (const [body, msg] of cases) {
      const res = await save(leader, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, success: false, msg });
    }
    const english = await save(leader, { listKey: 'other', columns: [{ key: 'a', fixed: 'top' }] }, { 'accept-language': 'en' });
    expect(english.json().msg).toBe('fixed of a must be left or right');
    const badRead = await t.call('GET', '/api/blade-user/list-settings?listKey=%20', leader);
    expect(badRead.statusCode).toBe(400);
    expect(await rowsOf()).toEqual(before);
    expect((await read(leader, 'other')).columns).toEqual([{ key: 'a' }]);
  });

  it('asks for a signed-in user', async () => {
    const res = await t.call('GET', `/api/blade-user/list-settings?listKey=x`);
    expect(res.statusCode).toBe(401);
  });
});
