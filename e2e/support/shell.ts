import { expect, type Page } from '@playwright/test';
import { writeLook } from './session';

/** The tab bar and one of its tabs by its text. */
export const tabBar = (page: Page) => page.getByTestId('tab-bar');
export const tab = (page: Page, text: string | RegExp) => tabBar(page).getByRole('tab', { name: text });
/** Asserts the tabs, in order, by their texts. */
export const expectTabs = (page: Page, texts: string[]) => expect(tabBar(page).getByRole('tab')).toHaveText(texts);

/** Right-clicks a tab's label (the context menu belongs to the label). */
export const rightClickTab = (page: Page, text: string) => tabBar(page).locator('.app-tab-label', { hasText: text }).click({ button: 'right' });

/**
 * Chooses an entry of a tab's context menu. The menu opens at the pointer and slides in; a click
 * while it is still sliding passes through to the page below and closes it, so (as a user would)
 * the menu is opened again until the choice lands.
 */
export async function chooseInTabMenu(page: Page, tabText: string, entry: string): Promise<void> {
  await expect(async () => {
    await rightClickTab(page, tabText);
    const menu = page.locator('.ant-dropdown:visible').filter({ has: page.getByRole('menuitem', { name: entry, exact: true }) });
    await expect(menu).not.toHaveClass(/-(appear|enter)/, { timeout: 2_000 });
    await menu.getByRole('menuitem', { name: entry, exact: true }).click({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Opens a side-menu entry (expanding its group when needed). */
export async function openFromSideMenu(page: Page, group: string, name: string): Promise<void> {
  const menu = page.locator('.app-sider .ant-menu, .app-drawer .ant-menu').first();
  const item = menu.getByRole('menuitem', { name: new RegExp(`(^|\\s)${name}$`) });
  if (!(await item.isVisible())) await menu.getByText(group, { exact: true }).click();
  await item.click();
}

/** The access token the page holds (for calls a test makes beside the browser). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('saber-session');
    return raw ? (JSON.parse(raw) as { state: { token: string } }).state.token : '';
  });
  expect(token).not.toBe('');
  return token;
}

/** Settings for the client read at start-up (switch mode, token time), set before any page script runs. */
export async function withClientConfig(page: Page, config: Record<string, unknown>): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('saber-config', value), JSON.stringify(config));
}

/** The confirmation dialog with the given question; answers it with OK. */
export async function confirm(page: Page, question: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
}

/** Opens a page by its address and waits until its tab is there (the tab opens after the page renders). */
export async function visit(page: Page, path: string, tabText: string): Promise<void> {
  await page.goto(path);
  await expect(tab(page, tabText)).toHaveAttribute('aria-selected', 'true');
}

/** Chooses the language and theme as the settings store keeps them, and reloads the page. */
export async function setLook(page: Page, lang: 'zh' | 'en', theme: string): Promise<void> {
  await writeLook(page, { lang, theme });
  await page.reload();
  await expect(page.locator('.app-layout').first()).toHaveAttribute('data-theme', theme);
}
