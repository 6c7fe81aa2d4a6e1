import { PUSH_CHANNEL, basicInfoEntity, isMobile, maskSensitive, messageEntity, noticeTemplateEntity } from '@alumni/domain';
import type { Params } from '../../access/params.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import type { JobQueue, RunningJob } from '../../jobs/job-queue.js';
import type { ResourceServices } from '../resource/resource-services.js';
import { portalUrl, publicBase } from './notice-push-text.js';
import { fillTemplate } from './template-text.js';

/** The job that tells a messenger their message was answered (DOMAIN 8.8 `notify`). */
export const ANSWER_NOTICE_JOB = 'message-answer-notice';

const GENERAL_SCENE = '8';
const ENABLED = 1;

export interface AnswerNoticeData {
  messageId: string;
  /** Who answered: the send is recorded under their name. */
  userId: string;
}

export type AnswerNoticeOutcome =
  | { channel: 'sms' | 'email'; to: string; ok: boolean; detail: string }
  | { channel: null; skipped: string };

/**
 * Tells the messenger, by the enabled general-notice template (scene 8), on a channel they consented
 * to: SMS to a mainland mobile first, else e-mail. An alumnus's consent (`allowSms`, `allowEmail`) is
 * honoured and a deceased alumnus is never written to; someone who is not (yet) an alumnus left the
 * address for the answer. What was sent (the address masked: the jobs page is no place for it), or
 * why nothing was, is the job's result.
 */
export function registerAnswerNotice(jobs: JobQueue, repository: EntityRepository, resources: ResourceServices, params: Params): Promise<void> {
  return jobs.work<AnswerNoticeData>(ANSWER_NOTICE_JOB, async (job: RunningJob<AnswerNoticeData>): Promise<AnswerNoticeOutcome> => {
    const tenantId = job.tenantId as string;
    const scope = { tenantId };
    const message = await repository.findById(messageEntity, scope, job.data.messageId);
    if (!message) return { channel: null, skipped: 'message removed' };
    const alumnus = message.alumniId ? await repository.findById(basicInfoEntity, scope, String(message.alumniId)) : null;
    if (alumnus && Number(alumnus.isDeceased) === 1) return { channel: null, skipped: 'alumnus deceased' };
    const allows = (flag: 'allowSms' | 'allowEmail') => !alumnus || Number(alumnus[flag]) === 1;
    const base = await publicBase(params, tenantId);
    // The answer is read in the alumni portal, signed in from its address (absolute: it opens from a phone or a mail client).
    const values = {
      name: String(message.name ?? ''),
      noticeTitle: `您的留言“${String(message.title ?? '')}”已回复`,
      noticeUrl: base ? portalUrl(base, tenantId) : '校友服务平台',
      portalUrl: base ? portalUrl(base, tenantId) : '校友服务平台',
      schoolName: (await params.get(tenantId, 'alumni.schoolName')) ?? '',
    };
    const template = async (channel: string): Promise<JsonRecord | null> => (await repository.all(noticeTemplateEntity, scope, [
      { field: 'scene', op: 'equal', value: GENERAL_SCENE }, { field: 'channel', op: 'equal', value: channel },
      { field: 'status', op: 'equal', value: ENABLED },
    ], [{ field: 'createTime', desc: false }], 1))[0] ?? null;
    const sender = { tenantId, userId: job.data.userId };

    const phone = String(message.phone ?? '');
    const sms = await template(PUSH_CHANNEL.sms);
    if (sms && allows('allowSms') && String(message.areaCode ?? '+86') === '+86' && isMobile(phone)) {
      const result = await resources.sms.send(sender, 'zh', null, [phone], values, {
        templateId: sms.providerTemplateId as string | null, signName: sms.smsSignName as string | null,
      });
      const outcome = result.outcomes[0];
      return { channel: 'sms', to: maskSensitive('phone', phone), ok: outcome?.ok ?? false, detail: outcome?.message ?? '' };
    }
    const email = String(message.email ?? '');
    const mail = await template(PUSH_CHANNEL.email);
    if (mail && allows('allowEmail') && email.includes('@')) {
      const setting = await resources.mail.setting(tenantId, null);
      if (!setting) return { channel: null, skipped: 'no e-mail setting' };
      const html = fillTemplate(String(mail.content), values);
      const outcome = await resources.mail.send(sender, setting, {
        to: email, subject: fillTemplate(String(mail.title ?? ''), values), html, text: html.replace(/<[^>]+>/g, ''),
      });
      return { channel: 'email', to: maskSensitive('email', email), ok: outcome.ok, detail: outcome.ok ? outcome.messageId : 'reason' in outcome ? outcome.reason : 'daily limit reached' };
    }
    return { channel: null, skipped: 'no consented channel with an address and a general-notice template' };
  });
}
