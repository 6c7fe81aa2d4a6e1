import { expect, test, type Browser, type Page } from '@playwright/test';
import { button, choose, openPage, region, row, signInTo } from '../support/crud';
import { apiToken, ensurePublicBase, signIn, toast } from '../support/session';
import { setLook } from '../support/shell';

const tag = Date.now().toString(36).toUpperCase();
const SURVEY = '/api/blade-questionnaireSurvey/questionnaireSurvey';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A question added in the designer: its title, options, and a choice of type or condition. */
async function addQuestion(page: Page, title: string, options: string[], extra?: (form: ReturnType<Page['getByTestId']>) => Promise<void>) {
  await page.getByTestId('add-question').click();
  const form = page.getByTestId('question-form');
  await form.getByLabel('题目', { exact: true }).fill(title);
  await extra?.(form);
  for (const [i, text] of options.entries()) {
    await button(form, '添加选项').click();
    await form.getByLabel(`option-${i + 1}`).fill(text);
  }
  await page.getByTestId('save-question').click();
  await expect(toast(page, '已保存')).toBeVisible();
  await expect(page.locator('.ant-list').getByText(title)).toBeVisible();
}

/** Opens an answer link on a phone-sized page. */
async function phone(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

test('a survey with skip logic: designed, published, answered on a phone, its results charted', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const token = await apiToken(request, 'office');
  const headers = { 'Blade-Auth': `bearer ${token}` };
  const title = `校友活动参与调查${tag}`;
  const created = await (await request.post(`${SURVEY}/submit`, {
    headers, data: { title, surveyType: '4', startTime: `${day(-1)} 00:00:00`, endTime: `${day(20)} 00:00:00`, targetScope: '1' },
  })).json();
  const surveyId = String(created.data.id);

  // The designer: a choice question, one shown only on its first option, and a rating.
  await signIn(page, { account: 'office' }, `/survey/design/${surveyId}`);
  await addQuestion(page, '您是否参加过校友活动', ['参加过', '没有']);
  await addQuestion(page, '您参加过哪类活动', ['讲座', '聚会'], async (form) => {
    await choose(page, form, '显示条件：当此题的答案为…', '1. 您是否参加过校友活动');
    await choose(page, form, '…其中之一时显示', 'A. 参加过');
    await page.keyboard.press('Escape');
  });
  await addQuestion(page, '您对校友活动的满意度', [], async (form) => {
    await choose(page, form, '题型', '评分题');
  });
  await expect(page.getByText('条件显示')).toBeVisible();
  // The preview hides the conditional question until its answer is given.
  const preview = page.getByTestId('survey-preview');
  await expect(preview).not.toContainText('您参加过哪类活动');
  await preview.getByText('参加过', { exact: true }).click();
  await expect(preview).toContainText('您参加过哪类活动');
  await page.screenshot({ path: 'screenshots/survey-design-zh.png' });
  await setLook(page, 'en', 'theme-default');
  await expect(page.getByTestId('survey-preview')).toContainText('您是否参加过校友活动');
  await page.screenshot({ path: 'screenshots/survey-design-en.png' });
  await setLook(page, 'zh', 'theme-default');

  // Published from the list.
  await openPage(page, '/survey/questionnaire');
  const list = region(page, '问卷调查');
  await button(row(list, title), '发布').click();
  await button(page.locator('.ant-modal-confirm'), '确定').click();
  await expect(toast(page, '已发布')).toBeVisible();
  await expect(row(list, title)).toContainText('收集中');

  // Two alumni answer through their own links on a phone: one who took part (zh), one who did not (en).
  const linkOf = async (alumniId: string) =>
    (await (await request.get(`${SURVEY}/answer-link?id=${surveyId}&alumniId=${alumniId}`, { headers })).json()).data.path as string;
  const first = await phone(browser, await linkOf('1900000000000030150'));
  await expect(first.getByText(title)).toBeVisible();
  await expect(first.getByText('您参加过哪类活动')).toHaveCount(0);
  await first.getByText('参加过', { exact: true }).click();
  await first.getByText('讲座', { exact: true }).click();
  await first.locator('.sd-rating__item').filter({ hasText: '4' }).click();
  await first.screenshot({ path: 'screenshots/survey-answer-zh.png', fullPage: true });
  await first.getByRole('button', { name: '提交' }).click();
  await expect(first.getByText('提交成功')).toBeVisible();
  await expect(first.getByText('感谢您的参与！')).toBeVisible();
  await first.context().close();

  const second = await phone(browser, await linkOf('1900000000000030151'));
  await second.getByText('English').click();
  await expect(second.getByRole('button', { name: 'Submit' })).toBeVisible();
  await second.getByText('没有', { exact: true }).click();
  await expect(second.getByText('您参加过哪类活动')).toHaveCount(0);
  await second.locator('.sd-rating__item').filter({ hasText: '5' }).click();
  await second.screenshot({ path: 'screenshots/survey-answer-en.png', fullPage: true });
  await second.getByRole('button', { name: 'Submit' }).click();
  await expect(second.getByText('Thank you', { exact: true })).toBeVisible();
  await second.context().close();

  // The results: two answered the first question, one the conditional one.
  await page.goto(`/survey/stats/${surveyId}`);
  await expect(page.getByText('共 2 份答卷')).toBeVisible();
  await expect(page.getByTestId('stats-1')).toContainText('2 人作答');
  await expect(page.getByTestId('stats-2')).toContainText('1 人作答');
  await expect(page.getByTestId('stats-1').locator('div[role=img] canvas, div[role=img] svg').first()).toBeVisible();
  await expect(page.getByTestId('stats-3')).toContainText('4.50');
  await page.screenshot({ path: 'screenshots/survey-stats-zh.png', fullPage: true });
  await setLook(page, 'en', 'theme-default');
  await expect(page.getByText('2 answers')).toBeVisible();
  await expect(page.getByTestId('stats-1').locator('div[role=img] canvas, div[role=img] svg').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/survey-stats-en.png', fullPage: true });
});

test('发送邀请 opens a notice push to the survey\'s respondents with the invitation template and each one\'s own link', async ({ page, request }) => {
  test.setTimeout(120_000);
  const followUp = `${new Date().getFullYear() - 1}届毕业生一年后跟踪调查`;
  // The invitation's link is absolute: the preview needs the public address.
  await ensurePublicBase(request, 'office');
  await signInTo(page, '/survey/questionnaire', { account: 'office' });
  await button(row(region(page, '问卷调查'), followUp), '发送邀请').click();
  await page.waitForURL(/\/message\/noticepush/);
  const dialog = page.getByRole('dialog').filter({ has: page.locator('form') });
  await expect(dialog.getByLabel('推送标题')).toHaveValue(`问卷邀请：${followUp}`);
  await expect(dialog.getByLabel('邀请问卷')).toHaveValue(followUp);
  // The e-mail preview is the invitation template, filled with the first recipient's own answer link.
  const mail = dialog.frameLocator('iframe.notice-push-mail');
  await expect(mail.getByText(`诚邀您参加问卷“${followUp}”`)).toBeVisible();
  // The link passes through the click-through address, which names the answer page with the recipient's own token.
  const through = await mail.locator('a[href*="survey-answer"]').first().getAttribute('href');
  expect(decodeURIComponent(new URL(String(through)).searchParams.get('to') ?? '')).toMatch(/^\/survey-answer\/\d+\?tenantId=000000&token=a\d+\./);
  await dialog.screenshot({ path: 'screenshots/survey-invitation-zh.png' });
  await button(dialog, '保存').click();
  await expect(row(region(page, '通知推送'), `问卷邀请：${followUp}`).first()).toBeVisible();
});
