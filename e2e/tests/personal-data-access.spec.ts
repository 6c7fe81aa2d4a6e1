import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { button, region, search, signInTo } from '../support/crud';

const TEXTS = {
  zh: {
    roster: '学生', phone: '手机号码', report: '个人信息访问记录', account: '账号', search: '搜索', kind: '列表查看', data: '学生',
    fields: '手机号码', exportButton: '导出', summary: '按用户汇总', file: /^个人信息访问记录-\d{8}\.xlsx$/,
  },
  en: {
    roster: 'Student', phone: 'Mobile', report: 'Personal-data access', account: 'Account', search: 'Search', kind: 'List view', data: 'Student',
    fields: 'Mobile', exportButton: 'Export', summary: 'Summary by user', file: /^Personal-data access-\d{8}\.xlsx$/,
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`个人信息访问记录 (${lang}): the office's unmasked roster is listed in the report, summed per user, and the export downloads`, async ({ page }) => {
    test.setTimeout(150_000);
    const texts = TEXTS[lang];
    // The alumni office holds 查看敏感信息: its roster shows phones whole, which is one access event.
    await signInTo(page, '/alumni/student', { account: 'office' }, { lang });
    const roster = region(page, texts.roster);
    const header = roster.locator('thead th');
    await expect(header.filter({ hasText: texts.phone }).first()).toBeVisible();
    const column = await header.evaluateAll((cells, name) => cells.findIndex((c) => c.textContent?.trim() === name), texts.phone);
    const rows = roster.locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    const phones = (await rows.evaluateAll((list, index) => list.map((r) => r.children[index]?.textContent?.trim() ?? ''), column)).filter(Boolean);
    expect(phones.length).toBeGreaterThan(0);
    for (const phone of phones) expect(phone).toMatch(/^1\d{10}$/);

    await signInTo(page, '/monitor/log/personal-access', { account: 'admin' }, { lang });
    const report = region(page, texts.report);
    await search(report, { [texts.account]: 'office' }, texts.search);
    const newest = report.locator('tbody tr.ant-table-row').first();
    await expect(newest).toContainText('office');
    await expect(newest).toContainText(texts.kind);
    await expect(newest).toContainText(texts.data);
    await expect(newest).toContainText(texts.fields);
    await expect(newest).toContainText('GET /api/blade-student/student/list');
    await expect(report.locator('tbody tr.ant-table-row').filter({ hasNotText: 'office' })).toHaveCount(0);
    await page.screenshot({ path: `screenshots/personal-data-access-${lang}.png` });

    await button(report, texts.summary).click();
    const drawer = page.getByRole('dialog', { name: texts.summary });
    await expect(drawer.locator('tbody tr').filter({ hasText: 'office' }).filter({ hasText: texts.kind })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    const [download] = await Promise.all([page.waitForEvent('download'), button(report, texts.exportButton).click()]);
    expect(download.suggestedFilename()).toMatch(texts.file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    const cells: string[][] = [];
    sheet.eachRow((row, n) => { if (n > 1) cells.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))); });
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.every((r) => r.includes('office'))).toBe(true);
    expect(cells.some((r) => r.includes(texts.kind))).toBe(true);
  });
}
