import { expect, test, type APIRequestContext } from '@playwright/test';
import { openPage, region, row } from '../support/crud';
import { staff } from '../support/portal';
import { apiToken, signIn } from '../support/session';

// The platform tenant: its many demo users let the account quota stand at 80 % without being reached.
const TENANT = '000000';

const TEXTS = {
  zh: { page: '租户', usage: '用量', title: '用量', accounts: '账号', warning: '已用 80% 以上', full: '已达上限,新的操作将被拒绝', sms: '本月短信' },
  en: { page: 'Tenant', usage: 'Usage', title: 'Usage', accounts: 'Accounts', warning: '80 % or more used', full: 'Limit reached: new requests are refused', sms: 'Text messages this month' },
} as const;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read loosely

/** The tenant at 80 % of its text messages this month and at its account quota; answers how to put it back. */
async function nearLimits(request: APIRequestContext, token: string): Promise<() => Promise<void>> {
  // Four messages through the demo log provider: the month has at least four accepted ones.
  await staff(request, token, 'POST', `/blade-resource/sms/endpoint/send-message?${new URLSearchParams({ phones: '13900000011,13900000012,13900000013,13900000014', params: '{}' })}`);
  const quotas = ((await staff(request, token, 'GET', `/blade-system/tenant/usage?tenantId=${TENANT}`)).data as Json[])[0]?.quotas as Json[];
  const used = (kind: string) => quotas.find((q) => q.kind === kind)?.used as number;
  const tenant = ((await staff(request, token, 'GET', `/blade-system/tenant/list?tenantId=${TENANT}`)).data as Json).records
    .find((r: Json) => r.tenantId === TENANT) as Json;
  // The largest limit of which the month's messages are at least 80 % (rounding the limit up would put
  // them just under it); with four or more messages it stays above them.
  const sms = used('smsMonth');
  const smsLimit = Math.floor((sms * 5) / 4);
  expect(smsLimit).toBeGreaterThan(sms);
  expect(sms / smsLimit).toBeGreaterThanOrEqual(0.8);
  await staff(request, token, 'POST', `/blade-system/tenant/setting?ids=${tenant.id}&accountNumber=${used('accounts')}`);
  await staff(request, token, 'POST', '/blade-system/tenant/submit', { id: tenant.id, tenantName: tenant.tenantName, smsMonthQuota: smsLimit });
  return async () => {
    await staff(request, token, 'POST', `/blade-system/tenant/setting?ids=${tenant.id}&accountNumber=${tenant.accountNumber ?? -1}`);
    await staff(request, token, 'POST', '/blade-system/tenant/submit', { id: tenant.id, tenantName: tenant.tenantName, smsMonthQuota: -1 });
  };
}

for (const lang of ['zh', 'en'] as const) {
  test(`租户 (${lang}): a tenant's usage shows the 80 % warning and the refusal at the limit`, async ({ page, request }) => {
    const texts = TEXTS[lang];
    const restore = await nearLimits(request, await apiToken(request));
    try {
      await signIn(page);
      if (lang === 'en') await page.addInitScript(() => localStorage.setItem('saber-settings', JSON.stringify({ state: { lang: 'en' }, version: 0 })));
      await openPage(page, '/system/tenant/index');
      const list = region(page, texts.page);
      await row(list, TENANT).getByRole('button', { name: texts.usage, exact: true }).click();
      const dialog = page.getByRole('dialog').filter({ has: page.locator('.ant-table') });
      await expect(dialog).toBeVisible();
      const sms = dialog.locator('[data-kind="smsMonth"]');
      await expect(sms).toHaveAttribute('data-level', 'warning');
      await expect(sms).toContainText(texts.warning);
      const accounts = dialog.locator('[data-kind="accounts"]');
      await expect(accounts).toHaveAttribute('data-level', 'full');
      await expect(accounts).toContainText(texts.full);
      await expect(dialog.locator('thead')).toContainText(texts.accounts);
      await expect(dialog.locator('thead')).toContainText(texts.sms);
      await page.screenshot({ path: `screenshots/tenant-usage-${lang}.png` });
    } finally {
      await restore();
    }
  });
}
