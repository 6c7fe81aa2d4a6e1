import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import { button, choose, formDialog, region, row, searchForm, signInTo } from '../support/crud';
import { CLIENT, apiToken, toast } from '../support/session';

const TEXTS = {
  zh: {
    list: '捐赠', add: '新增', save: '保存', saved: '新增成功', ok: '确定', donorType: '捐赠方类型', company: '校友企业', donor: '捐赠方名称',
    purpose: '捐赠用途', scholarships: '奖助学金', academic: '学科建设', campus: '校园建设', method: '捐赠方式', bank: '银行转账', amount: '捐赠金额',
    donatedAt: '捐赠时间', instalments: '分期计划', split: '资金分配', addRow: '添加一行', pledged: '待支付', issue: '开具票据', issued: '已开具',
    void: '作废票据', reason: '作废原因', voided: '已作废', reissue: '重开票据', certificate: '捐赠证书', search: '搜索',
    splitSum: '资金分配合计1000.00元，须等于折合人民币1200.00元',
  },
  en: {
    list: 'Donation', add: 'Add', save: 'Save', saved: 'Added successfully', ok: 'OK', donorType: 'Donor type', company: 'Alumni enterprise', donor: 'Donor',
    purpose: 'Purpose', scholarships: 'Scholarships and bursaries', academic: 'Academic development', campus: 'Campus construction', method: 'Method',
    bank: 'Bank transfer', amount: 'Amount', donatedAt: 'Donated at', instalments: 'Instalment plan', split: 'Fund split', addRow: 'Add a row',
    pledged: 'Awaiting payment', issue: 'Issue receipt', issued: 'Issued', void: 'Void receipt', reason: 'Reason for voiding', voided: 'Voided',
    reissue: 'Reissue receipt', certificate: 'Certificate', search: 'Search',
    splitSum: 'The fund split adds up to 1000.00, but the amount in CNY is 1200.00',
  },
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const day = (offset: number) => dayOf(new Date(Date.now() + offset * 86_400_000));
const earlier = () => {
  const d = new Date(Date.now() - 3_600_000);
  return `${dayOf(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
};

/** The foundation's API calls, for what the page under test does not make and to read back what it saved. */
async function foundationApi(request: APIRequestContext) {
  const headers = { Authorization: CLIENT, 'Blade-Auth': `bearer ${await apiToken(request, 'foundation')}`, 'Tenant-Id': '000000' };
  const answer = async (res: APIResponse) => {
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data;
  };
  return {
    get: async (url: string) => answer(await request.get(url, { headers })),
    post: async (url: string, data: unknown) => answer(await request.post(url, { headers, data })),
  };
}

/** Fills the rows of a list field of the form (each cell by its column), adding a row for each. */
async function fillRows(page: Page, dialog: Locator, field: string, addRow: string, rows: Record<string, string>[], dictColumn?: string) {
  const editor = dialog.getByRole('group', { name: field, exact: true });
  for (const [i, cells] of rows.entries()) {
    await editor.getByRole('button', { name: addRow }).click();
    const line = editor.locator('tr.list-editor-row').nth(i);
    for (const [column, value] of Object.entries(cells)) {
      const cell = line.locator(`td[data-column="${column}"]`);
      if (column === dictColumn) {
        await cell.locator('.ant-select').click();
        await page.locator('.ant-select-dropdown:visible').getByText(value, { exact: true }).first().click();
      } else {
        const input = cell.locator('input').first();
        await input.click();
        await input.fill(value);
        await input.press(column === 'dueDate' ? 'Enter' : 'Tab');
      }
    }
  }
}

/** Searches the list by donor name (exactly that label: Donor is also the start of Donor type). */
async function searchDonor(list: Locator, texts: (typeof TEXTS)['zh' | 'en'], donor: string) {
  const form = await searchForm(list);
  await form.getByLabel(texts.donor, { exact: true }).fill(donor);
  await button(form, texts.search).click();
  await expect(row(list, donor)).toHaveCount(1);
}

/** The common fields of a new gift in the form. */
async function fillGift(page: Page, dialog: Locator, texts: (typeof TEXTS)['zh' | 'en'], donor: string, purpose: string, amount: string) {
  await choose(page, dialog, texts.donorType, texts.company);
  await dialog.getByLabel(texts.donor, { exact: true }).fill(donor);
  await choose(page, dialog, texts.purpose, purpose);
  await choose(page, dialog, texts.method, texts.bank);
  await dialog.getByLabel(texts.amount, { exact: true }).fill(amount);
  const when = dialog.getByLabel(texts.donatedAt, { exact: true });
  await when.click();
  await when.fill(earlier());
  await when.press('Enter');
}

for (const lang of ['zh', 'en'] as const) {
  test(`捐赠 (${lang}): a pledge is recorded with its instalments, and a gift split between two funds, a split that does not add up refused`, async ({ page, request }) => {
    test.setTimeout(300_000);
    const texts = TEXTS[lang];
    const api = await foundationApi(request);
    const mark = `${lang}${Date.now().toString(36).toUpperCase()}`;
    await signInTo(page, '/giving/donation', { account: 'foundation' }, { lang });
    const list = region(page, texts.list);

    const pledgeDonor = `分期认捐企业${mark}`;
    await button(list, texts.add).click();
    let dialog = formDialog(page);
    await fillGift(page, dialog, texts, pledgeDonor, texts.scholarships, '3000');
    await fillRows(page, dialog, texts.instalments, texts.addRow, [{ dueDate: day(40), amount: '2000' }, { dueDate: day(10), amount: '1000' }]);
    await page.screenshot({ path: `screenshots/giving-pledge-instalments-${lang}.png` });
    await button(dialog, texts.save).click();
    await expect(toast(page, texts.saved)).toBeVisible();
    await searchDonor(list, texts, pledgeDonor);
    await expect(row(list, pledgeDonor)).toContainText(texts.pledged);
    const pledge = (await api.get(`/api/donation/page?donorName=${encodeURIComponent(pledgeDonor)}`)).records[0];
    expect(JSON.parse(pledge.instalments).map((p: { dueDate: string; amount: string }) => [p.dueDate, p.amount])).toEqual([[day(10), '1000.00'], [day(40), '2000.00']]);

    const splitDonor = `分配企业${mark}`;
    await button(list, texts.add).click();
    dialog = formDialog(page);
    await fillGift(page, dialog, texts, splitDonor, texts.scholarships, '1200');
    await fillRows(page, dialog, texts.split, texts.addRow, [{ purpose: texts.academic, amount: '700' }, { purpose: texts.campus, amount: '300' }], 'purpose');
    await button(dialog, texts.save).click();
    await expect(page.getByText(texts.splitSum).first()).toBeVisible();
    // The second part corrected to make up the gift, then saved.
    const second = dialog.getByRole('group', { name: texts.split, exact: true }).locator('tr.list-editor-row').nth(1).locator('td[data-column="amount"] input');
    await second.fill('500');
    await second.press('Tab');
    await page.screenshot({ path: `screenshots/giving-fund-split-${lang}.png` });
    await button(dialog, texts.save).click();
    // Saved: the dialog closes (its toast may be gone by the time a loaded machine looks).
    await expect(dialog).toBeHidden();
    const split = (await api.get(`/api/donation/page?donorName=${encodeURIComponent(splitDonor)}`)).records[0];
    expect(JSON.parse(split.fundSplits).map((p: { purpose: string; amount: string }) => [p.purpose, p.amount])).toEqual([['2', '700.00'], ['3', '500.00']]);
  });

  test(`捐赠 (${lang}): a receipt is issued, voided with its reason and issued again under a new number, and the certificate downloads`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const texts = TEXTS[lang];
    const api = await foundationApi(request);
    const donor = `票据证书企业${lang}${Date.now().toString(36).toUpperCase()}`;
    const gift = await api.post('/api/donation/update', {
      donorType: '2', donorName: donor, purpose: '1', donationMethod: '1', currency: 'CNY', amount: '20000', donateTime: earlier(),
      paymentStatus: 2, arrivalDate: day(0), receiptStatus: 0, projectName: '计算机学院奖学金',
    });
    await signInTo(page, '/giving/donation', { account: 'foundation' }, { lang });
    const list = region(page, texts.list);
    await searchDonor(list, texts, donor);
    const line = row(list, donor);

    await line.getByRole('button', { name: texts.issue }).click();
    await button(page.getByRole('dialog'), texts.ok).click();
    await expect(line).toContainText(texts.issued);
    const first = (await api.get(`/api/donation/detail?id=${gift.id}`)).receiptNo as string;
    expect(first).toMatch(/^SJ\d{10}$/);

    await line.getByRole('button', { name: texts.void }).click();
    const voiding = page.getByRole('dialog').filter({ hasText: texts.reason });
    await voiding.getByLabel(texts.reason).fill('抬头开错');
    await page.screenshot({ path: `screenshots/giving-receipt-void-${lang}.png` });
    await button(voiding, texts.ok).click();
    await expect(line).toContainText(texts.voided);

    await line.getByRole('button', { name: texts.reissue }).click();
    await button(page.getByRole('dialog'), texts.ok).click();
    await expect(line).toContainText(texts.issued);
    const again = await api.get(`/api/donation/detail?id=${gift.id}`);
    expect(again.receiptNo).toMatch(/^SJ\d{10}$/);
    expect(again.receiptNo).not.toBe(first);
    expect(again.receiptVoidReason).toBe('抬头开错');

    const [download] = await Promise.all([page.waitForEvent('download'), line.getByRole('button', { name: texts.certificate }).click()]);
    expect(download.suggestedFilename()).toMatch(/^捐赠证书-JZ\d{10}\.pdf$/);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.includes('NotoSansHans')).toBe(true);
    await page.screenshot({ path: `screenshots/giving-receipt-certificate-${lang}.png` });
  });
}
