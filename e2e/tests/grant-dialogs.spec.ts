import { expect, request, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { button, formDialog, openPage, row } from '../support/crud';
import { apiToken, CLIENT, signIn, toast } from '../support/session';

/**
 * Every grant dialog opens with the current grants ticked and saves exactly what the person
 * changed: confirmed unchanged, the grants read the same afterwards; one box ticked, exactly that
 * id is added. Each test puts back what it changed.
 */

interface Node {
  key?: string;
  id?: string;
  value?: string;
  title: string;
  titleEn?: string | null;
  children?: Node[];
}

let api: APIRequestContext;
let headers: Record<string, string>;

test.beforeAll(async () => {
  api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  headers = { Authorization: CLIENT, 'Blade-Auth': `bearer ${await apiToken(api)}` };
});
test.afterAll(async () => {
  await api.dispose();
});

async function read<T>(path: string, params: Record<string, string> = {}): Promise<T> {
  const res = await api.get(`/api${path}?${new URLSearchParams(params)}`, { headers });
  const body = (await res.json()) as { success: boolean; data: T };
  expect(body.success, path).toBe(true);
  return body.data;
}

const sorted = (ids: readonly string[]) => [...ids].sort();
const splitIds = (value: unknown) => String(value ?? '').split(',').filter(Boolean);
const keyOf = (n: Node) => String(n.key ?? n.id ?? n.value);

/** Each node with its parent's key. */
function flatten(nodes: Node[], parent: string | null = null, into: { node: Node; parent: string | null }[] = []) {
  for (const node of nodes) {
    into.push({ node, parent });
    if (node.children) flatten(node.children, keyOf(node), into);
  }
  return into;
}

/** A node's name as the interface shows it. */
const shown = (n: Node, en: boolean) => (en && n.titleEn ? n.titleEn : n.title);

/** A leaf not granted whose parent is granted: ticking it adds exactly that one id. None when every such leaf is granted. */
function oneToAdd(tree: Node[], stored: readonly string[], uniqueIn?: 'zh' | 'en'): Node | undefined {
  const all = flatten(tree);
  const titles = new Map<string, number>();
  for (const { node } of all) titles.set(shown(node, uniqueIn === 'en'), (titles.get(shown(node, uniqueIn === 'en')) ?? 0) + 1);
  const found = all.find(({ node, parent }) => !node.children?.length && !stored.includes(keyOf(node)) && parent !== null && stored.includes(parent)
    && (!uniqueIn || titles.get(shown(node, uniqueIn === 'en')) === 1));
  return found?.node;
}

const dialogOf = (page: Page, title: RegExp | string) => page.getByRole('dialog').filter({ hasText: title });

/** Ticks (or clears) the box of a node of the dialog's tree, found by its key. */
async function tick(dialog: Locator, key: string): Promise<void> {
  const box = dialog.locator('.ant-tree-treenode').filter({ has: dialog.page().locator(`[data-grant-key="${key}"]`) }).locator('.ant-tree-checkbox');
  await box.scrollIntoViewIfNeeded();
  await box.click();
}

async function confirmDialog(page: Page, dialog: Locator, lang: 'zh' | 'en'): Promise<void> {
  await expect(dialog.locator('.ant-tree, .ant-empty').first()).toBeVisible();
  await button(dialog, lang === 'en' ? 'OK' : '确定').click();
  await expect(toast(page, lang === 'en' ? 'Success!' : '操作成功!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

for (const lang of ['zh', 'en'] as const) {
  const en = lang === 'en';
  test.describe(`grant dialogs (${lang})`, () => {
    // Each test opens its dialogs several times and reads the grants between: more than one page's worth of steps.
    test.describe.configure({ timeout: 240_000 });
    test.beforeEach(async ({ page }) => {
      await signIn(page, undefined, en ? { lang: 'en', theme: 'theme-default' } : undefined);
    });

    test('a role\'s menus, data scopes and API scopes', async ({ page }) => {
      const roles = await read<{ records: Record<string, unknown>[] }>('/blade-system/role/page', { size: '100' });
      const keysOf = (roleId: string) => read<Record<'menu' | 'dataScope' | 'apiScope', string[]>>('/blade-system/menu/role-tree-keys', { roleIds: roleId });
      const grantTree = await read<{ menu: Node[] }>('/blade-system/menu/grant-tree');
      // A demo role with grants and a menu left to add below one of its granted parents (other tests may have changed some).
      let chosen: { role: Record<string, unknown>; added: string } | undefined;
      for (const candidate of roles.records.filter((r) => r.roleAlias !== 'administrator')) {
        const held = (await keysOf(String(candidate.id))).menu;
        const leaf = held.length > 0 ? oneToAdd(grantTree.menu, held) : undefined;
        if (leaf) {
          chosen = { role: candidate, added: keyOf(leaf) };
          break;
        }
      }
      if (!chosen) throw new Error('no demo role with a menu to add below a granted parent');
      const { role, added } = chosen;
      const roleId = String(role.id);
      const keys = () => keysOf(roleId);
      const before = await keys();
      expect(before.menu.length).toBeGreaterThan(0);

      await openPage(page, '/authority/role/index');
      const open = async () => {
        await button(row(page.locator('.app-content'), String(role.roleName)), en ? 'Grant' : '权限设置').click();
        return dialogOf(page, en ? 'Grant:' : '权限设置');
      };
      let dialog = await open();
      await expect(dialog.locator('.ant-tree-checkbox-checked').first()).toBeVisible();
      await page.screenshot({ path: `screenshots/grant-role-${lang}.png` });
      await confirmDialog(page, dialog, lang);
      const after = await keys();
      expect({ menu: sorted(after.menu), dataScope: sorted(after.dataScope), apiScope: sorted(after.apiScope) })
        .toEqual({ menu: sorted(before.menu), dataScope: sorted(before.dataScope), apiScope: sorted(before.apiScope) });

      dialog = await open();
      await tick(dialog, added);
      await confirmDialog(page, dialog, lang);
      expect(sorted((await keys()).menu)).toEqual(sorted([...before.menu, added]));

      // Cleared again, the role is as it was.
      dialog = await open();
      await tick(dialog, added);
      await confirmDialog(page, dialog, lang);
      expect(sorted((await keys()).menu)).toEqual(sorted(before.menu));
    });

    test('a top menu\'s menus', async ({ page }) => {
      const tops = await read<{ records: Record<string, unknown>[] }>('/blade-system/topmenu/list', { size: '100' });
      await openPage(page, '/system/topmenu/index');
      const keys = (id: string) => read<{ menu: string[] }>('/blade-system/menu/top-tree-keys', { topMenuIds: id });
      const open = async (top: Record<string, unknown>) => {
        await button(row(page.locator('.app-content'), String(top.name)), en ? 'Menus' : '菜单配置').click();
        return dialogOf(page, en ? 'Menus:' : '菜单配置:');
      };
      // Each seeded top menu holds whole menu groups: they open ticked and are kept as they are.
      for (const top of tops.records) {
        const before = await keys(String(top.id));
        expect(before.menu.length).toBeGreaterThan(0);
        const dialog = await open(top);
        for (const id of before.menu) {
          await expect(dialog.locator('.ant-tree-treenode').filter({ has: dialog.page().locator(`[data-grant-key="${id}"]`) }).locator('.ant-tree-checkbox').first())
            .toHaveClass(/ant-tree-checkbox-checked/);
        }
        if (top.code === 'top_system') await page.screenshot({ path: `screenshots/grant-top-menu-${lang}.png` });
        await confirmDialog(page, dialog, lang);
        expect(sorted((await keys(String(top.id))).menu)).toEqual(sorted(before.menu));
      }

      // A menu of another group ticked is added alone.
      const top = tops.records.find((t) => t.code === 'top_devops') ?? tops.records[0];
      if (!top) throw new Error('no top menu');
      const before = (await keys(String(top.id))).menu;
      const tree = (await read<{ menu: Node[] }>('/blade-system/menu/grant-top-tree')).menu;
      const covered = new Set(flatten(tree).filter(({ node }) => before.includes(keyOf(node))).flatMap(({ node }) => flatten([node]).map((e) => keyOf(e.node))));
      // A leaf with a sibling: ticked alone it leaves its parent half-ticked, so the leaf itself is stored.
      const withSiblings = new Set(flatten(tree).filter(({ node }) => (node.children?.length ?? 0) > 1).map(({ node }) => keyOf(node)));
      const leaf = flatten(tree).find(({ node, parent }) => !node.children?.length && !covered.has(keyOf(node)) && parent !== null && withSiblings.has(parent));
      if (!leaf) throw new Error('no menu outside the top menu');
      const added = keyOf(leaf.node);
      let dialog = await open(top);
      await tick(dialog, added);
      await confirmDialog(page, dialog, lang);
      expect(sorted((await keys(String(top.id))).menu)).toEqual(sorted([...before, added]));
      dialog = await open(top);
      await tick(dialog, added);
      await confirmDialog(page, dialog, lang);
      expect(sorted((await keys(String(top.id))).menu)).toEqual(sorted(before));
    });

    test('a user\'s roles', async ({ page }) => {
      const users = await read<{ records: Record<string, unknown>[] }>('/blade-user/page', { size: '100' });
      const user = users.records.find((u) => u.account !== 'admin' && splitIds(u.roleId).length > 0);
      if (!user) throw new Error('no demo user with roles');
      const userId = String(user.id);
      const roles = async () => splitIds((await read<Record<string, unknown>>('/blade-user/detail', { id: userId })).roleId);
      const before = await roles();

      await openPage(page, '/system/user/index');
      const open = async () => {
        await button(row(page.locator('.app-content'), String(user.account)), en ? 'Roles' : '角色配置').click();
        return dialogOf(page, en ? 'Roles' : '角色配置');
      };
      let dialog = await open();
      for (const id of before) {
        await expect(dialog.locator('.ant-tree-treenode').filter({ has: dialog.page().locator(`[data-grant-key="${id}"]`) }).locator('.ant-tree-checkbox').first())
          .toHaveClass(/ant-tree-checkbox-checked/);
      }
      await page.screenshot({ path: `screenshots/grant-user-roles-${lang}.png` });
      await confirmDialog(page, dialog, lang);
      expect(await roles()).toEqual(before);

      const tree = await read<Node[]>('/blade-system/role/tree');
      const other = flatten(tree).find(({ node }) => !before.includes(keyOf(node)));
      if (!other) throw new Error('no other role');
      const added = keyOf(other.node);
      dialog = await open();
      await tick(dialog, added);
      await confirmDialog(page, dialog, lang);
      expect(sorted(await roles())).toEqual(sorted([...before, added]));
      dialog = await open();
      await tick(dialog, added);
      await confirmDialog(page, dialog, lang);
      expect(await roles()).toEqual(before);
    });

    test('a tenant package\'s menus', async ({ page }) => {
      const packages = await read<{ records: Record<string, unknown>[] }>('/blade-system/tenant-package/list', { size: '100' });
      const pack = packages.records[0];
      if (!pack) throw new Error('no demo package');
      const menus = async () => splitIds((await read<Record<string, unknown>>('/blade-system/tenant-package/detail', { id: String(pack.id) })).menuId);
      const before = await menus();

      await openPage(page, '/system/tenantpackage/index');
      const list = page.locator('.app-content');
      const save = async () => {
        const dialog = formDialog(page);
        await button(dialog, en ? 'Update' : '修改').click();
        await expect(toast(page, en ? 'Updated successfully' : '更新成功')).toBeVisible();
        await expect(dialog).toBeHidden();
      };
      await button(row(list, String(pack.packageName)), en ? 'Edit' : '编辑').click();
      await expect(formDialog(page)).toBeVisible();
      await page.screenshot({ path: `screenshots/grant-package-${lang}.png` });
      await save();
      expect(sorted(await menus())).toEqual(sorted(before));

      // Ticking a box of this field is the shared model's (grant-selection.test.ts) and the other dialogs' case.
    });
  });
}
