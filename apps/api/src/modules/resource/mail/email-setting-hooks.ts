import { EMAIL_MSG, EMAIL_SETTING_MSG, NO_CHINESE_MSG, emailProblem, isNoChinese } from '@alumni/domain';
import { badRequest, invalidFields } from '../../../core/errors.js';
import type { EntityHooks } from '../../../engine/entity-hooks.js';
import type { OutboundGuard } from '../../../security/outbound-address.js';

/**
 * E-mail settings (DOMAIN 8.6): host and account without Chinese, well-formed addresses, exactly one
 * default per tenant (setting one clears the others), and the default cannot be removed. The SMTP
 * host is checked by the outbound guard before the write's transaction (loopback, private… are refused).
 */
export const emailSettingHooks = (guard: OutboundGuard): EntityHooks => ({
  async beforeTransaction(ctx, values, existing) {
    if (!('smtpHost' in values) && !('smtpPort' in values)) return;
    const host = 'smtpHost' in values ? values.smtpHost : existing?.smtpHost;
    const port = Number('smtpPort' in values ? values.smtpPort : existing?.smtpPort);
    if (typeof host === 'string' && host.trim() !== '') await guard.checkField({ host, port: Number.isInteger(port) ? port : null }, 'smtpHost', ctx.lang);
  },
  async beforeSave(ctx, values) {
    const errors: Record<string, string> = {};
    for (const name of ['smtpHost', 'username'] as const) {
      if (typeof values[name] === 'string' && !isNoChinese(values[name] as string)) errors[name] = NO_CHINESE_MSG[ctx.lang];
    }
    for (const name of ['senderAddress', 'replyTo'] as const) {
      const problem = typeof values[name] === 'string' ? emailProblem(values[name] as string) : undefined;
      if (problem) errors[name] = EMAIL_MSG[problem][ctx.lang];
    }
    if (Object.keys(errors).length) throw invalidFields(errors);
  },
  async afterSave(ctx, record) {
    if (Number(record.isDefault) !== 1) return;
    await ctx.db.updateTable(ctx.entity.table).set({ is_default: 0 })
      .where('tenant_id', '=', String(record.tenantId)).where('id', '<>', String(record.id)).where('is_default', '=', 1).execute();
  },
  async beforeRemove(_ctx, rows) {
    if (rows.some((r) => Number(r.isDefault) === 1)) throw badRequest(EMAIL_SETTING_MSG.defaultLocked);
  },
});
