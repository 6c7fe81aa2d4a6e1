import { MOBILE_MSG, RESOURCE_MSG, SMS_CATEGORY, isMobile, smsEntity, t, type Lang, type Text, type SmsSendOutcome, type SmsSendResult } from '@alumni/domain';
import type { Caller } from '../../../core/caller.js';
import { badRequest } from '../../../core/errors.js';
import type { Db } from '../../../db/database.js';
import { rowToRecord, selectColumns, type JsonRecord } from '../../../db/row-mapping.js';
import type { OutboundGuard } from '../../../security/outbound-address.js';
import { SEND_STATUS, type SendRecords } from '../send-records.js';
import type { TenantQuotas } from '../../tenant/tenant-quotas.js';
import { alibabaProvider } from './alibaba-provider.js';
import { logProvider } from './log-provider.js';
import type { SmsProvider } from './sms-provider.js';
import { tencentProvider } from './tencent-provider.js';

const PROVIDERS: Record<string, SmsProvider> = {
  [SMS_CATEGORY.log]: logProvider,
  [SMS_CATEGORY.alibaba]: alibabaProvider,
  [SMS_CATEGORY.tencent]: tencentProvider,
};

const PROVIDER_NAMES: Record<string, string> = { [SMS_CATEGORY.log]: 'log', [SMS_CATEGORY.alibaba]: 'alibaba', [SMS_CATEGORY.tencent]: 'tencent' };

/** Providers a BladeX installation may have configured but the product cannot send through. */
const UNSUPPORTED_NAMES: Record<string, Text> = {
  [SMS_CATEGORY.yunpian]: t('云片', 'Yunpian'),
  [SMS_CATEGORY.qiniu]: t('七牛云', 'Qiniu'),
};

/** The sender of a configuration's category; a 400 naming the provider when there is none. */
export function smsProviderOf(category: string, lang: Lang): SmsProvider {
  const provider = PROVIDERS[category];
  if (provider) return provider;
  const name = UNSUPPORTED_NAMES[category]?.[lang] ?? category;
  throw badRequest(RESOURCE_MSG.smsProviderUnsupported, { provider: name });
}

/** Reads `params` as the protocol sends it: a JSON object (or its text) of template variables. */
export function parseSmsParams(raw: unknown): Record<string, string> | null {
  let value = raw;
  if (value === undefined || value === null || value === '') return {};
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

/** Sends text messages through a tenant's SMS configuration and records each one. */
export class SmsService {
  constructor(private readonly db: Db, private readonly records: SendRecords, private readonly guard: OutboundGuard, private readonly quotas: TenantQuotas) {}

  /** The configuration named by `code`, or the tenant's enabled one when no code is given. */
  async configuration(tenantId: string, code: string | null): Promise<JsonRecord | null> {
    let query = this.db.selectFrom(smsEntity.table).select(selectColumns(smsEntity))
      .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
    query = code ? query.where('sms_code', '=', code) : query.where('enabled', '=', 1);
    const row = await query.orderBy('update_time', 'desc').executeTakeFirst();
    return row ? rowToRecord(smsEntity, row) : null;
  }

  /**
   * Sends one message per phone. `template` names the provider's approved template and signature
   * to use instead of the configuration's own (a notice template's), when given.
   */
  async send(
    caller: Pick<Caller, 'tenantId' | 'userId'>, lang: Lang, code: string | null, phones: string[], params: Record<string, string>,
    template: { templateId?: string | null; signName?: string | null } = {},
  ): Promise<SmsSendResult> {
    const outcomes = await this.sendEach(caller, lang, code, phones.map((phone) => ({ phone, params })), template);
    return { sent: outcomes.filter((o) => o.ok).length, failed: outcomes.filter((o) => !o.ok).length, outcomes };
  }

  /**
   * Sends a batch of messages, each with its own parameters, through one configuration (read
   * once): what a push sends per provider call. Every message is recorded; the outcomes come in
   * the order of `messages`.
   */
  async sendEach(
    caller: Pick<Caller, 'tenantId' | 'userId'>, lang: Lang, code: string | null, messages: { phone: string; params: Record<string, string> }[],
    template: { templateId?: string | null; signName?: string | null } = {},
  ): Promise<SmsSendOutcome[]> {
    const configured = await this.configuration(caller.tenantId, code);
    if (!configured) throw badRequest(RESOURCE_MSG.noSmsConfig);
    const config: JsonRecord = {
      ...configured,
      ...(template.templateId ? { templateId: template.templateId } : {}),
      ...(template.signName ? { signName: template.signName } : {}),
    };
    const category = String(config.category);
    const provider = smsProviderOf(category, lang);
    // The tenant's messages of the month: a batch they cannot all take is refused before any is sent.
    await this.quotas.requireSms(caller.tenantId, messages.filter(({ phone }) => phone && isMobile(phone)).length);
    const outcomes: SmsSendOutcome[] = [];
    for (const { phone, params } of messages) {
      const base = { channel: 'sms' as const, configId: String(config.id), provider: PROVIDER_NAMES[category] ?? category, target: phone, template: String(config.templateId ?? ''), params: JSON.stringify(params) };
      if (!phone || !isMobile(phone)) {
        await this.records.write(caller, { ...base, status: SEND_STATUS.invalid, answer: MOBILE_MSG.invalid.zh });
        outcomes.push({ phone, ok: false, message: MOBILE_MSG.invalid[lang] });
        continue;
      }
      let answer: { ok: boolean; answer: string };
      try {
        answer = await provider.send(config, phone, params, this.guard);
      } catch (err) {
        // No answer came back (refused, not allowed, timed out): general words, the detail only logged.
        const host = (() => {
          try {
            return new URL(String(config.endpoint ?? '')).hostname;
          } catch {
            return PROVIDER_NAMES[category] ?? category;
          }
        })();
        answer = { ok: false, answer: this.guard.describe(err, host)[lang] };
      }
      await this.records.write(caller, { ...base, status: answer.ok ? SEND_STATUS.sent : SEND_STATUS.failed, answer: answer.answer });
      outcomes.push({ phone, ok: answer.ok, message: answer.answer });
    }
    return outcomes;
  }
}
