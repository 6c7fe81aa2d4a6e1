import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { collectingSurvey, newAlumnus, portalAskCode, portalSignIn, pushNotice, staff } from '../support/portal';
import { foreignText } from '../support/language-scan';
import { apiToken, captchaText } from '../support/session';

const tag = Date.now().toString(36).toUpperCase();
const seq = Number.parseInt(tag.slice(-5), 36);

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('an alumnus signs in to the portal with the code sent by text and withdraws SMS consent, asked first (zh)', async ({ page, request }) => {
  test.setTimeout(150_000);
  const alumnus = await newAlumnus(request, `门户甲${tag.slice(-3)}`, seq + 11);
  await page.goto('/portal?tenant=000000');
  // Signed out, the portal leads to its sign-in page and comes back afterwards.
  await expect(page).toHaveURL(/\/portal\/login\?next=%2Fportal/);
  await expect(page.getByRole('heading', { name: '校友登录' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/portal-login-zh.png' });
  // Malformed input is named before anything is sent; a phone the school does not hold is offered the registration.
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('请输入正确的手机号')).toBeVisible();
  await expect(page.getByText('请输入图形验证码')).toBeVisible();
  await portalAskCode(page, `135${String(Date.now() + seq).slice(-8)}`);
  const offer = page.getByRole('status').filter({ hasText: '没有找到登记这个手机号的校友' });
  await expect(offer.getByRole('link', { name: '去登记校友信息' })).toHaveAttribute('href', '/regist?tenantId=000000');
  await page.screenshot({ path: 'screenshots/portal-login-unknown-zh.png' });
  await portalSignIn(page, request, alumnus.phone);
  await expect(page).toHaveURL(/\/portal(\?tenant=000000)?$/);
  await expect(page.getByText(`${alumnus.name}，您好`)).toBeVisible();
  await expect(page.getByRole('link', { name: /通知公告/ })).toBeVisible();
  await page.screenshot({ path: 'screenshots/portal-home-zh.png' });
  expect(await foreignText(page, 'zh')).toEqual([]);

  await page.getByRole('link', { name: /我的信息/ }).click();
  const consent = page.getByRole('region', { name: '允许学校联系我' });
  const sms = consent.getByRole('switch', { name: '短信' });
  await expect(sms).toHaveAttribute('aria-checked', 'true');
  await sms.click();
  const ask = page.getByRole('dialog');
  await expect(ask).toContainText('关闭后，学校将不再通过短信联系您');
  await page.screenshot({ path: 'screenshots/portal-consent-confirm-zh.png' });
  // Cancelled, nothing changes; confirmed, the switch goes off and the history says so.
  await ask.getByRole('button', { name: '取消' }).click();
  await expect(sms).toHaveAttribute('aria-checked', 'true');
  await sms.click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(sms).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('status').filter({ hasText: '已关闭短信' })).toBeVisible();
  await consent.getByText('变更记录').click();
  await expect(consent.getByRole('listitem').filter({ hasText: '短信 · 撤回' })).toBeVisible();
  // What the school holds: the record's fields, and the consent as read back.
  await page.reload();
  await expect(page.getByRole('region', { name: '允许学校联系我' }).getByRole('switch', { name: '短信' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('region', { name: '我的档案' })).toContainText(alumnus.name);
  // Visibility to other alumni starts hidden and is kept as switched.
  const visibility = page.getByRole('region', { name: '对其他校友可见' });
  await expect(visibility.getByRole('switch', { name: '工作单位' })).toHaveAttribute('aria-checked', 'false');
  await visibility.getByRole('switch', { name: '工作单位' }).click();
  await expect(visibility.getByRole('switch', { name: '工作单位' })).toHaveAttribute('aria-checked', 'true');
  // A correction goes to the office to examine.
  const correction = page.getByRole('form', { name: '申请更正档案' });
  await correction.getByLabel('要更正的项目').selectOption({ label: '工作单位' });
  await correction.getByLabel('更正为').fill(`新单位${tag}`);
  await correction.getByLabel('理由').fill('已换工作');
  await correction.getByRole('button', { name: '申请更正档案' }).click();
  await expect(page.getByRole('status').filter({ hasText: '更正申请已提交' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: '对其他校友可见' }).getByRole('switch', { name: '工作单位' })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: 'screenshots/portal-me-zh.png', fullPage: true });
  expect(await foreignText(page, 'zh')).toEqual([]);
});

test('a pushed notice opens from its link after sign-in and is marked read; a 留言 gets the staff reply; an activity is applied for (zh)', async ({ page, request }) => {
  test.setTimeout(200_000);
  const alumnus = await newAlumnus(request, `门户乙${tag.slice(-3)}`, seq + 23);
  const title = `返校日通知${tag}`;
  const noticeId = await pushNotice(request, alumnus.id, title);

  // The push's link, opened signed out: sign in, then the notice itself.
  await page.goto(`/portal/notice/${noticeId}?tenant=000000`);
  await expect(page).toHaveURL(/\/portal\/login\?next=/);
  await portalSignIn(page, request, alumnus.phone);
  await expect(page).toHaveURL(new RegExp(`/portal/notice/${noticeId}`));
  await expect(page.getByRole('article')).toContainText(title);
  await expect(page.getByRole('article').locator('strong')).toHaveText('返校日');
  await page.screenshot({ path: 'screenshots/portal-notice-zh.png' });
  await page.getByRole('link', { name: '通知' }).click();
  const row = page.getByRole('link', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('未读');
  await page.screenshot({ path: 'screenshots/portal-notices-zh.png' });
  // The same push as an in-app message, read with its notice; it opens in place to its text.
  await page.goto('/portal/messages');
  const message = page.getByRole('button', { name: new RegExp(title) });
  await expect(message).not.toContainText('未读');
  await message.click();
  await expect(message).toHaveAttribute('aria-expanded', 'true');
  await page.screenshot({ path: 'screenshots/portal-messages-zh.png' });
  // Its link to the notice moves inside the portal.
  await page.locator('.p-message-body').getByRole('link', { name: new RegExp(`/portal/notice/${noticeId}`) }).click();
  await expect(page.getByRole('article')).toContainText(title);

  // 留言: empty fields are named; a written one waits for the reply the office gives on its page.
  await page.goto('/portal/texts');
  const form = page.getByRole('form', { name: '写留言' });
  await form.getByRole('button', { name: '提交留言' }).click();
  await expect(form.getByText('请填写标题')).toBeVisible();
  await expect(form.getByText('请填写内容')).toBeVisible();
  const subject = `想查询毕业证补办${tag}`;
  await form.getByLabel('标题').fill(subject);
  await form.getByLabel('内容').fill('请问毕业证遗失后如何补办？');
  const sent = page.waitForResponse((res) => res.url().endsWith('/api/blade-portal/texts') && res.request().method() === 'POST');
  await form.getByRole('button', { name: '提交留言' }).click();
  const textId = String(((await (await sent).json()) as { data: { id: string } }).data.id);
  const mine = page.getByRole('region', { name: '我的留言' }).getByRole('listitem').filter({ hasText: subject });
  await expect(mine).toContainText('等待回复');
  const office = await apiToken(request, 'office');
  await staff(request, office, 'PUT', '/blade-message/message/answer', { id: textId, answerContent: '请携带身份证到档案馆办理。', notify: 0 });
  await page.reload();
  await expect(mine).toContainText('学校回复');
  await expect(mine).toContainText('请携带身份证到档案馆办理。');
  await page.screenshot({ path: 'screenshots/portal-texts-zh.png', fullPage: true });

  // An activity open for applications: applied for, it shows among my applications, waiting for examination.
  await page.goto('/portal/activities');
  const open = page.getByRole('region', { name: '近期活动' }).getByRole('listitem').filter({ has: page.getByRole('button', { name: '报名' }) }).first();
  await expect(open).toBeVisible();
  const activity = (await open.locator('.p-row-title').textContent()) ?? '';
  await open.getByRole('button', { name: '报名' }).click();
  const dialog = page.getByRole('dialog', { name: `报名：${activity}` });
  await dialog.getByLabel('备注（选填）').fill('携家属一人');
  await page.screenshot({ path: 'screenshots/portal-apply-zh.png' });
  await dialog.getByRole('button', { name: '报名' }).click();
  await expect(page.getByRole('status').filter({ hasText: '报名已提交' })).toBeVisible();
  await expect(page.getByRole('region', { name: '我的报名' }).getByRole('listitem').filter({ hasText: activity })).toBeVisible();
  await expect(page.getByRole('region', { name: '近期活动' }).getByRole('listitem').filter({ hasText: activity }).first()).toContainText('待确认');
  await page.screenshot({ path: 'screenshots/portal-activities-zh.png', fullPage: true });
});

test('in English: a survey sent to me is answered, my data downloads as JSON and HTML, a deletion asks first, all consent is withdrawn', async ({ page, request }) => {
  test.setTimeout(200_000);
  const alumnus = await newAlumnus(request, `Portal Bing ${tag.slice(-3)}`, seq + 37);
  const survey = `Alumni needs survey ${tag}`;
  const surveyId = await collectingSurvey(request, survey, 'Would you mentor a student?', ['Yes', 'Not now']);
  await pushNotice(request, alumnus.id, `问卷邀请${tag}`, surveyId);

  await page.goto('/portal/login?tenant=000000');
  await page.getByRole('button', { name: 'Switch to English' }).click();
  await expect(page.getByRole('heading', { name: 'Alumni sign-in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.screenshot({ path: 'screenshots/portal-login-en.png' });
  await portalSignIn(page, request, alumnus.phone, 'en');
  await expect(page.getByText(`Hello, ${alumnus.name}`)).toBeVisible();
  await page.screenshot({ path: 'screenshots/portal-home-en.png' });
  expect(await foreignText(page, 'en'), 'no Chinese on the English home screen but the school\'s own texts').toEqual([]);

  // The survey the push invited to, answered on the existing answer page, then marked answered.
  await page.getByRole('link', { name: /Surveys/ }).click();
  const item = page.getByRole('listitem').filter({ hasText: survey });
  await expect(item.getByRole('link', { name: 'Answer' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/portal-surveys-en.png' });
  expect(await foreignText(page, 'en')).toEqual([]);
  await item.getByRole('link', { name: 'Answer' }).click();
  await expect(page.getByText('Would you mentor a student?')).toBeVisible();
  await page.getByText('Yes', { exact: true }).click();
  await page.getByRole('button', { name: /Submit|提交/ }).click();
  await expect(page.getByText(/Thank you|感谢您的参与/).first()).toBeVisible();
  await page.goto('/portal/surveys');
  await expect(page.getByRole('listitem').filter({ hasText: survey })).toContainText('Answered');

  // My data as files: both name me, and only me.
  await page.goto('/portal/privacy');
  for (const [label, ext] of [['Download JSON', 'json'], ['Download as a web page', 'html']] as const) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: label }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`\\.${ext}$`));
    const body = await (await import('node:fs/promises')).readFile(await file.path() as string, 'utf8');
    expect(body).toContain(alumnus.name);
  }
  // A deletion request asks first; cancelled, nothing is sent. A correction request goes to the queue with its deadline.
  const request$ = page.getByRole('form', { name: 'Correction or deletion' });
  await request$.getByLabel('Request').selectOption('deletion');
  await request$.getByLabel('Details').fill('Please delete my record.');
  await request$.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('dialog')).toContainText('anonymised for good');
  await page.screenshot({ path: 'screenshots/portal-deletion-confirm-en.png' });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('region', { name: 'My requests' })).toContainText('You have not sent a request yet.');
  await request$.getByLabel('Request').selectOption('correction');
  await request$.getByLabel('Details').fill('My employer changed.');
  await request$.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'the school will handle it by' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'My requests' }).getByRole('listitem')).toContainText('Correct my data');
  await expect(page.getByRole('region', { name: 'My requests' }).getByRole('listitem')).toContainText('Due by');

  // Withdrawing every consent asks first, then every channel is off.
  await page.getByRole('button', { name: 'Withdraw all consent' }).click();
  await expect(page.getByRole('dialog')).toContainText('no longer contact you on any channel');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All consent withdrawn.' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/portal-privacy-en.png', fullPage: true });
  expect(await foreignText(page, 'en')).toEqual([]);
  await page.getByRole('link', { name: 'Me', exact: true }).click();
  const consent = page.getByRole('region', { name: 'The school may contact me by' });
  for (const channel of ['Text message', 'E-mail', 'In-app message']) {
    await expect(consent.getByRole('switch', { name: channel })).toHaveAttribute('aria-checked', 'false');
  }
  await page.screenshot({ path: 'screenshots/portal-me-en.png' });
  expect(await foreignText(page, 'en')).toEqual([]);
  await page.goto('/portal/gifts');
  await expect(page.getByText('No donations on record.')).toBeVisible();

  // A gift the office records as received: it shows in my gifts with its receipt, downloaded as a PDF.
  const admin = await apiToken(request, 'admin');
  const today = new Date().toISOString().slice(0, 10);
  await staff(request, admin, 'POST', '/donation/update', {
    donorType: '1', alumniId: alumnus.id, donorName: '', purpose: '1', donationMethod: '1', currency: 'CNY', amount: '1200.00',
    donateTime: `${today} 09:00:00`, paymentStatus: 2, arrivalDate: today, receiptStatus: 0,
  });
  await page.reload();
  const gift = page.getByRole('list', { name: 'My gifts' }).getByRole('listitem').first();
  await expect(gift).toContainText('1,200.00');
  await expect(gift).toContainText('Purpose: ');
  const receipt = page.waitForEvent('download');
  await gift.getByRole('button', { name: 'Download receipt' }).click();
  const file = await receipt;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const head = await (await import('node:fs/promises')).readFile(await file.path() as string);
  expect(head.subarray(0, 5).toString()).toBe('%PDF-');
  await page.screenshot({ path: 'screenshots/portal-gifts-en.png' });
});

