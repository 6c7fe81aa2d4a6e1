import { expect, test, type Page } from '@playwright/test';
import { foreignText } from '../support/language-scan';
import { apiToken, CLIENT, signIn } from '../support/session';

interface MenuNode { path?: string; children?: MenuNode[] }

/** The API documentation is the OpenAPI document for developers, generated in English with Chinese tags: not walked. */
const DEVELOPER_PAGES = /^\/api\/docs/;

const leafPaths = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.children?.length ? leafPaths(n.children) : n.path?.startsWith('/') && !DEVELOPER_PAGES.test(n.path) ? [n.path] : []));

/** Lets the page's calls finish (a page that keeps polling still gets scanned after a while). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => undefined);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 8_000 }).catch(() => undefined);
}

for (const lang of ['en', 'zh'] as const) {
  test(`every page, its add form and the notice popover speak ${lang === 'en' ? 'English' : 'Chinese'} alone, outside user data`, async ({ page, request }) => {
    // About a hundred pages, each left to settle: 2.7 min alone, more than 5 beside the API suite on a busy machine.
    test.setTimeout(600_000);
    const token = await apiToken(request);
    const routes = await (await request.get('/api/blade-system/menu/routes', { headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}` } })).json();
    const paths = ['/wel/index', '/info/index', ...leafPaths(routes.data as MenuNode[])];
    expect(paths.length).toBeGreaterThan(20);

    await signIn(page, undefined, { lang: lang, theme: 'theme-default' });
    const faults: string[] = [];
    const scan = async (where: string) => {
      for (const hit of await foreignText(page, lang)) faults.push(`${where}: ${hit}`);
    };
    for (const path of paths) {
      await page.goto(path);
      await settle(page);
      await scan(path);
      const add = page.locator('.app-content').getByRole('button', { name: lang === 'en' ? /^Add$/ : /^新\s*增$/ }).first();
      if (await add.isVisible()) {
        await add.click();
        const dialog = page.getByRole('dialog').last();
        await expect(dialog).toBeVisible();
        await settle(page);
        await scan(`${path} add form`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }
    // The grant dialog's menu tree names the menus in the interface's language.
    await page.goto('/authority/role/index');
    await settle(page);
    await page.locator('tbody tr.ant-table-row').first().getByRole('button', { name: lang === 'en' ? 'Grant' : '权限设置' }).click();
    const grant = page.getByRole('dialog').last();
    await expect(grant.locator('.ant-tree-title').first()).toBeVisible();
    for (const hit of await foreignText(page, lang, { trees: true })) faults.push(`grant dialog: ${hit}`);
    await page.keyboard.press('Escape');

    await page.goto('/wel/index');
    await page.getByTestId('notice-button').click();
    await expect(page.locator('.notice-popover')).toBeVisible();
    await settle(page);
    await scan('notice popover');
    await page.screenshot({ path: `screenshots/language-walk-${lang}.png` });

    // Shipped dictionaries are named in the interface's language; their seeded remarks do not speak the other one.
    await page.goto('/system/dict/index');
    const sex = page.locator('tbody tr.ant-table-row').filter({ hasText: /^sex|\bsex\b/ }).first();
    await expect(sex).toContainText(lang === 'en' ? 'Sex' : '性别');
    await expect(sex).not.toContainText(lang === 'en' ? '性别' : 'Sex');
    expect(faults).toEqual([]);
  });
}
