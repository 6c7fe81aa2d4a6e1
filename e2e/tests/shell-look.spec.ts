import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';
import { setLook } from '../support/shell';

const layout = (page: import('@playwright/test').Page) => page.locator('.app-layout').first();

test('theme and colour choices change the layout and persist over a reload', async ({ page }) => {
  await signIn(page);
  const header = page.locator('.app-header');
  const before = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.getByRole('button', { name: '主题', exact: true }).click();
  const themes = page.getByRole('listbox', { name: '选择主题' });
  await expect(themes.getByRole('option')).toHaveCount(11);
  await themes.getByRole('option', { name: 'LTE主题' }).click();
  await expect(layout(page)).toHaveAttribute('data-theme', 'theme-lte');
  const after = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(after).not.toBe(before);
  expect(after).toBe('rgb(44, 110, 148)');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: '主题色' }).click();
  await page.getByRole('option', { name: '#27AE60' }).click();
  const primary = page.getByRole('button', { name: '锁屏' });
  await page.reload();
  await expect(layout(page)).toHaveAttribute('data-theme', 'theme-lte');
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('saber-settings') ?? '{}') as { state: { color: string } });
  expect(saved.state.color).toBe('#27AE60');
  await expect(primary).toBeVisible();
  await expect(page.locator('.color-dot')).toHaveCSS('background-color', 'rgb(39, 174, 96)');
});

test('every theme is a distinct palette', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: '主题', exact: true }).click();
  const seen = new Set<string>();
  const options = page.getByRole('listbox', { name: '选择主题' }).getByRole('option');
  for (let i = 0; i < 11; i++) {
    await options.nth(i).click();
    const palette = await page.evaluate(() => {
      const pick = (sel: string) => { const el = document.querySelector(sel); return el ? getComputedStyle(el).backgroundImage + getComputedStyle(el).backgroundColor : ''; };
      return [pick('.app-sider'), pick('.app-header'), pick('.app-logo'), pick('.app-tabs')].join('|');
    });
    seen.add(palette);
  }
  expect(seen.size).toBe(11);
});

test('the language switch changes the shell and is kept over a reload', async ({ page }) => {
  await signIn(page);
  await page.locator('.ant-segmented').getByText('EN', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Lock screen' })).toBeVisible();
  await expect(page.getByTestId('tab-bar').getByRole('tab', { name: 'Home' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Lock screen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.locator('.ant-segmented').getByText('中文', { exact: true }).click();
  await expect(page.getByRole('button', { name: '锁屏' })).toBeVisible();
});

test('screenshots of the shell in zh and en, light and dark, desktop and phone', async ({ page }) => {
  await signIn(page, undefined, '/system/param/index');
  await expect(page.locator('.ant-table').first()).toBeVisible();
  for (const [device, size] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(size);
    for (const lang of ['zh', 'en'] as const) {
      for (const [look, theme] of [['light', 'theme-default'], ['dark', 'theme-dark']] as const) {
        await setLook(page, lang, theme);
        await expect(page.locator('.ant-table').first()).toBeVisible();
        await page.screenshot({ path: `screenshots/shell-${lang}-${look}-${device}.png` });
      }
    }
  }
  await setLook(page, 'zh', 'theme-default');
});

test('a phone-sized window puts the menu in a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await expect(layout(page)).toHaveAttribute('data-screen', '0');
  await expect(page.locator('.app-sider')).toHaveCount(0);
  await page.getByRole('button', { name: '折叠菜单' }).click();
  const drawer = page.locator('.app-drawer');
  await expect(drawer.getByRole('menuitem', { name: '首页' })).toBeVisible();
  const item = drawer.getByRole('menuitem', { name: /参数管理$/ });
  if (!(await item.isVisible())) await drawer.getByText('系统管理', { exact: true }).click();
  await item.click();
  await expect(page).toHaveURL(/\/system\/param\/index$/);
  await expect(drawer.getByRole('menuitem', { name: /参数管理$/ })).toBeHidden();
  await expect(page.locator('.ant-table').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/shell-phone.png' });
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect(layout(page)).toHaveAttribute('data-screen', '2');
  await expect(page.locator('.app-sider')).toBeVisible();
});
