import { expect, test } from '@playwright/test';
import { button, chooseBySearch, openPage, region, row, search, signInTo, searchForm } from '../support/crud';
import { apiToken, captchaText, toast, watchCaptcha } from '../support/session';
import { call, residentId } from '../support/registrations';
import { setLook } from '../support/shell';

const tag = Date.now().toString(36).toUpperCase();
const BASE = '/api/blade-registInfo/registInfo';
/** 计算机科学与技术学院 and its 本科 speciality 网络工程 (seed/academic-seed.ts). */
const CS = '1900000000000010001';
const NETWORKS = '1900000000000020003';


test('an examiner sees the candidate of a registration with the same ID number, merges it, and the alumnus shows the merged fields', async ({ page, request }) => {
  test.setTimeout(150_000);
  const token = await apiToken(request, 'office');
  const idCardNo = residentId(Number.parseInt(tag.slice(-4), 36));
  const name = `周合并${tag.slice(-3)}`;
  const person = {
    name, gender: '1', idType: '1', idCardNo, departmentId: CS, specialityId: NETWORKS, educationLevel: '2', enrollmentYear: 2009,
    graduationYear: 2013, areaCode: '+86', phone: `139${String(Date.now()).slice(-8)}`, country: '中国', provinceCode: '110000', company: `旧单位${tag}`,
  };
  const first = await call(request, token, 'post', `${BASE}/manage/saveOrUpdate`, person);
  await call(request, token, 'put', `${BASE}/manage/examine`, { ids: first.id, examineStatus: 1 });
  const second = await call(request, token, 'post', `${BASE}/manage/saveOrUpdate`, { ...person, company: `新单位${tag}`, position: '总工程师' });

  await signInTo(page, '/alumni/registinfo', { account: 'office' });
  const list = region(page, '校友信息登记');
  await search(list, { 登记编号: second.registNo });
  const pending = row(list, second.registNo);
  await expect(pending).toContainText('高');
  await pending.getByRole('button', { name: '审核' }).click();

  const drawer = page.getByRole('dialog').filter({ hasText: `审核登记 ${second.registNo}` });
  const candidates = drawer.getByRole('region', { name: '疑似重复' });
  await expect(candidates).toContainText(name);
  await expect(candidates).toContainText('证件号码相同');
  // A high-level duplicate leaves only merging.
  await expect(drawer.getByRole('radio', { name: '通过（新建校友）' })).toBeDisabled();
  await expect(drawer.getByRole('radio', { name: '合并通过' })).toBeChecked();
  await expect(drawer.getByRole('checkbox', { name: '采用登记值 工作单位' })).toBeChecked();
  await expect(drawer).toContainText(`旧单位${tag}`);
  await drawer.getByLabel('审核意见').fill('同一人，更新工作单位');
  await page.screenshot({ path: 'screenshots/registration-merge-zh.png' });
  await drawer.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '已审核 1 条')).toBeVisible();

  await page.getByRole('tab', { name: '合并通过' }).click();
  await search(list, { 登记编号: second.registNo });
  await expect(row(list, second.registNo)).toContainText('合并通过');

  await openPage(page, '/alumni/basicinfo');
  const alumni = region(page, '校友');
  await search(alumni, { 姓名: name });
  await expect(row(alumni, name)).toHaveCount(1);
  await expect(row(alumni, name)).toContainText(`新单位${tag}`);
  await expect(row(alumni, name)).toContainText('总工程师');
});

test('the registration screen and its examine drawer in English', async ({ page, request }) => {
  const token = await apiToken(request, 'office');
  const made = await call(request, token, 'post', `${BASE}/manage/saveOrUpdate`, {
    name: `Lee ${tag}`, gender: '2', idType: '2', idCardNo: `E${tag}`, departmentId: CS, specialityId: NETWORKS, educationLevel: '2',
    enrollmentYear: 2015, areaCode: '+44', phone: '20 7946 0958', country: 'United Kingdom',
  });
  await signInTo(page, '/alumni/registinfo', { account: 'office' }, { lang: 'en', theme: 'theme-default' });
  const list = region(page, 'Registration');
  const form = await searchForm(list);
  await form.getByLabel('Registration no.').fill(made.registNo);
  await form.getByRole('button', { name: 'Search' }).click();
  await row(list, made.registNo).getByRole('button', { name: 'Examine' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `Examine registration ${made.registNo}` });
  await expect(drawer.getByRole('region', { name: 'Possible duplicates' })).toContainText('No possible duplicate was found');
  await expect(drawer.getByRole('radio', { name: 'Approve (new alumnus)' })).toBeChecked();
  await page.screenshot({ path: 'screenshots/registration-examine-en.png' });
});

