import {
  NOTICE_PUSH_MSG, PUBLISH_STATUS, SEGMENT_MSG, PUSH_CHANNEL, PUSH_STATUS, SCHEDULE_LEAD_MINUTES, SEND_TYPE, alumniNoticeEntity, emailSettingEntity,
  SURVEY_STATUS, noticeTemplateEntity, questionnaireSurveyEntity, type SubmitValues,
} from '@alumni/domain';
import { AppError, badRequest } from '../../core/errors.js';
import { formatDateTime } from '../../core/time.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import { after, filled } from '../academic/academic-rules.js';
import { refuse } from '../relation/relation-rules.js';
import { Params } from '../../access/params.js';
import { visibleSegment } from '../../engine/segments/saved-segments.js';
import { audienceFilter, channelList } from './audience.js';
import { carriesLinks, publicBase, pushText, sendingVariables, unfilledVariables, variableList } from './notice-push-text.js';
import type { PushTallies } from './notice-push-tallies.js';

/** Queues the start of a push submitted as 1 待发送. */
export interface PushQueue {
  queue(tenantId: string, userId: string, push: JsonRecord): Promise<string>;
}

/** The button that sends, schedules and cancels a push (DOMAIN 8.3). */
export const SEND_CODE = 'noticepush_send';
const ENABLED = 1;
const EDITABLE: readonly number[] = [PUSH_STATUS.draft, PUSH_STATUS.queued];
const REMOVABLE: readonly number[] = [PUSH_STATUS.draft, PUSH_STATUS.cancelled];

/** What the content of a push defaults to when it pushes a notice (variables filled per recipient). */
export const NOTICE_CONTENT = '${noticeTitle}，详情：${noticeUrl}';

/** The status a submit asks for: 1 sends or schedules, 6 cancels; nothing keeps the stored one. */
function askedStatus(ctx: WriteContext, existing: JsonRecord | null): number {
  const current = existing ? Number(existing.pushStatus) : PUSH_STATUS.draft;
  const raw = ctx.body?.pushStatus;
  if (raw === undefined || raw === null || raw === '' || Number(raw) === current) return current;
  const asked = Number(raw);
  if (asked === PUSH_STATUS.queued) return asked;
  if (asked === PUSH_STATUS.cancelled) {
    if (current !== PUSH_STATUS.queued) throw badRequest(NOTICE_PUSH_MSG.cancelOnlyQueued);
    return asked;
  }
  throw refuse(ctx, 'pushStatus', NOTICE_PUSH_MSG.badPushStatus);
}

async function rowOf(ctx: WriteContext, table: string, id: string): Promise<Record<string, unknown> | undefined> {
  return ctx.db.selectFrom(table).selectAll().where('tenant_id', '=', ctx.caller.tenantId).where('id', '=', id)
    .where('is_deleted', '=', 0).executeTakeFirst() as Promise<Record<string, unknown> | undefined>;
}

