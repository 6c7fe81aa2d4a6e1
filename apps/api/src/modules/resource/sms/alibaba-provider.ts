import { randomUUID } from 'node:crypto';
import { canonicalQuery, percentEncode, rpcSignature } from './alibaba-signature.js';
import { outboundRequest } from '../../../security/outbound-address.js';
import { TIMEOUT_MS, clip, type SmsProvider } from './sms-provider.js';

const DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com';

/** Alibaba Cloud SMS (dysmsapi 2017-05-25, SendSms) through its signed RPC API. */
export const alibabaProvider: SmsProvider = {
  async send(config, phone, params, guard) {
    const query: Record<string, string> = {
      AccessKeyId: String(config.accessKey ?? ''),
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phone,
      RegionId: String(config.regionId || 'cn-hangzhou'),
      SignName: String(config.signName ?? ''),
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: String(config.templateId ?? ''),
      TemplateParam: JSON.stringify(params),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = rpcSignature('GET', query, String(config.secretKey ?? ''));
    const base = String(config.endpoint || DEFAULT_ENDPOINT).replace(/\/+$/, '');
    const res = await outboundRequest(guard, `${base}/?Signature=${percentEncode(signature)}&${canonicalQuery(query)}`, { timeoutMs: TIMEOUT_MS });
    const { text } = res;
    let code = '';
    try {
      code = String((JSON.parse(text) as { Code?: string }).Code ?? '');
    } catch {
      // not JSON: a gateway error page; reported as the answer below
    }
    return { ok: res.ok && code === 'OK', answer: clip(text) };
  },
};
