import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { foreignText } from '../support/language-scan';
import { repoRoot } from '../support/product';
import { apiToken, CLIENT, signIn } from '../support/session';
import type { BladexDatabase } from '../../apps/api/dist/modules/develop/bladex-import/bladex-fixture.js';

/** The BladeX database lives on a MySQL/MariaDB: the test command sets TEST_MYSQL_URL when one answers. */
const mysqlUrl = process.env.TEST_MYSQL_URL;

const TEXTS = {
  zh: { title: '从 BladeX 迁移', datasource: '数据源', dryRun: '试运行', report: '试运行报告', unmatched: '未匹配的菜单', users: '用户', grants: '无法对应的授权' },
  en: { title: 'Move in from BladeX', datasource: 'Data source', dryRun: 'Dry run', report: 'Dry run report', unmatched: 'Menus without a match', users: 'Users', grants: 'Grants that do not map' },
};

test.describe('moving in from BladeX', () => {
  test.skip(!mysqlUrl, 'TEST_MYSQL_URL is not set: no MySQL/MariaDB to hold a BladeX database');
  let source: BladexDatabase | null = null;
  let api: APIRequestContext | null = null;
  let headers: Record<string, string> = {};
  let datasourceId = '';
  const name = `BladeX ${process.pid}`;

  // The BladeX database, and the data source (研发工具 › 数据源管理) that names it.
  test.beforeAll(async () => {
    const fixture = (await import(pathToFileURL(path.join(repoRoot, 'apps/api/dist/modules/develop/bladex-import/bladex-fixture.js')).href)) as typeof import('../../apps/api/dist/modules/develop/bladex-import/bladex-fixture.js');
    source = await fixture.createBladexDatabase(mysqlUrl as string, `e2e_${process.pid}_${Math.random().toString(36).slice(2, 8)}`);
    api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
    headers = { Authorization: CLIENT, 'Blade-Auth': `bearer ${await apiToken(api)}` };
    const { settings } = source;
    const saved = await api.post('/api/blade-develop/datasource/submit', {
      headers, data: { name, driverClass: settings.driverClass, url: settings.url, username: settings.username, ...(settings.password ? { password: settings.password } : {}) },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    datasourceId = String((await saved.json()).data.id);
  });
  test.afterAll(async () => {
    if (api && datasourceId) await api.post(`/api/blade-develop/datasource/remove?ids=${datasourceId}`, { headers });
    await api?.dispose();
    await source?.drop();
  });

  for (const lang of ['zh', 'en'] as const) {
    test(`the dry run's report lists the menus without a match (${lang})`, async ({ page }) => {
      const text = TEXTS[lang];
      await signIn(page, undefined, { to: '/tool/bladeximport/index', lang: lang, theme: 'theme-default' });
      await expect(page.getByText(text.title).first()).toBeVisible();
      await page.getByLabel(text.datasource).click();
      await page.locator('.ant-select-item-option').filter({ hasText: name }).click();
      await page.getByRole('button', { name: text.dryRun }).click();

      const report = page.getByRole('region', { name: text.report });
      await expect(report).toBeVisible();
      const unmatched = report.getByRole('region', { name: text.unmatched });
      const rows = unmatched.locator('tbody tr.ant-table-row');
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toContainText('process_leave');
      await expect(rows.nth(0)).toContainText('/work/process/leave');
      await expect(rows.nth(1)).toContainText('zipkin');
      await expect(rows.nth(2)).toContainText('school_stats');
      // Users: 7 in BladeX, 3 new, 3 skipped, 1 deleted.
      const users = report.locator('tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name: text.users, exact: true }) });
      await expect(users).toHaveText(new RegExp(`${text.users}\\s*7\\s*3\\s*0\\s*0\\s*0\\s*3\\s*1`));
      await expect(report.getByRole('region', { name: text.grants }).locator('tbody tr.ant-table-row')).toHaveCount(7);

      expect(await foreignText(page, lang)).toEqual([]);
      await unmatched.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `screenshots/bladex-import-dry-run-${lang}.png` });
    });
  }
});
