import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { button, region } from '../support/crud';
import { apiToken, CLIENT, signIn } from '../support/session';

const LIBRARY = '/alumni/basicinfo';
// The list's key: the route the library opens on (its /index page) and its entity.
const LIST_KEY = `${LIBRARY}/index#basicInfo`;

const TEXTS = {
  zh: {
    region: '校友', unfold: '展开', fold: '收起', search: '搜索', year: '入学年份', key: '重点校友', email: '电子邮箱', name: '姓名',
    columns: '列设置', reset: '恢复默认', moveUp: '上移 入学年份', width: '入学年份 的宽度', pin: '姓名 固定于', left: '左侧',
  },
  en: {
    region: 'Alumnus', unfold: 'Expand', fold: 'Collapse', search: 'Search', year: 'Enrollment year', key: 'Key alumnus', email: 'E-mail', name: 'Name',
    columns: 'Columns', reset: 'Reset', moveUp: 'Move Enrollment year up', width: 'Width of Enrollment year', pin: 'Pin Name', left: 'Left',
  },
} as const;

/** Forgets the account's column settings of the library, so each run starts from the defined columns. */
async function resetColumns(request: APIRequestContext, account: string): Promise<void> {
  const token = await apiToken(request, account);
  const res = await request.post(`/api/blade-user/list-settings/reset?listKey=${encodeURIComponent(LIST_KEY)}`, {
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': '000000' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const rowKeys = (list: Locator) => list.locator('tbody tr.ant-table-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key')));
const headers = (list: Locator) => list.locator('thead th.ant-table-cell:not(.ant-table-selection-column)').allInnerTexts();
const activePage = (list: Locator) => list.locator('.ant-pagination-item-active');

async function openLibrary(page: Page, lang: 'zh' | 'en', to = LIBRARY): Promise<Locator> {
  await signIn(page, { account: 'admin' }, { to, lang });
  const list = region(page, TEXTS[lang].region);
  await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible({ timeout: 40_000 });
  return list;
}

for (const lang of ['zh', 'en'] as const) {
  const L = TEXTS[lang];

  test(`校友基础信息库 (${lang}): the search form opens folded; a filter, sort and page survive a reload, back and forward and a shared link`, async ({ page, browser }) => {
    test.setTimeout(150_000);
    const list = await openLibrary(page, lang);
    const form = list.locator('form.entity-search');
    const unfold = form.getByRole('button', { name: L.unfold });
    await expect(unfold).toHaveAttribute('aria-expanded', 'false');
    await expect(form.getByLabel(L.key, { exact: true })).toBeHidden();
    await page.screenshot({ path: `screenshots/list-folded-${lang}.png` });
    await unfold.click();
    await expect(form.getByLabel(L.key, { exact: true })).toBeVisible();
    await form.getByRole('button', { name: L.fold }).click();
    await expect(form.getByLabel(L.key, { exact: true })).toBeHidden();

    // A filter beyond the first row, the sort of a column and the second page.
    await form.getByRole('button', { name: L.unfold }).click();
    await form.getByLabel(L.year, { exact: true }).fill('1900');
    await button(form, L.search).click();
    await expect(page).toHaveURL(/firstEnrollmentYear_ge=1900/);
    const yearHeader = list.locator('thead th').filter({ hasText: L.year });
    await yearHeader.click();
    await expect(page).toHaveURL(/ascs=firstEnrollmentYear/);
    await yearHeader.click();
    await expect(page).toHaveURL(/descs=firstEnrollmentYear/);
    await expect(yearHeader).toHaveAttribute('aria-sort', 'descending');
    await list.locator('.ant-pagination-item-2').click();
    await expect(page).toHaveURL(/current=2/);
    await expect(activePage(list)).toHaveText('2');
    await expect(list.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
    const secondPage = await rowKeys(list);
    expect(secondPage.length).toBeGreaterThan(0);
    const shared = new URL(page.url());

    await page.reload();
    await expect(activePage(list)).toHaveText('2', { timeout: 40_000 });
    await expect(yearHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(form.getByLabel(L.year, { exact: true })).toHaveValue('1900');
    await expect.poll(() => rowKeys(list)).toEqual(secondPage);

    await page.goBack();
    await expect(activePage(list)).toHaveText('1');
    await expect(page).not.toHaveURL(/current=2/);
    await page.goForward();
    await expect(activePage(list)).toHaveText('2');
    await expect.poll(() => rowKeys(list)).toEqual(secondPage);

    // The link opened by someone else (another browser): the same filter, sort and page.
    const other = await browser.newContext({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    try {
      const elsewhere = await other.newPage();
      const copy = await openLibrary(elsewhere, lang, `${shared.pathname}${shared.search}`);
      await expect(activePage(copy)).toHaveText('2');
      await expect(copy.locator('thead th').filter({ hasText: L.year })).toHaveAttribute('aria-sort', 'descending');
      await expect(copy.locator('form.entity-search').getByLabel(L.year, { exact: true })).toHaveValue('1900');
      await expect.poll(() => rowKeys(copy)).toEqual(secondPage);
      await elsewhere.screenshot({ path: `screenshots/list-shared-link-${lang}.png` });
    } finally {
      await other.close();
    }
  });

  test(`校友基础信息库 (${lang}): column settings follow the user into a new browser, and reset brings the defined columns back`, async ({ page, browser, request }) => {
    test.setTimeout(150_000);
    await resetColumns(request, 'admin');
    const list = await openLibrary(page, lang);
    const defined = await headers(list);
    expect(defined).toContain(L.email);
    const yearAt = defined.indexOf(L.year);

    await button(list, L.columns).click();
    const popover = page.locator('.ant-popover:visible');
    await popover.getByRole('checkbox', { name: L.email }).uncheck();
    await popover.getByRole('button', { name: L.moveUp }).click();
    await popover.getByLabel(L.width).fill('220');
    await popover.getByLabel(L.pin).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(L.left, { exact: true }).click();
    await expect.poll(() => headers(list)).not.toContain(L.email);
    const settled = await headers(list);
    expect(settled[0]).toBe(L.name);
    expect(settled.indexOf(L.year)).toBeLessThan(yearAt);
    await page.screenshot({ path: `screenshots/list-columns-${lang}.png` });
    // Saved on the server shortly after the last change (the width typed last).
    const token = await apiToken(request, 'admin');
    const saved = async () => (await (await request.get(`/api/blade-user/list-settings?listKey=${encodeURIComponent(LIST_KEY)}`, {
      headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': '000000' },
    })).json()).data.columns as { key: string; width?: number; hidden?: boolean; fixed?: string }[];
    await expect.poll(async () => (await saved()).find((c) => c.key === 'name')?.fixed).toBe('left');
    expect(await saved()).toEqual(expect.arrayContaining([{ key: 'firstEnrollmentYear', width: 220 }, { key: 'email', hidden: true }]));

    const other = await browser.newContext({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    try {
      const elsewhere = await other.newPage();
      const copy = await openLibrary(elsewhere, lang);
      await expect.poll(() => headers(copy)).toEqual(settled);
      await button(copy, L.columns).click();
      await elsewhere.locator('.ant-popover:visible').getByRole('button', { name: L.reset }).click();
      await expect.poll(() => headers(copy)).toEqual(defined);
    } finally {
      await other.close();
    }
    await page.reload();
    await expect.poll(() => headers(list), { timeout: 40_000 }).toEqual(defined);
  });
}
