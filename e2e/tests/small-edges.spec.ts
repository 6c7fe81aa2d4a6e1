import { expect, test, type Locator, type Page } from '@playwright/test';
import { button, chooseBySearch, openPage, region, row } from '../support/crud';
import { residentId } from '../support/registrations';
import { captchaText, signIn, watchCaptcha } from '../support/session';
import { setLook } from '../support/shell';

type Lang = 'zh' | 'en';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const tag = Date.now().toString(36);

const WORDS = {
  zh: {
    role: '超级管理员', search: '请输入搜索内容', searchMenu: '菜单搜索', param: '参数', dict: '字典',
    attach: '附件', upload: '上传', download: '下载', docquery: '档案查询', handle: '办理', inProgress: '办理中', received: '待受理',
    accept: '受理', complete: '办结',
    registForm: '校友信息登记', submit: '提交登记', chooseDepartment: '请选择院系', chooseGender: '请选择性别', enterName: '请输入姓名',
  },
  en: {
    role: 'administrator', search: 'Search menus', searchMenu: 'Menu search', param: 'Param', dict: 'Dict',
    attach: 'Attachment', upload: 'Upload', download: 'Download', docquery: 'Document query', handle: 'Handle', inProgress: 'In progress', received: 'Received',
    accept: 'Accept', complete: 'Complete',
    registForm: 'Alumni registration', submit: 'Submit', chooseDepartment: 'Please select Department', chooseGender: 'Please select Gender', enterName: 'Please enter Name',
  },
} as const;

async function signInAs(page: Page, lang: Lang) {
  await signIn(page);
  if (lang === 'en') await setLook(page, 'en', 'theme-default');
}

