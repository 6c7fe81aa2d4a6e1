import { randomUUID } from 'node:crypto';
import type { SmsProvider } from './sms-provider.js';

/**
 * Numbers the development provider refuses, so failures and resends can be tried without an
 * account: 199 0000 xxxx, the last digit choosing the answer (0–3 a malformed number, 4–6 the
 * provider's rate control, 7–9 a handset switched off). The provider never sends anything, so the
 * range takes nothing from real use.
 */
export const LOG_FAILING_PREFIX = '1990000';

const FAILURES: [string, string][] = [
  ['isv.MOBILE_NUMBER_ILLEGAL', '号码格式错误'], ['isv.MOBILE_NUMBER_ILLEGAL', '号码格式错误'], ['isv.MOBILE_NUMBER_ILLEGAL', '号码格式错误'],
  ['isv.MOBILE_NUMBER_ILLEGAL', '号码格式错误'], ['isv.BUSINESS_LIMIT_CONTROL', '触发发送频率限制'], ['isv.BUSINESS_LIMIT_CONTROL', '触发发送频率限制'],
  ['isv.BUSINESS_LIMIT_CONTROL', '触发发送频率限制'], ['UNDELIV', '用户关机或停机'], ['UNDELIV', '用户关机或停机'], ['UNDELIV', '用户关机或停机'],
];

/**
 * The development provider: it sends nothing. The message is recorded like any other send (the
 * send records are where it can be read), so screens and pushes can be tried without an account.
 */
export const logProvider: SmsProvider = {
  async send(config, phone, params) {
    if (phone.startsWith(LOG_FAILING_PREFIX) && phone.length === 11) {
      const [code, message] = FAILURES[Number(phone.slice(-1))] as [string, string];
      return { ok: false, answer: JSON.stringify({ provider: 'log', Code: code, Message: message }) };
    }
    return { ok: true, answer: JSON.stringify({ provider: 'log', BizId: randomUUID().replace(/-/g, '').slice(0, 20), templateId: config.templateId, signName: config.signName, params }) };
  },
};
