import { expect, type Locator, type Page } from '@playwright/test';
import { signIn, type Credentials, type Look } from './session';

/**
 * A button's accessible name: antd puts a space between the two characters of a Chinese label,
 * and an icon in the button adds its own name in front.
 */
export const label = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}\\s*$`);

export const region = (page: Page, name: string) => page.getByRole('region', { name });

export const button = (scope: Page | Locator, text: string) => scope.getByRole('button', { name: label(text) });

export const row = (scope: Locator, text: string) => scope.locator('tbody tr.ant-table-row').filter({ hasText: text });

/** The add/edit dialog (a form) or the view dialog (descriptions). */
export const formDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('form, .ant-descriptions') });

/**
 * Opens a page by its menu path and waits for its table. A first visit loads the page's code, its
 * definition, dictionaries and first list: on a CI machine whose two cores also run the API suite
 * that took over 15 seconds, so this one wait is longer than the others.
 */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('.ant-table').first()).toBeVisible({ timeout: 40_000 });
}

/**
 * Signs in and lands on the list page at `path` in one go (the login page's `redirect`), sparing the
 * home page and a second load of the application that sign-in then `openPage` would cost.
 */
export async function signInTo(page: Page, path: string, creds?: Credentials, look?: Look): Promise<void> {
  await signIn(page, creds, { to: path, ...look });
  await expect(page.locator('.ant-table').first()).toBeVisible({ timeout: 40_000 });
}

/**
 * The list's search form with every field shown: a form opens folded to its first row, and its
 * 展开 (Expand) button shows the rest.
 */
export async function searchForm(scope: Page | Locator): Promise<Locator> {
  const form = scope.locator('form.entity-search');
  await expect(form).toBeVisible();
  const unfold = form.locator('button[aria-expanded="false"]');
  if (await unfold.count() > 0) await unfold.click();
  return form;
}

/** Fills the list's search form and submits it; `submit` is the search button's label in the page's language. */
export async function search(scope: Locator, fields: Record<string, string>, submit = '搜索'): Promise<void> {
  const form = await searchForm(scope);
  for (const [name, value] of Object.entries(fields)) await form.getByLabel(name).fill(value);
  await button(form, submit).click();
}

export async function resetSearch(scope: Locator): Promise<void> {
  await button(scope.locator('form.entity-search'), '清空').click();
}

/** Confirms the deletion question and waits for the success toast. */
export async function confirmDelete(page: Page): Promise<void> {
  const confirm = page.getByRole('dialog').filter({ hasText: '确定将选择数据删除?' });
  await expect(confirm).toBeVisible();
  await button(confirm, '确定').click();
}

/** Picks a page size in the pagination's size changer. */
export async function pickPageSize(scope: Locator, size: number): Promise<void> {
  await scope.locator('.ant-pagination-options .ant-select').click();
  await scope.page().locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: `${size} 条/页` }).click();
}

/** A form error message shown under a field. */
export const fieldError = (dialog: Locator, text: string) => dialog.locator('.ant-form-item-explain-error').filter({ hasText: text });

/**
 * Picks an option of a searched select (a long list such as the provinces shows only some at a
 * time): its first characters are typed, then the option is clicked.
 */
export async function chooseBySearch(page: Page, scope: Locator, field: string, option: string): Promise<void> {
  // A sortable column's header is labelled by its title too: the control is the one that is no header.
  const select = scope.getByLabel(field, { exact: true }).and(scope.locator(':not(th)'));
  await select.click();
  await page.keyboard.type(option.slice(0, 2));
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).first().click();
}

/** Picks an option of a select field of a dialog by its text. */
export async function choose(page: Page, dialog: Locator, field: string, option: string): Promise<void> {
  await dialog.getByLabel(field, { exact: true }).and(dialog.locator(':not(th)')).click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).first().click();
}
