import { expect, test, type Locator, type Page } from '@playwright/test';
import { button, formDialog, openPage, region, row, signInTo, searchForm } from '../support/crud';
import { call } from '../support/registrations';
import { apiToken, toast } from '../support/session';
import { setLook } from '../support/shell';

const tag = Date.now().toString(36).toUpperCase().slice(-5);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Types a name into a picker that searches by name and picks the option of that name. */
async function pickByName(page: Page, scope: Locator, field: string, name: string): Promise<void> {
  const picker = scope.getByLabel(field, { exact: true });
  await picker.click();
  await page.keyboard.type(name.slice(0, 4));
  await page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true }).first().click();
}

/** Fills one cell of a list editor's row: a select cell by its option's text, others by typing. */
async function fillCell(page: Page, editor: Locator, index: number, column: string, value: string, select = false): Promise<void> {
  const cell = editor.locator('.list-editor-row').nth(index).locator(`[data-column="${column}"]`);
  if (select) {
    await cell.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByText(value, { exact: true }).first().click();
  } else {
    await cell.locator('input').fill(value);
  }
}

test('a template\'s variables are edited as rows and read as a table, in Chinese and English', async ({ page }) => {
  test.setTimeout(180_000);
  await signInTo(page, '/message/noticetemplate', { account: 'office' });
  const templates = region(page, '通知模板');
  await button(templates, '新增').click();
  const form = formDialog(page);
  const code = `FK_${tag}`;
  await form.getByLabel('模板编码', { exact: true }).fill(code);
  await form.getByLabel('模板名称', { exact: true }).fill(`变量模板${tag}`);
  await form.getByLabel('推送渠道', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('站内消息', { exact: true }).click();
  await form.getByLabel('业务场景', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('通用通知', { exact: true }).click();
  await form.getByLabel('标题', { exact: true }).fill('活动通知');
  await form.getByLabel('模板内容', { exact: true }).fill('${name}校友您好，${activity}即将开始');

  // No JSON to type: each variable is a row of the editor.
  const variables = form.getByRole('group', { name: '变量说明' });
  await expect(variables.locator('textarea')).toHaveCount(0);
  await button(variables, '添加一行').click();
  await fillCell(page, variables, 0, 'name', 'name');
  await fillCell(page, variables, 0, 'label', '姓名');
  await fillCell(page, variables, 0, 'sample', '张三');
  await button(variables, '添加一行').click();
  await fillCell(page, variables, 1, 'name', 'activity');
  await page.screenshot({ path: 'screenshots/field-kinds-list-editor-zh.png' });
  // A row without its meaning is refused by the server, under the field.
  await button(form, '保存').click();
  await expect(form.locator('.ant-form-item-explain-error').filter({ hasText: '变量说明第2行：请输入含义' })).toBeVisible();
  await fillCell(page, variables, 1, 'label', '活动名称');
  await button(form, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();

  await button(row(templates, code), '查看').click();
  const view = formDialog(page);
  const table = view.locator('.list-cell-table');
  await expect(table).toContainText('变量名');
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.locator('tbody tr').first()).toContainText('姓名');
  await expect(view).not.toContainText('[{');
  await page.screenshot({ path: 'screenshots/field-kinds-list-view-zh.png' });
  await page.keyboard.press('Escape');

  await setLook(page, 'en', 'theme-default');
  await openPage(page, '/message/noticetemplate');
  const english = region(page, 'Notice template');
  await button(row(english, code), 'Edit').click();
  const edit = formDialog(page);
  const rows = edit.getByRole('group', { name: 'Variables' });
  await expect(rows.locator('.list-editor-row')).toHaveCount(2);
  await expect(rows.locator('thead')).toContainText('Meaning');
  await rows.getByRole('button', { name: 'Remove row 2' }).click();
  await expect(rows.locator('.list-editor-row')).toHaveCount(1);
  await page.screenshot({ path: 'screenshots/field-kinds-list-editor-en.png' });
  // The content still names ${activity}: the server refuses the variable no row declares.
  await button(edit, 'Update').click();
  await expect(page.getByText('Template variable ${activity} is not declared').first()).toBeVisible();
});

test('an honour certificate is uploaded as a picture with a preview, and a wrong type is refused', async ({ page }) => {
  test.setTimeout(120_000);
  await signInTo(page, '/alumni/honor');
  const honours = region(page, '荣誉');
  await button(honours.locator('tbody tr.ant-table-row').first(), '编辑').click();
  const form = formDialog(page);
  // The alumnus reads as a name picked by name, not as an id.
  await expect(form.locator('.ant-form-item').filter({ hasText: '校友' }).first()).not.toContainText(/1900000000000\d{6}/);
  const certificates = form.getByRole('group', { name: '证书图片' });
  await certificates.locator('.file-list-item button').evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLButtonElement).click()));
  await expect(certificates.locator('.file-list-item')).toHaveCount(0);
  await certificates.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(toast(page, '证书图片只能上传 JPG/JPEG/PNG/GIF/WEBP 文件')).toBeVisible();
  await certificates.locator('input[type=file]').setInputFiles({ name: `certificate-${tag}.png`, mimeType: 'image/png', buffer: PNG });
  const preview = certificates.locator('.file-list-picture img');
  await expect(preview).toHaveCount(1);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expect(certificates).toContainText('最多 6 张图片');
  await page.screenshot({ path: 'screenshots/field-kinds-upload-zh.png' });
  await button(form, '修改').click();
  await expect(toast(page, /成功/)).toBeVisible();
  await button(honours.locator('tbody tr.ant-table-row').first(), '查看').click();
  const view = formDialog(page);
  await expect(view.locator('.files-cell img')).toHaveCount(1);
  await expect(view).not.toContainText('"link"');
});

