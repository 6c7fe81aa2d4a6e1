import {
  NOTICE_PUSH_MSG, PUSH_CHANNEL, PUSH_STATUS, SEND_TYPE, TARGET_STATUS, fill, noticePushEntity, noticePushRecordEntity, noticeTemplateEntity, t,
  type Text,
} from '@alumni/domain';
import { Params } from '../../access/params.js';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { FieldSealing } from '../../db/field-sealing.js';
import { valuesToColumns } from '../../db/row-mapping.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { inAppAllowed } from '../../portal/portal-consent.js';
import { channelOutcome, recipientById } from './audience.js';
import { NOTICE_PUSH_START_JOB, type PushStartData } from './notice-push-sending.js';
import { PushTallies } from './notice-push-tallies.js';
import { portalUrl, publicBase, unfilledVariables, variableList } from './notice-push-text.js';
import { writeNoticeSmsPush } from './sms-push-from-notice.js';
import { kickSmsPushes } from './sms-push-sender.js';

/** Why a channel of a message to one alumnus was not sent, as its record tells staff. */
export const TELL_MSG = {
  smsTemplateMissing: t('没有启用的短信模板 {code}（短信渠道、模板编码 {code}），短信未发送', 'No enabled SMS template {code} (SMS channel, template code {code}): the text message was not sent'),
} as const;

/** What the product tells one alumnus on its own (a ticket, a seat from the waitlist). */
export interface AlumnusMessage {
  tenantId: string;
  alumnusId: string;
  /** The subject; `{…}` placeholders are filled from `values`, the alumnus's `{name}` and the link. */
  title: Text;
  /** The text of the in-app message and the e-mail, filled as the title is. */
  body: Text;
  /** The page the message leads to: its path under the public base address, and the placeholder (and SMS variable) its absolute address fills. */
  link: { name: string; path: string };
  /** Values of the placeholders, and the SMS template's variables. */
  values: Record<string, string>;
  /** The code of the tenant's SMS notice template (channel 2) the text message is sent with (its provider template). */
  smsTemplate: string;
}

export interface TellDeps {
  jobs: JobQueue;
  sealing: FieldSealing | null;
}

const CHANNELS = [PUSH_CHANNEL.inApp, PUSH_CHANNEL.email, PUSH_CHANNEL.sms] as const;

/**
 * Tells one alumnus a message through every channel they consented to and have an address for
 * (DOMAIN 8.3 channels, decision 274): in-app, e-mail and SMS, each link absolute under the public
 * base address. It is a notice push of one recipient (scope 5), written through `tx` — the caller's
 * transaction — with a record per channel as a push resolving its recipients writes them: the
 * in-app message delivered at once (it is its record), the e-mail waiting, the SMS as a target of
 * the push's SMS push, a channel without consent (the alumni record's flags, the portal's in-app
 * withdrawal) or address skipped with the reason, one that cannot be sent (no public base address,
 * no SMS template or configuration) failed with it. The jobs that send the e-mail and the SMS are
 * queued in the same transaction: a write that rolls back sends nothing, and one that commits is
 * sent by the push's jobs even when the process dies right after. Answers the push's id, or null
 * when there is no such alumnus.
 */
