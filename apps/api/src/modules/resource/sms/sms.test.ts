import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMS_CATEGORY } from '@alumni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDialects, type TestApp } from '../../../test-support/test-app.js';
import { LOCAL_SERVICES } from '../../../test-support/local-services.js';

const ALI_SECRET = 'ali-secret-key';
const TC_SECRET = 'tencent-secret-key';

/** Alibaba RPC signature 1.0, written from the provider's documentation (independent of the adapter). */
function alibabaSignatureValid(url: URL): boolean {
  const enc = (s: string) => encodeURIComponent(s).replace(/!/g, '%21').replace(/'/g, '%27').replace(/\(/g, '%28').replace(/\)/g, '%29').replace(/\*/g, '%2A');
  const params = [...url.searchParams.entries()].filter(([k]) => k !== 'Signature').sort(([a], [b]) => (a < b ? -1 : 1));
  const canonical = params.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  const expected = createHmac('sha1', `${ALI_SECRET}&`).update(`GET&%2F&${enc(canonical)}`).digest('base64');
  return url.searchParams.get('Signature') === expected;
}

/** Tencent TC3-HMAC-SHA256, written from the provider's documentation (independent of the adapter). */
function tencentSignatureValid(req: IncomingMessage, body: string): boolean {
  const auth = String(req.headers.authorization ?? '');
  const m = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/sms\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return false;
  const [, , date, signedHeaders, signature] = m as unknown as [string, string, string, string, string];
  // Header values as sent, trimmed; the action is signed in lower case.
  const headerLines = signedHeaders.split(';').map((h) => {
    const value = String(req.headers[h] ?? '').trim();
    return `${h}:${h === 'x-tc-action' ? value.toLowerCase() : value}\n`;
  }).join('');
  const hex = (s: string) => createHash('sha256').update(s).digest('hex');
  const canonicalRequest = `POST\n/\n\n${headerLines}\n${signedHeaders}\n${hex(body)}`;
  const timestamp = String(req.headers['x-tc-timestamp']);
  if (new Date(Number(timestamp) * 1000).toISOString().slice(0, 10) !== date) return false;
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/sms/tc3_request\n${hex(canonicalRequest)}`;
  const h = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();
  const key = h(h(h(`TC3${TC_SECRET}`, date), 'sms'), 'tc3_request');
  return createHmac('sha256', key).update(stringToSign).digest('hex') === signature;
}

describe.each(testDialects())('SMS sending on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let provider: Server;
  let endpoint: string;
  const seen: { provider: string; valid: boolean; detail: unknown }[] = [];

  beforeAll(async () => {
    provider = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
      req.on('end', () => {
        const url = new URL(String(req.url), 'http://local');
        res.setHeader('content-type', 'application/json');
        if (req.method === 'GET' && url.searchParams.get('Action') === 'SendSms') {
          const valid = alibabaSignatureValid(url);
          seen.push({ provider: 'alibaba', valid, detail: Object.fromEntries(url.searchParams) });
          res.end(JSON.stringify(valid ? { Code: 'OK', Message: 'OK', BizId: '1', RequestId: 'r' } : { Code: 'SignatureDoesNotMatch', Message: 'bad signature' }));
          return;
        }
        const valid = tencentSignatureValid(req, body);
        seen.push({ provider: 'tencent', valid, detail: JSON.parse(body) });
        res.end(JSON.stringify(valid
          ? { Response: { SendStatusSet: [{ Code: 'Ok', Message: 'send success', SerialNo: 's' }], RequestId: 'r' } }
          : { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'bad signature' }, RequestId: 'r' } }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    t = await startTestApp(dialect, LOCAL_SERVICES);
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  const send = (query: Record<string, string>) => t.call('POST', `/api/blade-resource/sms/endpoint/send-message?${new URLSearchParams(query)}`, admin);
  const records = async () => (await t.call('GET', '/api/blade-resource/send-record/list?channel=sms&size=50', admin)).json().data.records as Record<string, unknown>[];

  async function configure(body: Record<string, unknown>): Promise<string> {
    const res = await t.call('POST', '/api/blade-resource/sms/submit', admin, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id;
  }

  it('sends through the seeded log provider (demo-sms) and records each message with template and params, the phone masked', async () => {
    const res = await send({ phones: '13900000002', params: JSON.stringify({ name: '王晓梅' }) });
    expect(res.json().data).toEqual({ sent: 1, failed: 0, outcomes: [expect.objectContaining({ phone: '13900000002', ok: true })] });
    expect((await records())[0]).toMatchObject({ channel: 'sms', target: '139****0002', template: 'SMS_900000001', params: '{"name":"王晓梅"}', status: 1, provider: 'log' });
  });

  it('reports a bad phone with the mobile message, records it as invalid and sends the good ones', async () => {
    const res = await send({ phones: '13900000002,12345,14200000000', params: '{}' });
    const data = res.json().data;
    expect(data).toMatchObject({ sent: 1, failed: 2 });
    expect(data.outcomes[1]).toEqual({ phone: '12345', ok: false, message: '请输入正确的手机号码' });
    expect((await records()).filter((r) => r.status === 3).map((r) => r.target)).toEqual(expect.arrayContaining(['*2345', '142****0000']));
  });

  it('refuses params that are not a JSON object and an empty phone list (400)', async () => {
    expect((await send({ phones: '13900000002', params: '[1]' })).statusCode).toBe(400);
    expect((await send({ phones: ' ', params: '{}' })).statusCode).toBe(400);
  });

  it('signs Alibaba Cloud SendSms requests as the provider documents (checked by the local endpoint)', async () => {
    await configure({ category: SMS_CATEGORY.alibaba, smsCode: 'ali', templateId: 'SMS_123', signName: '示范大学', accessKey: 'ali-key', secretKey: ALI_SECRET, regionId: 'cn-hangzhou', endpoint });
    const res = await send({ code: 'ali', phones: '13900000003', params: JSON.stringify({ code: '1234', name: '李 建国' }) });
    expect(res.json().data.sent).toBe(1);
    const call = seen.at(-1);
    expect(call).toMatchObject({ provider: 'alibaba', valid: true });
    expect(call?.detail).toMatchObject({ PhoneNumbers: '13900000003', SignName: '示范大学', TemplateCode: 'SMS_123', TemplateParam: '{"code":"1234","name":"李 建国"}', AccessKeyId: 'ali-key' });
  });

  it('signs Tencent Cloud SendSms requests with TC3-HMAC-SHA256 (checked by the local endpoint)', async () => {
    await configure({ category: SMS_CATEGORY.tencent, smsCode: 'tc', templateId: '1001', signName: '示范大学', accessKey: 'AKIDtest', secretKey: TC_SECRET, appId: '1400000000', regionId: 'ap-guangzhou', endpoint });
    const res = await send({ code: 'tc', phones: '13900000004', params: JSON.stringify({ a: '校友', b: '2' }) });
    expect(res.json().data.sent).toBe(1);
    const call = seen.at(-1);
    expect(call).toMatchObject({ provider: 'tencent', valid: true });
    expect(call?.detail).toEqual({ PhoneNumberSet: ['+8613900000004'], SmsSdkAppId: '1400000000', SignName: '示范大学', TemplateId: '1001', TemplateParamSet: ['校友', '2'] });
  });

  it('records a provider refusal as failed with its answer (a wrong secret fails the signature check)', async () => {
    await configure({ category: SMS_CATEGORY.tencent, smsCode: 'tc-bad', templateId: '1001', signName: 'x', accessKey: 'AKIDtest', secretKey: 'wrong', appId: '1400000000', endpoint });
    const res = await send({ code: 'tc-bad', phones: '13900000005', params: '{}' });
    expect(res.json().data).toMatchObject({ sent: 0, failed: 1 });
    expect(seen.at(-1)?.valid).toBe(false);
    const record = (await records())[0];
    expect(record).toMatchObject({ target: '139****0005', status: 2 });
    expect(String(record?.answer)).toContain('AuthFailure.SignatureFailure');
  });

  it('masks the secret key in answers and never stores it in the send records', async () => {
    const list = (await t.call('GET', '/api/blade-resource/sms/list?size=100', admin)).json().data.records as Record<string, unknown>[];
    expect(list.filter((r) => r.secretKey !== null).every((r) => r.secretKey === '******')).toBe(true);
    expect(JSON.stringify(await records())).not.toContain(ALI_SECRET);
  });

  it('enables exactly one configuration, which then sends when no code is given', async () => {
    const id = await configure({ category: SMS_CATEGORY.log, smsCode: 'log-2', templateId: 'T2', signName: '校友会' });
    expect((await t.call('POST', `/api/blade-resource/sms/enable?id=${id}`, admin)).json().data).toBe(true);
    const rows = (await t.call('GET', '/api/blade-resource/sms/list?size=100', admin)).json().data.records as { id: string; enabled: number }[];
    expect(rows.filter((r) => r.enabled === 1).map((r) => r.id)).toEqual([id]);
    await send({ phones: '13900000006', params: '{}' });
    expect((await records())[0]).toMatchObject({ target: '139****0006', template: 'T2' });
  });

  it('refuses sending and enabling to a caller without the buttons (403)', async () => {
    const leader = await t.signIn('leader');
    expect((await t.call('POST', '/api/blade-resource/sms/endpoint/send-message?phones=13900000002', leader)).statusCode).toBe(403);
    const office = await t.signIn('office');
    expect((await t.call('POST', '/api/blade-resource/sms/endpoint/send-message?phones=13900000002', office)).statusCode).toBe(403);
  });
});
