import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

test('locking asks for a password, then every route leads to /lock until it is typed', async ({ page }) => {
  await signIn(page, undefined, '/system/param/index');
  await page.getByRole('button', { name: '锁屏' }).click();
  const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
  await dialog.getByRole('button', { name: /锁\s*屏/ }).click();
  await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible();
  await dialog.getByLabel('锁屏密码').fill('let-me-in');
  await dialog.getByRole('button', { name: /锁\s*屏/ }).click();
  await expect(page).toHaveURL(/\/lock$/);

  for (const path of ['/wel/index', '/system/dict/index', '/info/index']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/lock$/);
  }
  const password = page.getByLabel('锁屏密码');
  await password.fill('wrong');
  await page.getByRole('button', { name: /解\s*锁/ }).click();
  await expect(page.getByRole('alert')).toHaveText('锁屏密码错误, 请重新输入');
  await expect(page).toHaveURL(/\/lock$/);

  await password.fill('let-me-in');
  await page.getByRole('button', { name: /解\s*锁/ }).click();
  // Back to the page where the lock was set.
  await expect(page).toHaveURL(/\/system\/param\/index$/);
  await page.goto('/info/index');
  await expect(page).toHaveURL(/\/info\/index$/);
});

test('the lock belongs to the browser session', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  await page.getByRole('button', { name: '锁屏' }).click();
  await page.getByRole('dialog').getByLabel('锁屏密码').fill('abc');
  await page.getByRole('dialog').getByRole('button', { name: /锁\s*屏/ }).click();
  await expect(page).toHaveURL(/\/lock$/);
  const stored = await page.evaluate(() => ({ session: sessionStorage.getItem('saber-lock'), local: localStorage.getItem('saber-lock') }));
  expect(stored.session).toContain('"locked":true');
  expect(stored.local).toBeNull();
  await context.close();
});
