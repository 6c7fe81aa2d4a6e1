import {
  NOTICE_PUSH_MSG, PUSH_CHANNEL, alumniNoticeEntity, fill, isId, noticeTemplateEntity, smsParts, type Text,
} from '@alumni/domain';
import type { Params } from '../../access/params.js';
import type { Caller } from '../../core/caller.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import { SavedSegments } from '../../engine/segments/saved-segments.js';
import { audienceFilter, audienceSource, channelList, resolveAudience, withSegmentConditions } from './audience.js';
import { NOTICE_CONTENT } from './notice-push-hooks.js';
import {
  UNSUBSCRIBE_PATH, clickThrough, pushCommonValues, pushMail, pushText, sendingVariables, unfilledVariables, variableList, type RecipientValuesSource,
} from './notice-push-text.js';
import { fillTemplate, parseDeclaredVariables } from './template-text.js';

/** What one channel of a push would send to the sample recipient. */
export interface ChannelPreview {
  channel: string;
  subject: string | null;
  /** The filled text (HTML for an e-mail), or null when the channel sends nothing (its `note` says why). */
  content: string | null;
  html: boolean;
  /** SMS: characters as sent (signature included) and the parts they are billed as. */
  length?: number;
  parts?: number;
  note?: Text;
  /** Variables the sending cannot fill (left written as `${x}`): a send with them is refused. */
  unfilled?: string[];
}

export interface PushPreview {
  /** The recipient whose values fill the texts: the first the audience reaches, else none (the templates' samples fill them). */
  sample: { alumniId: string; name: string } | null;
  channels: ChannelPreview[];
}

export interface PreviewDeps {
  db: Db;
  params: Params;
  operations: EntityOperations;
  repository: EntityRepository;
  /** Values filled per recipient (a survey invitation's link), as the sending fills them. */
  recipientValues?: RecipientValuesSource;
}

const filled = (v: unknown): boolean => v !== undefined && v !== null && String(v).trim() !== '';

/**
 * A push's texts per channel as the sending fills them (DOMAIN 8.3 form preview), for a form not
 * saved yet: the subject and content default as a save defaults them (the notice's title, the
 * template's subject, `{title}，详情：{noticeUrl}` for a notice), `${name}` is the first recipient's
 * name, the shared values are the school's and the notice's, `${unsubscribeUrl}` is the e-mail's
 * link; the SMS text is the SMS template's with its signature, filled with the same shared values
 * (its SMS push's common parameters) and the name. Values nobody fills stay written as `${x}` and are
 * listed in `unfilled` with a note: a send with them is refused (the sending never sends them).
 */
