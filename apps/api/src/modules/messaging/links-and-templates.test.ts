import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/password.js';
import { CLIENT_HEADER, DEMO_PASSWORD, startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';
import { LOCAL_SERVICES } from '../../test-support/local-services.js';
import { localMailSetting, standInWebDir, startLocalSmtp, type LocalSmtp } from '../../test-support/local-mail.js';
import { waitFor } from '../../test-support/wait-for.js';

const BASE = '/api/blade-noticePush/noticePush';
const PUBLIC_BASE = '/api/blade-emailSetting/emailSetting/public-base';
const TEMPLATE = '/api/blade-noticeTemplate/noticeTemplate';
const SURVEY = '/api/blade-questionnaireSurvey/questionnaireSurvey';
type Json = Record<string, unknown>;

/**
 * Issue 28, links and templates that work outside the product: the public base address (filled at
 * first sign-in, edited in the e-mail settings, required before a push with links), every template
 * variable filled on send as the preview fills it or the send refused naming it, and the links of a
 * real e-mail (read from a local SMTP server) followed by a plain HTTP client that has never seen
 * the product: portal notice (after the SMS-code sign-in), survey, read pixel and unsubscribe.
 */
describe.each(testDialects())('links and templates outside the product on %s (issue 28)', (dialect) => {
  let t: TestApp;
  let office: string;
  let smtp: LocalSmtp;
  let web: ReturnType<typeof standInWebDir>;
  /** Where the server listens: what the public base address is set to, and where the links lead. */
  let origin: string;
  let alumnus: Json;
  /** The push the e-mail test sent and the notice it carried. */
  let mailed: { pushId: string; noticeId: string; title: string } | null = null;

  beforeAll(async () => {
    // A stand-in for the built web app: the server answers its pages from these two files.
    web = standInWebDir();
    smtp = await startLocalSmtp();
    t = await startTestApp(dialect, { ...LOCAL_SERVICES, WEB_DIR: web.dir });
    office = await t.signIn('office');
    const setting = await t.call('POST', '/api/blade-emailSetting/emailSetting/submit', office, { ...localMailSetting(smtp.port), settingName: '链接邮箱' });
    expect(setting.statusCode, setting.body).toBe(200);
    const records = (await t.call('GET', '/api/blade-basicInfo/basicInfo/list?size=3&status=1&isDeceased=0', office)).json().data.records as Json[];
    alumnus = records[1] as Json;
    const updated = await t.call('POST', '/api/blade-basicInfo/basicInfo/submit', office, {
      id: alumnus.id, allowEmail: 1, allowSms: 1, email: 'links-alumnus@example.com', phone: '13912340028',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await t.app.services.jobs.start();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    web?.remove();
  });

  const submit = (body: Json, headers: Record<string, string> = {}) => t.call('POST', `${BASE}/submit`, office, body, headers);
  const toAlumnus = () => ({ targetScope: '5', targetValue: JSON.stringify({ alumniIds: String(alumnus.id) }) });
  const mailPush = (values: Json = {}): Json => ({
    title: '链接测试推送', channels: '3', subject: '校友通知', content: '${name}校友您好。', sendType: '1', ...toAlumnus(), ...values,
  });
  const until = (id: string) => waitFor(`push ${id} to end`, async () => (await t.call('GET', `${BASE}/detail?id=${id}`, office)).json().data as Json,
    (p) => Number(p.pushStatus) >= 3, 60_000);
  const mailTo = (subject: string) => smtp.mailTo(subject);
  /** Links to the product pass through the click-through address, which names where they lead. */
  const leadsTo = (link: string) => {
    const url = new URL(link);
    return url.pathname === `${BASE}/open/click` ? `${origin}${String(url.searchParams.get('to'))}` : link;
  };
  const baseNow = async () => (await t.call('GET', PUBLIC_BASE, office)).json().data as { publicBaseUrl: string; own: boolean };
  const signInFrom = (browserOrigin: string) => t.app.inject({
    method: 'POST',
    url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', username: 'office', password: md5Hex(DEMO_PASSWORD), grant_type: 'password', scope: 'all', type: 'account' })}`,
    headers: { authorization: CLIENT_HEADER, 'tenant-id': '000000', origin: browserOrigin },
  });

  it('refuses a push with links while the public base address is empty, in zh and en, and lets one without links go', async () => {
    expect((await baseNow()).publicBaseUrl).toBe('');
    const zh = await submit(mailPush({ pushStatus: 1 }));
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toBe('尚未设置公网访问地址，邮件和短信中的链接无法打开：请先在“邮件设置”中填写公网访问地址');
    const en = await submit(mailPush({ pushStatus: 1 }), { 'accept-language': 'en' });
    expect(en.json().msg).toBe('The public base address is not set, so links in e-mails and text messages cannot open: set it in the e-mail settings first');
    // An in-app message whose text links nowhere needs no address.
    const inApp = await submit(mailPush({ channels: '1', pushStatus: 1 }));
    expect(inApp.statusCode, inApp.body).toBe(200);
    // An in-app message is read in the product; the same link in an e-mail would not open.
    expect((await submit(mailPush({ content: '详情：${portalUrl}', pushStatus: 1 }))).statusCode).toBe(400);
  });

  it('fills the address from the first browser sign-in, keeps it after, and takes an edit only when it is a full address', async () => {
    // A sign-in no browser made (no Origin) fills nothing.
    await t.signIn('office');
    expect((await baseNow()).publicBaseUrl).toBe('');
    const first = await signInFrom('https://alumni.example.edu.cn');
    expect(first.statusCode, first.body).toBe(200);
    await waitFor('the address to be filled', baseNow, (b) => b.publicBaseUrl !== '', 10_000);
    expect((await baseNow()).publicBaseUrl).toBe('https://alumni.example.edu.cn');
    expect((await signInFrom('http://10.0.0.8:3000')).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect((await baseNow()).publicBaseUrl).toBe('https://alumni.example.edu.cn');

    for (const bad of ['alumni.example.edu.cn', 'ftp://alumni.example.edu.cn', 'javascript:alert(1)', 'https://alumni.example.edu.cn/?a=1', '']) {
      const refused = await t.call('PUT', PUBLIC_BASE, office, { publicBaseUrl: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().msg).toBe('公网访问地址须为 http:// 或 https:// 开头的完整地址，不含查询参数');
    }
    const en = await t.call('PUT', PUBLIC_BASE, office, { publicBaseUrl: 'nope' }, { 'accept-language': 'en' });
    expect(en.json().msg).toBe('The public base address must be a full http:// or https:// address without a query');
    expect((await baseNow()).publicBaseUrl).toBe('https://alumni.example.edu.cn');
    // A member of staff without the e-mail settings menu reads and sets nothing.
    const outsider = await t.signInWithoutGrants(await t.signIn('admin'));
    expect((await t.call('GET', PUBLIC_BASE, outsider)).statusCode).toBe(403);
    expect((await t.call('PUT', PUBLIC_BASE, outsider, { publicBaseUrl: 'https://evil.example.com' })).statusCode).toBe(403);

    const set = await t.call('PUT', PUBLIC_BASE, office, { publicBaseUrl: `${origin}/` });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ publicBaseUrl: origin, own: true });
  });

  it('refuses a send naming a variable the sending cannot fill, and the preview shows the same gap instead of the sample', async () => {
    const template = await t.call('POST', `${TEMPLATE}/submit`, office, {
      templateCode: 'LINKS_ACTIVITY_MAIL', templateName: '活动邀请（链接测试）', channel: '3', scene: '8', title: '活动邀请',
      content: '<p>${name}校友：诚邀您参加${activityTitle}</p>', status: 1,
      variables: JSON.stringify([{ name: 'name', label: '姓名', sample: '张伟' }, { name: 'activityTitle', label: '活动名称', sample: '冬季茶话会' }]),
    });
    expect(template.statusCode, template.body).toBe(200);
    const values = mailPush({ templateId: template.json().data.id, subject: '', content: '' });
    const preview = (await t.call('POST', `${BASE}/preview`, office, values)).json().data as { channels: Json[] };
    const mail = preview.channels[0] as Json;
    expect(String(mail.content)).toContain(`${String(alumnus.name)}校友：诚邀您参加\${activityTitle}`);
    expect(String(mail.content)).not.toContain('冬季茶话会');
    expect(mail.unfilled).toEqual(['activityTitle']);
    expect(mail.note).toEqual({ zh: '发送时无法填写 ${activityTitle}，提交发送将被拒绝', en: 'Sending cannot fill ${activityTitle}: a send will be refused' });

    const zh = await submit({ ...values, pushStatus: 1 });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).toBe('模板变量 ${activityTitle} 在发送时无法填写，请在推送内容中改写或删除');
    const en = await submit({ ...values, pushStatus: 1 }, { 'accept-language': 'en' });
    expect(en.json().msg).toBe('The template variable ${activityTitle} cannot be filled when sending: rewrite it in the content or remove it');
    // A draft may hold it; it is the send that is refused.
    const draft = await submit(values);
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await submit({ id: draft.json().data.id, pushStatus: 1 })).statusCode).toBe(400);
  });

  it('fills ${noticeTitle} of a push without a notice with the push\'s title, never with the template\'s own ${noticeTitle} subject', async () => {
    const template = await t.call('POST', `${TEMPLATE}/submit`, office, {
      templateCode: 'LINKS_TITLE_MAIL', templateName: '通用标题（链接测试）', channel: '3', scene: '8', title: '${noticeTitle}',
      content: '<p>${name}校友您好，${noticeTitle}</p>', status: 1,
      variables: JSON.stringify([{ name: 'name', label: '姓名' }, { name: 'noticeTitle', label: '标题' }]),
    });
    expect(template.statusCode, template.body).toBe(200);
    const preview = (await t.call('POST', `${BASE}/preview`, office, mailPush({ title: '返校日安排', templateId: template.json().data.id, subject: '', content: '' }))).json().data as { channels: Json[] };
    expect(preview.channels[0]).toMatchObject({ subject: '返校日安排' });
    expect(String(preview.channels[0]?.content)).toContain(`${String(alumnus.name)}校友您好，返校日安排`);
  });

  it('refuses to send an SMS push whose text has a variable neither its parameters nor every target fill, naming it', async () => {
    const created = await t.call('POST', '/api/smsPush/smsPush/submit', office, {
      title: '活动短信（变量测试）', smsCode: 'demo-sms', providerTemplateId: 'SMS_900000008', signName: '示范大学',
      content: '${name}校友您好，诚邀您参加${activityTitle}', sendType: '1', templateParams: '{}',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = String(created.json().data.id);
    const added = await t.call('POST', '/api/smsPushTarget/smsPushTarget/addFromAlumni', office, { smsPushId: id, alumniIds: String(alumnus.id) });
    expect(added.statusCode, added.body).toBe(200);
    const refused = await t.call('POST', '/api/smsPush/smsPush/submit', office, { id, pushStatus: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('模板变量 ${activityTitle} 在发送时无法填写，请在推送内容中改写或删除');
    expect((await t.call('GET', `/api/smsPush/smsPush/detail/${id}`, office)).json().data.pushStatus).toBe(0);
    const sent = await t.call('POST', '/api/smsPush/smsPush/submit', office, { id, pushStatus: 1, templateParams: JSON.stringify({ activityTitle: '冬季茶话会' }) });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.pushStatus).toBe(1);
  });

  it('sends an e-mail exactly as the preview shows it, every link absolute, and its links answer a client that never saw the product', async () => {
    const notices = (await t.call('GET', `${BASE}/notice-select`, office)).json().data as Json[];
    const notice = notices[0] as Json;
    const template = await t.call('POST', `${TEMPLATE}/submit`, office, {
      templateCode: 'LINKS_NOTICE_MAIL', templateName: '通知（链接测试）', channel: '3', scene: '8', title: '${noticeTitle}',
      content: '<p>${name}校友您好：${schoolName}发布了“${noticeTitle}”，<a href="${noticeUrl}">查看通知</a>，或<a href="${portalUrl}">登录校友门户</a>。</p>',
      status: 1,
      variables: JSON.stringify(['name', 'schoolName', 'noticeTitle', 'noticeUrl', 'portalUrl'].map((name) => ({ name, label: name, sample: `示例${name}` }))),
    });
    expect(template.statusCode, template.body).toBe(200);
    const values = { ...mailPush({ templateId: template.json().data.id, noticeId: notice.id, subject: '', content: '' }), channels: '1,3' };
    const preview = (await t.call('POST', `${BASE}/preview`, office, values)).json().data as { channels: Json[] };
    const shown = preview.channels.find((c) => c.channel === '3') as Json;
    expect(shown.unfilled).toBeUndefined();

    const sent = await submit({ ...values, pushStatus: 1 });
    expect(sent.statusCode, sent.body).toBe(200);
    const pushId = String(sent.json().data.id);
    expect(await until(pushId)).toMatchObject({ pushStatus: 3, successCount: 2, readCount: 0 });
    const mail = await mailTo(String(notice.title));
    const html = String(mail.html);

    // The same text as the preview: the pixel aside, and the unsubscribe token the preview cannot know.
    const withoutPixel = html.replace(/<img src="[^"]*" width="1" height="1" alt="">$/, '').replace(/token=[\w.-]+/g, 'token=…');
    expect(withoutPixel).toBe(String(shown.content));
    expect(html).toContain(`${String(alumnus.name)}校友您好`);
    expect(html).not.toMatch(/\$\{\w+\}/);

    const links = [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => (m[1] as string).replace(/&amp;/g, '&'));
    expect(links.length).toBe(5);
    for (const link of links) expect(link.startsWith(`${origin}/`), link).toBe(true);
    const noticeLink = links.find((l) => leadsTo(l).includes('/portal/notice/')) as string;
    expect(leadsTo(noticeLink)).toBe(`${origin}/portal/notice/${String(notice.id)}?tenant=000000`);
    expect(links.map(leadsTo)).toContain(`${origin}/portal?tenant=000000`);
    const pixel = links.find((l) => l.includes('/open/read?')) as string;
    const unsubscribe = links.find((l) => l.includes('/open/unsubscribe?')) as string;
    const record = async () => ((await t.call('GET', `${BASE}/record/list?pushId=${pushId}&size=10`, office)).json().data.records as Json[]).find((r) => r.channel === '3') as Json;
    const stats = async () => ((await t.call('GET', `${BASE}/detail?id=${pushId}`, office)).json().data as Json);

    // The notice's link: the click is counted (and counts as read), and it lands on the portal's page for the notice.
    expect(await record()).toMatchObject({ readTime: null, clickTime: null });
    const page = await fetch(noticeLink);
    expect(page.status).toBe(200);
    expect(page.url).toBe(`${origin}/portal/notice/${String(notice.id)}?tenant=000000`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await record()).toMatchObject({ readTime: expect.any(String), clickTime: expect.any(String) });
    const afterClick = await stats();
    expect(afterClick.readCount).toBe(1);
    expect((afterClick.channelStats as Json[]).find((c) => c.channel === '3')).toMatchObject({ readCount: 1, clickCount: 1 });
    mailed = { pushId, noticeId: String(notice.id), title: String(notice.title) };
    // A click-through token never leads outside the product, and a forged one leads nowhere.
    const token = new URL(noticeLink).searchParams.get('token') as string;
    for (const to of ['//evil.example.com/x', 'https://evil.example.com/', '/\\evil.example.com']) {
      expect((await fetch(`${origin}${BASE}/open/click?token=${token}&to=${encodeURIComponent(to)}`, { redirect: 'manual' })).status, to).toBe(400);
    }
    expect((await fetch(`${origin}${BASE}/open/click?token=1.AAAAAAAAAAAAAAAAAAAAAAAA&to=%2Fportal`, { redirect: 'manual' })).status).toBe(400);

    // The read pixel: a GIF; the record stays read once.
    const gif = await fetch(pixel);
    expect(gif.status).toBe(200);
    expect(gif.headers.get('content-type')).toBe('image/gif');
    expect((await stats()).readCount).toBe(1);

    // Unsubscribe: a page, and the alumnus's e-mail consent is withdrawn.
    const left = await fetch(unsubscribe);
    expect(left.status).toBe(200);
    expect(await left.text()).toContain('已退订');
    expect((await t.call('GET', `/api/blade-basicInfo/basicInfo/detail?id=${String(alumnus.id)}`, office)).json().data.allowEmail).toBe(0);
    await t.call('POST', '/api/blade-basicInfo/basicInfo/submit', office, { id: alumnus.id, allowEmail: 1 });
  });

  it('opens the mailed notice in the portal after the SMS-code sign-in, and the push\'s read count rises', async () => {
    expect(mailed).not.toBeNull();
    if (!mailed) return;
    const before = Number((await t.call('GET', `${BASE}/detail?id=${mailed.pushId}`, office)).json().data.readCount);
    const captcha = await (await fetch(`${origin}/api/blade-auth/oauth/captcha`)).json() as { key: string };
    const captchaCode = await t.app.services.captcha.peek(captcha.key);
    const asked = await fetch(`${origin}/api/blade-portal/auth/code`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantId: '000000', channel: 'sms', target: '13912340028', captchaKey: captcha.key, captchaCode }),
    });
    expect(asked.status, await asked.clone().text()).toBe(200);
    const record = await t.app.services.database.db.selectFrom('blade_send_record').select('params').where('channel', '=', 'sms')
      .orderBy('create_time', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const code = String((JSON.parse(String(record.params)) as { code: string }).code);
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await fetch(`${origin}/api/blade-portal/auth/sign-in`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tenantId: '000000', channel: 'sms', target: '13912340028', code }),
    });
    expect(signedIn.status).toBe(200);
    const { accessToken } = (await signedIn.json() as { data: { accessToken: string } }).data;
    const opened = await fetch(`${origin}/api/blade-portal/notices/${mailed.noticeId}`, { headers: { 'portal-auth': `bearer ${accessToken}` } });
    expect(opened.status).toBe(200);
    expect((await opened.json() as { data: Json }).data.title).toBe(mailed.title);
    expect((await t.call('GET', `${BASE}/detail?id=${mailed.pushId}`, office)).json().data.readCount).toBe(before + 1);
  });

  it('invites to a survey by an e-mail whose link opens the answer page and takes the answer', async () => {
    const ok = async (url: string, body: Json) => {
      const res = await t.call('POST', url, office, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Json;
    };
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const survey = await ok(`${SURVEY}/submit`, { title: '链接问卷', surveyType: '3', startTime: `${day(-1)} 00:00:00`, endTime: `${day(10)} 00:00:00`, targetScope: '1' });
    const question = await ok('/api/blade-subjectRegist/subjectRegist/submit', { surveyId: survey.id, subjectNo: 1, subjectTitle: '是否参加校庆', questionType: '1', isRequired: 1 });
    const yes = await ok('/api/blade-optionInstruction/optionInstruction/submit', { subjectId: question.id, optionLabel: 'A', optionContent: '参加' });
    await ok('/api/blade-optionInstruction/optionInstruction/submit', { subjectId: question.id, optionLabel: 'B', optionContent: '不参加' });
    await ok(`${SURVEY}/submit`, { id: survey.id, surveyStatus: 1 });

    const sent = await submit(mailPush({ title: '问卷邀请推送', subject: '请填写链接问卷', content: '<p>${name}：请<a href="${surveyUrl}">作答</a></p>', surveyId: survey.id, pushStatus: 1 }));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await until(String(sent.json().data.id))).toMatchObject({ pushStatus: 3, successCount: 1 });
    const html = String((await mailTo('请填写链接问卷')).html);
    const through = (/href="([^"]+)"/.exec(html)?.[1] as string).replace(/&amp;/g, '&');
    const link = leadsTo(through);
    expect(link.startsWith(`${origin}/survey-answer/${String(survey.id)}?`)).toBe(true);

    const page = await fetch(through);
    expect(page.status).toBe(200);
    expect(page.url).toBe(link);
    expect(await page.text()).toContain('back-office');
    // What the answer page asks with the link's own tenant and token.
    const query = new URL(link).searchParams;
    const headers = { 'content-type': 'application/json', 'tenant-id': String(query.get('tenantId')) };
    const view = await fetch(`${origin}${SURVEY}/open/survey?id=${String(survey.id)}&token=${encodeURIComponent(String(query.get('token')))}`, { headers });
    expect(view.status).toBe(200);
    expect((await view.json() as { data: Json }).data.closedReason).toBeNull();
    const answered = await fetch(`${origin}${SURVEY}/open/submit`, {
      method: 'POST', headers, body: JSON.stringify({ id: survey.id, token: query.get('token'), answers: { [String(question.id)]: yes.id } }),
    });
    expect(answered.status, await answered.clone().text()).toBe(200);
    expect((await t.call('GET', `${SURVEY}/detail?id=${String(survey.id)}`, office)).json().data.answerCount).toBe(1);
  });
});