export async function tellAlumnus(tx: Db, deps: TellDeps, message: AlumnusMessage): Promise<string | null> {
  const { tenantId, alumnusId } = message;
  const found = await recipientById(tx, deps.sealing, tenantId, alumnusId);
  if (!found) return null;
  const recipient = { ...found, allowInApp: (await inAppAllowed(tx, tenantId, [alumnusId])).has(alumnusId) };
  const base = await publicBase(new Params(tx), tenantId);
  const values: Record<string, string> = {
    ...message.values, name: recipient.name, portalUrl: portalUrl(base, tenantId), [message.link.name]: `${base}${message.link.path}`,
  };
  const both = (text: Text, join: string) => `${fill(text.zh, values)}${join}${fill(text.en, values)}`;
  const subject = both(message.title, ' / ').slice(0, 100);
  const stamp = now();
  const pushId = ids.next();
  const records: Record<string, unknown>[] = [];
  const record = (channel: string, status: number, fields: { address?: string | null; failReason?: string | null } = {}) => {
    const row = {
      id: ids.next(), tenantId, pushId, alumniId: alumnusId, alumniName: recipient.name.slice(0, 30), channel, address: fields.address ?? null,
      status, failReason: fields.failReason ?? null, sendTime: status === TARGET_STATUS.waiting ? null : stamp, readTime: null, sendJob: null,
      orgDeptId: null, createUser: null, createDept: null, createTime: stamp, updateUser: null, updateTime: stamp, isDeleted: 0,
    };
    records.push(valuesToColumns(deps.sealing ? deps.sealing.sealValues(noticePushRecordEntity, row) : row));
  };
  let smsPhone: string | null = null;
  for (const channel of CHANNELS) {
    const outcome = channelOutcome(recipient, channel);
    if (!('address' in outcome)) record(channel, TARGET_STATUS.skipped, { failReason: outcome.reason.zh });
    else if (channel === PUSH_CHANNEL.inApp) record(channel, TARGET_STATUS.delivered, { address: outcome.address });
    // A link under no address opens nothing from a mail client or a phone: not sent, and staff see why.
    else if (base === '') record(channel, TARGET_STATUS.failed, { failReason: NOTICE_PUSH_MSG.baseUrlRequired.zh.slice(0, 255) });
    else if (channel === PUSH_CHANNEL.email) record(channel, TARGET_STATUS.waiting, { address: outcome.address });
    else smsPhone = outcome.address;
  }

  await tx.insertInto(noticePushEntity.table).values({
    // The SMS channel joins with its SMS push (a push of that channel without one waits for it); its skipped or failed record shows either way.
    id: pushId, tenant_id: tenantId, title: subject, channels: [PUSH_CHANNEL.inApp, PUSH_CHANNEL.email].sort().join(','), subject, content: both(message.body, '\n'),
    target_scope: '5', target_value: JSON.stringify({ alumniIds: alumnusId }), send_type: SEND_TYPE.now, send_time: stamp, push_status: PUSH_STATUS.sending,
    recipients_resolved: 1, target_count: 0, success_count: 0, fail_count: 0, skip_count: 0, read_count: 0,
    create_time: stamp, update_time: stamp, status: 1, is_deleted: 0,
  }).execute();
  const smsPushId = smsPhone === null ? null : await smsPushOf(tx, deps, message, pushId, subject, { phone: smsPhone, name: recipient.name, values }, record);
  if (records.length > 0) await tx.insertInto(noticePushRecordEntity.table).values(records).execute();
  const mailing = records.some((r) => Number(r.status) === TARGET_STATUS.waiting);
  if (smsPushId !== null) {
    await tx.updateTable(noticePushEntity.table).set({ channels: [...CHANNELS].sort().join(','), sms_push_id: smsPushId }).where('id', '=', pushId).execute();
    await kickSmsPushes(deps.jobs, tenantId, undefined, tx);
  }
  if (mailing) {
    // Queued as a submitted push: the start job marks it sending again (from 1 待发送) and queues the e-mail's sending.
    await tx.updateTable(noticePushEntity.table).set({ push_status: PUSH_STATUS.queued }).where('id', '=', pushId).execute();
    await deps.jobs.send<PushStartData>(NOTICE_PUSH_START_JOB, { data: { pushId, planSendTime: null }, tenantId, createdBy: null }, { transaction: tx });
  }
  // The figures as they stand; a push with nothing left to send ends here, one with an SMS push ends with it.
  await new PushTallies(tx).settle(tenantId, pushId);
  return pushId;
}

/**
 * The SMS channel: an SMS push of the alumnus (source 4 通知推送) with the tenant's template of that
 * code, filled from the message's values; without the template, an enabled SMS configuration or a
 * value for one of its variables, the channel's record is failed with the reason and there is none.
 */
async function smsPushOf(
  tx: Db, deps: TellDeps, message: AlumnusMessage, pushId: string, title: string,
  to: { phone: string; name: string; values: Record<string, string> },
  record: (channel: string, status: number, fields: { failReason: string }) => void,
): Promise<string | null> {
  const fail = (reason: string) => {
    record(PUSH_CHANNEL.sms, TARGET_STATUS.failed, { failReason: reason.slice(0, 255) });
    return null;
  };
  const template = await tx.selectFrom(noticeTemplateEntity.table).select(['id', 'content', 'provider_template_id', 'sms_sign_name'])
    .where('tenant_id', '=', message.tenantId).where('template_code', '=', message.smsTemplate).where('channel', '=', PUSH_CHANNEL.sms)
    .where('status', '=', 1).where('is_deleted', '=', 0).orderBy('id').executeTakeFirst();
  if (!template) return fail(fill(TELL_MSG.smsTemplateMissing.zh, { code: message.smsTemplate }));
  const configured = await tx.selectFrom('blade_sms').select('id').where('tenant_id', '=', message.tenantId)
    .where('is_deleted', '=', 0).where('enabled', '=', 1).executeTakeFirst();
  if (!configured) return fail(NOTICE_PUSH_MSG.smsUnconfigured.zh);
  const unfilled = unfilledVariables([String(template.content ?? '')], new Set(Object.keys(to.values)));
  if (unfilled.length > 0) return fail(fill(NOTICE_PUSH_MSG.variablesUnfilled.zh, { names: variableList(unfilled) }));
  return writeNoticeSmsPush(tx, { sealing: deps.sealing, smsCode: null }, { tenantId: message.tenantId, userId: null, deptId: null }, {
    noticePushId: pushId, title, sendNow: true,
    template: { id: String(template.id), content: template.content, providerTemplateId: template.provider_template_id, smsSignName: template.sms_sign_name },
    recipients: [{ alumniId: message.alumnusId, name: to.name, phone: to.phone, values: to.values }],
  });
}
