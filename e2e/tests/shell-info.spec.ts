import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import { CLIENT, DEMO_PASSWORD, apiToken, signIn, toast } from '../support/session';

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('personal info: avatar upload, details with the shared validators', async ({ page }) => {
  await signIn(page, { account: 'foundation' }, '/info/index');
  await expect(page.getByLabel('姓名')).toHaveValue('赵敏');

  const chooser = page.locator('.ant-upload input[type=file]');
  await chooser.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(501 * 1024) });
  await expect(toast(page, '上传头像图片大小不能超过 500KB!')).toBeVisible();
  await chooser.setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(toast(page, '上传头像图片只能是 JPG/PNG 格式!')).toBeVisible();
  const upload = page.waitForResponse((res) => res.url().includes('/api/blade-resource/oss/endpoint/put-file'));
  await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  expect((await upload).status()).toBe(200);
  await expect(page.locator('.avatar-image')).toBeVisible();

  await page.getByLabel('手机号').fill('12345678901');
  await page.getByLabel('邮箱').fill('赵@school.cn');
  await page.getByRole('button', { name: /提\s*交/ }).first().click();
  await expect(page.getByText('请输入正确的手机号码')).toBeVisible();
  await expect(page.getByText('格式不正确,不能包含中文')).toBeVisible();
  await page.getByLabel('手机号').fill('13912345678');
  await page.getByLabel('邮箱').fill('zhao@school.edu.cn');
  await page.getByLabel('姓名').fill('赵敏敏');
  await page.getByRole('button', { name: /提\s*交/ }).first().click();
  await expect(toast(page, '操作成功!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('姓名')).toHaveValue('赵敏敏');
  await expect(page.getByLabel('邮箱')).toHaveValue('zhao@school.edu.cn');
  await expect(page.getByTestId('user-menu')).toContainText('赵敏敏');
  await expect(page.locator('.avatar-image')).toBeVisible();
});

test('personal info: password change with the specification\'s messages and strength rule', async ({ page, request }) => {
  await signIn(page, { account: 'association' }, '/info/index');
  await page.getByRole('tab', { name: '修改密码' }).click();
  const submit = page.getByRole('button', { name: /提\s*交/ }).last();
  await submit.click();
  await expect(page.getByText('请输入密码')).toHaveCount(2);
  await expect(page.getByText('请确认密码')).toBeVisible();
  await page.getByLabel('原密码').fill('Wrong@1234');
  await page.getByLabel('新密码').fill('weakpass');
  await page.getByLabel('确认密码').fill('weakpass');
  await submit.click();
  await expect(page.getByText(/密码长度为8-16位/)).toBeVisible();
  await page.getByLabel('新密码').fill('Better@2025');
  await page.getByLabel('确认密码').fill('Better@2025');
  await submit.click();
  await expect(toast(page, '原密码不正确')).toBeVisible();
  await page.getByLabel('原密码').fill(DEMO_PASSWORD);
  await page.getByLabel('确认密码').fill('Better@2026');
  await submit.click();
  await expect(toast(page, '两次输入密码不一致')).toBeVisible();
  await page.getByLabel('确认密码').fill('Better@2025');
  await submit.click();
  await expect(toast(page, '操作成功!')).toBeVisible();
  // The change ends every session of the account, this one too.
  await expect(toast(page, '密码已修改，请使用新密码重新登录')).toBeVisible();
  await page.waitForURL('**/login');
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, { account: 'association', password: 'Better@2025' });
  // Later tests sign in as the association officer with the demo password, so the officer changes it back.
  // (An administrator's reset would leave the account bound to change its password at the next sign-in.)
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const back = new URLSearchParams({ oldPassword: md5('Better@2025'), newPassword: md5(DEMO_PASSWORD), newPassword1: md5(DEMO_PASSWORD) });
  const restored = await request.post(`/api/blade-user/update-password?${back}`, {
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${await apiToken(request, 'association', 'Better@2025')}` },
  });
  expect(restored.status()).toBe(200);
});
