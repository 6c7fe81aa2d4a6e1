import { expect, test } from '@playwright/test';
import { fillLogin, signIn, submitLogin } from '../support/session';

test('a signed-out visit to a menu page goes to /login, and the sign-in lands on that page', async ({ page }) => {
  await page.goto('/system/param/index?paramName=x');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fparam%2Findex%3FparamName%3Dx$/);
  // fillLogin opens the very address the guard led to, and fills it.
  await fillLogin(page, { account: 'admin' }, undefined, '/system/param/index?paramName=x');
  await submitLogin(page);
  await expect(page).toHaveURL(/\/system\/param\/index\?paramName=x$/);
  await expect(page).toHaveTitle(/参数管理/);
});

test('a sign-in never follows a return address outside the application', async ({ page }) => {
  await fillLogin(page, { account: 'admin' }, undefined, '//evil.example/x');
  await submitLogin(page);
  await expect(page).toHaveURL(/\/wel\/index$/);
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
