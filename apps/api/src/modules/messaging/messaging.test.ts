import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../core/time.js';
import { startTestApp, testDialects, type TestApp } from '../../test-support/test-app.js';

const TEMPLATES = '/api/blade-noticeTemplate/noticeTemplate';
const TEXTS = '/api/blade-text/text';

type Json = Record<string, unknown>;

const template = (values: Json = {}): Json => ({
  templateCode: `T${Math.random().toString(36).slice(2, 10).toUpperCase()}`, templateName: '测试模板', channel: '2', scene: '8',
  content: '${name}校友您好，拒收请回复R', variables: JSON.stringify([{ name: 'name', label: '姓名' }]), providerTemplateId: 'SMS_1', status: 1,
  ...values,
});

describe.each(testDialects())('notice templates and texts on %s (DOMAIN 8.2, 8.7)', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('office');
  });
  afterAll(async () => t?.close());

  const submit = (url: string, body: Json, token = admin) => t.call('POST', `${url}/submit`, token, body);
  const refusal = async (url: string, body: Json) => {
    const res = await submit(url, body);
    expect(res.statusCode, res.body).toBe(400);
    return res.json() as { msg: string; data: { errors?: Record<string, string> } | null };
  };

  describe('notice templates', () => {
    it('answers the enabled templates of a channel and scene for the push forms', async () => {
      const sms = (await t.call('GET', `${TEMPLATES}/all?channel=2`, admin)).json().data as Json[];
      expect(sms.map((r) => r.templateCode)).toEqual([
        'ACTIVITY_TICKET_SMS', 'APPLY_CONFIRMED_SMS', 'BIRTHDAY_SMS', 'EVENT_REMINDER_SMS', 'GENERAL_NOTICE_SMS', 'REGIST_APPROVED_SMS', 'REGIST_REJECTED_SMS',
        'WAITLIST_PROMOTED_SMS',
      ]);
      const approved = (await t.call('GET', `${TEMPLATES}/all?channel=2&scene=1`, admin)).json().data as Json[];
      expect(approved).toEqual([expect.objectContaining({
        templateCode: 'REGIST_APPROVED_SMS', providerTemplateId: 'SMS_900000001',
        content: '${name}校友您好，您的校友信息登记已审核通过，校友编号${alumniCode}。欢迎常回母校看看！',
      })]);
      expect((await t.call('GET', `${TEMPLATES}/all?channel=x`, admin)).statusCode).toBe(400);
      const page = (await t.call('GET', `${TEMPLATES}/list?channel=3`, admin)).json().data as { total: number };
      expect(page.total).toBe(2);
    });

    it('refuses a malformed code, a missing subject or provider id, undeclared variables and marketing texts without an opt-out', async () => {
      expect((await refusal(TEMPLATES, template({ templateCode: 'lower_case' }))).data?.errors?.templateCode).toBe('编码须以大写字母开头，只含大写字母、数字和下划线，3–32位');
      expect((await refusal(TEMPLATES, template({ channel: '3', title: null, providerTemplateId: null }))).data?.errors?.title).toBe('邮件和站内消息模板须填写标题');
      expect((await refusal(TEMPLATES, template({ providerTemplateId: '' }))).data?.errors?.providerTemplateId).toBe('短信和微信模板须填写服务商模板编号');
      expect((await refusal(TEMPLATES, template({ content: '${name}您好，${amount}元已到账，拒收请回复R' }))).msg).toBe('模板变量 ${amount} 未定义');
      expect((await refusal(TEMPLATES, template({ content: '${name}校友您好' }))).msg).toBe('营销类短信须包含退订方式');
      expect((await refusal(TEMPLATES, template({ content: `${'长'.repeat(495)}，拒收请回复R` }))).msg).toBe('短信模板内容不能超过500个字');
      expect((await refusal(TEMPLATES, template({ variables: '{"name":"name"}' }))).data?.errors?.variables).toBe('变量说明应为列表，每项为一行');
      expect((await refusal(TEMPLATES, template({ variables: [{ name: '1st', label: '第一' }] }))).msg).toBe('变量说明须为 JSON 数组，每项含 name 和 label');
      expect((await refusal(TEMPLATES, template({ templateCode: 'REGIST_APPROVED_SMS' }))).msg).toBe('模板编码已存在');
    });

    it('keeps one enabled template per channel for scenes 1–7, and any number for general notices', async () => {
      const scene1 = template({ scene: '1', content: '${name}校友您好，登记已通过' });
      expect((await refusal(TEMPLATES, scene1)).data?.errors?.scene).toBe('该场景已有启用的同渠道模板');
      const disabled = await submit(TEMPLATES, { ...scene1, status: 2 });
      expect(disabled.statusCode, disabled.body).toBe(200);
      const mail = await submit(TEMPLATES, template({ scene: '1', channel: '3', title: '登记通过', providerTemplateId: null, content: '<p>${name}校友您好</p>' }));
      expect(mail.statusCode, mail.body).toBe(200);
      expect((await submit(TEMPLATES, template())).statusCode).toBe(200);
      expect((await submit(TEMPLATES, template())).statusCode).toBe(200);
      const enabling = { ...(disabled.json().data as Json), status: 1 };
      expect((await refusal(TEMPLATES, enabling)).data?.errors?.scene).toBe('该场景已有启用的同渠道模板');
    });

    it('lets a college secretary read templates but not change them', async () => {
      const secretary = await t.signIn('college');
      expect((await t.call('GET', `${TEMPLATES}/list`, secretary)).statusCode).toBe(200);
      expect((await submit(TEMPLATES, template(), secretary)).statusCode).toBe(403);
    });
  });

  describe('texts', () => {
    const versions = async (code: string) => ((await t.call('GET', `${TEXTS}/list?textCode=${code}&size=50`, admin)).json().data as { records: Json[] }).records;
    const currentOf = async (code: string) => (await versions(code)).filter((r) => r.isCurrent === 1).map((r) => r.version);
    const day = (offset: number) => formatDateTime(new Date(Date.now() + offset * 86_400_000)).slice(0, 10);

    it('marks one current version per code: the enabled one in effect latest', async () => {
      const current = (await t.call('GET', `${TEXTS}/list?isCurrent=1&size=50`, admin)).json().data as { records: Json[] };
      expect(current.records.map((r) => `${String(r.textCode)} ${String(r.version)}`).sort()).toEqual([
        'ABOUT_US 1.0', 'ASSOCIATION_CHARTER 1.0', 'DONATION_GUIDE 1.0', 'PRIVACY_POLICY 1.0', 'REGIST_AGREEMENT 1.1',
      ]);
      expect(await currentOf('REGIST_AGREEMENT')).toEqual(['1.1']);
    });

    it('never changes or removes a version registrations accepted, but lets it be disabled', async () => {
      const v10 = (await versions('REGIST_AGREEMENT')).find((r) => r.version === '1.0') as Json;
      expect((await refusal(TEXTS, { ...v10, content: '<p>改写</p>' })).msg).toBe('已有登记同意此版本，不能修改，请新建版本');
      const removal = await t.call('POST', `${TEXTS}/remove?ids=${String(v10.id)}`, admin);
      expect(removal.statusCode).toBe(400);
      expect(removal.json().msg).toBe('已有登记同意此版本，不能修改，请新建版本');
      const disabled = await submit(TEXTS, { ...v10, status: 2 });
      expect(disabled.statusCode, disabled.body).toBe(200);
      expect(await currentOf('REGIST_AGREEMENT')).toEqual(['1.1']);
    });

    it('makes a new version current from its effective date, and the one before current again when it goes', async () => {
      const code = `T${Math.random().toString(36).slice(2, 9).toUpperCase()}`;
      const body = (version: string, effectiveDate: string) => ({ textCode: code, title: '测试文本', textType: '99', version, content: `<p>${version}</p>`, effectiveDate, status: 1 });
      const first = (await submit(TEXTS, body('1.0', day(-10)))).json().data as Json;
      expect(await currentOf(code)).toEqual(['1.0']);
      const second = (await submit(TEXTS, body('v1.1', day(0)))).json().data as Json;
      expect(await currentOf(code)).toEqual(['v1.1']);
      expect((await submit(TEXTS, body('2.0', day(5)))).statusCode).toBe(200);
      expect(await currentOf(code)).toEqual(['v1.1']);
      expect((await t.call('POST', `${TEXTS}/remove?ids=${String(second.id)}`, admin)).statusCode).toBe(200);
      expect(await currentOf(code)).toEqual(['1.0']);
      expect((await submit(TEXTS, { ...first, status: 2 })).statusCode).toBe(200);
      expect(await currentOf(code)).toEqual([]);
      expect((await refusal(TEXTS, body('1.0', day(0)))).msg).toBe('该编码下已存在此版本');
      expect((await refusal(TEXTS, body('1.a', day(0)))).data?.errors?.version).toBe('版本号格式应为 1、1.0 或 v1.0.1');
      expect((await refusal(TEXTS, { ...body('1.0', day(0)), textCode: 'bad code' })).data?.errors?.textCode).toBe('编码须以大写字母开头，只含大写字母、数字和下划线，3–32位');
    });
  });
});
