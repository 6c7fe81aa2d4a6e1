import { expect, test } from '@playwright/test';
import { button, formDialog, region, signInTo } from '../support/crud';
import { toast } from '../support/session';

// A browser set to English, a user who chose Chinese: the server must answer in the chosen language.
test.use({ locale: 'en-US' });

test('the server answers in the language the user chose, not the browser\'s', async ({ page }) => {
  const languages: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/')) languages.push(req.headers()['accept-language'] ?? '');
  });
  await signInTo(page, '/system/user/index');
  await button(region(page, '用户'), '新增').click();
  const dialog = formDialog(page);
  await dialog.getByLabel('登录账号', { exact: true }).fill('admin');
  await dialog.getByLabel('用户昵称', { exact: true }).fill('重复');
  await dialog.getByLabel('用户姓名', { exact: true }).fill('重复');
  await dialog.getByLabel('所属角色', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('校领导', { exact: true }).first().click();
  await dialog.getByLabel('所属角色', { exact: true }).press('Escape');
  await dialog.getByLabel('所属部门', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('示范大学', { exact: true }).first().click();
  await dialog.getByLabel('所属部门', { exact: true }).press('Escape');
  await button(dialog, '保存').click();
  await expect(toast(page, '当前用户 [admin] 已存在!').or(dialog.getByText('当前用户 [admin] 已存在!')).first()).toBeVisible();
  expect(languages.length).toBeGreaterThan(0);
  expect(new Set(languages)).toEqual(new Set(['zh-CN']));
});
