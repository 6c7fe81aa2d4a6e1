import { expect, test, type Page } from '@playwright/test';
import { button, openPage, region, row } from '../support/crud';
import { signIn } from '../support/session';
import { setLook } from '../support/shell';

interface Words { menus: string; category: string; sms: string; sendTest: string; sendTitle: string; send: string; phonesRequired: string }

/** A menu's 菜单类型 reads as its label, and the SMS test dialog names what is missing. */
async function walk(page: Page, lang: 'zh' | 'en', w: Words) {
  await signIn(page);
  if (lang === 'en') await setLook(page, 'en', 'theme-default');
  await openPage(page, '/system/menu/index');
  const menus = region(page, w.menus);
  const system = row(menus, '/system').first();
  await expect(system.getByRole('cell', { name: w.category, exact: true })).toBeVisible();
  await expect(system.getByRole('cell', { name: '1', exact: true })).toHaveCount(0);
  await page.screenshot({ path: `screenshots/menu-category-${lang}.png` });

  await openPage(page, '/resource/sms/index');
  await button(region(page, w.sms).locator('.entity-toolbar'), w.sendTest).click();
  const dialog = page.getByRole('dialog').filter({ hasText: w.sendTitle });
  await button(dialog, w.send).click();
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText(w.phonesRequired);
  await page.screenshot({ path: `screenshots/sms-send-required-${lang}.png` });
}

test('labels instead of codes and whole messages (zh)', async ({ page }) => {
  await walk(page, 'zh', { menus: '菜单', category: '菜单', sms: '短信配置', sendTest: '发送测试', sendTitle: '发送短信', send: '发送', phonesRequired: '请输入手机号码' });
});

test('labels instead of codes and whole messages (en)', async ({ page }) => {
  await walk(page, 'en', {
    menus: 'Menu', category: 'Menu', sms: 'SMS settings', sendTest: 'Send test', sendTitle: 'Send a text message', send: 'Send', phonesRequired: 'Please enter Mobile numbers',
  });
});
