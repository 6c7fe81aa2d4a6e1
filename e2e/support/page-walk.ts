import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, CLIENT } from './session';

interface MenuNode { path?: string; children?: MenuNode[] }

/** The API documentation is the OpenAPI document for developers, generated in English with Chinese tags: not walked. */
const DEVELOPER_PAGES = /^\/api\/docs/;

const leafPaths = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => (n.children?.length ? leafPaths(n.children) : n.path?.startsWith('/') && !DEVELOPER_PAGES.test(n.path) ? [n.path] : []));

/** Every page the demo administrator's menu opens, with the home page and the personal page first. */
export async function menuPages(request: APIRequestContext): Promise<string[]> {
  const token = await apiToken(request);
  const routes = await (await request.get('/api/blade-system/menu/routes', { headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}` } })).json();
  return ['/wel/index', '/info/index', ...leafPaths(routes.data as MenuNode[])];
}

/**
 * The page's calls in flight, so a page counts as settled once none has been open for a quarter
 * second (a page that keeps polling is scanned after at most eight).
 */
export function watchCalls(page: Page): { settle: () => Promise<void> } {
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
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (window.history.state?.idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  // A menu path opens its /index child: the tab is the path's or one below it.
  const active = page.locator(`.app-tabs .ant-tabs-tab-active:is([data-node-key="${path}"], [data-node-key^="${path}/"])`);
  if (!(await active.waitFor({ timeout: 5_000 }).then(() => true, () => false))) await page.goto(path);
}

/** The page's 新增 (Add) button in its content area. */
export const addButton = (page: Page, lang: 'zh' | 'en') =>
  page.locator('.app-content').getByRole('button', { name: lang === 'en' ? /^Add$/ : /^新\s*增$/ }).first();

/**
 * Opens every page of `paths` inside the running application, calls `visit` on it once it has
 * settled, then opens its add form (where it has one) and calls `visit` on the form before closing it.
 */
export async function walkPages(page: Page, paths: string[], lang: 'zh' | 'en', settle: () => Promise<void>, visit: (where: string) => Promise<void>): Promise<void> {
  for (const path of paths) {
    await openInApp(page, path);
    await settle();
    await visit(path);
    const add = addButton(page, lang);
    if (await add.isVisible()) {
      await add.click();
      const dialog = page.getByRole('dialog').last();
      await expect(dialog).toBeVisible();
      await settle();
      await visit(`${path} add form`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  }
}
