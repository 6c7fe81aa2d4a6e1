import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { call, residentId } from './registrations';
import { CLIENT, apiToken, captchaText } from './session';

const REGIST = '/api/blade-registInfo/registInfo';
/** 计算机科学与技术学院 and its 本科 speciality 网络工程 (seed/academic-seed.ts). */
const CS = '1900000000000010001';
const NETWORKS = '1900000000000020003';

export interface PortalAlumnus { id: string; name: string; phone: string }

/** A new alumnus of the demo school with a phone of its own, through a registration the office approves. */
export async function newAlumnus(request: APIRequestContext, name: string, sequence: number, email?: string): Promise<PortalAlumnus> {
  const token = await apiToken(request, 'office');
  const phone = `136${String(Date.now() + sequence).slice(-8)}`;
  const registration = await call(request, token, 'post', `${REGIST}/manage/saveOrUpdate`, {
    name, gender: '1', idType: '1', idCardNo: residentId(sequence), departmentId: CS, specialityId: NETWORKS, educationLevel: '2',
    enrollmentYear: 2012, graduationYear: 2016, areaCode: '+86', phone, country: '中国', provinceCode: '110000', company: `门户单位${sequence}`,
    ...(email ? { email } : {}),
  });
  await call(request, token, 'put', `${REGIST}/manage/examine`, { ids: registration.id, examineStatus: 1 });
  const found = await request.get(`/api/blade-basicInfo/basicInfo/list?size=5&name=${encodeURIComponent(name)}`, {
    headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Blade-Crypto': 'plain', 'Tenant-Id': '000000' },
  });
  const records = (await found.json()).data.records as { id: string; name: string }[];
  expect(records, `the approved registration of ${name} made an alumnus`).toHaveLength(1);
  return { id: String(records[0]?.id), name, phone };
}

/**
 * The sign-in code the demo's recording SMS provider was given for a phone, read from the SMS send
 * records as the office sees them (the recipient masked, the message's parameters kept).
 */
