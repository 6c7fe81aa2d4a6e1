import { EMAIL_SETTING_MSG, QUOTA_MSG, RESOURCE_MSG, RESOURCE_PATHS, emailSettingEntity, fill, isEmail, isId } from '@alumni/domain';
import type { FastifyInstance } from 'fastify';
import { requireCaller } from '../../../core/caller.js';
import { ok } from '../../../core/envelope.js';
import { badRequest, invalidFields, notFound } from '../../../core/errors.js';
import { registerPublicBaseRoutes } from './public-base.js';

/** `POST …/emailSetting/test` with `{id, to}`: sends a test mail through that setting (button `emailsetting_test`). */
export function registerMailRoutes(app: FastifyInstance): void {
  const { access, resources } = app.services;
  registerPublicBaseRoutes(app);
  app.post(RESOURCE_PATHS.emailTest, {
    schema: {
      tags: [`${emailSettingEntity.label.en} (${emailSettingEntity.label.zh})`], summary: 'Send a test mail through one setting',
      body: { type: 'object', properties: { id: { type: 'string' }, to: { type: 'string' } }, required: ['id', 'to'] },
    },
  }, async (req) => {
    const caller = requireCaller(req.caller);
    await access.require(caller, 'emailsetting_test');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const id = String(body.id ?? '');
    const to = String(body.to ?? '').trim();
    if (!isId(id)) throw notFound();
    if (!to || !isEmail(to)) throw invalidFields({ to: RESOURCE_MSG.emailTo[req.lang] });
    const setting = await resources.mail.setting(caller.tenantId, id);
    if (!setting) throw notFound();
    const outcome = await resources.mail.send(caller, setting, {
      to,
      subject: `${EMAIL_SETTING_MSG.testSubject.zh} / ${EMAIL_SETTING_MSG.testSubject.en} — ${String(setting.settingName)}`,
      text: `${EMAIL_SETTING_MSG.testBody.zh}\n${EMAIL_SETTING_MSG.testBody.en}\n\n${String(setting.senderName)} <${String(setting.senderAddress)}>`,
    });
    if (!outcome.ok) {
      throw 'limited' in outcome
        ? outcome.limited.tenant ? badRequest(QUOTA_MSG.mailDayFull, { limit: outcome.limited.limit })
          : badRequest(EMAIL_SETTING_MSG.dailyLimitReached, { sent: String(outcome.limited.sent), limit: String(outcome.limited.limit) })
        : badRequest({ zh: fill(EMAIL_SETTING_MSG.sendFailed.zh, { reason: outcome.text.zh }), en: fill(EMAIL_SETTING_MSG.sendFailed.en, { reason: outcome.text.en }) });
    }
    return ok(true, req.lang);
  });
}
