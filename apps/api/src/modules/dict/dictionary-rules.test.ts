import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uniqueToken } from '../../test-support/sample-values.js';
import { DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Row = Record<string, any>;

describe.each(testDialects())('dictionaries on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let foreign: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, foreign] = await Promise.all([t.signIn('admin'), t.signIn('admin', DEMO_PASSWORD, '100001')]);
  });
  afterAll(async () => t?.close());

  describe.each(['dict', 'dict-biz'])('%s', (resource) => {
    const base = `/api/blade-system/${resource}`;
    const created: string[] = [];
    afterEach(async () => {
      // children were pushed after their parents: remove newest first
      while (created.length) await t.call('POST', `${base}/remove?ids=${created.pop()}`, admin);
    });

    async function submit(body: Row, token = admin) {
      return t.call('POST', `${base}/submit`, token, body);
    }
    async function add(body: Row, token = admin): Promise<Row> {
      const res = await submit({ sort: 1, isSealed: 0, ...body }, token);
      expect(res.statusCode, res.body).toBe(200);
      const row = res.json().data as Row;
      if (token === admin) created.push(row.id);
      return row;
    }
    const addParent = (extra: Row = {}) => add({ code: `c${uniqueToken()}`, dictValue: '测试字典', ...extra });
    // The client's entry form sends the parent's code along; the server takes it from the parent anyway.
    const addChild = (parent: Row, dictKey: string, extra: Row = {}) => add({ parentId: parent.id, code: parent.code, dictKey, dictValue: `值${dictKey}`, ...extra });
    const detail = async (id: string) => (await t.call('GET', `${base}/detail?id=${id}`, admin)).json().data as Row;
    const dictionary = async (code: string, token = admin) => {
      const res = await t.call('GET', `${base}/dictionary?code=${code}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Row[];
    };

    it('stores a parent row with dictKey -1 and parentId 0, whatever the body says', async () => {
      const parent = await addParent({ dictKey: 'abc' });
      expect(parent).toMatchObject({ parentId: '0', dictKey: '-1' });
    });

    it("gives an entry its parent's code, ignoring a code in the body", async () => {
      const parent = await addParent();
      const child = await addChild(parent, '1', { code: 'something-else' });
      expect(child).toMatchObject({ parentId: parent.id, code: parent.code, dictKey: '1' });
    });

    it('refuses an entry without dictKey with 400 请输入字典键值', async () => {
      const parent = await addParent();
      const res = await submit({ parentId: parent.id, code: parent.code, dictValue: 'x', sort: 1, isSealed: 0 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg: '请输入字典键值', data: { errors: { dictKey: '请输入字典键值' } } });
    });

    it('refuses an entry whose parent does not exist', async () => {
      const res = await submit({ parentId: '1234567890', code: 'x', dictKey: '1', dictValue: 'x', sort: 1, isSealed: 0 });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.errors).toHaveProperty('parentId');
    });

    it('refuses an entry under an entry', async () => {
      const parent = await addParent();
      const child = await addChild(parent, '1');
      const res = await submit({ parentId: child.id, code: parent.code, dictKey: '2', dictValue: 'x', sort: 1, isSealed: 0 });
      expect(res.statusCode).toBe(400);
    });

    it('refuses a duplicate (code, dictKey) with 400 当前字典键值已存在!', async () => {
      const parent = await addParent();
      await addChild(parent, '1');
      const res = await submit({ parentId: parent.id, code: parent.code, dictKey: '1', dictValue: 'again', sort: 2, isSealed: 0 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg: '当前字典键值已存在!' });
    });

    it('refuses a second dictionary with an existing code', async () => {
      const parent = await addParent();
      const res = await submit({ code: parent.code, dictValue: 'twin', sort: 1, isSealed: 0 });
      expect(res.json()).toMatchObject({ code: 400, msg: '当前字典键值已存在!' });
    });

    it('lets an entry keep its own key when edited', async () => {
      const parent = await addParent();
      const child = await addChild(parent, '1');
      const res = await submit({ id: child.id, dictValue: '改名' });
      expect(res.json()).toMatchObject({ code: 200, data: { dictKey: '1', dictValue: '改名' } });
    });

    it("renames the entries' code when the parent's code is renamed", async () => {
      const parent = await addParent();
      const [a, b] = [await addChild(parent, '1'), await addChild(parent, '2')];
      const renamed = `r${uniqueToken()}`;
      expect((await submit({ id: parent.id, code: renamed })).statusCode).toBe(200);
      expect((await detail(a.id)).code).toBe(renamed);
      expect((await detail(b.id)).code).toBe(renamed);
    });

    it('refuses to remove a parent that has entries with 400 请先删除子节点!', async () => {
      const parent = await addParent();
      await addChild(parent, '1');
      const res = await t.call('POST', `${base}/remove?ids=${parent.id}`, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg: '请先删除子节点!' });
      expect((await detail(parent.id)).id).toBe(parent.id);
    });

    it('removes a parent together with its entries in one call', async () => {
      const parent = await addParent();
      const child = await addChild(parent, '1');
      const res = await t.call('POST', `${base}/remove?ids=${parent.id},${child.id}`, admin);
      expect(res.json()).toMatchObject({ code: 200, data: true });
      created.length = 0;
      expect((await t.call('GET', `${base}/detail?id=${child.id}`, admin)).statusCode).toBe(404);
    });

    it('lists the entries of a dictionary by code, unsealed, in sort order, with the protocol fields', async () => {
      const parent = await addParent();
      await addChild(parent, 'b', { sort: 2, remark: 'second' });
      await addChild(parent, 'c', { sort: 3 });
      await addChild(parent, 'a', { sort: 1 });
      const entries = await dictionary(parent.code);
      expect(entries.map((e) => e.dictKey)).toEqual(['a', 'b', 'c']);
      expect(Object.keys(entries[1] as Row).sort()).toEqual(['code', 'dictKey', 'dictValue', 'id', 'parentId', 'remark', 'sort']);
      expect(entries[1]).toMatchObject({ parentId: parent.id, code: parent.code, dictValue: '值b', sort: 2, remark: 'second' });
    });

    it('leaves sealed entries out of the dictionary', async () => {
      const parent = await addParent();
      await addChild(parent, 'open');
      await addChild(parent, 'sealed', { isSealed: 1 });
      expect((await dictionary(parent.code)).map((e) => e.dictKey)).toEqual(['open']);
    });

    if (resource === 'dict-biz') {
      it('lists the entries that drive behaviour, and refuses to remove them or change their keys', async () => {
        const statuses = await dictionary('study_status');
        expect(statuses.map((e) => e.dictValue)).toEqual(expect.arrayContaining(['在读', '毕业', '结业', '肄业']));
        const graduated = statuses.find((e) => e.dictKey === '2') as Row;
        const refused = await t.call('POST', `${base}/remove?ids=${graduated.id}`, admin, undefined, { 'accept-language': 'zh-CN' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().msg).toBe('“毕业”由系统业务使用，不能删除或修改键值');
        const rekeyed = await submit({ ...graduated, dictKey: '22', isSealed: 0 });
        expect(rekeyed.statusCode).toBe(400);
        // Its label may change (a tenant's own wording); its key and existence stay.
        const renamed = await submit({ ...graduated, dictValue: '已毕业', isSealed: 0 });
        expect(renamed.statusCode, renamed.body).toBe(200);
        await submit({ ...graduated, dictValue: '毕业', isSealed: 0 });
        expect((await dictionary('study_status')).map((e) => e.dictKey)).toContain('2');
      });
    }

    it('leaves removed entries out of the dictionary', async () => {
      const parent = await addParent();
      const gone = await addChild(parent, 'gone');
      await addChild(parent, 'kept');
      await t.call('POST', `${base}/remove?ids=${gone.id}`, admin);
      expect((await dictionary(parent.code)).map((e) => e.dictKey)).toEqual(['kept']);
    });

    it('answers an empty list for an unknown code', async () => {
      expect(await dictionary(`none${uniqueToken()}`)).toEqual([]);
    });

    it('lists only parent rows in parent-list, filtered by code', async () => {
      const parent = await addParent();
      await addChild(parent, '1');
      const res = await t.call('GET', `${base}/parent-list?code=${parent.code}&size=100`, admin);
      const records = res.json().data.records as Row[];
      expect(records.map((r) => r.id)).toEqual([parent.id]);
    });

    it('lists only the entries of one parent in child-list', async () => {
      const [p1, p2] = [await addParent(), await addParent()];
      const c1 = await addChild(p1, '1');
      await addChild(p2, '1');
      const res = await t.call('GET', `${base}/child-list?parentId=${p1.id}&size=100`, admin);
      expect((res.json().data as Row[]).map((r) => r.id)).toEqual([c1.id]);
    });

    it('answers child-list without a parentId as BladeX does (-1: an empty list), and refuses an invalid one with 400', async () => {
      expect((await t.call('GET', `${base}/child-list`, admin)).json().data).toEqual([]);
      expect((await t.call('GET', `${base}/child-list?parentId=abc`, admin)).statusCode).toBe(400);
      expect((await t.call('GET', `${base}/child-list?parentId=9999999999999999999`, admin)).statusCode).toBe(400);
    });

    it('answers the tree as nodes {id, parentId, title, key, value} of the parent rows', async () => {
      const parent = await addParent({ dictValue: '树节点' });
      const child = await addChild(parent, '1');
      const res = await t.call('GET', `${base}/tree`, admin);
      const nodes = res.json().data as Row[];
      const node = nodes.find((n) => n.id === parent.id);
      expect(node).toMatchObject({ id: parent.id, parentId: '0', title: '树节点', key: parent.id, value: parent.id });
      expect(nodes.some((n) => n.id === child.id)).toBe(false);
    });
  });

  describe('system dictionary', () => {
    it('lists sex as 男, 女, 未知 in order', async () => {
      const res = await t.call('GET', '/api/blade-system/dict/dictionary?code=sex', admin);
      const entries = res.json().data as Row[];
      expect(entries.map((e) => [e.dictKey, e.dictValue])).toEqual([['1', '男'], ['2', '女'], ['3', '未知']]);
      expect(entries.every((e) => e.code === 'sex' && e.parentId !== '0')).toBe(true);
    });

    it('is readable from another tenant, for its drop-downs', async () => {
      const res = await t.call('GET', '/api/blade-system/dict/dictionary?code=sex', foreign);
      expect((res.json().data as Row[]).length).toBe(3);
    });

    it('answers flow entries whose remark is the process key', async () => {
      const res = await t.call('GET', '/api/blade-system/dict/dictionary?code=flow', admin);
      expect(res.json().data).toEqual([expect.objectContaining({ code: 'flow', dictKey: '1', remark: 'leave' })]);
    });
  });

  describe('business dictionaries per tenant', () => {
    const base = '/api/blade-system/dict-biz';

    it('offers the entries that drive behaviour (id_type 1 居民身份证) in the pickers', async () => {
      const entries = (await t.call('GET', `${base}/dictionary?code=id_type`, admin)).json().data as Row[];
      expect(entries.map((e) => e.dictKey)).toContain('1');
    });

    it("does not show tenant 000000's added entries to tenant 100001", async () => {
      const list = (token: string) => t.call('GET', `${base}/dictionary?code=id_type`, token).then((r) => r.json().data as Row[]);
      const before = await list(foreign);
      const parentId = (await t.call('GET', `${base}/parent-list?code=id_type`, admin)).json().data.records[0].id as string;
      const res = await t.call('POST', `${base}/submit`, admin, { parentId, code: 'id_type', dictKey: 'zz-only-000000', dictValue: '仅本租户', sort: 99, isSealed: 0 });
      const entry = res.json().data as Row;
      try {
        expect((await list(admin)).map((e) => e.dictKey)).toContain('zz-only-000000');
        expect(await list(foreign)).toEqual(before);
      } finally {
        await t.call('POST', `${base}/remove?ids=${entry.id}`, admin);
      }
    });

    it("does not show tenant 000000's new dictionary to tenant 100001", async () => {
      const code = `biz${uniqueToken()}`;
      const parent = (await t.call('POST', `${base}/submit`, admin, { code, dictValue: 'x', sort: 1, isSealed: 0 })).json().data as Row;
      const child = (await t.call('POST', `${base}/submit`, admin, { parentId: parent.id, code, dictKey: '1', dictValue: 'x', sort: 1, isSealed: 0 })).json().data as Row;
      try {
        expect((await t.call('GET', `${base}/dictionary?code=${code}`, foreign)).json().data).toEqual([]);
        expect((await t.call('GET', `${base}/tree`, foreign)).json().data.some((n: Row) => n.id === parent.id)).toBe(false);
      } finally {
        await t.call('POST', `${base}/remove?ids=${parent.id},${child.id}`, admin);
      }
    });

    it("refuses tenant 100001 an entry under tenant 000000's dictionary", async () => {
      const parentId = (await t.call('GET', `${base}/parent-list?code=id_type`, admin)).json().data.records[0].id as string;
      const res = await t.call('POST', `${base}/submit`, foreign, { parentId, code: 'id_type', dictKey: 'intruder', dictValue: 'x', sort: 1, isSealed: 0 });
      expect(res.statusCode).toBe(400);
      expect((await t.call('GET', `${base}/dictionary?code=id_type`, admin)).json().data.map((e: Row) => e.dictKey)).not.toContain('intruder');
    });
  });
});