/** The content source (notice, template or own text) and what each channel needs. */
async function checkContent(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null, channels: string[]): Promise<void> {
  const noticeId = after(values, existing, 'noticeId');
  const templateId = after(values, existing, 'templateId');
  if (!filled(noticeId) && !filled(templateId) && !filled(after(values, existing, 'content'))) throw refuse(ctx, 'content', NOTICE_PUSH_MSG.sourceRequired);
  if (filled(noticeId) && ('noticeId' in values || !existing)) {
    const notice = await rowOf(ctx, alumniNoticeEntity.table, String(noticeId));
    if (!notice || Number(notice.publish_status) !== PUBLISH_STATUS.published) throw refuse(ctx, 'noticeId', NOTICE_PUSH_MSG.noticeUnpublished);
    if (!filled(after(values, existing, 'subject'))) values.subject = String(notice.title);
    if (!filled(after(values, existing, 'content')) && !filled(templateId)) values.content = NOTICE_CONTENT;
  }
  if (filled(templateId) && ('templateId' in values || !existing)) {
    const template = await rowOf(ctx, noticeTemplateEntity.table, String(templateId));
    if (!template || Number(template.status) !== ENABLED) throw refuse(ctx, 'templateId', NOTICE_PUSH_MSG.templateDisabled);
    if (!filled(after(values, existing, 'subject')) && filled(template.title)) values.subject = String(template.title);
  }
  if ((channels.includes(PUSH_CHANNEL.email) || channels.includes(PUSH_CHANNEL.inApp)) && !filled(after(values, existing, 'subject'))) {
    throw refuse(ctx, 'subject', NOTICE_PUSH_MSG.subjectRequired);
  }
  if (channels.includes(PUSH_CHANNEL.sms)) {
    const smsTemplateId = after(values, existing, 'smsTemplateId');
    const template = filled(smsTemplateId) ? await rowOf(ctx, noticeTemplateEntity.table, String(smsTemplateId)) : undefined;
    if (!template || String(template.channel) !== PUSH_CHANNEL.sms || Number(template.status) !== ENABLED) {
      throw refuse(ctx, 'smsTemplateId', NOTICE_PUSH_MSG.smsTemplateRequired);
    }
  }
  if (channels.includes(PUSH_CHANNEL.email)) {
    let settingId = after(values, existing, 'emailSettingId');
    if (!filled(settingId)) {
      const preferred = await ctx.db.selectFrom(emailSettingEntity.table).select('id').where('tenant_id', '=', ctx.caller.tenantId)
        .where('is_deleted', '=', 0).where('is_default', '=', 1).executeTakeFirst();
      settingId = preferred ? String(preferred.id) : null;
      values.emailSettingId = settingId;
    }
    if (!filled(settingId) || !(await rowOf(ctx, emailSettingEntity.table, String(settingId)))) throw refuse(ctx, 'emailSettingId', NOTICE_PUSH_MSG.emailSettingRequired);
  }
}

/**
 * What a push about to be sent must satisfy (issue 28): every `${…}` variable of the texts it sends
 * is one the sending fills (the same the preview fills), else the send is refused naming them; and a
 * push whose e-mail or SMS carries links (an e-mail always does: unsubscribe and read pixel) needs
 * the public base URL, since a relative link opens nothing from a mail client or a phone.
 */
async function checkSendable(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null, channels: string[]): Promise<void> {
  const templateId = after(values, existing, 'templateId');
  const template = filled(templateId) ? await rowOf(ctx, noticeTemplateEntity.table, String(templateId)) : undefined;
  const text = pushText({ subject: after(values, existing, 'subject') ?? null, title: after(values, existing, 'title') ?? null, content: after(values, existing, 'content') ?? null },
    template ? { content: String(template.content ?? '') } : null);
  const invites = filled(after(values, existing, 'surveyId'));
  const missing = new Set<string>();
  const linkTexts: string[] = [];
  for (const channel of channels) {
    let texts: string[];
    if (channel === PUSH_CHANNEL.sms) {
      const smsTemplateId = after(values, existing, 'smsTemplateId');
      const sms = filled(smsTemplateId) ? await rowOf(ctx, noticeTemplateEntity.table, String(smsTemplateId)) : undefined;
      texts = [String(sms?.content ?? '')];
    } else if (channel === PUSH_CHANNEL.email || channel === PUSH_CHANNEL.inApp) {
      texts = [text.subject, text.content];
    } else continue;
    for (const name of unfilledVariables(texts, sendingVariables(channel, invites))) missing.add(name);
    if (channel !== PUSH_CHANNEL.inApp) linkTexts.push(...texts);
  }
  if (missing.size > 0) throw refuse(ctx, 'content', NOTICE_PUSH_MSG.variablesUnfilled, { names: variableList([...missing]) });
  if (carriesLinks(channels, linkTexts) && (await publicBase(new Params(ctx.db), ctx.caller.tenantId)) === '') throw badRequest(NOTICE_PUSH_MSG.baseUrlRequired);
}

/**
 * The rules of a notice push (DOMAIN 8.3): its content source and what each channel needs, the
 * recipients' scope, the states (save 0; send or schedule 1 with `noticepush_send`; cancel 6 while
 * queued; no edit once sending began), the scheduled time at least five minutes ahead, the owning
 * unit (the creator's department), removal only of drafts and cancelled pushes. Live figures of a
 * push being sent are recomputed on every read.
 */