test('care entries, albums and options are searched by a name picked, not by a typed id', async ({ page }) => {
  test.setTimeout(180_000);
  await signInTo(page, '/engage/carelist');
  const cares = region(page, '关怀名单');
  // The list names each entry's activity (not its id).
  await expect(cares.locator('tbody')).not.toContainText(/1900000000000\d{6}/);
  const activityColumn = await cares.locator('thead th').allTextContents().then((h) => h.findIndex((x) => x.trim() === '关联活动'));
  expect(activityColumn).toBeGreaterThanOrEqual(0);
  // The rows arrive after the table is drawn: wait for an entry that names its activity.
  let activity: string | undefined;
  await expect.poll(async () => {
    const cells = await cares.locator('tbody tr.ant-table-row').evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent?.trim() ?? ''), activityColumn);
    activity = cells.find((c) => c !== '');
    return activity;
  }, { message: 'a care entry of an activity' }).toBeTruthy();
  const form = await searchForm(cares);
  await pickByName(page, form, '关联活动', activity!);
  await button(form, '搜索').click();
  await expect(cares.locator('tbody tr.ant-table-row').first()).toContainText(activity!);
  await expect(cares.locator('.ant-empty')).toHaveCount(0);
  await expect(form).not.toContainText(/1900000000000\d{3}/);
  await page.screenshot({ path: 'screenshots/field-kinds-carelist-search-zh.png' });

  await openPage(page, '/activity/photo');
  const albums = region(page, '相册');
  await expect(albums.locator('tbody')).not.toContainText(/1900000000000\d{6}/);
  const albumActivity = (await albums.locator('tbody tr.ant-table-row').first().locator('td').allTextContents())
    .map((x) => x.trim()).find((x) => x === activity) ?? activity!;
  const albumSearch = await searchForm(albums);
  await pickByName(page, albumSearch, '关联活动', albumActivity);
  await button(albumSearch, '搜索').click();
  await expect(albums.locator('.ant-empty')).toHaveCount(0);
  await expect(albums.locator('tbody tr.ant-table-row').first()).toContainText(albumActivity);
  await expect(albumSearch).not.toContainText(/1900000000000\d{3}/);
  await page.screenshot({ path: 'screenshots/field-kinds-album-list-zh.png' });
  await button(albums.locator('tbody tr.ant-table-row').first(), '编辑').click();
  const albumForm = formDialog(page);
  await expect(albumForm.locator('.ant-form-item').filter({ hasText: '关联活动' })).toContainText(albumActivity);
  await expect(albumForm).not.toContainText(/1900000000000\d{6}/);
  await page.keyboard.press('Escape');

  await openPage(page, '/survey/optioninstruction');
  const options = region(page, '选项说明');
  const optionSearch = await searchForm(options);
  await optionSearch.getByLabel('所属问卷', { exact: true }).click();
  const survey = (await page.locator('.ant-select-dropdown:visible [title]').first().getAttribute('title'))!;
  await page.locator('.ant-select-dropdown:visible').getByTitle(survey, { exact: true }).first().click();
  await button(optionSearch, '搜索').click();
  await expect(options.locator('.ant-empty')).toHaveCount(0);
  await expect(options.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/field-kinds-option-search-zh.png' });

  await setLook(page, 'en', 'theme-default');
  await openPage(page, '/engage/carelist');
  const english = region(page, 'Care list');
  const search = await searchForm(english);
  await pickByName(page, search, 'Care activity', activity!);
  await button(search, 'Search').click();
  await expect(english.locator('.ant-empty')).toHaveCount(0);
  await expect(english.locator('tbody tr.ant-table-row').first()).toContainText(activity!);
  await page.screenshot({ path: 'screenshots/field-kinds-carelist-search-en.png' });
});

