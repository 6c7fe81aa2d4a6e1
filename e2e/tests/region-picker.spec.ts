import { expect, test } from '@playwright/test';
import { button, choose, chooseBySearch, formDialog, region, row, search, signInTo } from '../support/crud';
import { toast } from '../support/session';

const tag = Date.now().toString(36).toUpperCase();

test('an alumnus\'s province, city and district are picked from the regions, the city following the province', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `区域${tag.slice(-4)}`;
  await signInTo(page, '/alumni/basicinfo', { account: 'office' });
  const alumni = region(page, '校友');
  await button(alumni, '新增').click();
  const dialog = formDialog(page);
  await dialog.getByLabel('姓名', { exact: true }).fill(name);
  await choose(page, dialog, '性别', '男');
  await choose(page, dialog, '证件类型', '护照');
  await chooseBySearch(page, dialog, '省份', '广东省');
  await chooseBySearch(page, dialog, '城市', '深圳市');
  // Another province clears the city chosen under the first one.
  await chooseBySearch(page, dialog, '省份', '江苏省');
  await expect(dialog.getByLabel('城市', { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).not.toContainText('深圳市');
  await chooseBySearch(page, dialog, '城市', '南京市');
  await choose(page, dialog, '院系', '计算机科学与技术学院');
  await choose(page, dialog, '学历层次', '本科');
  await choose(page, dialog, '专业', '软件工程');
  await dialog.getByLabel('入学年份', { exact: true }).fill('2009');
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();

  await search(alumni, { 姓名: name });
  await button(row(alumni, name), '查看').click();
  const view = page.getByRole('dialog');
  await expect(view).toContainText('江苏省');
  await expect(view).toContainText('南京市');
  await expect(view).not.toContainText('320100');
});
