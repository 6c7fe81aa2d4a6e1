import { expect, test, type APIRequestContext } from '@playwright/test';
import { openPage, region, row, search, signInTo } from '../support/crud';
import { CLIENT, apiToken, toast } from '../support/session';
import { confirm } from '../support/shell';

const tag = Date.now().toString(36).toUpperCase();
const VISIT = '/api/blade-visitRecord/visitRecord';
const MINUTES = '与校友企业负责人座谈，了解企业发展与人才需求，商定共建实习基地并邀请校友返校讲座。';

async function call(request: APIRequestContext, token: string, url: string, data: unknown) {
  const res = await request.post(url, { data, headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': '000000' } });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.data;
}

test('a college hands a visit in, the office approves it, and the year\'s figures count it', async ({ page, request }) => {
  test.setTimeout(150_000);
  const title = `走访星河${tag}`;
  const college = await apiToken(request, 'college');
  await call(request, college, `${VISIT}/submit`, {
    title, visitType: '1', visitDate: new Date().toISOString().slice(0, 10), departmentId: '1900000000000010001', visitors: '李建国',
    visitedOrganization: `星河${tag}有限公司`, country: '中国', provinceCode: '110000', content: MINUTES,
  });

  await signInTo(page, '/engage/visitrecord', { account: 'college' });
  const list = region(page, '走访记录');
  await page.getByRole('tab', { name: '草稿' }).click();
  await search(list, { 走访主题: title });
  await row(list, title).getByRole('button', { name: '提交审核' }).click();
  await confirm(page, '提交审核');
  await expect(toast(page, '已提交审核')).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await signInTo(page, '/engage/visitrecord', { account: 'office' });
  await expect(page.getByText('本年走访次数')).toBeVisible();
  const office = region(page, '走访记录');
  await search(office, { 走访主题: title });
  await expect(row(office, title)).toContainText('待审核');
  await row(office, title).getByRole('button', { name: '审核' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '审核结果' });
  await expect(dialog.getByRole('radio', { name: '退回' })).toBeVisible();
  await dialog.getByLabel('审核意见').fill('走访纪要完整');
  await page.screenshot({ path: 'screenshots/visit-examine-zh.png' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '已审核 1 条')).toBeVisible();
  await page.getByRole('tab', { name: '已通过' }).click();
  await search(office, { 走访主题: title });
  await expect(row(office, title)).toContainText('已通过');
});

test('the associations with the council figures, and the members of the Beijing association', async ({ page }) => {
  await signInTo(page, '/association/association', { account: 'office' });
  const list = region(page, '校友会');
  await expect(row(list, '北京校友会')).toContainText('35');
  await row(list, '北京校友会').getByRole('button', { name: '成员' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '北京校友会 · 成员' });
  await expect(drawer.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(drawer).toContainText('35');
  await page.screenshot({ path: 'screenshots/association-members-zh.png' });
});

test('the visit, care and document-query screens in English', async ({ page }) => {
  await signInTo(page, '/engage/visitrecord', { account: 'office' }, { lang: 'en', theme: 'theme-default' });
  await expect(page.getByText('Visits this year')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Returned' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/visit-records-en.png' });
  await openPage(page, '/engage/docquery');
  const docs = region(page, 'Document query');
  await expect(docs.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await docs.locator('tbody tr.ant-table-row').filter({ hasText: 'Received' }).first().getByRole('button', { name: 'Handle' }).click();
  await expect(page.getByRole('dialog').filter({ hasText: 'Handle the document query' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/docquery-handle-en.png' });
  await openPage(page, '/engage/carelist');
  await expect(region(page, 'Care list').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/carelist-en.png' });
});
