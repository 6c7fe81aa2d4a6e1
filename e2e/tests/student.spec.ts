import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { button, choose, formDialog, region, row, search, signInTo } from '../support/crud';
import { toast } from '../support/session';

const tag = Date.now().toString(36).toUpperCase();


async function rosterFile(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学生');
  sheet.addRow(['*学号', '*姓名', '*性别', '*院系', '*专业', '*学历层次', '*入学年份', '毕业年份', '手机号码']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('a roster file is imported with a preview of its errors, and the refused rows come back as a file', async ({ page }) => {
  await signInTo(page, '/alumni/student', { account: 'office' });
  const roster = region(page, '学生');
  await button(roster, '导入').click();
  const dialog = page.getByRole('dialog').filter({ hasText: '导入学生' });
  const [template] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: '下载导入模板' }).click()]);
  expect(template.suggestedFilename()).toBe('学生-导入模板.xlsx');

  const file = await rosterFile([
    [`E2E${tag}1`, '导入甲', '男', '计算机科学与技术学院', '网络工程', '本科', 2021, 2025, '13800138001'],
    [`E2E${tag}2`, '导入乙', '女', '电子信息工程学院', '通信工程', '本科', 2021, 2025, ''],
    [`E2E${tag}3`, '导入丙', '男', '计算机科学与技术学院', '通信工程', '本科', 2021, 2010, '123'],
  ]);
  await dialog.locator('input[type=file]').setInputFiles({ name: '名册.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await expect(dialog.getByText('共 3 行：可新增 2 行，可更新 0 行，跳过 0 行，错误 1 行')).toBeVisible();
  await expect(dialog.locator('tbody tr').filter({ hasText: '请输入正确的手机号码' })).toContainText('4');
  await expect(row(roster, `E2E${tag}1`)).toHaveCount(0);

  await dialog.getByRole('button', { name: '确认导入' }).click();
  await expect(dialog.getByText('导入完成：新增 2 行，更新 0 行，跳过 0 行，错误 1 行')).toBeVisible();
  const [errors] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /下载错误行/ }).click()]);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await errors.path());
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(10).value).toBe('错误原因');
  expect(sheet.getRow(2).getCell(2).value).toBe('导入丙');
  expect(String(sheet.getRow(2).getCell(10).value)).toContain('手机号码');
  await dialog.getByRole('button', { name: '关闭' }).click();

  await search(roster, { 学号: `E2E${tag}` });
  await expect(row(roster, `E2E${tag}1`)).toHaveCount(1);
  await expect(row(roster, `E2E${tag}1`)).toContainText('网络工程');
  await expect(row(roster, `E2E${tag}3`)).toHaveCount(0);
});

test('the roster form offers only the specialities of the department and level picked; a study status changes alone', async ({ page }) => {
  await signInTo(page, '/alumni/student', { account: 'office' });
  const roster = region(page, '学生');
  await button(roster, '新增').click();
  const dialog = formDialog(page);
  await choose(page, dialog, '院系', '电子信息工程学院');
  await choose(page, dialog, '学历层次', '本科');
  await dialog.getByLabel('专业', { exact: true }).click();
  const options = page.locator('.ant-select-dropdown:visible');
  await expect(options.getByText('通信工程', { exact: true })).toBeVisible();
  await expect(options.getByText('网络工程', { exact: true })).toHaveCount(0);
  await expect(options.getByText('信息与通信工程', { exact: true })).toHaveCount(0);
  await options.getByText('通信工程', { exact: true }).click();
  // Another department: the speciality of the first no longer fits and is cleared.
  await choose(page, dialog, '院系', '计算机科学与技术学院');
  await expect(dialog.getByLabel('专业', { exact: true }).locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).not.toContainText('通信工程');
  await choose(page, dialog, '专业', '网络工程');
  await dialog.getByLabel('学号', { exact: true }).fill(`F${tag}`);
  await dialog.getByLabel('姓名', { exact: true }).fill('表单丁');
  await choose(page, dialog, '性别', '女');
  await dialog.getByLabel('入学年份', { exact: true }).fill('2022');
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await search(roster, { 学号: `F${tag}` });

  await button(row(roster, `F${tag}`), '变更学籍状态').click();
  const change = page.getByRole('dialog').filter({ hasText: '变更学籍状态' });
  await expect(change.getByLabel('姓名', { exact: true })).toHaveCount(0);
  await choose(page, change, '学籍状态', '毕业');
  await change.getByLabel('毕业年份', { exact: true }).fill('2026');
  await button(change, '修改').click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(row(roster, `F${tag}`)).toContainText('毕业');
  await expect(row(roster, `F${tag}`)).toContainText('表单丁');
  await page.screenshot({ path: 'screenshots/student-roster-zh.png' });
  await page.locator('.ant-segmented').getByText('EN', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Import' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/student-roster-en.png' });
});