export async function smsCode(request: APIRequestContext, phone: string): Promise<string> {
  const token = await apiToken(request, 'admin');
  const masked = new RegExp(`^${phone.slice(0, 3)}\\*+${phone.slice(-4)}$`);
  let code = '';
  await expect.poll(async () => {
    const res = await request.get('/api/blade-resource/send-record/list?channel=sms&size=20', { headers: { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}` } });
    const records = (await res.json()).data.records as { id: string; target: string; params: string }[];
    const mine = records.find((r) => masked.test(r.target) && /"code"/.test(r.params));
    code = mine ? String((JSON.parse(mine.params) as { code?: string }).code ?? '') : '';
    return code;
  }, { message: `a sign-in code sent to ${phone}` }).toMatch(/^\d{6}$/);
  return code;
}

/** Remembers the captchas the page was given, to read the one it shows. */
function watchPortalCaptcha(page: Page): () => Promise<string> {
  const given: { key: string; image: string }[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/api/blade-auth/oauth/captcha')) void res.json().then((body: { key: string; image: string }) => given.push(body), () => undefined);
  });
  return async () => {
    const img = page.getByRole('img', { name: /^(验证码|Captcha)$/ });
    await expect(img).toBeVisible();
    let key = '';
    await expect.poll(async () => {
      const shown = await img.getAttribute('src');
      key = given.find((c) => c.image === shown)?.key ?? '';
      return key;
    }).not.toBe('');
    return key;
  };
}

const LABELS = {
  zh: { phone: '手机号', captcha: '图形验证码', another: '看不清？换一张', send: '获取验证码', code: '短信/邮件验证码', submit: '登录', sent: '验证码已发送' },
  en: { phone: 'Phone number', captcha: 'Picture code', another: 'Hard to read? Show another', send: 'Send code', code: 'Code from the text or e-mail', submit: 'Sign in', sent: 'The code is on its way' },
};

/** Asks for a sign-in code on the portal's sign-in page (opened already), the captcha typed right. */
export async function portalAskCode(page: Page, phone: string, lang: 'zh' | 'en' = 'zh'): Promise<void> {
  const L = LABELS[lang];
  const captchaKey = watchPortalCaptcha(page);
  // The picture shown came before this watch began: another is asked for, as an alumnus would, once the
  // page's own first picture is there (a first picture arriving after the second would replace it).
  await expect(page.getByRole('img', { name: /^(验证码|Captcha)$/ })).toBeVisible();
  await page.getByRole('button', { name: L.another }).click();
  await page.getByLabel(L.phone, { exact: true }).fill(phone);
  let key = await captchaKey();
  await page.getByLabel(L.captcha).fill(await captchaText(key));
  // The text typed must be the picture's still shown: read it again if another took its place meanwhile.
  for (let again = await captchaKey(); again !== key; again = await captchaKey()) {
    key = again;
    await page.getByLabel(L.captcha).fill(await captchaText(key));
  }
  await page.getByRole('button', { name: L.send }).click();
}

/**
 * Signs in on the portal's sign-in page (opened already) with the code sent by text to the phone; `zh` or
 * `en` labels. Answers once the page has left the sign-in page: an address opened before that would
 * cut the sign-in short and land on the sign-in page again.
 */
export async function portalSignIn(page: Page, request: APIRequestContext, phone: string, lang: 'zh' | 'en' = 'zh'): Promise<void> {
  const L = LABELS[lang];
  await portalAskCode(page, phone, lang);
  await expect(page.getByRole('status').filter({ hasText: L.sent })).toBeVisible();
  await page.getByLabel(L.code).fill(await smsCode(request, phone));
  await page.getByRole('button', { name: L.submit, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/portal/login'));
}

type Json = Record<string, unknown>;

/** A staff call of tenant 000000 with a plain (unencrypted) answer; fails the test on anything but 200. */
export async function staff(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: Json): Promise<Json> {
  const headers = { Authorization: CLIENT, 'Blade-Auth': `bearer ${token}`, 'Blade-Crypto': 'plain', 'Tenant-Id': '000000' };
  const res = await request.fetch(`/api${path}`, { method, headers, ...(body ? { data: body } : {}) });
  const answer = await res.json() as Json;
  expect(answer.code, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(200);
  return answer;
}

/** A published notice pushed in-app to one alumnus (inviting to a survey when given); answers the notice's id once the push has delivered. */
export async function pushNotice(request: APIRequestContext, alumnusId: string, title: string, surveyId?: string): Promise<string> {
  const token = await apiToken(request, 'admin');
  await staff(request, token, 'POST', '/blade-notice/notice/submit', { title, category: '1', content: `<p>${title}：<strong>返校日</strong>安排见附件。</p>`, publishStatus: 1 });
  const notices = (await staff(request, token, 'GET', `/blade-notice/notice/list?size=5&title=${encodeURIComponent(title)}`)).data as { records: Json[] };
  const noticeId = String(notices.records[0]?.id ?? '');
  expect(noticeId).not.toBe('');
  await staff(request, token, 'POST', '/blade-noticePush/noticePush/submit', {
    title, noticeId, channels: '1', targetScope: '5', targetValue: JSON.stringify({ alumniIds: alumnusId }), sendType: '1', pushStatus: 1,
    ...(surveyId ? { surveyId } : {}),
  });
  await expect.poll(async () => {
    const pushes = (await staff(request, token, 'GET', `/blade-noticePush/noticePush/list?size=5&title=${encodeURIComponent(title)}`)).data as { records: Json[] };
    return Number(pushes.records[0]?.pushStatus);
  }, { message: `the push of ${title} is sent`, timeout: 60_000 }).toBe(3);
  return noticeId;
}

/** A survey collecting answers: one single-choice question of two options; answers its id. */
export async function collectingSurvey(request: APIRequestContext, title: string, question: string, options: [string, string]): Promise<string> {
  const token = await apiToken(request, 'office');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const survey = (await staff(request, token, 'POST', '/blade-questionnaireSurvey/questionnaireSurvey/submit', {
    title, surveyType: '2', startTime: `${day(-1)} 00:00:00`, endTime: `${day(20)} 00:00:00`, targetScope: '1',
  })).data as Json;
  const subject = (await staff(request, token, 'POST', '/blade-subjectRegist/subjectRegist/submit', {
    surveyId: survey.id, subjectNo: 1, subjectTitle: question, questionType: '1', isRequired: 1,
  })).data as Json;
  for (const [i, option] of options.entries()) {
    await staff(request, token, 'POST', '/blade-optionInstruction/optionInstruction/submit', { subjectId: subject.id, optionLabel: i === 0 ? 'A' : 'B', optionContent: option });
  }
  await staff(request, token, 'POST', '/blade-questionnaireSurvey/questionnaireSurvey/submit', { id: survey.id, surveyStatus: 1 });
  return String(survey.id);
}
