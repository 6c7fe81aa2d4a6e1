import { expect, test } from '@playwright/test';
import { signInTo } from '../support/crud';
import { toast } from '../support/session';
import { setLook } from '../support/shell';

test('the e-mail settings show the public base address filled from a browser sign-in, refuse a malformed one and save one, in zh and en', async ({ page }) => {
  test.setTimeout(120_000);
  await signInTo(page, '/message/emailsetting', { account: 'admin' });
  const card = page.getByTestId('public-base');
  await expect(card).toContainText('公网访问地址');
  await expect(card).toContainText('都以此地址开头');
  const input = card.getByRole('textbox', { name: '公网访问地址' });
  // Filled at the first browser sign-in of this installation from the address the browser used.
  await expect(input).toHaveValue(/^https?:\/\/[^/?#]+/);
  const current = await input.inputValue();
  await expect(card).toContainText(`${current}/portal`);

  await input.fill('alumni.example.edu.cn');
  await card.getByRole('button', { name: '保存地址' }).click();
  await expect(card).toContainText('请输入以 http:// 或 https:// 开头的完整地址，不含查询参数');
  await page.screenshot({ path: test.info().outputPath('public-base-zh-refused.png'), fullPage: true });

  // Saving the address it had leaves the installation as it was.
  await input.fill(`${current}/`);
  await card.getByRole('button', { name: '保存地址' }).click();
  await expect(toast(page, '公网访问地址已保存')).toBeVisible();
  await expect(input).toHaveValue(current);
  await page.screenshot({ path: test.info().outputPath('public-base-zh.png'), fullPage: true });

  await setLook(page, 'en', 'theme-default');
  try {
    await expect(card).toContainText('Public base address');
    await expect(card).toContainText('starts with this address');
    const english = card.getByRole('textbox', { name: 'Public base address' });
    await expect(english).toHaveValue(current);
    await english.fill('ftp://alumni.example.edu.cn');
    await card.getByRole('button', { name: 'Save address' }).click();
    await expect(card).toContainText('Enter a full address starting with http:// or https://, without a query');
    await page.screenshot({ path: test.info().outputPath('public-base-en.png'), fullPage: true });
  } finally {
    await setLook(page, 'zh', 'theme-default');
  }
});
