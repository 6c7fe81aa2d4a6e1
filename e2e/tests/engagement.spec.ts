import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { button, region } from '../support/crud';
import { signIn } from '../support/session';

const TEXTS = {
  zh: {
    library: '校友', view: '查看', tab: '参与度', total: '参与度得分', gift: '近5年捐赠', volunteer: '志愿参与', column: '参与度',
    widget: '校友参与度', weights: '权重设置', weightsTitle: '参与度权重',
  },
  en: {
    library: 'Alumnus', view: 'View', tab: 'Engagement', total: 'Engagement score', gift: 'Gift in the last 5 years', volunteer: 'Volunteer', column: 'Engagement',
    widget: 'Alumni engagement', weights: 'Weights', weightsTitle: 'Engagement weights',
  },
} as const;

/**
 * Signs the office in on a page; on a loaded machine the application may take longer to appear than
 * the sign-in waits, so the page is then opened again with the session kept.
 */
async function openAsOffice(page: Page, path: string, lang: 'zh' | 'en'): Promise<void> {
  try {
    await signIn(page, { account: 'office' }, { to: path, lang });
  } catch {
    await page.goto(path);
    await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 60_000 });
  }
}

/** The number a statistic shows (grouped digits allowed). */
const numberIn = async (text: Promise<string | null>) => Number(((await text) ?? '').replace(/[^\d.]/g, ''));

for (const lang of ['zh', 'en'] as const) {
  test(`参与度 (${lang}): the library sorted by engagement opens its top alumnus, whose score is explained fact by fact and adds up`, async ({ page }) => {
    test.setTimeout(150_000);
    const texts = TEXTS[lang];
    await openAsOffice(page, '/alumni/basicinfo?descs=engagementScore', lang);
    const library = region(page, texts.library);
    const rows = library.locator('tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible({ timeout: 40_000 });
    await expect(library.locator('th').filter({ hasText: texts.column })).toHaveCount(1);

    await button(rows.first(), texts.view).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: texts.tab }) });
    await dialog.getByRole('tab', { name: texts.tab }).click();
    const explained = dialog.getByTestId('engagement-explained');
    await expect(explained).toBeVisible();
    const total = await numberIn(explained.getByTestId('engagement-total').locator('.ant-statistic-content-value').textContent());
    expect(total).toBeGreaterThan(0);
    await expect(explained.getByText(texts.volunteer, { exact: true }).first()).toBeVisible();
    const lines = explained.locator('tbody tr.ant-table-row');
    await expect(lines).toHaveCount(12);
    await expect(lines.filter({ hasText: texts.gift })).toHaveCount(1);
    // Each line's points are its count times its weight, and the lines add up to the total shown.
    let sum = 0;
    for (let i = 0; i < 12; i++) {
      const cells = lines.nth(i).locator('td');
      const [count, weight, points] = await Promise.all([3, 4, 5].map((c) => numberIn(cells.nth(c).textContent())));
      expect(points).toBe((count ?? 0) * (weight ?? 0));
      sum += points ?? 0;
    }
    expect(sum).toBe(total);
    await page.screenshot({ path: `screenshots/engagement-explained-${lang}.png` });
  });
}

test('校友参与度 (zh): the dashboard shows the engaged share and opens the weights of every counted fact', async ({ page }) => {
  test.setTimeout(120_000);
  await openAsOffice(page, '/wel/index', 'zh');
  const widget = page.getByTestId('stat-engagement');
  await expect(widget.getByText('参与校友占比').first()).toBeVisible({ timeout: 60_000 });
  await widget.getByTestId('engagement-weights').click();
  const dialog = page.getByRole('dialog', { name: TEXTS.zh.weightsTitle });
  await expect(dialog.locator('tbody tr.ant-table-row')).toHaveCount(12);
  await expect(dialog.getByLabel(TEXTS.zh.gift)).toHaveValue(/^\d+$/);
  await widget.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/engagement-weights-zh.png' });
});
