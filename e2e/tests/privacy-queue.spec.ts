import { expect, test } from '@playwright/test';
import { button, signInTo } from '../support/crud';
import { newAlumnus, staff } from '../support/portal';
import { apiToken, toast } from '../support/session';

const QUEUE = '/blade-privacyRequest/privacyRequest';
const TEXTS = {
  zh: { kind: '删除（匿名化）', waiting: '待处理', done: '已完成', action: '执行匿名化', title: '确认执行匿名化？', cancel: '取消', ok: '执行', toast: '已匿名化，请求已完成' },
  en: { kind: 'Deletion (anonymisation)', waiting: 'Waiting', done: 'Done', action: 'Anonymise', title: 'Anonymise this alumnus?', cancel: 'Cancel', ok: 'Anonymise', toast: 'Anonymised; the request is done' },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`the office completes a deletion request from its queue only after confirming it (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const L = TEXTS[lang];
    const alumnus = await newAlumnus(request, `隐私${lang}${String(Date.now()).slice(-5)}`, lang === 'zh' ? 71 : 72);
    const office = await apiToken(request, 'office');
    const made = (await staff(request, office, 'POST', `${QUEUE}/submit`, { alumniId: alumnus.id, kind: '2', detail: '请删除我的个人信息' })).data as { id: string; deadline: string };

    await signInTo(page, '/alumni/privacyrequest', { account: 'office' }, { lang: lang, theme: 'theme-default' });
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: alumnus.name });
    await expect(row).toContainText(L.kind);
    await expect(row).toContainText(L.waiting);
    await expect(row).toContainText(made.deadline);

    // Asked first: cancelling changes nothing.
    await row.getByRole('button', { name: L.action }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: L.title });
    await expect(confirm).toContainText(alumnus.name);
    await page.screenshot({ path: `test-results/privacy-queue-confirm-${lang}.png` });
    await button(confirm, L.cancel).click();
    await expect(confirm).toBeHidden();
    expect(((await staff(request, office, 'GET', `${QUEUE}/detail?id=${made.id}`)).data as { state: number }).state).toBe(0);

    await row.getByRole('button', { name: L.action }).click();
    await button(page.getByRole('dialog').filter({ hasText: L.title }), L.ok).click();
    await expect(toast(page, L.toast)).toBeVisible();
    // The row now names the alumnus as anonymised.
    const done = page.locator(`tbody tr.ant-table-row[data-row-key="${made.id}"]`);
    await expect(done).toContainText(L.done);
    await expect(done).toContainText('已匿名化');
    await expect(done.getByRole('button', { name: L.action })).toHaveCount(0);
    await page.screenshot({ path: `test-results/privacy-queue-done-${lang}.png` });
    const record = (await staff(request, office, 'GET', `/blade-basicInfo/basicInfo/detail?id=${alumnus.id}`)).data as { name: string; phone: string | null };
    expect(record).toMatchObject({ name: '已匿名化', phone: null });
  });
}
