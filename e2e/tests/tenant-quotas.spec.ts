import { expect, test, type APIRequestContext } from '@playwright/test';
import { openPage, region, row } from '../support/crud';
import { staff } from '../support/portal';
import { apiToken, signIn } from '../support/session';

const FOREIGN = '100001';

const TEXTS = {
  zh: { page: '租户', usage: '用量', title: '用量', accounts: '账号', warning: '已用 80% 以上', full: '已达上限,新的操作将被拒绝', sms: '本月短信' },
  en: { page: 'Tenant', usage: 'Usage', title: 'Usage', accounts: 'Accounts', warning: '80 % or more used', full: 'Limit reached: new requests are refused', sms: 'Text messages this month' },
} as const;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read loosely

/** Tenant 100001 at 80 % of its accounts and with no text messages left this month; answers how to put it back. */
async function nearLimits(request: APIRequestContext, token: string): Promise<() => Promise<void>> {
  const usage = (await staff(request, token, 'GET', `/blade-system/tenant/usage?tenantId=${FOREIGN}`)).data as Json[];
  const used = (usage[0]?.quotas as Json[]).find((q) => q.kind === 'accounts')?.used as number;
  const tenant = ((await staff(request, token, 'GET', `/blade-system/tenant/list?tenantId=${FOREIGN}`)).data as Json).records
    .find((r: Json) => r.tenantId === FOREIGN) as Json;
  // The smallest limit of which `used` is at least 80 % and below it.
  const limit = Math.max(used + 1, Math.ceil(used / 0.8));
  expect(used / limit).toBeGreaterThanOrEqual(0.8);
  await staff(request, token, 'POST', `/blade-system/tenant/setting?ids=${tenant.id}&accountNumber=${limit}`);
  await staff(request, token, 'POST', '/blade-system/tenant/submit', { id: tenant.id, tenantName: tenant.tenantName, smsMonthQuota: 0 });
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
      await row(list, FOREIGN).getByRole('button', { name: texts.usage, exact: true }).click();
      const dialog = page.getByRole('dialog').filter({ has: page.locator('.ant-table') });
      await expect(dialog).toBeVisible();
      const accounts = dialog.locator('[data-kind="accounts"]');
      await expect(accounts).toHaveAttribute('data-level', 'warning');
      await expect(accounts).toContainText(texts.warning);
      const sms = dialog.locator('[data-kind="smsMonth"]');
      await expect(sms).toHaveAttribute('data-level', 'full');
      await expect(sms).toContainText(texts.full);
      await expect(dialog.locator('thead')).toContainText(texts.accounts);
      await expect(dialog.locator('thead')).toContainText(texts.sms);
      await page.screenshot({ path: `screenshots/tenant-usage-${lang}.png` });
    } finally {
      await restore();
    }
  });
}
