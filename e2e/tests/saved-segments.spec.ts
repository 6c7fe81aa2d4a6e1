import { expect, test, type APIRequestContext } from '@playwright/test';
import { button, choose, chooseBySearch, formDialog, region, row, search } from '../support/crud';
import { apiToken, ensurePublicBase, signIn } from '../support/session';

type Json = Record<string, unknown>;

const TEXTS = {
  zh: {
    library: '校友', libraryMenu: /校友基础信息库$/, name: '姓名', search: '搜索', save: '保存为分群', segmentName: '分群名称', saved: '已保存分群：', segments: '分群', segmentsMenu: /分群管理$/, pushesMenu: /通知推送$/, open: '打开',
    pushes: '通知推送', add: '新增', title: '推送标题', fromTemplate: /^模板$/, template: '通知模板', channels: '推送渠道', inApp: '站内消息', sms: '短信',
    smsTemplate: '短信模板', scope: '推送范围', segmentScope: '校友分群', scopeValue: '范围取值', estimate: '预计送达：站内 3，短信 2；跳过 1',
    saveForm: '保存', send: '发送', ok: '确定', completed: '已完成',
    report: { title: '报表设计', source: '数据来源', library: '校友', segment: '分群', addGroup: '添加分组', group: '分组字段 1', gender: '性别', preview: '预览', male: '男', count: '数量' },
  },
  en: {
    library: 'Alumnus', libraryMenu: /Alumni library$/, name: 'Name', search: 'Search', save: 'Save as segment', segmentName: 'Segment name', saved: 'Segment saved: ', segments: 'Segment', segmentsMenu: /Segments$/, pushesMenu: /Notice pushes$/, open: 'Open',
    pushes: 'Notice push', add: 'Add', title: 'Title', fromTemplate: /^A template$/, template: 'Template', channels: 'Channels', inApp: 'In-app message', sms: 'SMS',
    smsTemplate: 'SMS template', scope: 'Recipients', segmentScope: 'Saved segment', scopeValue: 'Scope values', estimate: 'Expected to reach: in-app 3, SMS 2; skipped 1',
    saveForm: 'Save', send: 'Send', ok: 'OK', completed: 'Completed',
    report: { title: 'Report designer', source: 'Data source', library: 'Alumnus', segment: 'Segment', addGroup: 'Add group', group: 'Group by 1', gender: 'Gender', preview: 'Preview', male: 'Male', count: 'Count' },
  },
} as const;

async function api(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: Json): Promise<Json> {
  // Alumni answers are encrypted for the browser unless a plain answer is asked for.
  const headers = { 'Blade-Auth': `bearer ${token}`, 'Blade-Crypto': 'plain' };
  const res = method === 'GET' ? await request.get(`/api${path}`, { headers }) : await request.fetch(`/api${path}`, { method, headers, data: body });
  const answer = await res.json() as Json;
  expect(answer.code, JSON.stringify(answer)).toBe(200);
  return answer.data as Json;
}

/** Three alumni named with `mark`, studying as an existing alumnus does; the third refuses SMS. */
async function markedAlumni(request: APIRequestContext, token: string, mark: string): Promise<string[]> {
  const first = ((await api(request, token, 'GET', '/blade-basicInfo/basicInfo/list?size=1')).records as Json[])[0] as Json;
  const detail = await api(request, token, 'GET', `/blade-basicInfo/basicInfo/detail?id=${String(first.id)}`);
  const record = (detail.studentStatuses as Json[])[0] as Json;
  const study = { departmentId: record.departmentId, specialityId: record.specialityId, educationLevel: record.educationLevel, enrollmentYear: record.enrollmentYear };
  const made: string[] = [];
  for (const [i, allowSms] of [1, 1, 0].entries()) {
    const phone = `139${String(Date.now() % 100_000_000 + i).padStart(8, '0')}`;
    const saved = await api(request, token, 'POST', '/blade-basicInfo/basicInfo/submit', {
      name: `${mark}${i + 1}`, gender: '1', idType: '2', idCardNo: `E2E${mark}${i}`, status: 1, phone, allowSms, allowEmail: 1, allowWechat: 1,
      studentStatuses: [study],
    });
    made.push(String(saved.id));
  }
  return made;
}

