import { expect, test, type Locator, type Page } from '@playwright/test';
import { button, choose, formDialog, openPage, region, row, search, signInTo } from '../support/crud';
import { toast } from '../support/session';

const tag = Date.now().toString(36).toUpperCase();


test('a student marked 毕业 becomes an alumnus with an approved study record', async ({ page }) => {
  await signInTo(page, '/alumni/student', { account: 'office' });
  const roster = region(page, '学生');
  await button(roster, '新增').click();
  const dialog = formDialog(page);
  await dialog.getByLabel('学号', { exact: true }).fill(`GR${tag}`);
  await dialog.getByLabel('姓名', { exact: true }).fill(`毕业${tag.slice(-3)}`);
  await choose(page, dialog, '性别', '男');
  await choose(page, dialog, '院系', '机械工程学院');
  await choose(page, dialog, '学历层次', '本科');
  await choose(page, dialog, '专业', '车辆工程');
  await dialog.getByLabel('入学年份', { exact: true }).fill('2022');
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await search(roster, { 学号: `GR${tag}` });

  await button(row(roster, `GR${tag}`), '变更学籍状态').click();
  const change = page.getByRole('dialog').filter({ hasText: '变更学籍状态' });
  await choose(page, change, '学籍状态', '毕业');
  await change.getByLabel('毕业年份', { exact: true }).fill('2026');
  await button(change, '修改').click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(row(roster, `GR${tag}`)).toContainText(`毕业${tag.slice(-3)}`);

  await openPage(page, '/alumni/basicinfo');
  const alumni = region(page, '校友');
  await search(alumni, { 姓名: `毕业${tag.slice(-3)}` });
  const alumnus = row(alumni, `毕业${tag.slice(-3)}`);
  await expect(alumnus).toHaveCount(1);
  await expect(alumnus).toContainText('学生名册转入');
  await expect(alumnus).toContainText(/XY\d{7}/);

  await openPage(page, '/alumni/studentstatus');
  await page.getByRole('tab', { name: '已通过' }).click();
  const statuses = region(page, '学籍');
  await search(statuses, { 学号: `GR${tag}` });
  await expect(row(statuses, `GR${tag}`)).toContainText('车辆工程');
  await expect(row(statuses, `GR${tag}`)).toContainText('名册生成');
  await page.screenshot({ path: 'screenshots/studentstatus-zh.png' });
});

test('an alumnus is added with its first study record; a college\'s further record waits and is approved in a batch', async ({ page }) => {
  test.setTimeout(150_000);
  const name = `新增${tag.slice(-3)}`;
  await signInTo(page, '/alumni/basicinfo', { account: 'office' });
  const alumni = region(page, '校友');
  await button(alumni, '新增').click();
  const dialog = formDialog(page);
  await dialog.getByLabel('姓名', { exact: true }).fill(name);
  await choose(page, dialog, '性别', '女');
  await choose(page, dialog, '证件类型', '护照');
  await expect(dialog.getByText('学籍信息')).toBeVisible();
  await choose(page, dialog, '院系', '计算机科学与技术学院');
  await choose(page, dialog, '学历层次', '本科');
  await choose(page, dialog, '专业', '软件工程');
  await dialog.getByLabel('入学年份', { exact: true }).fill('2008');
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await search(alumni, { 姓名: name });
  await expect(row(alumni, name)).toContainText('后台录入');
  await expect(row(alumni, name)).toContainText('2008');

  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await signInTo(page, '/alumni/studentstatus', { account: 'college' });
  await button(region(page, '学籍'), '新增').click();
  const added = formDialog(page);
  await added.getByLabel('校友', { exact: true }).fill(name);
  await page.locator('.ant-select-dropdown:visible').getByText(new RegExp(`^${name} · XY`)).first().click();
  await choose(page, added, '院系', '计算机科学与技术学院');
  await choose(page, added, '学历层次', '硕士研究生');
  await choose(page, added, '专业', '计算机科学与技术');
  await added.getByLabel('入学年份', { exact: true }).fill('2012');
  await button(added, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await signInTo(page, '/alumni/studentstatus', { account: 'office' });
  await expect(page.getByRole('tab', { name: /待审核/ })).toHaveAttribute('aria-selected', 'true');
  const pending = region(page, '学籍');
  const proposed = pending.locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(proposed).toHaveCount(1);
  await proposed.locator('.ant-checkbox-input').check();
  await button(page, '批量通过').click();
  const examine = page.getByRole('dialog').filter({ hasText: '审核 1 条记录' }).or(page.getByRole('dialog').filter({ hasText: '审核结果' }));
  await button(examine, '确定').click();
  await expect(toast(page, '已审核 1 条')).toBeVisible();
  await page.getByRole('tab', { name: '已通过' }).click();
  await expect(region(page, '学籍').locator('tbody tr.ant-table-row').filter({ hasText: name })).toHaveCount(2);

  await openPage(page, '/alumni/basicinfo');
  await page.locator('.ant-segmented').getByText('EN', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/basicinfo-en.png' });
});
