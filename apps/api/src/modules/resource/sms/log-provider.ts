import type { SmsProvider } from './sms-provider.js';

/**
 * The development provider: it sends nothing. The message is recorded like any other send (the
 * send records are where it can be read), so screens and pushes can be tried without an account.
 */
export const logProvider: SmsProvider = {
  async send(config, _phone, params) {
    return { ok: true, answer: JSON.stringify({ provider: 'log', templateId: config.templateId, signName: config.signName, params }) };
  },
};
