import { expect, test } from '@playwright/test';
import { foreignText } from '../support/language-scan';
import { menuPages, walkPages, watchCalls } from '../support/page-walk';
import { signIn } from '../support/session';

for (const lang of ['en', 'zh'] as const) {
  test(`every page, its add form and the notice popover speak ${lang === 'en' ? 'English' : 'Chinese'} alone, outside user data`, async ({ page, request }) => {
    // About a hundred pages, each opened inside the running application and left to settle.
    test.setTimeout(600_000);
    const paths = await menuPages(request);
    expect(paths.length).toBeGreaterThan(20);

    const calls = watchCalls(page);
    const settle = () => calls.settle();
    await signIn(page, undefined, { lang: lang, theme: 'theme-default' });
    const faults: string[] = [];
    const scan = async (where: string) => {
      for (const hit of await foreignText(page, lang)) faults.push(`${where}: ${hit}`);
    };
    await walkPages(page, paths, lang, settle, scan);
    // The grant dialog's menu tree names the menus in the interface's language.
    await page.goto('/authority/role/index');
    await settle();
    await page.locator('tbody tr.ant-table-row').first().getByRole('button', { name: lang === 'en' ? 'Grant' : '权限设置' }).click();
    const grant = page.getByRole('dialog').last();
    await expect(grant.locator('.ant-tree-title').first()).toBeVisible();
    for (const hit of await foreignText(page, lang, { trees: true })) faults.push(`grant dialog: ${hit}`);
    await page.keyboard.press('Escape');

    await page.goto('/wel/index');
    await page.getByTestId('notice-button').click();
    await expect(page.locator('.notice-popover')).toBeVisible();
    await settle();
    await scan('notice popover');
    await page.screenshot({ path: `screenshots/language-walk-${lang}.png` });

    // Shipped dictionaries are named in the interface's language; their seeded remarks do not speak the other one.
    await page.goto('/system/dict/index');
    const sex = page.locator('tbody tr.ant-table-row').filter({ hasText: /^sex|\bsex\b/ }).first();
    await expect(sex).toContainText(lang === 'en' ? 'Sex' : '性别');
    await expect(sex).not.toContainText(lang === 'en' ? '性别' : 'Sex');
    expect(faults).toEqual([]);
  });
}