test('an activity\'s details read as formatted text in its view, never as raw HTML', async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = `富文本活动${tag}`;
  const shanghai = (minutes: number) => {
    const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    }).formatToParts(new Date(Date.now() + minutes * 60_000)).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:00`;
  };
  await call(request, await apiToken(request), 'post', '/api/blade-activity/activity/submit', {
    title, activityType: '3', departmentId: '1900000000000010001', startTime: shanghai(600), endTime: shanghai(840), location: '图书馆', needSignup: 1,
    signupStartTime: shanghai(-60), signupEndTime: shanghai(500), capacity: 0, targetScope: '2',
    targetValue: JSON.stringify({ departmentIds: '1900000000000010001' }), contactName: '王老师', contactPhone: '010-62780001',
    content: '<p>第一段<strong>加粗的话</strong></p><p onclick="alert(1)">第二段</p><script>alert(1)</script>',
  });
  await signInTo(page, '/activity/activity');
  const activities = region(page, '活动');
  await (await searchForm(activities)).getByLabel('活动名称').fill(title);
  await button((await searchForm(activities)), '搜索').click();
  await button(row(activities, title), '查看').click();
  const view = formDialog(page);
  const details = view.locator('.rich-text-view').first();
  await expect(details.locator('strong')).toHaveText('加粗的话');
  await expect(details.locator('p')).toHaveCount(2);
  await expect(view).not.toContainText('<p>');
  await expect(view).not.toContainText('alert(1)');
  await expect(details.locator('[onclick], script')).toHaveCount(0);
  // The scope reads as the college's name, not as JSON.
  const scope = view.locator('.ant-descriptions-item-content').filter({ has: page.locator('.ant-select') }).last();
  await expect(view).not.toContainText('departmentIds');
  await expect(scope).toContainText('学院');
  await page.screenshot({ path: 'screenshots/field-kinds-rich-text-zh.png' });
  await page.keyboard.press('Escape');

  // Adding an activity picks the scope's colleges from a list: no JSON to type.
  await button(activities, '新增').click();
  const form = formDialog(page);
  await form.getByLabel('参与范围', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('按院系', { exact: true }).click();
  const values = form.locator('.ant-form-item').filter({ hasText: '范围取值' });
  await expect(values.locator('textarea')).toHaveCount(0);
  await values.locator('.ant-select').click();
  await expect(page.locator('.ant-select-dropdown:visible').getByText(/学院/).first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/field-kinds-scope-zh.png' });
});

test('SMS recipients from the alumni library are picked by name, not typed as keys', async ({ page }) => {
  test.setTimeout(120_000);
  await signInTo(page, '/message/smspush', { account: 'office' });
  const pushes = region(page, '短信推送');
  await button(pushes, '新增').click();
  const dialog = formDialog(page);
  await dialog.getByLabel('任务名称', { exact: true }).fill(`按姓名添加${tag}`);
  await dialog.getByLabel('短信配置', { exact: true }).fill('demo-sms');
  await dialog.getByLabel('服务商模板编号', { exact: true }).fill('SMS_900000009');
  await dialog.getByLabel('短信签名', { exact: true }).fill('示范大学');
  await dialog.getByLabel('短信内容', { exact: true }).fill('${name}校友您好，拒收请回复R');
  await button(dialog, '保存').click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await button(row(pushes, `按姓名添加${tag}`), '推送对象').click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: `按姓名添加${tag}` });
  await button(drawer, '从校友库添加').first().click();
  const adding = page.getByRole('dialog', { name: '从校友库添加' });
  await expect(adding.locator('textarea')).toHaveCount(0);
  await adding.getByLabel('校友', { exact: true }).click();
  await page.keyboard.type('赵晓东');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '赵晓东' }).first().click();
  await expect(adding.locator('.ant-select-selection-item').filter({ hasText: '赵晓东' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/field-kinds-sms-alumni-zh.png' });
  await button(adding, '添加').click();
  await expect(adding.getByTestId('add-counts')).toBeVisible();
  const added = Number(await adding.getByTestId('add-counts').locator('td').first().textContent());
  const skipped = await adding.getByTestId('add-counts').locator('td').allTextContents();
  // The one alumnus picked is added or skipped for a reason, never an unknown key.
  expect(skipped.map(Number).reduce((a, b) => a + b, 0)).toBe(1);
  expect(added).toBeGreaterThanOrEqual(0);
});