test('an alumnus registers on the public page at phone width, and the registration waits for the examiner', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const captcha = watchCaptcha(page);
  await page.goto('/regist');
  const form = page.getByRole('form', { name: '校友信息登记' });
  const name = `吴自助${tag.slice(-3)}`;
  await form.getByLabel('姓名').fill(name);
  await form.getByRole('radio', { name: '男' }).check();
  await form.getByLabel('证件号码').fill(residentId(Number.parseInt(tag.slice(-5), 36) + 7));
  const pick = (field: string, option: string) => chooseBySearch(page, form, field, option);
  await pick('院系', '计算机科学与技术学院');
  await pick('专业', '网络工程（本科）');
  await form.getByLabel('入学年份').fill('2011');
  await form.getByLabel('毕业年份').fill('2015');
  await form.getByLabel('手机号码').fill(`137${String(Date.now()).slice(-8)}`);
  await pick('省份', '广东省');
  await form.getByLabel('工作单位').fill(`自助单位${tag}`);
  // The agreement must be accepted.
  await form.getByLabel('验证码').fill(await captchaText(await captcha.key()));
  await form.getByRole('button', { name: '提交登记' }).click();
  await expect(form.getByText('请阅读并同意登记协议')).toBeVisible();
  // The agreement shown is the school's current version of its text (1.1 in the demo school).
  await form.getByRole('button', { name: '《校友信息登记协议》' }).click();
  await expect(page.getByTestId('agreement-text')).toContainText('个人信息保护法');
  await page.getByRole('dialog').getByRole('button', { name: /OK|确\s*定|知道了/ }).click();
  // The dialog is gone before the form is used again (its closing mask would take the next clicks).
  await expect(page.getByRole('dialog')).toBeHidden();
  await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await form.getByLabel('验证码').fill(await captchaText(await captcha.key()));
  await page.screenshot({ path: 'screenshots/regist-page-zh.png', fullPage: true });
  await form.getByRole('button', { name: '提交登记' }).click();
  const done = page.getByRole('alert').filter({ hasText: '登记已提交' });
  await expect(done).toBeVisible();
  const registNo = /DJ\d{12}/.exec(await done.innerText())?.[0] as string;
  expect(registNo).toMatch(/^DJ/);
  // The page speaks English too.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('form', { name: 'Alumni registration' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/regist-page-en.png' });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => localStorage.clear());
  await signInTo(page, '/alumni/registinfo', { account: 'office' });
  const list = region(page, '校友信息登记');
  await search(list, { 登记编号: registNo });
  await expect(row(list, registNo)).toContainText(name);
  await expect(row(list, registNo)).toContainText('自助登记（网页）');
  await expect(row(list, registNo)).toContainText('待审核');
});

