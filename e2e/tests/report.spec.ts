import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { button, choose, chooseBySearch, openPage, region, row, search, signInTo } from '../support/crud';
import { apiToken, signIn, toast } from '../support/session';
import { setLook } from '../support/shell';

const tag = Date.now().toString(36).toUpperCase();

test('a report is built in the designer, previewed as a table and a chart, saved, then viewed, exported and read in English', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, { account: 'office' });
  const name = `捐赠用途统计${tag}`;

  // The designer: gifts by purpose, counted and summed, drawn as a pie.
  await page.goto('/report/designer');
  const designer = page.locator('.report-designer');
  await expect(designer.getByText('报表设计').first()).toBeVisible();
  await designer.getByLabel('报表名称', { exact: true }).fill(name);
  await chooseBySearch(page, designer, '数据来源', '捐赠');
  await button(designer, '添加分组').click();
  await chooseBySearch(page, designer, '分组字段 1', '捐赠用途');
  await button(designer, '添加指标').click();
  await choose(page, designer, '数值字段 2', '折合人民币');
  await choose(page, designer, '图表', '饼图');
  await button(designer, '预览').click();
  const table = designer.locator('.report-table');
  await expect(table.getByRole('columnheader', { name: '捐赠用途' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '数量' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: '折合人民币合计' })).toBeVisible();
  await expect(table.locator('tbody tr.ant-table-row').filter({ hasText: '奖助学金' })).toBeVisible();
  await expect(table.locator('.report-totals')).toContainText('合计');
  await expect(designer.getByRole('img', { name: `${name} - 数量` })).toBeVisible();
  await expect(designer.getByRole('img', { name: `${name} - 数量` }).locator('canvas, svg').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/report-designer-zh.png' });
  await button(designer, '保存').click();
  await expect(toast(page, '报表已保存')).toBeVisible();

  // The list: the saved report, opened in the viewer.
  await openPage(page, '/report/reportlist');
  const list = region(page, '报表');
  await search(list, { 报表名称: tag });
  const saved = row(list, name);
  await expect(saved).toBeVisible();
  await expect(saved.getByRole('button', { name: '设计' })).toBeVisible();
  await saved.getByRole('button', { name: '预览' }).click();
  await expect(page).toHaveURL(/\/report\/preview\?_u=blade-/);
  const viewer = page.locator('.report-page');
  await expect(viewer.getByRole('heading', { name })).toBeVisible();
  await expect(viewer.locator('.report-table tbody tr.ant-table-row').filter({ hasText: '科研创新' })).toBeVisible();
  await expect(viewer.getByRole('img', { name: `${name} - 数量` })).toBeVisible();
  await page.screenshot({ path: 'screenshots/report-preview-zh.png' });

  const [excel] = await Promise.all([page.waitForEvent('download'), button(viewer, '导出 Excel').click()]);
  expect(excel.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{8}\\.xlsx$`));
  expect((await readFile(await excel.path())).subarray(0, 2).toString('latin1')).toBe('PK');
  const [pdf] = await Promise.all([page.waitForEvent('download'), button(viewer, '导出 PDF').click()]);
  expect(pdf.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{8}\\.pdf$`));
  expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // English: the viewer's texts and the report's own headings in the caller's language.
  await setLook(page, 'en', 'theme-default');
  await expect(button(viewer, 'Export Excel')).toBeVisible();
  await expect(viewer.locator('.report-table').getByRole('columnheader', { name: 'Purpose' })).toBeVisible();
  await expect(viewer.locator('.report-table tbody tr.ant-table-row').filter({ hasText: 'Scholarships and bursaries' })).toBeVisible();
  await expect(viewer.locator('.report-totals')).toContainText('Total');
  await page.screenshot({ path: 'screenshots/report-preview-en.png' });
  await page.goto('/report/designer');
  await expect(page.locator('.report-designer').getByText('Report designer').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/report-designer-en.png' });
});

test('a college secretary previews the seeded alumni report within the college, without designing', async ({ page, request }) => {
  // The report counts the approved study records the college may read; earlier tests may have added some.
  const token = await apiToken(request, 'college');
  const approved = await (await request.get('/api/blade-studentStatus/studentStatus/list?examineStatus_equal=1&size=1', { headers: { 'Blade-Auth': `bearer ${token}` } })).json();
  const total = String(approved.data.total);
  await signInTo(page, '/report/reportlist', { account: 'college' });
  const list = region(page, '报表');
  await expect(button(list, '新建报表')).toHaveCount(0);
  const report = row(list, '校友分布统计表');
  await expect(report.getByRole('button', { name: '设计' })).toHaveCount(0);
  await expect(report.getByRole('button', { name: '删除' })).toHaveCount(0);
  await report.getByRole('button', { name: '预览' }).click();
  const rows = page.locator('.report-page .report-table tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: '计算机科学与技术学院' })).toHaveCount(0);
  await expect(page.locator('.report-totals')).toHaveText(`合计${total}`);
});
