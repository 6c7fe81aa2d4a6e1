import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

test('a signed-out visit to a menu page goes to /login', async ({ page }) => {
  await page.goto('/system/param/index');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in visit to /login goes home', async ({ page }) => {
  await signIn(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/wel\/index$/);
});

test('an unknown path goes to /404', async ({ page }) => {
  await signIn(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉, 您访问的页面不存在')).toBeVisible();
});

test('a menu path redirects to its /index child and sets the title', async ({ page }) => {
  await signIn(page);
  await page.goto('/system/param');
  await expect(page).toHaveURL(/\/system\/param\/index$/);
  await expect(page).toHaveTitle(/参数管理/);
});

test('a menu the user does not have is unknown', async ({ page }) => {
  await signIn(page, { account: 'college' });
  await page.goto('/system/param/index');
  await expect(page).toHaveURL(/\/404$/);
});
