import { tc3Authorization } from './tencent-signature.js';
import { outboundRequest } from '../../../security/outbound-address.js';
import { TIMEOUT_MS, clip, type SmsProvider } from './sms-provider.js';

const DEFAULT_ENDPOINT = 'https://sms.tencentcloudapi.com';
const CONTENT_TYPE = 'application/json; charset=utf-8';

interface TencentAnswer {
  Response?: { Error?: { Code: string }; SendStatusSet?: { Code: string }[] };
}

/**
 * Tencent Cloud SMS (API 2021-01-11, SendSms) through its signed HTTP API. Tencent templates take
 * positional parameters: the values of `params` in the order given.
 */
export const tencentProvider: SmsProvider = {
  async send(config, phone, params, guard) {
    const url = new URL(String(config.endpoint || DEFAULT_ENDPOINT));
    const payload = JSON.stringify({
      PhoneNumberSet: [phone.startsWith('+') ? phone : `+86${phone}`],
      SmsSdkAppId: String(config.appId ?? ''),
      SignName: String(config.signName ?? ''),
      TemplateId: String(config.templateId ?? ''),
      TemplateParamSet: Object.values(params).map(String),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const authorization = tc3Authorization({
      secretId: String(config.accessKey ?? ''), secretKey: String(config.secretKey ?? ''),
      service: 'sms', host: url.host, action: 'SendSms', payload, timestamp, contentType: CONTENT_TYPE,
    });
    const res = await outboundRequest(guard, url, {
      method: 'POST',
      body: payload,
      timeoutMs: TIMEOUT_MS,
      headers: {
        authorization, 'content-type': CONTENT_TYPE, 'x-tc-action': 'SendSms', 'x-tc-version': '2021-01-11',
        'x-tc-timestamp': String(timestamp), 'x-tc-region': String(config.regionId || 'ap-guangzhou'),
      },
    });
    const { text } = res;
    let answer: TencentAnswer = {};
    try {
      answer = JSON.parse(text) as TencentAnswer;
    } catch {
      // not JSON: a gateway error page; reported as the answer below
    }
    const status = answer.Response?.SendStatusSet?.[0]?.Code;
    return { ok: res.ok && !answer.Response?.Error && status === 'Ok', answer: clip(text) };
  },
};