/** Every text of a pie's SVG lies inside the chart, whole (no ellipsis), and the legend's entries are whole inside their widget. */
async function expectPieFits(widget: Locator) {
  const svg = widget.locator('svg').first();
  await expect(svg.locator('text').first()).toBeVisible();
  const box = await svg.boundingBox();
  const texts = svg.locator('text');
  const count = await texts.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const text = texts.nth(i);
    expect(await text.textContent()).not.toContain('…');
    const b = await text.boundingBox();
    if (!b || !box) continue;
    expect(b.x).toBeGreaterThanOrEqual(box.x - 1);
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 1);
  }
  const legend = widget.getByTestId('pie-legend').locator('li');
  expect(await legend.count()).toBeGreaterThan(0);
  const frame = await widget.boundingBox();
  for (const item of await legend.all()) {
    await expect(item).toHaveText(/\S+ \S+ \(\d+\.\d%\)$/);
    const b = await item.boundingBox();
    expect(b && frame && b.x >= frame.x && b.x + b.width <= frame.x + frame.width).toBe(true);
    expect(await item.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
}

async function walkStaffApp(page: Page, lang: Lang) {
  const w = WORDS[lang];
  await signInAs(page, lang);

  // The greeting names the role as the school named it (not its alias) in Chinese.
  await page.goto('/');
  await expect(page.getByTestId('greeting-role')).toHaveText(w.role);

  // Dashboard pies: shares on the slices, names with figures in a legend that wraps; on a desktop and on a phone.
  for (const [width, height, name] of [[1440, 900, 'desktop'], [390, 844, 'phone']] as const) {
    await page.setViewportSize({ width, height });
    for (const id of ['chart-regist-status', 'chart-giving-purpose']) {
      const widget = page.getByTestId(id);
      await widget.scrollIntoViewIfNeeded();
      await expectPieFits(widget);
      await widget.screenshot({ path: `screenshots/small-edges-${id}-${name}-${lang}.png` });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Enter opens the first match: the top-bar box and the full-screen search.
  const box = page.getByRole('combobox', { name: w.search });
  await box.fill(w.param);
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-active')).toHaveCount(1);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/system\/param\/index$/);
  await page.getByRole('button', { name: w.searchMenu }).click();
  const overlay = page.getByRole('dialog', { name: w.searchMenu });
  await overlay.getByRole('textbox', { name: w.searchMenu }).fill(w.dict);
  await expect(overlay.locator('button.is-active')).toHaveCount(1);
  await page.screenshot({ path: `screenshots/small-edges-search-${lang}.png` });
  await page.keyboard.press('Enter');
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(/\/system\/dict\/index$/);

  // 下载 saves the attachment under its own name.
  await openPage(page, '/resource/attach/index');
  const attachments = region(page, w.attach);
  const name = `small-edges-${lang}-${tag}.png`;
  await attachments.locator('.entity-toolbar input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
  const uploaded = row(attachments, name).first();
  await expect(uploaded).toBeVisible();
  const link = uploaded.getByRole('link', { name: w.download }).or(uploaded.getByRole('button', { name: w.download })).first();
  await expect(link).toHaveAttribute('href', /download=1/);
  const saving = page.waitForEvent('download');
  await link.click();
  expect((await saving).suggestedFilename()).toBe(name);

  // 办理 offers the request's own next steps, never the previous dialog's raw value.
  await openPage(page, '/engage/docquery');
  const queries = region(page, w.docquery);
  await button(row(queries, w.received).first(), w.handle).click();
  let dialog = page.getByRole('dialog').filter({ has: page.locator('form') });
  await expect(dialog.locator('.ant-select')).toHaveText(w.accept);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await button(row(queries, w.inProgress).first(), w.handle).click();
  dialog = page.getByRole('dialog').filter({ has: page.locator('form') });
  await expect(dialog.locator('.ant-select')).toHaveText(w.complete);
  await page.screenshot({ path: `screenshots/small-edges-docquery-${lang}.png` });
  await page.keyboard.press('Escape');

  // The jobs are named, not coded.
  await openPage(page, '/monitor/job');
  const names = page.getByTestId('job-name');
  await expect(names.first()).toBeVisible();
  for (const text of await names.allInnerTexts()) expect(text).not.toMatch(/^[a-z]+(-[a-z]+)+$/);
  if (lang === 'zh') for (const text of await names.allInnerTexts()) expect(text).toMatch(/[\u4e00-\u9fff]/);
  await page.screenshot({ path: `screenshots/small-edges-jobs-${lang}.png` });
}

async function register(page: Page, lang: Lang, width: number, height: number) {
  const w = WORDS[lang];
  await page.setViewportSize({ width, height });
  const captcha = watchCaptcha(page);
  await page.goto('/regist');
  if (lang === 'en') await page.getByRole('button', { name: 'English' }).click();
  const form = page.getByRole('form', { name: w.registForm });
  await form.getByRole('button', { name: w.submit }).click();
  // A dropdown or a choice left empty asks to choose; a text field asks to enter.
  await expect(form.getByText(w.chooseDepartment, { exact: true })).toBeVisible();
  await expect(form.getByText(w.chooseGender, { exact: true })).toBeVisible();
  await expect(form.getByText(w.enterName, { exact: true })).toBeVisible();
  await form.getByText(w.chooseDepartment, { exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `screenshots/small-edges-regist-required-${lang}.png` });

  const zh = lang === 'zh';
  await form.getByLabel(zh ? '姓名' : 'Name', { exact: true }).fill(zh ? `边角${tag.slice(-3)}` : `Edge ${tag.slice(-3)}`);
  await form.getByRole('radio', { name: zh ? '男' : 'Male', exact: true }).check();
  await form.getByLabel(zh ? '证件号码' : 'ID number', { exact: true }).fill(residentId(Number.parseInt(tag.slice(-5), 36) + (zh ? 11 : 13)));
  await chooseBySearch(page, form, zh ? '院系' : 'Department', '计算机科学与技术学院');
  const first = async (field: string) => {
    await form.getByLabel(field, { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  };
  await first(zh ? '专业' : 'Speciality');
  await form.getByLabel(zh ? '入学年份' : 'Enrollment year', { exact: true }).fill('2012');
  await form.getByLabel(zh ? '手机号码' : 'Mobile', { exact: true }).fill(`137${String(Date.now()).slice(-8)}`);
  await first(zh ? '省份' : 'Province');
  await form.getByRole('checkbox', { name: zh ? /我已阅读并同意/ : /I have read and accept/ }).check();
  await form.getByLabel(zh ? '验证码' : 'Captcha', { exact: true }).fill(await captchaText(await captcha.key()));
  await form.getByRole('button', { name: w.submit }).click();
  // The confirmation is brought into view, however far down the form the button was.
  const done = page.getByTestId('regist-submitted');
  await expect(done).toBeInViewport();
  await expect(done).toContainText(/DJ\d{12}/);
  await page.screenshot({ path: `screenshots/small-edges-regist-submitted-${lang}.png` });
}

test('the staff app\'s smaller edges (zh)', async ({ page }) => {
  test.setTimeout(180_000);
  await walkStaffApp(page, 'zh');
});

test('the staff app\'s smaller edges (en)', async ({ page }) => {
  test.setTimeout(180_000);
  await walkStaffApp(page, 'en');
});

test('/regist asks to choose on its dropdowns and shows its confirmation on a phone (zh)', async ({ page }) => {
  test.setTimeout(120_000);
  await register(page, 'zh', 390, 844);
});

test('/regist asks to choose on its dropdowns and shows its confirmation on a desktop (en)', async ({ page }) => {
  test.setTimeout(120_000);
  await register(page, 'en', 1440, 900);
});
