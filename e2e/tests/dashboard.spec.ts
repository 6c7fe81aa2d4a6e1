import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { foreignText } from '../support/language-scan';
import { CLIENT, apiToken, signIn } from '../support/session';

/** A statistic as the given demo account's own call answers it (its data scope applies). */
async function statistic(request: APIRequestContext, account: string, method: 'GET' | 'POST', url: string) {
  const token = await apiToken(request, account);
  const headers = { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': '000000' };
  const res = method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { headers });
  expect(res.status(), url).toBe(200);
  return (await res.json()).data as Record<string, number>;
}

const grouped = (n: number) => n.toLocaleString('en-US');
/** Money as the Chinese dashboard writes it: in 万 with two decimals from ¥10,000. */
const yuan = (n: number) => (n >= 10_000 ? `¥${(n / 10_000).toFixed(2)}万` : `¥${n.toFixed(2)}`);
const widget = (page: Page, id: string) => page.getByTestId(id);

/** Every widget the admin sees, and the charts drawn. */
const ADMIN_WIDGETS = [
  'card-alumni', 'card-regist', 'card-giving', 'card-activities', 'card-messages', 'card-todos',
  'chart-regist-status', 'chart-regist-month', 'chart-enrollment', 'chart-department', 'chart-giving-month', 'chart-giving-purpose',
  'list-upcoming', 'list-todo', 'chart-visits', 'list-notices',
];

test('the admin sees every widget with the school\'s figures', async ({ page, request }) => {
  test.setTimeout(120_000);
  const students = await statistic(request, 'admin', 'POST', '/api/blade-studentStatus/studentStatus/countStudent');
  const regist = await statistic(request, 'admin', 'POST', '/api/blade-registInfo/registInfo/countRegistInfo');
  await signIn(page);
  await expect(page.getByTestId('dashboard-greeting')).toContainText(/(上午好|下午好|晚上好)，系统管理员/);
  for (const id of ADMIN_WIDGETS) await expect(widget(page, id), id).toBeVisible();
  await expect(widget(page, 'card-alumni')).toContainText(grouped(students.alumniTotal as number));
  await expect(widget(page, 'card-alumni')).toContainText(`本年新增 ${students.newThisYear}`);
  await expect(widget(page, 'card-regist')).toContainText(String(regist.pending));
  await expect(widget(page, 'card-regist')).toContainText(`疑似重复 ${regist.pendingDuplicate} · 今日 ${regist.today}`);
  const giving = await statistic(request, 'admin', 'GET', '/api/donation/countAmount');
  await expect(widget(page, 'card-giving')).toContainText(yuan(Number(giving.thisYearAmount)));
  await expect(widget(page, 'chart-enrollment').locator('canvas')).toBeVisible();
  await expect(widget(page, 'list-todo').getByTestId('todo-registPending')).toContainText(String(regist.pending));
  for (const name of ['登记审核', '新建活动', '录入捐赠']) await expect(page.getByTestId('dashboard-greeting').getByRole('button', { name })).toBeVisible();
  await page.screenshot({ path: 'screenshots/dashboard-admin-zh.png', fullPage: true });

  // The pending-registrations card leads to the registrations, on the 待审核 tab.
  await widget(page, 'card-regist').getByRole('link').click();
  await page.waitForURL('**/registinfo/index?tab=pending');
  await expect(page.getByRole('tab', { name: /待审核/, selected: true })).toBeVisible();
});

test('the college secretary sees the college\'s figures and only the college\'s widgets', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await statistic(request, 'admin', 'POST', '/api/blade-studentStatus/studentStatus/countStudent');
  const college = await statistic(request, 'college', 'POST', '/api/blade-studentStatus/studentStatus/countStudent');
  expect(college.alumniTotal).toBeLessThan(admin.alumniTotal as number);
  await signIn(page, { account: 'college' });
  await expect(page.getByTestId('dashboard-greeting')).toContainText('李建国');
  await expect(widget(page, 'card-alumni')).toContainText(grouped(college.alumniTotal as number));
  await expect(widget(page, 'card-todos')).toBeVisible();
  // The college's own giving (its beneficiary college's gifts), written in 万 from ¥10,000.
  const giving = await statistic(request, 'college', 'GET', '/api/donation/countAmount');
  const adminGiving = await statistic(request, 'admin', 'GET', '/api/donation/countAmount');
  expect(Number(giving.thisYearAmount)).toBeLessThan(Number(adminGiving.thisYearAmount));
  await expect(widget(page, 'card-giving')).toContainText(yuan(Number(giving.thisYearAmount)));
  // Without the message board's menu or the donation buttons, their card and shortcut are not there.
  await expect(widget(page, 'card-messages')).toHaveCount(0);
  await expect(widget(page, 'card-activities')).toBeVisible();
  await expect(page.getByTestId('dashboard-greeting').getByRole('button', { name: '录入捐赠' })).toHaveCount(0);
  await expect(page.getByTestId('dashboard-greeting').getByRole('button', { name: '登记审核' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/dashboard-college-zh.png', fullPage: true });

  // The alumni card leads to the alumni list; a department's bar leads there with the department in
  // the address, which the list opens filtered by.
  await widget(page, 'card-alumni').getByRole('link').click();
  await page.waitForURL('**/basicinfo/index');
  const list = new URL(page.url()).pathname;
  // A department outside the college: the filter is applied (its value in the form), and nothing is listed.
  await page.goto(`${list}?departmentId=1900000000000010002`);
  await expect(page.getByRole('search')).toContainText('1900000000000010002', { timeout: 30_000 });
  await expect(page.locator('.ant-table-tbody')).toContainText(/暂无数据|No data/);
});

test('on a phone every widget takes the full width', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  const cards = ['card-alumni', 'card-regist', 'chart-regist-status', 'list-todo'];
  const content = await page.getByTestId('dashboard').boundingBox();
  for (const id of cards) {
    const box = await widget(page, id).boundingBox();
    expect(box && content && box.width > content.width - 24, id).toBe(true);
  }
  await page.screenshot({ path: 'screenshots/dashboard-phone-zh.png', fullPage: true });
});

test('a failed call shows 加载失败，点击重试 in its widget alone, and the retry loads it', async ({ page }) => {
  test.setTimeout(120_000);
  let fail = true;
  await page.route('**/api/blade-studentStatus/studentStatus/countStudent*', (route) => (fail
    ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, success: false, msg: '服务器开小差了', data: null }) })
    : route.continue()));
  await signIn(page);
  const retry = widget(page, 'card-alumni').getByRole('button', { name: '加载失败，点击重试' });
  await expect(retry).toBeVisible();
  await expect(widget(page, 'chart-department').getByRole('button', { name: '加载失败，点击重试' })).toBeVisible();
  await expect(widget(page, 'card-regist').getByRole('button', { name: '加载失败，点击重试' })).toHaveCount(0);
  fail = false;
  await retry.click();
  await expect(retry).toHaveCount(0);
  await expect(widget(page, 'card-alumni')).toContainText('本年新增');
});

test('the dashboard in English', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.locator('.ant-segmented').getByText('EN', { exact: true }).first().click();
  await expect(page.getByTestId('dashboard-greeting')).toContainText(/Good (morning|afternoon|evening), /);
  await expect(widget(page, 'card-alumni')).toContainText('new this year');
  await expect(widget(page, 'list-todo')).toContainText('Registrations to review');
  await expect(page.getByTestId('dashboard').locator('.ant-skeleton')).toHaveCount(0);
  expect(await foreignText(page, 'en')).toEqual([]);
  await page.screenshot({ path: 'screenshots/dashboard-admin-en.png', fullPage: true });
});
