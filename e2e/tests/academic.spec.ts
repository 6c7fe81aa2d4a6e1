import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { button, choose, formDialog, region, row, signInTo } from '../support/crud';
import { apiToken, signOut, toast } from '../support/session';


test('a college secretary proposes a speciality; the alumni office approves it in the examine screen; it joins the pickers', async ({ page, request }) => {
  test.setTimeout(150_000);
  const name = `端到端专业${Date.now().toString(36)}`;

  await signInTo(page, '/academic/speciality/index', { account: 'college' });
  const specialities = region(page, '专业');
  await button(specialities, '新增').click();
  const dialog = formDialog(page);
  await dialog.getByLabel('专业名称', { exact: true }).fill(name);
  await dialog.getByLabel('专业代码', { exact: true }).fill('080999');
  await choose(page, dialog, '所属院系', '计算机科学与技术学院');
  await choose(page, dialog, '学历层次', '本科');
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(row(specialities, name)).toContainText('待审核');
  await page.screenshot({ path: 'screenshots/academic-speciality-zh.png' });

  await signOut(page);
  await signInTo(page, '/academic/specialityexamine/index', { account: 'office' });
  await expect(page.getByRole('tab', { name: /待审核/ })).toHaveAttribute('aria-selected', 'true');
  const pending = region(page, '专业');
  const proposed = row(pending, name);
  await expect(proposed).toContainText('李建国');
  await page.screenshot({ path: 'screenshots/academic-examine-zh.png' });
  await proposed.locator('.ant-checkbox-input').check();
  await button(page, '批量通过').click();
  const examine = page.getByRole('dialog').filter({ hasText: '审核 1 条记录' }).or(page.getByRole('dialog').filter({ hasText: '审核结果' }));
  await expect(examine).toBeVisible();
  await button(examine, '确定').click();
  await expect(toast(page, '已审核 1 条')).toBeVisible();
  await expect(row(pending, name)).toHaveCount(0);
  await page.getByRole('tab', { name: '已通过' }).click();
  await expect(row(region(page, '专业'), name)).toContainText('已通过');

  // The approved speciality is offered by the pickers of other modules.
  const token = await apiToken(request, 'college');
  const cs = '1900000000000010001';
  const options = await (await request.get(`/api/blade-speciality/speciality/select/special?departmentId=${cs}`, { headers: { 'Blade-Auth': `bearer ${token}` } })).json();
  expect((options.data as { specialityName: string }[]).map((o) => o.specialityName)).toContain(name);
});

test('a rejection needs a reason, and the examination history shows in the record', async ({ page }) => {
  test.setTimeout(120_000);
  await signInTo(page, '/academic/departmentexamine/index', { account: 'office' });
  const pending = region(page, '院系');
  const proposal = row(pending, '软件学院');
  await button(proposal, '审核').click();
  const examine = page.getByRole('dialog').filter({ hasText: '审核结果' });
  await examine.getByLabel('驳回').check();
  await button(examine, '确定').click();
  await expect(examine.locator('.ant-form-item-explain-error')).toHaveText('请填写驳回原因');
  await examine.getByLabel('审核意见').fill('与计算机学院重复');
  await button(examine, '确定').click();
  await expect(toast(page, '已审核 1 条')).toBeVisible();
  await page.getByRole('tab', { name: '已驳回' }).click();
  await expect(row(region(page, '院系'), '软件学院')).toContainText('已驳回');
});

test('the examine screen in English', async ({ page }) => {
  test.setTimeout(90_000);
  await signInTo(page, '/academic/specialityexamine/index', { account: 'office' }, { lang: 'en' });
  await expect(page.getByRole('tab', { name: /Pending/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Approve selected/ })).toBeVisible();
  await page.screenshot({ path: 'screenshots/academic-examine-en.png' });
});

test('the department list is exported as it is filtered, labels in the interface language', async ({ page }) => {
  await signInTo(page, '/academic/department/index');
  const departments = region(page, '院系');
  await expect(departments.locator('tbody tr.ant-table-row').first()).toBeVisible();
  const shown = await departments.locator('tbody tr.ant-table-row').count();
  const [download] = await Promise.all([page.waitForEvent('download'), button(departments, '导出').click()]);
  expect(download.suggestedFilename()).toMatch(/^院系-\d{8}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toContain('院系名称');
  expect(sheet.rowCount - 1).toBeGreaterThanOrEqual(shown);
});