for (const lang of ['zh', 'en'] as const) {
  test(`分群 (${lang}): a library search saved as a segment, counted in 分群管理, and a notice push to it reaching exactly its consenting members`, async ({ page, request }) => {
    test.setTimeout(300_000);
    const texts = TEXTS[lang];
    const mark = `SEG${lang.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
    const token = await apiToken(request, 'office');
    // The SMS template carries a link, so sending needs the public address.
    await ensurePublicBase(request, 'office');
    const alumni = await markedAlumni(request, token, mark);
    const segmentName = `分群${mark}`;

    await signIn(page, { account: 'office' }, { lang });
    await page.getByRole('menuitem', { name: texts.libraryMenu }).click();
    const library = region(page, texts.library);
    await search(library, { [texts.name]: mark }, texts.search);
    const rows = library.locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(3);
    await button(library, texts.save).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByLabel(texts.segmentName, { exact: true }) });
    await dialog.getByLabel(texts.segmentName, { exact: true }).fill(segmentName);
    await button(dialog, texts.save).click();
    await expect(page.getByText(`${texts.saved}${segmentName}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.screenshot({ path: `screenshots/segment-saved-${lang}.png` });

    // 分群管理 lists it with its live member count; 打开 puts its search back into the library.
    await page.getByRole('menuitem', { name: texts.segmentsMenu }).click();
    const segments = region(page, texts.segments);
    await expect(row(segments, segmentName).locator('[data-testid^="segment-count-"]')).toHaveText('3');
    await page.screenshot({ path: `screenshots/segment-list-${lang}.png` });
    await button(row(segments, segmentName), texts.open).click();
    await expect(page).toHaveURL(new RegExp(`/alumni/basicinfo(/index)?\\?name=${mark}`));
    await expect(region(page, texts.library).locator('tbody tr.ant-table-row')).toHaveCount(3);

    // A notice push to the segment: in-app to all three, SMS to the two who accept it.
    await page.getByRole('menuitem', { name: texts.pushesMenu }).click();
    const pushes = region(page, texts.pushes);
    await button(pushes, texts.add).click();
    const form = formDialog(page);
    const title = `分群推送${mark}`;
    await form.getByLabel(texts.title, { exact: true }).fill(title);
    await form.locator('label.ant-radio-button-wrapper').filter({ hasText: texts.fromTemplate }).click();
    await choose(page, form, texts.template, '通用站内通知');
    await form.getByLabel(texts.channels, { exact: true }).click();
    for (const name of [texts.inApp, texts.sms]) await page.locator('.ant-select-dropdown:visible').getByText(name, { exact: true }).click();
    await page.keyboard.press('Escape');
    await choose(page, form, texts.smsTemplate, '通用通知短信');
    await choose(page, form, texts.scope, texts.segmentScope);
    await choose(page, form, texts.scopeValue, segmentName);
    await expect(form.getByTestId('push-estimate')).toHaveText(texts.estimate);
    await page.screenshot({ path: `screenshots/segment-push-form-${lang}.png` });
    await button(form, texts.saveForm).click();
    await expect(form).toBeHidden();

    await search(pushes, { [texts.title]: title }, texts.search);
    await button(row(pushes, title), texts.send).click();
    await button(page.locator('.ant-modal-confirm'), texts.ok).click();
    await expect(row(pushes, title)).toContainText(texts.completed, { timeout: 120_000 });
    await page.screenshot({ path: `screenshots/segment-push-sent-${lang}.png` });

    const push = ((await api(request, token, 'GET', `/blade-noticePush/noticePush/list?title=${encodeURIComponent(title)}`)).records as Json[])[0] as Json;
    const records = (await api(request, token, 'GET', `/blade-noticePush/noticePush/record/list?pushId=${String(push.id)}&size=50`)).records as Json[];
    const inApp = records.filter((r) => String(r.channel) === '1').map((r) => String(r.alumniId)).sort();
    expect(inApp).toEqual([...alumni].sort());
    const smsSkipped = records.filter((r) => String(r.channel) === '2');
    expect(smsSkipped.map((r) => String(r.alumniId))).toEqual([alumni[2]]);
    const smsPush = ((await api(request, token, 'GET', `/smsPush/smsPush/page?noticePushId=${String(push.id)}`)).records as Json[])[0] as Json;
    const targets = (await api(request, token, 'GET', `/smsPushTarget/smsPushTarget/page?smsPushId=${String(smsPush.id)}&size=50`)).records as Json[];
    expect(targets.map((r) => String(r.alumniId)).sort()).toEqual([alumni[0], alumni[1]].sort());

    // A report of the segment: the designer counts its three members, all men, and no one else.
    await page.goto('/report/designer');
    const designer = page.locator('.report-designer');
    await expect(designer.getByText(texts.report.title).first()).toBeVisible();
    await chooseBySearch(page, designer, texts.report.source, texts.report.library);
    await choose(page, designer, texts.report.segment, segmentName);
    await button(designer, texts.report.addGroup).click();
    await chooseBySearch(page, designer, texts.report.group, texts.report.gender);
    await button(designer, texts.report.preview).click();
    const table = designer.locator('.report-table');
    await expect(table.getByRole('columnheader', { name: texts.report.count })).toBeVisible();
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(table.locator('tbody tr.ant-table-row').first()).toHaveText(new RegExp(`^${texts.report.male}\\s*3$`));
    await page.screenshot({ path: `screenshots/segment-report-${lang}.png` });
  });
}
