import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deptEntity, dictBizEntity, dictEntity, menuEntity, roleEntity, type EntityDef } from '@alumni/domain';
import { grantToDemoTenantAdmin } from '../test-support/entity-overrides.js';
import { DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../test-support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read loosely in assertions
type Json = Record<string, any>;

/**
 * The tree lists of BladeX (decision 280): `dept/list`, `role/list`, `menu/list`, `dict/list` and
 * `dict-biz/list` answer `R<List<VO>>` as BladeX's ForestNodeMerger builds it — the rows matching
 * the filters, unpaged, each under its parent when the parent is among them, `hasChildren` on
 * every node and `children` only where there are any, siblings by `sort`. Each call is sent as a
 * stock Saber client sends it (the Blade-Auth header, `current`/`size`, a bare field filter);
 * `page` keeps the paged list.
 */
interface TreeRoute {
  entity: EntityDef;
  base: string;
  /** The bare field name the client filters by. */
  filter: string;
  /** Whether rows three levels deep are allowed (dictionary entries sit under a dictionary only). */
  deep: boolean;
  /** Whether another tenant may read the list at all (platform tables answer it 403). */
  tenantScoped: boolean;
  body: (name: string, parentId: string, sort: number, code: string) => Json;
}

const ROUTES: TreeRoute[] = [
  {
    entity: deptEntity, base: '/api/blade-system/dept', filter: 'deptName', deep: true, tenantScoped: true,
    body: (name, parentId, sort) => ({ parentId, deptName: name, fullName: name, deptCategory: 2, sort }),
  },
  {
    entity: roleEntity, base: '/api/blade-system/role', filter: 'roleName', deep: true, tenantScoped: true,
    body: (name, parentId, sort, code) => ({ parentId, roleName: name, roleAlias: `${code}_${sort}_${name.length}`, sort }),
  },
  {
    entity: menuEntity, base: '/api/blade-system/menu', filter: 'name', deep: true, tenantScoped: false,
    body: (name, parentId, sort, code) => ({ parentId, name, code: `${code}_${sort}_${name.length}`, path: `/${code}/${sort}/${name.length}`, source: 'setting', sort, category: 1, action: 0, isOpen: 1 }),
  },
  {
    entity: dictEntity, base: '/api/blade-system/dict', filter: 'code', deep: false, tenantScoped: false,
    body: (name, parentId, sort, code) => ({ parentId, code, dictKey: parentId === '0' ? '-1' : `k${sort}`, dictValue: name, sort, isSealed: 0 }),
  },
  {
    entity: dictBizEntity, base: '/api/blade-system/dict-biz', filter: 'code', deep: false, tenantScoped: true,
    body: (name, parentId, sort, code) => ({ parentId, code, dictKey: parentId === '0' ? '-1' : `k${sort}`, dictValue: name, sort, isSealed: 0 }),
  },
];

/** Every node of a forest, depth first, checking each node's BladeX shape on the way. */
function flatten(nodes: Json[]): Json[] {
  const out: Json[] = [];
  for (const node of nodes) {
    out.push(node);
    if (node.hasChildren) {
      expect(node.children.length).toBeGreaterThan(0);
      for (const child of node.children) expect(String(child.parentId)).toBe(String(node.id));
      out.push(...flatten(node.children));
    } else {
      expect(node.hasChildren).toBe(false);
      expect(node).not.toHaveProperty('children');
    }
  }
  return out;
}

describe.each(testDialects())('BladeX tree lists on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let foreign: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, foreign] = await Promise.all([t.signIn('admin'), t.signIn('admin', DEMO_PASSWORD, '100001')]);
  });
  afterAll(async () => t?.close());

  const data = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown, code = 200) => {
    const res = await t.call(method, url, token, body);
    expect(res.statusCode, res.body).toBe(code);
    return res.json().data;
  };

  describe.each(ROUTES.map((r) => [r.base.split('/').pop() as string, r] as const))('%s/list', (_name, route) => {
    const tag = `tl${Math.random().toString(36).slice(2, 8)}`;
    const name = (suffix: string) => `${tag}${suffix}`;
    let rows: { root: string; first: string; second: string; grand: string | null };
    const filterBy = (value: string) => (route.filter === 'code' ? tag : value);

    beforeAll(async () => {
      const add = async (suffix: string, parentId: string, sort: number) =>
        String((await data('POST', `${route.base}/submit`, admin, route.body(name(suffix), parentId, sort, tag)) as Json).id);
      const root = await add('根', '0', 1);
      // Added out of order: siblings come back by sort.
      const second = await add('乙', root, 2);
      const first = await add('甲', root, 1);
      const grand = route.deep ? await add('甲子', first, 1) : null;
      rows = { root, first, second, grand };
    });

    const tree = async (query: string, token = admin) => data('GET', `${route.base}/list?${query}`, token) as Promise<Json[]>;

    it('answers the matching rows as a forest, unpaged, siblings by sort', async () => {
      const nodes = await tree(`current=1&size=1&${route.filter}=${encodeURIComponent(filterBy(tag))}`);
      expect(Array.isArray(nodes)).toBe(true);
      expect(nodes.map((n) => n.id)).toEqual([rows.root]);
      const [root] = nodes as [Json];
      expect(root).toMatchObject({ hasChildren: true, parentId: '0' });
      expect(root.children.map((n: Json) => n.id)).toEqual([rows.first, rows.second]);
      const [first, second] = root.children as [Json, Json];
      if (rows.grand) {
        expect(first.hasChildren).toBe(true);
        expect(first.children.map((n: Json) => n.id)).toEqual([rows.grand]);
        expect(first.children[0]).toMatchObject({ hasChildren: false, parentName: first[route.filter === 'name' ? 'name' : route.filter] });
      }
      expect(second).toMatchObject({ hasChildren: false });
      expect(second).not.toHaveProperty('children');
      expect(flatten(nodes)).toHaveLength(rows.grand ? 4 : 3);
    });

    it('makes a row whose parent does not match a root', async () => {
      if (route.filter === 'code') {
        // Dictionary entries share their dictionary's code: filtered by value, an entry stands alone.
        const nodes = await tree(`current=1&size=10&code=${tag}&dictValue=${encodeURIComponent(name('乙'))}`);
        expect(nodes.map((n) => n.id)).toEqual([rows.second]);
        expect(nodes[0]).toMatchObject({ hasChildren: false, parentId: rows.root });
        return;
      }
      const nodes = await tree(`current=1&size=10&${route.filter}=${encodeURIComponent(name('甲'))}`);
      // 甲 and its child 甲子 match; 甲's parent does not, so 甲 is a root holding 甲子.
      expect(nodes.map((n) => n.id)).toEqual([rows.first]);
      expect(nodes[0]?.children.map((n: Json) => n.id)).toEqual([rows.grand]);
    });

    it('keeps the paged list at page', async () => {
      const page = await data('GET', `${route.base}/page?current=1&size=2&${route.filter}=${encodeURIComponent(filterBy(tag))}`, admin) as Json;
      expect(page).toMatchObject({ total: rows.grand ? 4 : 3, size: 2, current: 1, pages: 2 });
      expect(page.records).toHaveLength(2);
    });

    it('refuses an unknown filter as the paged list does', async () => {
      const res = await t.call('GET', `${route.base}/list?current=1&size=10&nope=1`, admin);
      expect(res.statusCode).toBe(400);
    });

    it("never shows another tenant's rows", async () => {
      // The other tenant's administrator holds the menu, so isolation and not the grant is what is tested.
      const undo = route.tenantScoped ? await grantToDemoTenantAdmin(t, route.entity) : async () => undefined;
      try {
        await foreignTree();
      } finally {
        await undo();
      }
    });

    async function foreignTree() {
      const res = await t.call('GET', `${route.base}/list?current=1&size=10`, foreign);
      if (!route.tenantScoped) {
        expect(res.statusCode).toBe(403);
        return;
      }
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.length).toBeGreaterThan(0);
      const ids = flatten(res.json().data).map((n) => n.id);
      for (const id of Object.values(rows)) if (id) expect(ids).not.toContain(id);
      const filtered = await t.call('GET', `${route.base}/list?${route.filter}=${encodeURIComponent(filterBy(tag))}`, foreign);
      expect(filtered.json().data).toEqual([]);
    }
  });
});
