import { expect, test, type APIRequestContext } from '@playwright/test';
import { button, choose, formDialog, region, signInTo, searchForm } from '../support/crud';
import { apiToken, CLIENT } from '../support/session';

const TEXTS = {
  zh: {
    tags: '校友标签', group: '标签分组', tagName: '标签名称', add: '新增', save: '保存',
    bulkAdd: '批量添加标签', bulkTitle: '为选中的 2 条数据添加标签', tagsField: '标签', ok: '确定', search: '搜索', libraryRegion: '校友', done: /已修改 2 条，0 条无需修改，0 条不存在或无权修改/,
  },
  en: {
    tags: 'Alumni tag', group: 'Tag group', tagName: 'Tag', add: 'Add', save: 'Save',
    bulkAdd: 'Add Tags', bulkTitle: 'Add Tags to the 2 selected rows', tagsField: 'Tags', ok: 'OK', search: 'Search', libraryRegion: 'Alumnus', done: /2 changed, 0 already so, 0 not found or not yours to change/,
  },
} as const;

/** A tag group of the office's tenant, made through the API (the page under test makes the tag). */
async function tagGroup(request: APIRequestContext, name: string): Promise<void> {
  const token = await apiToken(request, 'office');
  const res = await request.post('/api/blade-alumniTag/tagGroup/submit', {
    data: { groupName: name }, headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': '000000' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

for (const lang of ['zh', 'en'] as const) {
  test(`校友标签 (${lang}): a tag made in 标签管理 is put on two selected alumni at once, and filtering by it lists exactly those two`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const texts = TEXTS[lang];
    const mark = `${lang}${Date.now() % 1_000_000}`;
    const groupName = `分组${mark}`;
    const tagName = `标签${mark}`;
    await tagGroup(request, groupName);

    await signInTo(page, '/alumni/alumnitag', { account: 'office' }, { lang });
    const tags = region(page, texts.tags);
    await button(tags, texts.add).click();
    const dialog = formDialog(page);
    await choose(page, dialog, texts.group, groupName);
    await dialog.getByLabel(texts.tagName, { exact: true }).fill(tagName);
    await button(dialog, texts.save).click();
    await expect(dialog).toBeHidden();
    await expect(tags.locator('tbody tr.ant-table-row').filter({ hasText: tagName })).toHaveCount(1);

    await page.goto('/alumni/basicinfo');
    const library = region(page, texts.libraryRegion);
    const rows = library.locator('tbody tr.ant-table-row');
    await expect(rows.nth(1)).toBeVisible({ timeout: 40_000 });
    const picked = await Promise.all([0, 1].map((i) => rows.nth(i).getAttribute('data-row-key')));
    for (const i of [0, 1]) await rows.nth(i).locator('.ant-checkbox-input').check();
    await button(library, texts.bulkAdd).click();
    const bulk = page.getByRole('dialog', { name: texts.bulkTitle });
    await bulk.getByLabel(texts.tagsField, { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(tagName, { exact: true }).click();
    await page.keyboard.press('Escape');
    await button(bulk, texts.ok).click();
    await expect(page.getByText(texts.done)).toBeVisible();
    await expect(bulk).toBeHidden();

    const form = await searchForm(library);
    await form.getByLabel(texts.tagsField, { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(tagName, { exact: true }).click();
    await page.keyboard.press('Escape');
    await button(form, texts.search).click();
    await expect(rows).toHaveCount(2);
    const shown = await rows.evaluateAll((list) => list.map((r) => r.getAttribute('data-row-key')));
    expect(shown.sort()).toEqual([...picked].sort());
    for (const i of [0, 1]) await expect(rows.nth(i).locator('.ant-tag').filter({ hasText: tagName })).toBeVisible();
    await page.screenshot({ path: `screenshots/alumni-tags-${lang}.png` });
  });
}
