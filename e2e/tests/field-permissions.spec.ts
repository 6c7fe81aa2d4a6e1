import { expect, test, type APIRequestContext } from '@playwright/test';
import { button, formDialog, region, row, signInTo } from '../support/crud';
import { CLIENT, tokenAnswer } from '../support/session';

const TEXTS = {
  zh: {
    fieldRules: '字段权限', title: '字段权限: ', entity: '业务对象', student: '学生', phone: '手机号码', graduation: '毕业年份', name: '姓名',
    hidden: '隐藏', readonly: '只读', save: '保存', saved: '操作成功!', edit: '编辑',
  },
  en: {
    fieldRules: 'Field rules', title: 'Field rules: ', entity: 'Entity', student: 'Student', phone: 'Mobile', graduation: 'Graduation year', name: 'Name',
    hidden: 'Hidden', readonly: 'Read-only', save: 'Save', saved: 'Success!', edit: 'Edit',
  },
} as const;

const STUDENT_CODES = ['alumni', 'student', 'student_view', 'student_edit'];

interface GrantNode { key: string; code?: string; children?: GrantNode[] }

/** A role holding the student roster (view and edit) and a user holding it, made by the administrator through the API. */
async function rosterRole(request: APIRequestContext, mark: string): Promise<{ roleName: string; account: string }> {
  const admin = await tokenAnswer(request, { account: 'admin' });
  const headers = { Authorization: CLIENT, 'Blade-Auth': `bearer ${admin.access_token}`, 'Tenant-Id': '000000' };
  const call = async <T>(method: 'get' | 'post', url: string, data?: object): Promise<T> => {
    const res = await request[method](`/api${url}`, { headers, ...(data ? { data } : {}) });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json() as { data: T }).data;
  };
  const ids = new Map<string, string>();
  const walk = (nodes: GrantNode[]) => nodes.forEach((n) => { if (n.code) ids.set(n.code, n.key); walk(n.children ?? []); });
  walk((await call<{ menu: GrantNode[] }>('get', '/blade-system/menu/grant-tree')).menu);
  const roleName = `字段权限${mark}`;
  const role = await call<{ id: string }>('post', '/blade-system/role/submit', { parentId: '0', roleName, roleAlias: `fp_${mark}`, sort: 99 });
  await call('post', '/blade-system/role/grant', { roleIds: role.id, menuIds: STUDENT_CODES.map((c) => ids.get(c)).join(',') });
  const account = `fp${mark}`;
  await call('post', '/blade-user/submit', { account, name: account, realName: '字段权限', roleId: role.id, deptId: String(admin.dept_id) });
  return { roleName, account };
}

for (const lang of ['zh', 'en'] as const) {
  test(`字段权限 (${lang}): a role's phone hidden and graduation year read-only in 角色管理, its user's roster has no phone column and its edit form the year disabled`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const texts = TEXTS[lang];
    const mark = `${lang}${Date.now() % 1_000_000}`;
    const { roleName, account } = await rosterRole(request, mark);

    await signInTo(page, '/authority/role/index', { account: 'admin' }, { lang });
    await button(row(page.locator('.app-content'), roleName), texts.fieldRules).click();
    const dialog = page.getByRole('dialog', { name: `${texts.title}${roleName}` });
    await dialog.getByLabel(texts.entity, { exact: true }).click();
    await page.keyboard.type(texts.student);
    await page.locator('.ant-select-dropdown:visible').getByTitle(texts.student, { exact: true }).click();
    await row(dialog, texts.phone).getByText(texts.hidden, { exact: true }).click();
    await row(dialog, texts.graduation).getByText(texts.readonly, { exact: true }).click();
    await expect(row(dialog, texts.phone).locator('.ant-radio-button-wrapper-checked')).toHaveText(texts.hidden);
    await page.screenshot({ path: `screenshots/field-rules-dialog-${lang}.png` });
    await button(dialog, texts.save).click();
    await expect(page.getByText(texts.saved)).toBeVisible();

    await signInTo(page, '/alumni/student', { account }, { lang });
    const roster = region(page, texts.student);
    const header = roster.locator('thead th');
    await expect(header.filter({ hasText: texts.name })).toBeVisible();
    await expect(header.filter({ hasText: texts.graduation })).toBeVisible();
    await expect(header.filter({ hasText: texts.phone })).toHaveCount(0);
    await button(roster.locator('tbody tr.ant-table-row').first(), texts.edit).click();
    const form = formDialog(page);
    await expect(form.getByLabel(texts.name, { exact: true })).toBeEnabled();
    await expect(form.getByLabel(texts.graduation, { exact: true })).toBeDisabled();
    await expect(form.getByLabel(texts.phone, { exact: true })).toHaveCount(0);
    await page.screenshot({ path: `screenshots/field-rules-form-${lang}.png` });
  });
}