export async function previewPush(deps: PreviewDeps, caller: Caller, body: Record<string, unknown>): Promise<PushPreview> {
  const { db, params, repository } = deps;
  const tenantScope = { tenantId: caller.tenantId };
  const byId = async (entity: typeof noticeTemplateEntity | typeof alumniNoticeEntity, raw: unknown): Promise<JsonRecord | null> =>
    (filled(raw) && isId(String(raw)) ? (await repository.findById(entity, tenantScope, String(raw))) ?? null : null);
  const notice = await byId(alumniNoticeEntity, body.noticeId);
  const template = await byId(noticeTemplateEntity, body.templateId);
  const smsTemplate = await byId(noticeTemplateEntity, body.smsTemplateId);
  let channels: string[];
  try {
    channels = channelList(body.channels);
  } catch {
    channels = [];
  }

  const sample = await sampleRecipient(deps, caller, body);
  const samples: Record<string, string> = {};
  for (const t of [template, smsTemplate]) {
    for (const v of parseDeclaredVariables(t?.variables) ?? []) if (v.sample !== undefined && !(v.name in samples)) samples[v.name] = v.sample;
  }
  // A template's samples stand in only for the recipient's name when no recipient is found: every other
  // value is the one the sending fills, so the preview never shows what the recipients will not get.
  const name = sample?.name ?? samples.name;

  const subject = filled(body.subject) ? String(body.subject) : notice ? String(notice.title) : filled(template?.title) ? String(template?.title) : '';
  const content = filled(body.content) ? String(body.content) : notice && !template ? NOTICE_CONTENT : '';
  const push: JsonRecord = { title: filled(body.title) ? String(body.title) : null, subject, content };
  const text = pushText(push, template);
  const { base, values: common } = await pushCommonValues(params, caller.tenantId, push, notice);
  const personal = deps.recipientValues && filled(body.surveyId) && isId(String(body.surveyId))
    ? (await deps.recipientValues(caller.tenantId, { surveyId: String(body.surveyId) }, base))(sample?.alumniId ?? null) : {};
  const values = { ...common, ...personal, ...(name === undefined ? {} : { name }) };
  const invites = filled(body.surveyId);
  const flagUnfilled = (preview: ChannelPreview, texts: string[]): ChannelPreview => {
    const unfilled = unfilledVariables(texts, sendingVariables(preview.channel, invites));
    return unfilled.length === 0 ? preview : { ...preview, unfilled, note: { zh: fill(NOTICE_PUSH_MSG.previewUnfilled.zh, { names: variableList(unfilled) }), en: fill(NOTICE_PUSH_MSG.previewUnfilled.en, { names: variableList(unfilled) }) } };
  };

  const out: ChannelPreview[] = channels.map((channel) => {
    if (channel === PUSH_CHANNEL.wechat) return { channel, subject: null, content: null, html: false, note: NOTICE_PUSH_MSG.wechatWarning };
    if (channel === PUSH_CHANNEL.sms) {
      if (!smsTemplate || String(smsTemplate.channel) !== PUSH_CHANNEL.sms) return { channel, subject: null, content: null, html: false, note: NOTICE_PUSH_MSG.smsTemplateRequired };
      return { channel, subject: null, content: '', html: false };
    }
    if (channel === PUSH_CHANNEL.email) {
      const mail = pushMail(text, values, { unsubscribeUrl: `${base}${UNSUBSCRIBE_PATH}?token=…`, pixelUrl: '', clickUrl: clickThrough(base, '…') });
      return flagUnfilled({ channel, subject: mail.subject, content: mail.html.replace(/<img src="" width="1" height="1" alt="">$/, ''), html: true }, [text.subject, text.content]);
    }
    return flagUnfilled({ channel, subject: fillTemplate(text.subject, values), content: fillTemplate(text.content, values), html: text.html }, [text.subject, text.content]);
  });
  const sms = out.find((c) => c.channel === PUSH_CHANNEL.sms && c.content !== null);
  if (sms && smsTemplate) {
    const sign = filled(smsTemplate.smsSignName) ? String(smsTemplate.smsSignName) : await configuredSign(db, caller.tenantId);
    sms.content = `【${sign}】${fillTemplate(String(smsTemplate.content ?? ''), { ...common, ...personal, ...(name === undefined ? {} : { name }) })}`;
    sms.length = [...sms.content].length;
    sms.parts = smsParts(sms.length);
    const flagged = flagUnfilled(sms, [String(smsTemplate.content ?? '')]);
    if (flagged.unfilled) Object.assign(sms, { unfilled: flagged.unfilled, note: flagged.note });
  }
  return { sample, channels: out };
}

/** The first alumnus the push's scope reaches within the caller's data scope; none while the scope is incomplete. */
async function sampleRecipient(deps: PreviewDeps, caller: Caller, body: Record<string, unknown>): Promise<PushPreview['sample']> {
  let filter;
  try {
    filter = await withSegmentConditions(audienceFilter(body.targetScope, body.targetValue), new SavedSegments(deps.db, deps.operations), caller);
  } catch {
    return null;
  }
  const source = await audienceSource(deps.operations, deps.repository, caller);
  for await (const batch of resolveAudience(source, filter, 1)) {
    const first = batch[0];
    if (first) return { alumniId: first.id, name: first.name };
  }
  return null;
}

/** The signature of the tenant's enabled SMS configuration (what an SMS push defaults to). */
async function configuredSign(db: Db, tenantId: string): Promise<string> {
  const config = await db.selectFrom('blade_sms').select('sign_name').where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0).where('enabled', '=', 1).orderBy('update_time', 'desc').executeTakeFirst();
  return String(config?.sign_name ?? '');
}
