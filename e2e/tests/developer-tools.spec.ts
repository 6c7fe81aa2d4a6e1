import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, request, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { button, formDialog, openPage, region, row, signInTo } from '../support/crud';
import { apiToken, CLIENT, toast } from '../support/session';

/**
 * 研发工具: a data source saved after its connection is tested, a data model of one of its tables
 * designed from the table's columns, and the code generated from it, previewed and downloaded.
 * The source is a SQLite file of this test's own, so the test needs no other database.
 */
const stamp = `${process.pid}${Date.now() % 100_000}`;
const sourceName = `校友俱乐部库 ${stamp}`;
const table = 'alumni_club';
const dir = mkdtempSync(path.join(tmpdir(), 'alumni-e2e-source-'));
const file = path.join(dir, 'clubs.db');

let api: APIRequestContext | null = null;
let headers: Record<string, string> = {};

test.beforeAll(async () => {
  const db = new Database(file);
  db.exec(`create table ${table} (
    id integer primary key,
    club_name varchar(64) not null,
    founded date,
    member_count integer,
    remark text
  )`);
  db.close();
  api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  headers = { Authorization: CLIENT, 'Blade-Auth': `bearer ${await apiToken(api)}` };
});

test.afterAll(async () => {
  // What this test saved goes again, so a second run starts alike.
  if (api) {
    for (const [list, remove, name] of [
      ['/api/blade-develop/code/list', '/api/blade-develop/code/remove', 'codeName'],
      ['/api/blade-develop/model/list', '/api/blade-develop/model/remove', 'modelName'],
      ['/api/blade-develop/datasource/list', '/api/blade-develop/datasource/remove', 'name'],
    ] as const) {
      const found = await (await api.get(`${list}?current=1&size=100`, { headers })).json();
      const ids = (found.data?.records ?? []).filter((r: Record<string, string>) => String(r[name]).includes(stamp)).map((r: { id: string }) => r.id);
      if (ids.length) await api.post(`${remove}?ids=${ids.join(',')}`, { headers });
    }
    await api.dispose();
  }
  rmSync(dir, { recursive: true, force: true });
});

test('a data source is tested and saved, a model designed from its table, and code generated from the model', async ({ page }) => {
  test.setTimeout(180_000);
  // 数据源管理: the connection is tried before the form is saved.
  await signInTo(page, '/tool/datasource/index');
  const sources = region(page, '数据源');
  await button(sources, '新增').click();
  let dialog = formDialog(page);
  await dialog.getByLabel('名称', { exact: true }).fill(sourceName);
  await dialog.getByLabel('驱动类', { exact: true }).fill('org.sqlite.JDBC');
  await dialog.getByLabel('连接地址', { exact: true }).fill(`sqlite:${file}`);
  await dialog.getByRole('button', { name: '测试连接' }).click();
  await expect(toast(page, '连接成功，共 1 张表')).toBeVisible();
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(sources, sourceName)).toHaveCount(1);

  // 数据模型: the table is picked from the source; the model takes its code from the table's name.
  await openPage(page, '/tool/model/index');
  const models = region(page, '数据模型');
  await button(models, '新增').click();
  dialog = formDialog(page);
  await choose(page, dialog, '数据源', sourceName);
  await choose(page, dialog, '物理表名', table);
  await expect(dialog.getByLabel('模型编号', { exact: true })).toHaveValue('club');
  await dialog.getByLabel('模型名称', { exact: true }).fill(`校友俱乐部 ${stamp}`);
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // 模型设计: the fields are proposed from the table's columns, then saved.
  const model = row(models, `校友俱乐部 ${stamp}`);
  await model.getByRole('button', { name: '模型设计' }).or(model.getByRole('button', { name: '设计' })).first().click();
  const design = page.getByRole('dialog').filter({ hasText: '从表结构载入' });
  await expect(design).toBeVisible();
  const fields = design.locator('tbody tr.ant-table-row');
  await expect(fields.filter({ hasText: 'club_name' })).toHaveCount(1);
  await expect(fields.filter({ hasText: 'member_count' })).toHaveCount(1);
  await expect(fields.filter({ hasText: 'founded' })).toHaveCount(1);
  await design.getByRole('button', { name: label('保存') }).click();
  await expect(toast(page, '模型设计已保存')).toBeVisible();
  await expect(design).toBeHidden();

  // 代码生成: a setting of the model (its names and paths filled from the model), then the files.
  await openPage(page, '/tool/code/index');
  const codes = region(page, '代码生成');
  await button(codes, '新增').click();
  dialog = formDialog(page);
  await dialog.getByLabel('模块名称', { exact: true }).fill(`俱乐部 ${stamp}`);
  await choose(page, dialog, '数据模型', `校友俱乐部 ${stamp}（club）`);
  await expect(dialog.getByLabel('表名', { exact: true })).toHaveValue(table);
  await expect(dialog.getByLabel('接口路径', { exact: true })).toHaveValue('/blade-club/club');
  await dialog.getByLabel('菜单路径', { exact: true }).fill('/alumni/club');
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await row(codes, `俱乐部 ${stamp}`).getByRole('button', { name: '代码生成' }).click();
  const preview = page.getByRole('dialog').filter({ hasText: '下载代码' });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('tab', { name: /club\.ts/ }).first()).toBeVisible();
  await expect(preview.getByRole('tab', { name: /Page\.tsx/ }).first()).toBeVisible();
  await expect(preview.getByRole('tab', { name: /^0\d\d-/ }).first()).toBeVisible();
  await expect(preview.getByText(/defineEntity\(/).first()).toBeVisible();
  const downloaded = page.waitForEvent('download');
  await preview.getByRole('button', { name: '下载代码' }).click();
  expect((await downloaded).suggestedFilename()).toMatch(/\.zip$/);
  await page.screenshot({ path: 'screenshots/developer-tools-code-zh.png' });
});

/** Picks the option of a select (or tree select) of the dialog whose text is `option` (not its hidden twin for screen readers). */
async function choose(page: Page, dialog: Locator, field: string, option: string): Promise<void> {
  await dialog.getByLabel(field, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).filter({ visible: true }).first().click();
}

function label(text: string): RegExp {
  return new RegExp(`^${[...text].join('\\s*')}$`);
}
