import { expect, test, type Page } from '@playwright/test';
import { button, choose, formDialog, openPage, region, row, search, signInTo } from '../support/crud';
import { toast } from '../support/session';
import { setLook } from '../support/shell';

const tag = Date.now().toString(36).toUpperCase().slice(-5);
const PHONE = { width: 390, height: 844 };

/** A moment some minutes from now as the server writes it (Asia/Shanghai, `yyyy-MM-dd HH:mm:ss`). */
function at(minutes: number): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + minutes * 60_000)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:00`;
}

/** Types a date-time into a picker of the dialog and confirms it. */
async function fillDateTime(page: Page, scope: ReturnType<typeof formDialog>, field: string, value: string): Promise<void> {
  const input = scope.getByLabel(field, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

test('staff create an activity, enter an application, confirm it, check it in on a phone and draw the winners', async ({ page }) => {
  test.setTimeout(240_000);
  const title = `校友分享会${tag}`;
  const name = `测试报名${tag}`;
  // 1. The activity, started a few minutes ago with sign-up still open, and a draw among the checked-in.
  await signInTo(page, '/activity/activity', { account: 'office' });
  const activities = region(page, '活动');
  await button(activities, '新增').click();
  const form = formDialog(page);
  await form.getByLabel('活动名称', { exact: true }).fill(title);
  await choose(page, form, '活动类型', '讲座论坛');
  await fillDateTime(page, form, '开始时间', at(-5));
  await fillDateTime(page, form, '结束时间', at(240));
  await form.getByLabel('活动地点', { exact: true }).fill('图书馆报告厅');
  await fillDateTime(page, form, '报名开始', at(-60));
  await fillDateTime(page, form, '报名截止', at(120));
  await form.getByLabel('活动详情', { exact: true }).fill('校友分享职业经验');
  await form.getByLabel('联系人', { exact: true }).fill('王老师');
  await form.getByLabel('联系电话', { exact: true }).fill('010-62780001');
  await form.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: /^抽奖$/ }) }).getByRole('radio', { name: '是' }).check();
  // The prizes are rows of an editor, not JSON.
  const prizes = form.getByRole('group', { name: '奖项设置' });
  await button(prizes, '添加一行').click();
  const prize = prizes.locator('.list-editor-row').first();
  await prize.locator('[data-column="prizeLevel"] .ant-select').click();
  await page.locator('.ant-select-dropdown:visible').getByText('一等奖', { exact: true }).click();
  await prize.locator('[data-column="prizeName"] input').fill('纪念U盘');
  await prize.locator('[data-column="quantity"] input').fill('3');
  await button(form, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await search(activities, { 活动名称: title });
  await expect(row(activities, title)).toContainText('报名中');
  await row(activities, title).getByRole('button', { name: '上架' }).click();
  await expect(toast(page, '已上架')).toBeVisible();
  await page.screenshot({ path: 'screenshots/activity-list-zh.png' });

  // 2. An application entered by staff, confirmed through its confirm info: it gets its check-in code.
  await row(activities, title).getByRole('button', { name: '报名名单' }).click();
  const applications = region(page, '活动报名');
  await expect(applications.locator('.ant-table')).toBeVisible();
  const applicantsUrl = page.url();
  expect(applicantsUrl).toContain('activityId=');
  await button(applications, '新增').click();
  const entry = formDialog(page);
  await entry.getByLabel('姓名', { exact: true }).fill(name);
  await entry.getByLabel('手机号码', { exact: true }).fill(`137${String(Date.now()).slice(-8)}`);
  await button(entry, '保存').click();
  await expect(row(applications, name)).toContainText('待确认');
  await row(applications, name).getByRole('button', { name: '确认信息' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确认信息' });
  await expect(confirm).toContainText(title);
  await page.screenshot({ path: 'screenshots/activity-confirm-zh.png' });
  await button(confirm, '确认').click();
  await expect(row(applications, name)).toContainText('已确认');
  const code = (await row(applications, name).innerText()).match(/\b\d{6}\b/)?.[0] as string;
  expect(code).toMatch(/^\d{6}$/);

  // 3. The check-in desk on a phone: the code typed, the applicant shown, checked in.
  await page.setViewportSize(PHONE);
  await button(page, '签到台').click();
  const desk = page.getByRole('dialog').filter({ hasText: '签到台' });
  await desk.getByLabel('签到码').fill(code);
  await button(desk, '查询').click();
  await expect(desk).toContainText(name);
  await button(desk, '签到').click();
  await expect(toast(page, '签到成功')).toBeVisible();
  await expect(desk).toContainText('已签到');
  await page.screenshot({ path: 'screenshots/activity-checkin-phone-zh.png' });
  await page.keyboard.press('Escape');
  await expect(desk).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });

  // 4. The draw among the checked-in: one entrant, one winner; the view shows the seed, and repeating the draw agrees.
  await openPage(page, '/activity/activity');
  await search(activities, { 活动名称: title });
  await row(activities, title).getByRole('button', { name: '生成中奖名单' }).click();
  await button(page.getByRole('dialog').filter({ hasText: '确定抽奖吗' }), '确定').click();
  await expect(toast(page, '已从 1 人中抽出 1 名中奖者')).toBeVisible();
  await row(activities, title).getByRole('button', { name: '查看' }).click();
  const view = formDialog(page);
  await view.getByRole('tab', { name: '中奖名单' }).click();
  await expect(view).toContainText(name);
  await expect(view.locator('.activity-seed')).toHaveText(/^[0-9a-f]{64}$/);
  await button(view, '验证抽奖').click();
  await expect(toast(page, '已用种子重新计算：顺序与中奖名单一致')).toBeVisible();
  await page.screenshot({ path: 'screenshots/activity-winners-zh.png' });

  // 5. The same screens in English, the check-in desk at phone width.
  await setLook(page, 'en', 'theme-default');
  await openPage(page, '/activity/activity');
  await expect(region(page, 'Activity')).toContainText('Sign-up open');
  await page.screenshot({ path: 'screenshots/activity-list-en.png' });
  await page.setViewportSize(PHONE);
  await page.goto(applicantsUrl);
  await expect(page.locator('.ant-table').first()).toBeVisible();
  await page.getByRole('button', { name: 'Check-in desk' }).click();
  const deskEn = page.getByRole('dialog').filter({ hasText: 'Check-in desk' });
  await deskEn.getByLabel('Check-in code').fill(code);
  await deskEn.getByRole('button', { name: 'Find' }).click();
  await expect(deskEn).toContainText('Checked in');
  await page.screenshot({ path: 'screenshots/activity-checkin-phone-en.png' });
});
