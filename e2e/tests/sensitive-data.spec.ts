import { expect, test, type Page } from '@playwright/test';
import { openPage, region } from '../support/crud';
import { signIn } from '../support/session';

/** The phone cells of the roster's first page. */
async function rosterPhones(page: Page): Promise<string[]> {
  await openPage(page, '/alumni/student');
  const roster = region(page, '学生');
  const header = roster.locator('thead th');
  await expect(header.filter({ hasText: '手机号码' })).toBeVisible();
  const column = await header.evaluateAll((cells) => cells.findIndex((c) => c.textContent?.includes('手机号码')));
  const rows = roster.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((list, index) => list.map((r) => r.children[index]?.textContent?.trim() ?? ''), column);
}

test('a school leader, without 查看敏感信息, reads the roster with phones masked', async ({ page }) => {
  await signIn(page, { account: 'leader' });
  const masked = (await rosterPhones(page)).filter(Boolean);
  expect(masked.length).toBeGreaterThan(0);
  for (const phone of masked) expect(phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
  await region(page, '学生').locator('tbody td').filter({ hasText: /\*{4}/ }).first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/sensitive-masked-zh.png' });
});

test('the alumni office, which holds 查看敏感信息, reads the roster phones whole', async ({ page }) => {
  await signIn(page, { account: 'office' });
  const whole = (await rosterPhones(page)).filter(Boolean);
  expect(whole.length).toBeGreaterThan(0);
  for (const phone of whole) expect(phone).toMatch(/^1\d{10}$/);
});
