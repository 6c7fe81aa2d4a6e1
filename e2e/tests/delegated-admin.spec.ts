import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { button, openPage, row, signInTo } from '../support/crud';
import { apiToken, CLIENT } from '../support/session';

/**
 * The demo college's administrator (account `college`, 院系校友秘书) manages its own college alone
 * (decision 299): 用户管理 lists only the users of its departments and those below them, and the
 * grant dialog of the role below its own offers exactly the menus it holds itself.
 */

interface Node {
  key?: string;
  id?: string;
  title: string;
  children?: Node[];
}

let api: APIRequestContext;
let college: Record<string, string>;
let admin: Record<string, string>;

test.beforeAll(async () => {
  api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  college = { Authorization: CLIENT, 'Blade-Auth': `bearer ${await apiToken(api, 'college')}` };
  admin = { Authorization: CLIENT, 'Blade-Auth': `bearer ${await apiToken(api)}` };
});
test.afterAll(async () => {
  await api.dispose();
});

async function read<T>(headers: Record<string, string>, path: string, params: Record<string, string> = {}): Promise<T> {
  const res = await api.get(`/api${path}?${new URLSearchParams(params)}`, { headers });
  const body = (await res.json()) as { success: boolean; data: T };
  expect(body.success, path).toBe(true);
  return body.data;
}

const keysOf = (nodes: Node[], into: string[] = []): string[] => {
  for (const n of nodes) {
    into.push(String(n.key ?? n.id));
    keysOf(n.children ?? [], into);
  }
  return into;
};

for (const lang of ['zh', 'en'] as const) {
  const en = lang === 'en';
  test.describe(`a delegated college administrator (${lang})`, () => {
    test('sees only its college\'s users, and is offered only the menus it holds', async ({ page }) => {
      type Users = { records: { realName: string }[]; total: number };
      const own = await read<Users>(college, '/blade-user/page', { size: '100' });
      const all = await read<Users>(admin, '/blade-user/page', { size: '100' });
      const ownNames = new Set(own.records.map((r) => r.realName));
      const others = all.records.map((r) => r.realName).filter((name) => !ownNames.has(name));
      expect(ownNames).toContain('李建国');
      expect(others).toEqual(expect.arrayContaining(['王晓梅', '陈志远']));

      await signInTo(page, '/system/user/index', { account: 'college' }, { lang, theme: 'theme-default' });
      const table = page.locator('.app-content');
      await expect(page.getByRole('menuitem', { name: en ? 'Users' : '用户管理' }).first()).toBeVisible();
      await expect(row(table, '李建国')).toBeVisible();
      const shown = await table.locator('tbody tr.ant-table-row').allInnerTexts();
      expect(shown.length).toBe(Math.min(own.total, 10));
      for (const name of others) expect(shown.join('\n')).not.toContain(name);
      await page.screenshot({ path: `screenshots/delegated-users-${lang}.png` });

      // The grant dialog of the role below its own: every menu it holds, and nothing else.
      const held = keysOf((await read<{ menu: Node[] }>(college, '/blade-system/menu/grant-tree')).menu);
      const everything = keysOf((await read<{ menu: Node[] }>(admin, '/blade-system/menu/grant-tree')).menu);
      expect(held.length).toBeLessThan(everything.length);
      await openPage(page, '/authority/role/index');
      // The rows are read once the list has answered (allInnerTexts does not wait for them).
      await expect(page.locator('.app-content tbody tr.ant-table-row').filter({ hasText: '院系校友助理' })).toBeVisible();
      const roles = await page.locator('.app-content tbody tr.ant-table-row').allInnerTexts();
      expect(roles.join('\n')).toContain('院系校友助理');
      expect(roles.join('\n')).not.toContain('校友办管理员');
      await button(row(page.locator('.app-content'), '院系校友助理'), en ? 'Grant' : '权限设置').click();
      const dialog = page.getByRole('dialog').filter({ hasText: en ? 'Grant:' : '权限设置' });
      const menus = dialog.locator('[data-grant-section="menu"]');
      await expect(menus.locator('[data-grant-key]').first()).toBeVisible();
      const offered = await menus.locator('[data-grant-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-grant-key') ?? ''));
      expect([...offered].sort()).toEqual([...held].sort());
      await expect(menus.getByText(en ? 'Users' : '用户管理', { exact: true })).toBeVisible();
      await expect(menus.getByText(en ? 'Tenants' : '租户管理', { exact: true })).toHaveCount(0);
      await page.screenshot({ path: `screenshots/delegated-grant-${lang}.png` });
      await button(dialog, en ? 'Cancel' : '取消').click();
      await expect(dialog).toBeHidden();
    });
  });
}
