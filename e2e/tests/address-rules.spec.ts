import { expect, test, type Page } from '@playwright/test';
import { button, confirmDelete, fieldError, formDialog, region, row, signInTo } from '../support/crud';
import { toast } from '../support/session';

/** Asks for a rule's address in the open dialog and saves it. */
async function saveAddress(page: Page, address: string, save: string): Promise<void> {
  const dialog = formDialog(page);
  await dialog.getByLabel(/地址或网段|Address or CIDR range/).fill(address);
  await button(dialog, save).click();
}

test('an address rule is refused with the reason, then added and deleted (zh)', async ({ page }) => {
  await signInTo(page, '/system/addressrule');
  const list = region(page, '访问地址规则');
  await expect(page.getByText('平台（000000）的拒绝规则对所有租户生效')).toBeVisible();
  await button(list, '新增').click();
  const dialog = formDialog(page);
  await button(dialog, '保存').click();
  await expect(fieldError(dialog, '请输入地址或网段')).toBeVisible();

  await saveAddress(page, '10.0.0.0/33', '保存');
  await expect(fieldError(dialog, '网段前缀长度应为 IPv4 0–32、IPv6 0–128')).toBeVisible();
  await saveAddress(page, '198.51.100.7/24', '保存');
  await expect(fieldError(dialog, '应写作 198.51.100.0/24')).toBeVisible();
  await saveAddress(page, '校园网', '保存');
  await expect(fieldError(dialog, '请输入有效的 IPv4/IPv6 地址或 CIDR 网段')).toBeVisible();
  await page.screenshot({ path: 'screenshots/address-rule-errors-zh.png' });

  // The browser's own address: the server refuses the rule that would lock the administrator out.
  await saveAddress(page, '127.0.0.0/8', '保存');
  await expect(toast(page, /将拒绝您当前的地址 127\.0\.0\.1/)).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('备注').fill('e2e 拒绝测试网段');
  await saveAddress(page, '198.51.100.0/24', '保存');
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  const added = row(list, '198.51.100.0/24');
  await expect(added).toContainText('拒绝');
  await expect(added).toContainText('员工登录与接口');
  await page.screenshot({ path: 'screenshots/address-rule-list-zh.png' });

  await button(added, '删除').click();
  await confirmDelete(page);
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(row(list, '198.51.100.0/24')).toHaveCount(0);
});

test('an address rule is refused with the reason, then added and deleted (en)', async ({ page }) => {
  await signInTo(page, '/system/addressrule', undefined, { lang: 'en' });
  const list = region(page, 'Address rule');
  await expect(page.getByText('Deny rules of the platform (000000) hold for every tenant')).toBeVisible();
  await button(list, 'Add').click();
  const dialog = formDialog(page);
  await button(dialog, 'Save').click();
  await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();

  await saveAddress(page, '2001:db8::1/32', 'Save');
  await expect(fieldError(dialog, 'write it as 2001:db8::/32')).toBeVisible();
  await saveAddress(page, 'campus', 'Save');
  await expect(fieldError(dialog, 'Enter a valid IPv4/IPv6 address or CIDR range')).toBeVisible();
  await page.screenshot({ path: 'screenshots/address-rule-errors-en.png' });

  await saveAddress(page, '2001:db8::/32', 'Save');
  await expect(dialog).toBeHidden();
  const added = row(list, '2001:db8::/32');
  await expect(added).toContainText('Deny');
  await page.screenshot({ path: 'screenshots/address-rule-list-en.png' });

  await button(added, 'Delete').click();
  const confirm = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: /OK|Yes|Confirm/ }) }).last();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /OK|Yes|Confirm/ }).click();
  await expect(row(list, '2001:db8::/32')).toHaveCount(0);
});
