import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids } from '../core/ids.js';
import { MENU_TREE, TOP_MENUS, seedId, type MenuSeed } from '../seed/menu-tree.js';
import { menuIdsByCode } from '../seed/platform-seed.js';
import { DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

interface Node {
  id: string;
  parentId: string;
  code: string;
  category: number;
  children?: Node[];
  [key: string]: unknown;
}

/** The tree as nested codes: `{system: {dict: {}, ...}}`. */
function shape(nodes: Node[]): Record<string, unknown> {
  return Object.fromEntries(nodes.map((n) => [n.code, shape(n.children ?? [])]));
}

function codes(nodes: Node[]): string[] {
  return nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])]);
}

function leafCodes(nodes: Node[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? leafCodes(n.children) : [n.code]));
}

const MENU = menuIdsByCode();
/** The shipped menu tree (menus only) as nested codes. */
const seedShape = (list: MenuSeed[]): Record<string, unknown> => Object.fromEntries(list.map((m) => [m.code, seedShape(m.children ?? [])]));
const rootsOf = (code: string) => new Set(TOP_MENUS.find((m) => m.code === code)?.menus);
const SYSTEM_ROOTS = rootsOf('top_system');
/** The shipped menus under a top menu, as nested codes. */
const topShape = (code: string) => seedShape(MENU_TREE.filter((m) => rootsOf(code).has(m.code)));
/** The top menus (in order) holding one of these root menus. */
const topsHolding = (roots: string[]) => TOP_MENUS.filter((top) => top.menus.some((m) => roots.includes(m))).map((top) => top.code);
const OFFICE_ROLE = seedId(91, 2);
const TOP = { business: seedId(95, 1), system: seedId(95, 2), devops: seedId(95, 3) };
/** The academic menus both demo packages hold. */
const ACADEMIC_MENUS = { department: {}, speciality: {}, departmentexamine: {}, specialityexamine: {} };
/** The menus of package 校友基础版 that exist so far (DOMAIN 15.4), as tenant 100001's administrator holds them. */
const BASIC_PACKAGE_MENUS = {
  desk: { notice: {} }, alumni: { registinfo: {}, basicinfo: {}, studentstatus: {}, alumnitag: {}, segment: {} }, system: { user: {}, dept: {}, dictbiz: {}, addressrule: {}, retention: {} }, authority: { role: {} },
  academic: ACADEMIC_MENUS, org: { association: {} }, activities: { activity: {}, actapplist: {} }, messaging: { alumninotice: {} },
  work: { work_start: {}, work_claim: {}, work_todo: {}, work_send: {}, work_done: {} },
};

