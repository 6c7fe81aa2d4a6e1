import { expect, test, type Page } from '@playwright/test';
import { openPage } from '../support/crud';
import { textContrast } from '../support/contrast';
import { signIn } from '../support/session';
import { setLook } from '../support/shell';

/** WCAG AA for normal text. */
const READABLE = 4.5;
const PHONE = { width: 390, height: 844 };

/** How far the page (or the shell's scrolling content area) reaches past its right edge, in pixels. */
const overflow = (page: Page) => page.evaluate(() => {
  const content = document.querySelector('.app-content');
  return Math.max(document.documentElement.scrollWidth - window.innerWidth, content ? content.scrollWidth - content.clientWidth : 0);
});

test('the captcha shows at its own size, with dark characters on a light ground', async ({ page }) => {
  await page.goto('/login');
  const image = page.locator('.login-captcha img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(130);
  const size = await image.evaluate((el: HTMLImageElement) => [el.clientWidth, el.clientHeight, el.naturalWidth, el.naturalHeight]);
  expect(size).toEqual([130, 48, 130, 48]);
  // Each character is a filled path; the noise lines are strokes.
  const svg = Buffer.from((await image.getAttribute('src'))!.split(',')[1]!, 'base64').toString('utf8');
  const hex = (h: string) => (h.length === 4 ? [...h.slice(1)].map((c) => parseInt(c + c, 16)) : [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)));
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ground = luminance(hex(/<rect[^>]*fill="(#[0-9a-f]+)"/i.exec(svg)![1]!));
  const characters = [...svg.matchAll(/<path fill="(#[0-9a-f]+)"/gi)].map((m) => (ground + 0.05) / (luminance(hex(m[1]!)) + 0.05));
  expect(characters).toHaveLength(4);
  for (const ratio of characters) expect(ratio).toBeGreaterThanOrEqual(READABLE);
});

test('the login page fits a phone, captcha included', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await expect(page.locator('.login-captcha img')).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  const captcha = await page.locator('.login-captcha').boundingBox();
  expect(captcha!.x + captcha!.width).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: 'screenshots/login-phone.png' });
});

test('on a phone the drawer menu reads on its ground and the user page fits the window', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  await page.getByRole('button', { name: '折叠菜单' }).click();
  const drawer = page.locator('.app-drawer');
  const groups = drawer.locator('.ant-menu-submenu-title');
  await expect(groups.first()).toBeVisible();
  for (const group of await groups.all()) expect(await textContrast(group.locator('.ant-menu-title-content'))).toBeGreaterThanOrEqual(READABLE);
  await page.keyboard.press('Escape');
  await openPage(page, '/system/user/index');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'screenshots/user-phone.png' });
});

test('every theme draws the top menu and the side menu readably', async ({ page }) => {
  // Eleven themes, each menu title measured: a minute and a half on a busy machine.
  test.setTimeout(240_000);
  await signIn(page);
  const themes = ['theme-default', 'theme-white', 'theme-dark', 'theme-star', 'theme-smart', 'theme-iview', 'theme-vip', 'theme-cool', 'theme-d2', 'theme-hey', 'theme-lte'];
  const faults: string[] = [];
  for (const theme of themes) {
    await setLook(page, 'zh', theme);
    const topItems = page.locator('.top-menu .ant-menu-title-content');
    await expect(topItems.first()).toBeVisible();
    for (const item of await topItems.all()) {
      const ratio = await textContrast(item);
      if (ratio < READABLE) faults.push(`${theme} top menu “${await item.innerText()}”: ${ratio.toFixed(2)}`);
    }
    for (const item of await page.locator('.app-sider .ant-menu-submenu-title .ant-menu-title-content').all()) {
      const ratio = await textContrast(item);
      if (ratio < READABLE) faults.push(`${theme} side menu “${await item.innerText()}”: ${ratio.toFixed(2)}`);
    }
  }
  await setLook(page, 'zh', 'theme-default');
  expect(faults).toEqual([]);
});
