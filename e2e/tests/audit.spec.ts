import { expect, test, type Locator, type Page } from '@playwright/test';
import { button, chooseBySearch, formDialog, openPage, region, row, search, signInTo, searchForm } from '../support/crud';
import { apiToken, CLIENT, signIn, toast } from '../support/session';
import { setLook } from '../support/shell';

const code = `aud${Date.now().toString(36)}`;

/** Edits one field of the post in the list's row through its edit dialog. */
async function edit(page: Page, list: Locator, field: string, value: string): Promise<void> {
  await button(row(list, code), '编辑').click();
  const dialog = formDialog(page);
  await dialog.getByLabel(field, { exact: true }).fill(value);
  await button(dialog, '修改').click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a record edited three times shows the three edits in its history, in Chinese and in English', async ({ page, request }) => {
  test.setTimeout(150_000);
  const token = await apiToken(request);
  const made = await request.post('/api/blade-system/post/submit', {
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}` },
    data: { category: 1, postCode: code, postName: '审计岗位', sort: 5 },
  });
  expect((await made.json()).success).toBe(true);

  await signInTo(page, '/system/post/index');
  const list = region(page, '岗位');
  await search(list, { 岗位编号: code });
  await expect(row(list, code)).toHaveCount(1);
  await edit(page, list, '岗位名称', '审计岗位（改名）');
  await edit(page, list, '排序', '6');
  await edit(page, list, '备注', '第三次修改');

  await button(row(list, code), '查看').click();
  const view = formDialog(page);
  await view.getByRole('tab', { name: '历史记录' }).click();
  const entries = view.getByTestId('history-entry');
  await expect(entries).toHaveCount(4);
  // Newest first: the three edits, each with the field it changed before and after, then the creation.
  await expect(entries.nth(0)).toContainText('修改');
  await expect(entries.nth(0)).toContainText('备注');
  await expect(entries.nth(0)).toContainText('第三次修改');
  await expect(entries.nth(1)).toContainText('排序');
  await expect(entries.nth(1).locator('tbody tr').first()).toContainText(/5\s*6/);
  await expect(entries.nth(2)).toContainText('岗位名称');
  await expect(entries.nth(2).locator('tbody tr').first()).toContainText(/审计岗位\s*审计岗位（改名）/);
  await expect(entries.nth(3)).toContainText('新增');
  await expect(entries.nth(0)).toContainText('系统管理员');
  await page.screenshot({ path: 'screenshots/audit-history-zh.png' });
  await page.keyboard.press('Escape');

  await setLook(page, 'en', 'theme-default');
  await openPage(page, '/system/post/index');
  const posts = region(page, 'Post');
  await (await searchForm(posts)).getByLabel('Code', { exact: true }).fill(code);
  await (await searchForm(posts)).getByRole('button', { name: /Search/ }).click();
  await posts.locator('tbody tr.ant-table-row').filter({ hasText: code }).getByRole('button', { name: 'View' }).click();
  const dialog = formDialog(page);
  await dialog.getByRole('tab', { name: 'History' }).click();
  const english = dialog.getByTestId('history-entry');
  await expect(english).toHaveCount(4);
  await expect(english.nth(0)).toContainText('Edited');
  await expect(english.nth(0)).toContainText('Remark');
  await expect(english.nth(1)).toContainText('Sort');
  await expect(english.nth(2)).toContainText('Name');
  await expect(english.nth(3)).toContainText('Added');
  await page.screenshot({ path: 'screenshots/audit-history-en.png' });
});

test('the audit page filters by record type and shows what an entry changed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request);
  const headers = { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}` };
  const name = `审计页岗位${Date.now().toString(36)}`;
  const made = (await (await request.post('/api/blade-system/post/submit', { headers, data: { category: 1, postCode: `p${code}`, postName: name, sort: 1 } })).json()).data;
  await request.post('/api/blade-system/post/submit', { headers, data: { id: made.id, postName: `${name}（改）` } });

  await signIn(page, undefined, '/monitor/log/audit/index');
  const table = page.locator('.ant-table').first();
  await expect(table).toBeVisible();
  const form = await searchForm(page);
  await chooseBySearch(page, form, '业务对象', '岗位');
  await button(form, '搜索').click();
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const edited = rows.filter({ hasText: `${name}（改）` });
  await expect(edited).toHaveCount(1);
  for (const line of await rows.all()) await expect(line).toContainText('岗位');
  await expect(edited).toContainText('修改');
  await expect(edited).toContainText('岗位名称');
  await button(edited, '查看').click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '审计详情' });
  await expect(drawer.getByText('审计详情')).toBeVisible();
  await expect(drawer).toContainText('admin');
  await expect(drawer.locator('.audit-changes')).toContainText(`${name}（改）`);
  await page.screenshot({ path: 'screenshots/audit-page-zh.png' });
  await page.keyboard.press('Escape');

  await setLook(page, 'en', 'theme-default');
  await page.goto('/monitor/log/audit/index');
  await chooseBySearch(page, (await searchForm(page)), 'Record type', 'Post');
  await (await searchForm(page)).getByRole('button', { name: /Search/ }).click();
  const english = page.locator('.ant-table').first().locator('tbody tr.ant-table-row');
  await expect(english.first()).toBeVisible();
  for (const line of await english.all()) await expect(line).toContainText('Post');
  await expect(page.getByRole('columnheader', { name: 'Fields changed' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/audit-page-en.png' });
});
