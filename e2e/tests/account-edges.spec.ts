import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, request, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { button, formDialog, region, row, signInTo, searchForm } from '../support/crud';
import { apiToken, CLIENT, DEMO_PASSWORD, fillLogin, signIn, signOut, submitLogin, toast } from '../support/session';
import { tokenOf } from '../support/shell';

/**
 * The edges of accounts: a new user's password typed twice in the add form, a reset password that
 * must be changed before anything else, a user's platform extension and a tenant's data source, in
 * Chinese and English; file links carry a signature, never the token.
 */

let api: APIRequestContext;
let headers: Record<string, string>;
const dir = mkdtempSync(path.join(tmpdir(), 'account-edges-'));
const file = path.join(dir, 'tenant.db');
let datasourceId = '';
const datasourceName = `租户库${Date.now().toString(36)}`;

test.beforeAll(async () => {
  const db = new Database(file);
  db.exec('create table note (id integer primary key, body text)');
  db.close();
  api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  headers = { Authorization: CLIENT, 'Blade-Auth': `bearer ${await apiToken(api)}` };
  const saved = await api.post('/api/blade-develop/datasource/submit', { headers, data: { name: datasourceName, driverClass: 'org.sqlite.JDBC', url: `sqlite:${file}` } });
  expect(saved.status(), await saved.text()).toBe(200);
  datasourceId = String((await saved.json()).data.id);
});
test.afterAll(async () => {
  // The call cannot bind a tenant to no source: tenant 100001 stays bound to the removed row.
  if (datasourceId) await api.post(`/api/blade-develop/datasource/remove?ids=${datasourceId}`, { headers });
  await api?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

async function read<T>(url: string): Promise<T> {
  const res = await api.get(`/api${url}`, { headers });
  const body = (await res.json()) as { success: boolean; data: T };
  expect(body.success, url).toBe(true);
  return body.data;
}

/** Chooses the interface language as the settings store keeps it, and reloads the page. */
async function setLanguage(page: Page, lang: 'zh' | 'en'): Promise<void> {
  await page.evaluate((l) => {
    const raw = JSON.parse(localStorage.getItem('saber-settings') ?? '{"state":{},"version":0}') as { state: Record<string, unknown> };
    raw.state.lang = l;
    localStorage.setItem('saber-settings', JSON.stringify(raw));
  }, lang);
  await page.reload();
}

/** Searches a list by its search form, in the interface language. */
async function searchIn(scope: Locator, fields: Record<string, string>, en: boolean): Promise<void> {
  const form = await searchForm(scope);
  for (const [name, value] of Object.entries(fields)) await form.getByLabel(name).fill(value);
  await button(form, en ? 'Search' : '搜索').click();
}

/** Picks the first node of a tree select. */
async function pickFirstInTree(page: Page, field: Locator): Promise<void> {
  await field.click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown).toBeVisible();
  await dropdown.locator('.ant-select-tree-node-content-wrapper').first().click();
  if ((await field.getAttribute('aria-expanded')) === 'true') await field.press('Escape');
  await expect(dropdown).toBeHidden();
}

for (const lang of ['zh', 'en'] as const) {
  const en = lang === 'en';
  const text = (zh: string, english: string) => (en ? english : zh);

  test.describe(`account edges (${lang})`, () => {
    test.describe.configure({ timeout: 180_000 });

    test('a new user gets the password typed twice, and a reset password is changed before anything else', async ({ page }) => {
      const account = `edge${lang}${Date.now().toString(36)}`;
      const chosen = 'Chosen@2026a';
      await signInTo(page, '/system/user/index', undefined, en ? { lang: 'en' } : undefined);
      const users = region(page, text('用户', 'User'));
      await button(users, text('新增', 'Add')).click();
      const dialog = formDialog(page);
      await dialog.getByLabel(text('登录账号', 'Account'), { exact: true }).fill(account);
      await dialog.getByLabel(text('用户昵称', 'Nickname'), { exact: true }).fill(account);
      await dialog.getByLabel(text('用户姓名', 'Real name'), { exact: true }).fill('边界');
      await pickFirstInTree(page, dialog.getByLabel(text('所属角色', 'Roles'), { exact: true }));
      await pickFirstInTree(page, dialog.getByLabel(text('所属部门', 'Departments'), { exact: true }));
      const password = dialog.getByLabel(text('密码', 'Password'), { exact: true });
      const confirmation = dialog.getByLabel(text('确认密码', 'Confirm password'), { exact: true });
      await expect(dialog.getByText(text('留空则使用初始密码', 'Leave empty for the initial password'))).toBeVisible();

      // Checked as the password change checks it: strength, then the two must agree.
      await password.fill('short');
      await confirmation.fill('other');
      await button(dialog, text('保存', 'Save')).click();
      await expect(dialog.locator('.ant-form-item-explain-error').filter({ hasText: text('密码长度为8-16位', 'The password must be 8-16 characters') })).toBeVisible();
      await expect(dialog.locator('.ant-form-item-explain-error').filter({ hasText: text('两次输入密码不一致', 'The two new passwords differ') })).toBeVisible();
      await page.screenshot({ path: `screenshots/account-new-user-password-${lang}.png` });
      await password.fill(chosen);
      await confirmation.fill(chosen);
      await button(dialog, text('保存', 'Save')).click();
      await expect(toast(page, text('新增成功', 'Added successfully'))).toBeVisible();
      await expect(dialog).toBeHidden();

      // The administrator resets it: the next sign-in may only change the password.
      await searchIn(users, { [text('登录账号', 'Account')]: account }, en);
      await expect(row(users, account)).toHaveCount(1);
      await button(row(users, account), text('密码重置', 'Reset password')).click();
      await button(page.getByRole('dialog'), text('确定', 'OK')).click();
      await expect(toast(page, text('操作成功', 'Success'))).toBeVisible();

      // The password typed in the add form signed in before the reset; the reset one signs in now.
      await signOut(page);
      await fillLogin(page, { account, password: DEMO_PASSWORD });
      await submitLogin(page);
      await page.waitForURL('**/change-password');
      if (en) await setLanguage(page, 'en');
      const card = page.getByRole('region', { name: text('修改密码', 'Change password') });
      await expect(card).toBeVisible();
      await expect(card.getByText(text('管理员已重置您的密码', 'An administrator reset your password'))).toBeVisible();
      // The page asks nothing the API refuses (no menus behind it): no error shows.
      await expect(page.locator('.ant-message-error')).toHaveCount(0);
      await page.screenshot({ path: `screenshots/account-forced-password-${lang}.png` });

      // No other page opens, and the API refuses the token elsewhere.
      await page.goto('/wel/index');
      await page.waitForURL('**/change-password');
      const token = await tokenOf(page);
      const refused = await api.get('/api/blade-system/menu/routes', { headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Accept-Language': lang } });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).msg).toBe(text('密码已被重置,请先修改密码', 'Your password was reset; please change it first'));

      const fresh = 'Fresh@2026b';
      await card.getByLabel(text('原密码', 'Old password'), { exact: true }).fill(DEMO_PASSWORD);
      await card.getByLabel(text('新密码', 'New password'), { exact: true }).fill(fresh);
      await card.getByLabel(text('确认密码', 'Confirm password'), { exact: true }).fill(fresh);
      await card.getByRole('button', { name: en ? 'Submit' : /提\s*交/ }).click();
      await page.waitForURL('**/login');
      if (en) await setLanguage(page, 'zh');
      await signIn(page, { account, password: fresh });
    });

    test("a user's platform extension is edited from the user list", async ({ page }) => {
      await signInTo(page, '/system/user/index', undefined, en ? { lang: 'en' } : undefined);
      const users = region(page, text('用户', 'User'));
      await searchIn(users, { [text('登录账号', 'Account')]: 'office' }, en);
      await button(row(users, 'office'), text('平台配置', 'Platform')).click();
      const dialog = page.getByRole('dialog').filter({ hasText: text('平台配置', 'Platform:') });
      await expect(dialog).toBeVisible();
      const ext = `{"campus":"${lang}-east"}`;
      await dialog.getByLabel(text('用户平台', 'Platform'), { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text('APP', 'App') }).click();
      await dialog.getByLabel(text('用户拓展', 'Platform extension'), { exact: true }).fill(ext);
      await page.screenshot({ path: `screenshots/account-platform-${lang}.png` });
      await button(dialog, text('确定', 'OK')).click();
      await expect(toast(page, text('操作成功', 'Success'))).toBeVisible();
      await expect(dialog).toBeHidden();

      const office = (await read<{ records: { id: string; account: string }[] }>('/blade-user/page?account=office')).records.find((u) => u.account === 'office');
      const detail = await read<{ userType: number; userExt: string }>(`/blade-user/platform-detail?id=${office?.id}`);
      expect(detail).toMatchObject({ userType: 2, userExt: ext });

      // Opened again, it shows what was saved; the web platform's own extension is kept apart.
      await button(row(users, 'office'), text('平台配置', 'Platform')).click();
      await expect(dialog.getByLabel(text('用户拓展', 'Platform extension'), { exact: true })).toHaveValue(ext);
      await dialog.getByLabel(text('用户平台', 'Platform'), { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text('WEB', 'Web') }).click();
      await button(dialog, text('确定', 'OK')).click();
      await expect(toast(page, text('操作成功', 'Success'))).toBeVisible();
      expect((await read<{ userType: number }>(`/blade-user/platform-detail?id=${office?.id}`)).userType).toBe(1);
    });

    test('a tenant is bound to a data source from the tenant list', async ({ page }) => {
      await signInTo(page, '/system/tenant/index', undefined, en ? { lang: 'en' } : undefined);
      const tenants = page.locator('.app-content');
      const tenantRow = row(tenants, '100001');
      await button(tenantRow, text('数据源配置', 'Data source')).click();
      const dialog = page.getByRole('dialog').filter({ hasText: text('数据源配置', 'Data source') });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(text('数据源', 'Data source'), { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: datasourceName }).click();
      await page.screenshot({ path: `screenshots/account-tenant-datasource-${lang}.png` });
      await button(dialog, text('确定', 'OK')).click();
      await expect(toast(page, text('操作成功', 'Success'))).toBeVisible();
      const list = await read<{ records: { tenantId: string; datasourceId: string | null }[] }>('/blade-system/tenant/list?tenantId=100001');
      expect(list.records.find((r) => r.tenantId === '100001')?.datasourceId).toBe(datasourceId);
      // Opened again, it shows the source the tenant is bound to.
      await button(tenantRow, text('数据源配置', 'Data source')).click();
      await expect(dialog).toContainText(datasourceName);
      await button(dialog, text('取消', 'Cancel')).click();
    });
  });
}

test('file links on pages carry a short-lived signature, never the token', async ({ page }) => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  await signInTo(page, '/resource/attach/index');
  const files = region(page, '附件');
  const uploaded = page.waitForResponse((r) => r.url().includes('/oss/endpoint/put-file'));
  await files.locator('input[type=file]').setInputFiles({ name: 'edge.png', mimeType: 'image/png', buffer: PNG });
  await uploaded;
  const download = row(files, 'edge.png').first().getByRole('link', { name: /下\s*载/ });
  const href = String(await download.getAttribute('href'));
  const token = await tokenOf(page);
  expect(href).toMatch(/[?&]signature=/);
  expect(href).toMatch(/[?&]expires=\d+/);
  expect(href).not.toContain('blade-auth');
  expect(href).not.toContain(token);
  const fetched = await page.request.get(href, { headers: {} });
  expect(fetched.status()).toBe(200);
});
