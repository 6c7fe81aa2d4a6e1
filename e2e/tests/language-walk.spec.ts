import { expect, test, type Page } from '@playwright/test';
import { foreignText } from '../support/language-scan';
import { apiToken, CLIENT, signIn } from '../support/session';

interface MenuNode { path?: string; children?: MenuNode[] }

/** The API documentation is the OpenAPI document for developers, generated in English with Chinese tags: not walked. */
const DEVELOPER_PAGES = /^\/api\/docs/;

const leafPaths = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.children?.length ? leafPaths(n.children) : n.path?.startsWith('/') && !DEVELOPER_PAGES.test(n.path) ? [n.path] : []));

/**
 * The page's calls in flight, so a page counts as settled once none has been open for a quarter
 * second (a page that keeps polling is scanned after at most eight).
 */
function watchCalls(page: Page): { settle: () => Promise<void> } {
  let open = 0;
  let last = Date.now();
  page.on('request', () => { open += 1; last = Date.now(); });
  const done = () => { open = Math.max(0, open - 1); last = Date.now(); };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    settle: async () => {
      const until = Date.now() + 8_000;
      while (Date.now() < until && (open > 0 || Date.now() - last < 250)) await page.waitForTimeout(50);
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 8_000 }).catch(() => undefined);
    },
  };
}

/**
 * Opens `path` inside the running application, as its menu does (the history changes and the router
 * follows), sparing a load of the whole application per page; a page the router does not show as the
 * active tab within five seconds is loaded the ordinary way.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (window.history.state?.idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  // A menu path opens its /index child: the tab is the path's or one below it.
  const active = page.locator(`.app-tabs .ant-tabs-tab-active:is([data-node-key="${path}"], [data-node-key^="${path}/"])`);
  if (!(await active.waitFor({ timeout: 5_000 }).then(() => true, () => false))) await page.goto(path);
}

for (const lang of ['en', 'zh'] as const) {
  test(`every page, its add form and the notice popover speak ${lang === 'en' ? 'English' : 'Chinese'} alone, outside user data`, async ({ page, request }) => {
    // About a hundred pages, each opened inside the running application and left to settle.
    test.setTimeout(600_000);
    const token = await apiToken(request);
    const routes = await (await request.get('/api/blade-system/menu/routes', { headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}` } })).json();
    const paths = ['/wel/index', '/info/index', ...leafPaths(routes.data as MenuNode[])];
    expect(paths.length).toBeGreaterThan(20);

    const calls = watchCalls(page);
    const settle = () => calls.settle();
    await signIn(page, undefined, { lang: lang, theme: 'theme-default' });
    const faults: string[] = [];
    const scan = async (where: string) => {
      for (const hit of await foreignText(page, lang)) faults.push(`${where}: ${hit}`);
    };
    for (const path of paths) {
      await openInApp(page, path);
      await settle();
      await scan(path);
      const add = page.locator('.app-content').getByRole('button', { name: lang === 'en' ? /^Add$/ : /^新\s*增$/ }).first();
      if (await add.isVisible()) {
        await add.click();
        const dialog = page.getByRole('dialog').last();
        await expect(dialog).toBeVisible();
        await settle();
        await scan(`${path} add form`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }
    // The grant dialog's menu tree names the menus in the interface's language.
    await page.goto('/authority/role/index');
    await settle();
    await page.locator('tbody tr.ant-table-row').first().getByRole('button', { name: lang === 'en' ? 'Grant' : '权限设置' }).click();
    const grant = page.getByRole('dialog').last();
    await expect(grant.locator('.ant-tree-title').first()).toBeVisible();
    for (const hit of await foreignText(page, lang, { trees: true })) faults.push(`grant dialog: ${hit}`);
    await page.keyboard.press('Escape');

    await page.goto('/wel/index');
    await page.getByTestId('notice-button').click();
    await expect(page.locator('.notice-popover')).toBeVisible();
    await settle();
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
