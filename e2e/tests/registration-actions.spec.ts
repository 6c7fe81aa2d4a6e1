import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { button, openPage, region, row, searchForm } from '../support/crud';
import { apiToken, signIn } from '../support/session';
import { call, residentId } from '../support/registrations';
import { setLook } from '../support/shell';

const tag = Date.now().toString(36).toUpperCase();
const BASE = '/api/blade-registInfo/registInfo';
/** 计算机科学与技术学院 and its 本科 speciality 网络工程 (seed/academic-seed.ts). */
const CS = '1900000000000010001';
const NETWORKS = '1900000000000020003';


/** An approved and a pending registration, made through the API. */
async function twoRegistrations(request: APIRequestContext, seed: number) {
  const token = await apiToken(request, 'office');
  const person = (n: number) => ({
    name: `沈操作${tag.slice(-3)}${n}`, gender: '1', idType: '1', idCardNo: residentId(seed + n), departmentId: CS, specialityId: NETWORKS,
    educationLevel: '2', enrollmentYear: 2010, areaCode: '+86', phone: `136${String(Date.now() + n).slice(-8)}`, country: '中国', provinceCode: '110000',
  });
  const approved = await call(request, token, 'post', `${BASE}/manage/saveOrUpdate`, person(1));
  await call(request, token, 'put', `${BASE}/manage/examine`, { ids: approved.id, examineStatus: 1 });
  const pending = await call(request, token, 'post', `${BASE}/manage/saveOrUpdate`, person(2));
  return { approved: approved.registNo as string, pending: pending.registNo as string };
}

async function searchNo(list: Locator, label: string, searchLabel: string, registNo: string) {
  const form = await searchForm(list);
  await form.getByLabel(label).fill(registNo);
  await button(form, searchLabel).click();
  await expect(row(list, registNo)).toHaveCount(1);
}

interface Words {
  region: string; registNo: string; search: string; allTab: string; view: string; edit: string; del: string;
  enable: string; disable: string; add: string; idCardNo: string; gender: string; male: string; birthday: string;
}

async function walk(page: Page, request: APIRequestContext, w: Words, lang: 'zh' | 'en') {
  const made = await twoRegistrations(request, Number.parseInt(tag.slice(-4), 36) + (lang === 'en' ? 20 : 0));
  // The administrator holds every button, 启用/停用 and 审核 among them.
  await signIn(page);
  if (lang === 'en') await setLook(page, 'en', 'theme-default');
  await openPage(page, '/alumni/registinfo');
  await page.getByRole('tab', { name: w.allTab }).click();
  const list = region(page, w.region);

  // An approved registration is final: viewed, never edited or deleted.
  await searchNo(list, w.registNo, w.search, made.approved);
  const approved = row(list, made.approved);
  await expect(button(approved, w.view)).toBeVisible();
  await expect(button(approved, w.edit)).toHaveCount(0);
  await expect(button(approved, w.del)).toHaveCount(0);

  // A pending one keeps its buttons and is disabled and enabled again from its row.
  await searchNo(list, w.registNo, w.search, made.pending);
  const pending = row(list, made.pending);
  await expect(button(pending, w.edit)).toBeVisible();
  await expect(button(pending, w.del)).toBeVisible();
  await button(pending, w.disable).click();
  await expect(button(pending, w.enable)).toBeVisible();
  await page.screenshot({ path: `screenshots/registration-actions-${lang}.png` });
  await button(pending, w.enable).click();
  await expect(button(pending, w.disable)).toBeVisible();

  // A resident ID number typed in the form fills the gender and the date of birth.
  await button(list, w.add).click();
  const dialog = page.getByRole('dialog').filter({ has: page.locator('form') });
  await dialog.getByLabel(w.idCardNo, { exact: true }).fill('11010819900303006X');
  await expect(dialog.locator('.ant-form-item').filter({ has: page.getByText(w.gender, { exact: true }) }).locator('.ant-select')).toContainText(lang === 'en' ? 'Female' : '女');
  await expect(dialog.getByLabel(w.birthday, { exact: true })).toHaveValue('1990-03-03');
  await dialog.getByLabel(w.idCardNo, { exact: true }).fill(residentId(1));
  await expect(dialog.locator('.ant-form-item').filter({ has: page.getByText(w.gender, { exact: true }) }).locator('.ant-select')).toContainText(w.male);
  await expect(dialog.getByLabel(w.birthday, { exact: true })).toHaveValue('1990-02-02');
  await page.screenshot({ path: `screenshots/registration-id-fill-${lang}.png` });
}

test('registrations: an approved one offers no edit or delete, a row is disabled and enabled, an ID number fills gender and birthday (zh)', async ({ page, request }) => {
  test.setTimeout(150_000);
  await walk(page, request, {
    region: '校友信息登记', registNo: '登记编号', search: '搜索', allTab: '全部', view: '查看', edit: '编辑', del: '删除',
    enable: '启用', disable: '停用', add: '新增', idCardNo: '证件号码', gender: '性别', male: '男', birthday: '出生日期',
  }, 'zh');
});

test('registrations: the same row actions and ID number fill in English', async ({ page, request }) => {
  test.setTimeout(150_000);
  await walk(page, request, {
    region: 'Registration', registNo: 'Registration no.', search: 'Search', allTab: 'All', view: 'View', edit: 'Edit', del: 'Delete',
    enable: 'Enable', disable: 'Disable', add: 'Add', idCardNo: 'ID number', gender: 'Gender', male: 'Male', birthday: 'Date of birth',
  }, 'en');
});
