import { expect, test } from '@playwright/test';
import { axeViolations, type AxeScan } from '../support/axe';
import { newAlumnus, portalSignIn } from '../support/portal';

/**
 * The accessibility gate (decision 323): the pages outside the menu — the sign-in page (also with its
 * errors shown), the registration page and every page of the alumni portal — in zh and en, against
 * the WCAG 2.2 A/AA rules, with no violation.
 */

const tag = Date.now().toString(36).toUpperCase();
const seq = Number.parseInt(tag.slice(-5), 36);

test('the sign-in page, the registration page and every page of the alumni portal pass the rules in zh and en', async ({ page, request }) => {
  test.setTimeout(240_000);
  const faults: string[] = [];
  let states = 0;
  const check = async (where: string, scan?: AxeScan) => {
    faults.push(...await axeViolations(page, where, scan));
    states += 1;
  };
  for (const lang of ['zh', 'en'] as const) {
    await page.goto('/login');
    await page.evaluate((l) => localStorage.setItem('saber-settings', JSON.stringify({ state: { lang: l }, version: 0 })), lang);
    await page.reload();
    await expect(page.getByRole('button', { name: lang === 'zh' ? /^登\s*录$/ : 'Sign in' })).toBeVisible();
    await check(`/login ${lang}`);
    // A submit with empty fields shows each field's error beside it.
    await page.getByRole('button', { name: lang === 'zh' ? /^登\s*录$/ : 'Sign in' }).click();
    await expect(page.getByText(lang === 'zh' ? '请输入账号' : 'Please enter the account')).toBeVisible();
    await check(`/login ${lang} with errors`);
    await page.goto('/regist?tenantId=000000');
    await expect(page.locator('form').first()).toBeVisible();
    await check(`/regist ${lang}`);
  }

  const alumnus = await newAlumnus(request, `无障碍${tag.slice(-3)}`, seq + 31);
  await page.goto('/portal/login?tenant=000000');
  await expect(page.getByRole('heading', { name: '校友登录' })).toBeVisible();
  await check('/portal/login zh');
  await portalSignIn(page, request, alumnus.phone);
  const portalPages = ['/portal', '/portal/notices', '/portal/messages', '/portal/texts', '/portal/surveys', '/portal/activities',
    '/portal/gifts', '/portal/privacy', '/portal/card', '/portal/me', '/portal/tickets'];
  for (const lang of ['zh', 'en'] as const) {
    if (lang === 'en') {
      await page.goto('/portal');
      await page.locator('.p-lang').click();
      await expect(page.locator('html')).toHaveAttribute('lang', /^en/);
    }
    for (const path of portalPages) {
      await page.goto(path);
      await expect(page.locator('main').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await check(`${path} ${lang}`);
    }
  }
  await page.screenshot({ path: 'screenshots/accessibility-portal-en.png' });
  test.info().annotations.push({ type: 'accessibility', description: `${states} page states outside the menu checked` });
  expect(faults).toEqual([]);
});
