import { BLADEX_ICONFONT_ICONS } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as convertMenuIcons } from '../../db/migrations/058-bladex-menu-icons-log-servers.js';
import { SABER_HEADER, startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

const flat = (nodes: Json[]): Json[] => nodes.flatMap((n) => [n, ...flat((n.children ?? []) as Json[])]);

/** The BladeX iconfont class a `source` holds, which a stock client draws: `iconfont <class> ...`. */
const bladexClass = (source: unknown) => {
  const [font, cls] = String(source ?? '').split(/\s+/);
  return font === 'iconfont' && cls !== undefined && Object.hasOwn(BLADEX_ICONFONT_ICONS, cls) ? cls : null;
};

describe.each(testDialects())('menu icons as BladeX clients draw them on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin');
  });
  afterAll(async () => t?.close());

  /** A call as the stock Saber client sends it: its client in `Authorization`, the token in `Blade-Auth`. */
  const saber = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: SABER_HEADER, 'blade-auth': `bearer ${admin}`, 'tenant-id': '000000' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json[];
  };

  it('answers every seeded menu of menu/routes and menu/list with a BladeX iconfont class in source', async () => {
    const routes = flat(await saber('/api/blade-system/menu/routes'));
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((m) => !bladexClass(m.source)).map((m) => `${m.code ?? m.name}: ${m.source}`)).toEqual([]);
    const system = routes.find((m) => m.path === '/system');
    expect(system?.source).toBe('iconfont iconicon_setting SettingOutlined');
    const list = flat(await saber('/api/blade-system/menu/list'));
    expect(list.length).toBeGreaterThan(20);
    expect(list.filter((m) => Number(m.category) === 1 && !bladexClass(m.source)).map((m) => `${m.code}: ${m.source}`)).toEqual([]);
    const tops = await t.app.services.database.db.selectFrom('blade_top_menu').select('source').where('is_deleted', '=', 0).execute();
    expect(tops.length).toBeGreaterThan(0);
    expect(tops.filter((r) => !bladexClass(r.source))).toEqual([]);
  });

  it("stores a bare Ant Design name from the product's form with its BladeX class, and keeps a BladeX class as sent", async () => {
    const submit = async (code: string, source: string) => {
      const res = await t.call('POST', '/api/blade-system/menu/submit', admin, { parentId: '0', code, name: code, alias: 'menu', path: `/${code}`, source, sort: 99, category: 1, action: 0, isOpen: 1 });
      expect(res.statusCode, res.body).toBe(200);
      const id = String(res.json().data.id);
      const detail = await t.call('GET', `/api/blade-system/menu/detail?id=${id}`, admin);
      return String(detail.json().data.source);
    };
    expect(await submit(`iconant${Date.now()}`, 'TrophyOutlined')).toBe('iconfont iconicon_boss TrophyOutlined');
    expect(await submit(`iconbx${Date.now()}`, 'iconfont icon-caidan')).toBe('iconfont icon-caidan');
    expect(await submit(`iconunknown${Date.now()}`, 'StarOutlined')).toBe('StarOutlined');
  });

  it('converts the Ant Design names existing rows hold, and changes nothing when run again', async () => {
    const db = t.app.services.database.db;
    const byCode = async (code: string) => (await db.selectFrom('blade_menu').select('source').where('code', '=', code).executeTakeFirstOrThrow()).source;
    await db.updateTable('blade_menu').set({ source: 'SettingOutlined' }).where('code', '=', 'system').execute();
    await db.updateTable('blade_menu').set({ source: 'iconfont iconicon_study' }).where('code', '=', 'dict').execute();
    await db.updateTable('blade_menu').set({ source: 'my-own-icon' }).where('code', '=', 'post').execute();
    await db.updateTable('blade_top_menu').set({ source: 'ToolOutlined' }).where('code', '=', 'top_devops').execute();
    for (let run = 0; run < 2; run += 1) {
      await convertMenuIcons(db, dialect);
      expect(await byCode('system')).toBe('iconfont iconicon_setting SettingOutlined');
      expect(await byCode('dict')).toBe('iconfont iconicon_study');
      expect(await byCode('post')).toBe('my-own-icon');
      expect((await db.selectFrom('blade_top_menu').select('source').where('code', '=', 'top_devops').executeTakeFirstOrThrow()).source)
        .toBe('iconfont icon-wxbgongju ToolOutlined');
    }
  });
});