export function noticePushHooks(tallies: () => PushTallies, queue: () => PushQueue): EntityHooks {
  return {
    async afterSubmitCommitted(record, caller) {
      if (Number(record.pushStatus) === PUSH_STATUS.queued) await queue().queue(caller.tenantId, caller.userId, record);
    },
    async beforeSave(ctx, values, existing) {
      const current = existing ? Number(existing.pushStatus) : PUSH_STATUS.draft;
      if (existing && !EDITABLE.includes(current)) throw badRequest(NOTICE_PUSH_MSG.locked);
      const titleLength = [...String(after(values, existing, 'title') ?? '').trim()].length;
      if (titleLength < 2 || titleLength > 100) throw refuse(ctx, 'title', NOTICE_PUSH_MSG.titleLength);
      let channels: string[];
      try {
        channels = channelList(after(values, existing, 'channels'));
      } catch {
        throw refuse(ctx, 'channels', NOTICE_PUSH_MSG.badChannels);
      }
      values.channels = [...channels].sort().join(',');
      await checkContent(ctx, values, existing, channels);
      try {
        const audience = audienceFilter(after(values, existing, 'targetScope'), after(values, existing, 'targetValue'));
        // A segment must be one the creator sees (theirs or shared); its members are read when the push is sent.
        if (audience.segmentId) await visibleSegment(ctx.db, ctx.caller, audience.segmentId).catch(() => { throw badRequest(SEGMENT_MSG.notFound); });
      } catch (error) {
        if (error instanceof AppError) throw refuse(ctx, 'targetValue', error.text, error.values);
        throw error;
      }
      const status = askedStatus(ctx, existing);
      if (status !== current && !ctx.caller.isSuperAdmin && !ctx.codes?.has(SEND_CODE)) throw new AppError(403, { zh: '发送或取消推送需要“发送/取消”权限', en: 'Sending or cancelling a push needs the send permission' });
      if (status === PUSH_STATUS.queued && String(after(values, existing, 'sendType') ?? SEND_TYPE.now) === SEND_TYPE.scheduled) {
        const plan = after(values, existing, 'planSendTime');
        if (!filled(plan)) throw refuse(ctx, 'planSendTime', NOTICE_PUSH_MSG.planRequired);
        const earliest = formatDateTime(new Date(Date.now() + SCHEDULE_LEAD_MINUTES * 60_000 - 30_000));
        if ((status !== current || 'planSendTime' in values) && String(plan) < earliest) throw refuse(ctx, 'planSendTime', NOTICE_PUSH_MSG.planTooSoon);
      }
      values.pushStatus = status;
      if (status === PUSH_STATUS.queued) await checkSendable(ctx, values, existing, channels);
      if (!existing && filled(values.surveyId)) {
        // An invitation (发送邀请) is to a survey collecting answers.
        const survey = await rowOf(ctx, questionnaireSurveyEntity.table, String(values.surveyId));
        if (!survey || Number(survey.survey_status) !== SURVEY_STATUS.collecting) throw refuse(ctx, 'surveyId', NOTICE_PUSH_MSG.surveyNotCollecting);
      }
      if (!existing) {
        Object.assign(values, { targetCount: 0, successCount: 0, failCount: 0, skipCount: 0, readCount: 0 });
        values.orgDeptId = filled(ctx.caller.deptId) ? String(ctx.caller.deptId).split(',')[0] ?? null : null;
      }
    },
    async beforeRemove(_ctx, rows) {
      if (rows.some((r) => !REMOVABLE.includes(Number(r.pushStatus)))) throw badRequest(NOTICE_PUSH_MSG.sentRemove);
    },
    async withRelated(records) {
      for (const record of records) {
        if (Number(record.pushStatus) === PUSH_STATUS.sending) Object.assign(record, await tallies().settle(String(record.tenantId), String(record.id)));
      }
    },
    async detailExtras(stored) {
      return { channelStats: await tallies().channelStats(String(stored.tenantId), stored) };
    },
  };
}