test('an alumnus registers again on the public page, the examiner merges it, and the record shows the merged fields and the examination', async ({ page, request }) => {
  test.setTimeout(180_000);
  // An alumnus already in the library, made from an earlier registration.
  const token = await apiToken(request, 'office');
  const idCardNo = residentId(Number.parseInt(tag.slice(-4), 36) + 13);
  const name = `郑再登${tag.slice(-3)}`;
  const first = await call(request, token, 'post', `${BASE}/manage/saveOrUpdate`, {
    name, gender: '2', idType: '1', idCardNo, departmentId: CS, specialityId: NETWORKS, educationLevel: '2', enrollmentYear: 2010,
    graduationYear: 2014, areaCode: '+86', phone: `136${String(Date.now()).slice(-8)}`, country: '中国', provinceCode: '110000', company: `原单位${tag}`,
  });
  await call(request, token, 'put', `${BASE}/manage/examine`, { ids: first.id, examineStatus: 1, examineOpinion: '首次登记' });

  // The alumnus registers again from a phone, with a new employer.
  await page.setViewportSize({ width: 390, height: 844 });
  const captcha = watchCaptcha(page);
  await page.goto('/regist');
  const form = page.getByRole('form', { name: '校友信息登记' });
  await form.getByLabel('姓名').fill(name);
  await form.getByRole('radio', { name: '女' }).check();
  await form.getByLabel('证件号码').fill(idCardNo);
  const pick = (field: string, option: string) => chooseBySearch(page, form, field, option);
  await pick('院系', '计算机科学与技术学院');
  await pick('专业', '网络工程（本科）');
  await form.getByLabel('入学年份').fill('2010');
  await form.getByLabel('毕业年份').fill('2014');
  await form.getByLabel('手机号码').fill(`135${String(Date.now()).slice(-8)}`);
  await pick('省份', '上海市');
  await form.getByLabel('工作单位').fill(`新东家${tag}`);
  await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await form.getByLabel('验证码').fill(await captchaText(await captcha.key()));
  await form.getByRole('button', { name: '提交登记' }).click();
  const done = page.getByRole('alert').filter({ hasText: '登记已提交' });
  await expect(done).toBeVisible();
  const registNo = /DJ\d{12}/.exec(await done.innerText())?.[0] as string;

  // The examiner sees the alumnus as a high-level candidate and merges.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => localStorage.clear());
  await signInTo(page, '/alumni/registinfo', { account: 'office' });
  const list = region(page, '校友信息登记');
  await search(list, { 登记编号: registNo });
  await expect(row(list, registNo)).toContainText('高');
  await row(list, registNo).getByRole('button', { name: '审核' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `审核登记 ${registNo}` });
  await expect(drawer.getByRole('region', { name: '疑似重复' })).toContainText(name);
  await expect(drawer.getByRole('radio', { name: '合并通过' })).toBeChecked();
  await drawer.getByLabel('审核意见').fill('本人再次登记，更新工作单位');
  await drawer.getByRole('button', { name: /确\s*定/ }).click();
  await expect(toast(page, '已审核 1 条')).toBeVisible();

  // The record carries the new employer and the region, and its view tells how it came to be.
  await openPage(page, '/alumni/basicinfo');
  const alumni = region(page, '校友');
  await search(alumni, { 姓名: name });
  await expect(row(alumni, name)).toHaveCount(1);
  await expect(row(alumni, name)).toContainText(`新东家${tag}`);
  await button(row(alumni, name), '查看').click();
  const view = page.getByRole('dialog');
  await expect(view).toContainText(`新东家${tag}`);
  await expect(view).toContainText('上海市');
  await view.getByRole('tab', { name: '学籍' }).click();
  await expect(view.getByRole('table')).toContainText('网络工程');
  await view.getByRole('tab', { name: '登记记录' }).click();
  const history = view.getByRole('region', { name: '登记与审核' });
  await expect(history.getByRole('article', { name: registNo })).toContainText('合并通过');
  await expect(history.getByRole('article', { name: registNo })).toContainText('本人再次登记，更新工作单位');
  await expect(history.getByRole('article', { name: first.registNo })).toContainText('首次登记');
  await history.getByRole('article', { name: registNo }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/alumnus-registrations-zh.png' });

  await page.keyboard.press('Escape');
  await setLook(page, 'en', 'theme-default');
  await openPage(page, '/alumni/basicinfo');
  const alumniEn = region(page, 'Alumnus');
  await (await searchForm(alumniEn)).getByLabel('Name').fill(name);
  await (await searchForm(alumniEn)).getByRole('button', { name: 'Search' }).click();
  await button(row(alumniEn, name), 'View').click();
  await page.getByRole('dialog').getByRole('tab', { name: 'Registrations' }).click();
  const historyEn = page.getByRole('dialog').getByRole('region', { name: 'Registrations and examination' });
  await expect(historyEn.getByRole('article', { name: registNo })).toContainText('Approved (merged)');
  await expect(historyEn.getByRole('article', { name: registNo })).toContainText('本人再次登记，更新工作单位');
  await historyEn.getByRole('article', { name: registNo }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/alumnus-registrations-en.png' });
});