describe.each(testDialects())('menus on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let office: string;
  /** A user whose only role holds no menu. */
  let nobody: string;
  let foreign: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, office, foreign] = await Promise.all([
      t.signIn('admin'), t.signIn('office'), t.signIn('admin', DEMO_PASSWORD, '100001'),
    ]);
    nobody = await t.signInWithoutGrants(admin);
  });
  afterAll(async () => t?.close());

  const get = async (url: string, token: string) => {
    const res = await t.call('GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Node[];
  };
  const routes = (token: string, query = '') => get(`/api/blade-system/menu/routes${query}`, token);
  const buttons = (token: string) => get('/api/blade-system/menu/buttons', token);
  const topMenus = (token: string) => get('/api/blade-system/menu/top-menu', token);

  /** Grants a role one more menu row for a test; answers the undo. */
  async function grant(roleId: string, code: string): Promise<() => Promise<void>> {
    const { db } = t.app.services.database;
    const id = ids.next();
    await db.insertInto('blade_role_menu').values({ id, role_id: roleId, menu_id: MENU.get(code) }).execute();
    t.app.services.access.invalidate();
    return async () => {
      await db.deleteFrom('blade_role_menu').where('id', '=', id).execute();
      t.app.services.access.invalidate();
    };
  }

  describe('routes', () => {
    it('gives the super administrator the whole menu tree, menus only', async () => {
      expect(shape(await routes(admin))).toEqual(seedShape(MENU_TREE));
    });

    it('answers the protocol fields on each node and leaves out empty children', async () => {
      const system = (await routes(admin)).find((n) => n.code === 'system');
      const dict = system?.children?.find((n) => n.code === 'dict') as Node;
      for (const key of ['id', 'parentId', 'code', 'name', 'alias', 'path', 'source', 'sort', 'category', 'action', 'isOpen', 'component', 'remark']) {
        expect(dict, key).toHaveProperty(key);
      }
      expect(dict).toMatchObject({ id: MENU.get('dict'), parentId: MENU.get('system'), name: '字典管理', path: '/system/dict', category: 1 });
      expect(dict).not.toHaveProperty('children');
    });

    it('orders children by sort', async () => {
      const [system] = await routes(admin);
      const sorts = (system?.children ?? []).map((n) => n.sort as number);
      expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    });

    it('gives office (alumni_admin) system → 业务字典 and 参数管理 only', async () => {
      const tree = await routes(office);
      const system = tree.find((n) => n.code === 'system');
      expect(shape(system?.children ?? [])).toEqual({ user: {}, dept: {}, post: {}, dictbiz: {}, param: {} });
      expect(system?.children?.map((n) => n.name)).toEqual(['用户管理', '部门管理', '岗位管理', '业务字典', '参数管理']);
      expect(codes(tree)).not.toContain('authority');
    });

    it('gives a user whose role holds no menus an empty tree', async () => {
      expect(await routes(nobody)).toEqual([]);
    });

    it("gives tenant 100001's administrator only the menus of its package", async () => {
      expect(shape(await routes(foreign))).toEqual(BASIC_PACKAGE_MENUS);
    });

    it('limits the tree to the menus of the top menu named by topMenuId', async () => {
      expect(shape(await routes(admin, `?topMenuId=${TOP.system}`))).toEqual(seedShape(MENU_TREE.filter((m) => SYSTEM_ROOTS.has(m.code))));
      expect(shape(await routes(admin, `?topMenuId=${TOP.business}`))).toEqual(topShape('top_business'));
    });

    it('limits the tree to a sub-menu a top menu holds', async () => {
      const { db } = t.app.services.database;
      const id = ids.next();
      await db.insertInto('blade_top_menu_setting').values({ id, top_menu_id: TOP.devops, menu_id: MENU.get('param') }).execute();
      try {
        expect(shape(await routes(admin, `?topMenuId=${TOP.devops}`))).toEqual({ ...topShape('top_devops'), param: {} });
      } finally {
        await db.deleteFrom('blade_top_menu_setting').where('id', '=', id).execute();
      }
    });

    it('requires a token', async () => {
      expect((await t.call('GET', '/api/blade-system/menu/routes')).statusCode).toBe(401);
    });
  });

  describe('buttons', () => {
    it('lists exactly the button codes granted to office', async () => {
      const platform = leafCodes(await buttons(office)).filter((c) => /^(user|dept|post|dictbiz|param|role|menu|topmenu|client|tenant)_/.test(c));
      expect(platform.sort()).toEqual(
        ['user_add', 'user_edit', 'user_view', 'user_reset', 'user_unlock', 'dept_view', 'post_view',
          'dictbiz_add', 'dictbiz_delete', 'dictbiz_edit', 'dictbiz_view', 'param_edit', 'param_view'].sort(),
      );
    });

    it('nests the buttons under their menus', async () => {
      expect(shape(await buttons(office))).toMatchObject({
        user: { user_add: {}, user_edit: {}, user_view: {}, user_reset: {}, user_unlock: {} },
        dept: { dept_view: {} },
        post: { post_view: {} },
        dictbiz: { dictbiz_add: {}, dictbiz_edit: {}, dictbiz_delete: {}, dictbiz_view: {} },
        param: { param_edit: {}, param_view: {} },
      });
    });

    it('lists every button for the super administrator', async () => {
      const all = leafCodes(await buttons(admin));
      expect(all).toEqual(expect.arrayContaining(['dict_add', 'dict_view', 'param_delete', 'tenantpackage_add']));
      expect(all.filter((c) => !c.includes('_'))).toEqual([]);
    });

    it("lists the buttons of tenant 100001's package for its administrator", async () => {
      const buttonsOf = (...menus: string[]) => [...MENU.keys()].filter((c) => menus.some((m) => c.startsWith(`${m}_`)) && !c.startsWith('dict_'));
      expect(leafCodes(await buttons(foreign)).sort()).toEqual(buttonsOf('notice', 'user', 'dept', 'dictbiz', 'addressrule', 'retention', 'role', 'department', 'speciality', 'departmentexamine', 'specialityexamine', 'registinfo', 'basicinfo', 'studentstatus', 'alumnitag', 'segment', 'alumni', 'association', 'activity', 'actapplist', 'alumninotice',
        'work_start', 'work_claim', 'work_todo', 'work_send', 'work_done').sort());
    });

    it('lists nothing for a user whose role holds no menus', async () => {
      expect(await buttons(nobody)).toEqual([]);
    });

    it('does not count a granted button whose menu is not granted', async () => {
      const undo = await grant(OFFICE_ROLE, 'dict_add');
      try {
        expect(codes(await buttons(office))).not.toContain('dict_add');
        const res = await t.call('POST', '/api/blade-system/dict/submit', office, { code: 'x', dictValue: 'x', sort: 1, isSealed: 0 });
        expect(res.statusCode).toBe(403);
      } finally {
        await undo();
      }
    });

    it('counts a granted button once its menu is granted too', async () => {
      const undoMenu = await grant(OFFICE_ROLE, 'param_delete');
      try {
        expect(leafCodes(await buttons(office))).toContain('param_delete');
      } finally {
        await undoMenu();
      }
    });

    it("does not count a grant outside the tenant's package", async () => {
      const undo = await grant(seedId(91, 101), 'param');
      try {
        expect(shape(await routes(foreign))).toEqual(BASIC_PACKAGE_MENUS);
        expect((await t.call('GET', '/api/blade-system/param/list', foreign)).statusCode).toBe(403);
      } finally {
        await undo();
      }
    });
  });

  describe('top menus', () => {
    it('lists only the top menus holding a menu the user holds, with the protocol fields', async () => {
      const top = await topMenus(admin);
      expect(top.map((m) => m.code)).toEqual(topsHolding(MENU_TREE.map((m) => m.code)));
      expect(top.find((m) => m.code === 'top_system')).toMatchObject({ id: TOP.system, code: 'top_system', name: '系统管理', source: 'iconfont iconicon_setting SettingOutlined', sort: 2 });
    });

    it('lists the system top menu for office, whose menus sit under it', async () => {
      const held = (await routes(office)).map((n) => n.code);
      expect(held).toContain('system');
      expect((await topMenus(office)).map((m) => m.code)).toEqual(topsHolding(held));
    });

    it('lists no top menu for a user whose role holds no menus', async () => {
      expect(await topMenus(nobody)).toEqual([]);
    });

    it('lists a top menu once it holds a held menu', async () => {
      const { db } = t.app.services.database;
      const id = ids.next();
      await db.insertInto('blade_top_menu_setting').values({ id, top_menu_id: TOP.devops, menu_id: MENU.get('param') }).execute();
      try {
        const held = (await routes(office)).map((n) => n.code);
        expect((await topMenus(office)).map((m) => m.code)).toEqual([...new Set([...topsHolding(held), 'top_devops'])].sort((a, b) => TOP_MENUS.findIndex((m) => m.code === a) - TOP_MENUS.findIndex((m) => m.code === b)));
        expect((await topMenus(nobody))).toEqual([]);
      } finally {
        await db.deleteFrom('blade_top_menu_setting').where('id', '=', id).execute();
      }
    });
  });
});