test('an alumnus signs in with a code sent by e-mail, read from the mail a local SMTP server received (zh)', async ({ page, request }) => {
  test.setTimeout(150_000);
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    secure: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, logger: false,
    onAuth(auth, _session, done) { done(null, { user: auth.username }); },
    onData(stream, _session, done) { simpleParser(stream).then((mail) => { received.push(mail); done(); }, done); },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const admin = await apiToken(request, 'admin');
  const SETTING = '/blade-emailSetting/emailSetting';
  // The school's default sender is this test's server for the test's length, then the one it was.
  const before = ((await staff(request, admin, 'GET', `${SETTING}/list?size=20&isDefault=1`)).data as { records: { id: string }[] }).records[0];
  const name = `门户邮件${tag}`;
  await staff(request, admin, 'POST', `${SETTING}/submit`, {
    settingName: name, smtpHost: '127.0.0.1', smtpPort: (smtp.server.address() as AddressInfo).port, encryption: '0', username: 'mailer', password: 'secret',
    senderAddress: 'alumni@example.com', senderName: '校友总会', dailyLimit: 10000, isDefault: 1,
  });
  const mine = ((await staff(request, admin, 'GET', `${SETTING}/list?size=5&settingName=${encodeURIComponent(name)}`)).data as { records: { id: string }[] }).records[0];
  try {
    const email = `portal-${tag.toLowerCase()}@example.com`;
    await newAlumnus(request, `门户丁${tag.slice(-3)}`, seq + 41, email);
    await page.goto('/portal/login?tenant=000000');
    await page.getByRole('tab', { name: '邮箱' }).click();
    await page.getByLabel('邮箱', { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('请输入正确的邮箱')).toBeVisible();
    const captchaKey = page.waitForResponse((res) => res.url().includes('/api/blade-auth/oauth/captcha'));
    await page.getByRole('button', { name: '看不清？换一张' }).click();
    const key = ((await (await captchaKey).json()) as { key: string }).key;
    await page.getByLabel('邮箱', { exact: true }).fill(email);
    await page.getByLabel('图形验证码').fill(await captchaText(key));
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('status').filter({ hasText: '验证码已发送' })).toBeVisible();
    await expect.poll(() => received.filter((m) => JSON.stringify(m.to).includes(email)).length).toBe(1);
    const mail = received.find((m) => JSON.stringify(m.to).includes(email)) as ParsedMail;
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('短信/邮件验证码').fill(code);
    await page.screenshot({ path: 'screenshots/portal-login-email-zh.png' });
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText(/门户丁.*，您好/)).toBeVisible();
    // Signing out ends the session: the portal asks for a sign-in again.
    await page.getByRole('link', { name: '我的', exact: true }).click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/portal\/login/);
    await page.goto('/portal/me');
    await expect(page).toHaveURL(/\/portal\/login\?next=%2Fportal%2Fme/);
  } finally {
    if (before) await staff(request, admin, 'POST', `${SETTING}/submit`, { id: before.id, isDefault: 1 });
    else if (mine) await staff(request, admin, 'POST', `${SETTING}/submit`, { id: mine.id, isDefault: 0 });
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});
