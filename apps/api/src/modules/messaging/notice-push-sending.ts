import {
  NOTICE_PUSH_MSG, PUSH_CHANNEL, PUSH_STATUS, SEND_TYPE, TARGET_STATUS, alumniNoticeEntity, fill, noticePushEntity, noticePushRecordEntity,
  noticeTemplateEntity, smsPushEntity,
} from '@alumni/domain';
import type { Params } from '../../access/params.js';
import { badRequest } from '../../core/errors.js';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import { valuesToColumns, type JsonRecord } from '../../db/row-mapping.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository } from '../../engine/entity-repository.js';
import type { JobQueue, RunningJob } from '../../jobs/job-queue.js';
import type { ResourceServices } from '../resource/resource-services.js';
import type { Caller } from '../../core/caller.js';
import { SavedSegments } from '../../engine/segments/saved-segments.js';
import { audienceFilter, audienceSource, channelOutcome, resolveAudience, withSegmentConditions } from './audience.js';
import { createSmsPushForNoticePush, type NoticeSmsPush } from './sms-push-from-notice.js';
import { kickSmsPushes } from './sms-push-sender.js';
import { creatorCaller } from './push-creator.js';
import type { PushRecordTokens } from './push-record-token.js';
import { PushTallies } from './notice-push-tallies.js';
import {
  READ_PIXEL_PATH, UNSUBSCRIBE_PATH, clickThrough, pushCommonValues, pushMail, pushText, sendingVariables, unfilledVariables, variableList, type RecipientValuesSource,
} from './notice-push-text.js';
import { failedTargets, resendSmsTargets } from './sms-push-resend.js';
import { inAppAllowed } from '../../portal/portal-consent.js';

/** Starts a push: resolves its recipients into records and queues the sending (DOMAIN 8.3). */
export const NOTICE_PUSH_START_JOB = 'notice-push-start';
/** Sends one batch of a push's waiting records. */
export const NOTICE_PUSH_SEND_JOB = 'notice-push-send';
/** Recipients one sending job takes on: a few hundred, so each job ends well within its lease. */
export const SEND_BATCH = 200;

export interface PushStartData { pushId: string; planSendTime: string | null }
export interface PushSendData { pushId: string }

export interface PushSendingDeps {
  db: Db;
  jobs: JobQueue;
  repository: EntityRepository;
  operations: EntityOperations;
  resources: ResourceServices;
  params: Params;
  tokens: PushRecordTokens;
  /** Values filled per recipient (a survey invitation's link). */
  recipientValues?: RecipientValuesSource;
}

const scopeOf = (tenantId: string) => ({ tenantId });
/** The states a push's failures can be resent in: sending, or ended after sending. */
const RESENDABLE: readonly number[] = [PUSH_STATUS.sending, PUSH_STATUS.done, PUSH_STATUS.partlyFailed, PUSH_STATUS.failed];

/**
 * The jobs that carry out a notice push. Every effect is recorded per recipient and channel:
 * resolving writes each record once (a unique key per push, alumnus and channel); an in-app message
 * is delivered by its record's own update, so it happens exactly once; an e-mail's record is claimed
 * (1 发送中, naming the job) in its own transaction before the SMTP call and settled after it, so a
 * crash between the two leaves a record its job's next run finds and settles as failed without
 * sending again — at most one e-mail per recipient, and every recipient accounted for.
 */
export class NoticePushSending {
  readonly tallies: PushTallies;

  constructor(private readonly deps: PushSendingDeps) {
    this.tallies = new PushTallies(deps.db);
  }

  async register(): Promise<void> {
    await this.deps.jobs.work<PushStartData>(NOTICE_PUSH_START_JOB, (job) => this.start(job));
    await this.deps.jobs.work<PushSendData>(NOTICE_PUSH_SEND_JOB, (job) => this.send(job), { concurrency: 2 });
  }

  /** Queues the start of a push now submitted as 1 待发送: at once, or at its planned time. */
  async queue(tenantId: string, userId: string, push: JsonRecord): Promise<string> {
    const scheduled = String(push.sendType) === SEND_TYPE.scheduled && push.planSendTime;
    const data: PushStartData = { pushId: String(push.id), planSendTime: scheduled ? String(push.planSendTime) : null };
    return this.deps.jobs.send(NOTICE_PUSH_START_JOB, { data, tenantId, createdBy: userId }, scheduled ? { startAfter: new Date(String(push.planSendTime).replace(' ', 'T')) } : {});
  }

  /** Queues the start of every push left 1 待发送 without going through a submit (the demo data's). */
  async queueWaiting(): Promise<number> {
    const waiting = await this.deps.db.selectFrom(noticePushEntity.table).select(['id', 'tenant_id', 'create_user', 'send_type', 'plan_send_time'])
      .where('push_status', '=', PUSH_STATUS.queued).where('is_deleted', '=', 0).execute();
    for (const p of waiting) {
      await this.queue(String(p.tenant_id), String(p.create_user ?? ''), { id: String(p.id), sendType: String(p.send_type), planSendTime: p.plan_send_time === null ? null : String(p.plan_send_time) });
    }
    return waiting.length;
  }

  private async start(job: RunningJob<PushStartData>): Promise<unknown> {
    const { db } = this.deps;
    const tenantId = String(job.tenantId);
    const push = await this.deps.repository.findById(noticePushEntity, scopeOf(tenantId), job.data.pushId);
    if (!push) return { skipped: 'push removed' };
    const status = Number(push.pushStatus);
    if (status === PUSH_STATUS.queued) {
      // A schedule moved by an edit leaves the earlier job behind: only the current plan starts.
      if (job.data.planSendTime !== null && String(push.planSendTime ?? '') !== job.data.planSendTime) return { skipped: 'rescheduled' };
      const started = await db.updateTable(noticePushEntity.table).set({ push_status: PUSH_STATUS.sending, send_time: now() })
        .where('id', '=', String(push.id)).where('push_status', '=', PUSH_STATUS.queued).executeTakeFirst();
      if (Number(started.numUpdatedRows) === 0) return { skipped: 'not queued' };
    } else if (status !== PUSH_STATUS.sending) {
      return { skipped: `status ${status}` };
    }
    if (Number(push.recipientsResolved) !== 1) await this.resolve(tenantId, push, job);
    const waiting = await this.count(tenantId, String(push.id), TARGET_STATUS.waiting);
    for (let i = 0; i < Math.ceil(waiting / SEND_BATCH); i += 1) {
      await this.deps.jobs.send(NOTICE_PUSH_SEND_JOB, { data: { pushId: String(push.id) }, tenantId, createdBy: push.createUser ? String(push.createUser) : null });
    }
    await this.tallies.settle(tenantId, String(push.id));
    return { waiting };
  }

  /** Writes a record per recipient and channel: waiting, or skipped with the reason. */
  private async resolve(tenantId: string, push: JsonRecord, job: RunningJob<PushStartData>): Promise<void> {
    const { db, repository, operations } = this.deps;
    const caller = push.createUser ? await creatorCaller(db, tenantId, String(push.createUser)) : null;
    const channels = String(push.channels).split(',').filter(Boolean);
    const smsRecipients: NoticeSmsPush['recipients'] = [];
    if (caller) {
      const source = await audienceSource(operations, repository, caller);
      // A segment's members are read as its creator reads the library, when the push is sent.
      const filter = await withSegmentConditions(audienceFilter(push.targetScope, push.targetValue), new SavedSegments(db, operations), caller);
      let done = 0;
      for await (const batch of resolveAudience(source, filter, SEND_BATCH)) {
        // In-app consent lives beside the record, in the portal's table (withdrawn there by the alumnus).
        const inApp = channels.includes(PUSH_CHANNEL.inApp) ? await inAppAllowed(db, tenantId, batch.map((r) => r.id)) : null;
        const rows = batch.flatMap((recipient) => channels.flatMap((channel): Record<string, unknown>[] => {
          const outcome = channelOutcome(inApp ? { ...recipient, allowInApp: inApp.has(recipient.id) } : recipient, channel);
          const reached = 'address' in outcome;
          // The SMS channel's reachable recipients become the SMS push's targets; its skipped ones are recorded here.
          if (channel === PUSH_CHANNEL.sms && reached) {
            smsRecipients.push({ alumniId: recipient.id, name: recipient.name, phone: outcome.address });
            return [];
          }
          return repository.sealing ? [repository.sealing.sealValues(noticePushRecordEntity, {
            id: ids.next(), tenantId, pushId: String(push.id), alumniId: recipient.id, alumniName: recipient.name, channel,
            address: reached && channel === PUSH_CHANNEL.email ? outcome.address : null,
            status: reached ? TARGET_STATUS.waiting : TARGET_STATUS.skipped, failReason: reached ? null : outcome.reason.zh,
            sendTime: null, readTime: null, sendJob: null, orgDeptId: push.orgDeptId ?? null,
            createUser: push.createUser ?? null, createDept: push.createDept ?? null, createTime: now(), updateUser: push.createUser ?? null, updateTime: now(), isDeleted: 0,
          })] : [];
        }));
        if (rows.length > 0) {
          await db.insertInto(noticePushRecordEntity.table).values(rows.map((r) => valuesToColumns(r)))
            .onConflict((oc) => oc.columns(['push_id', 'alumni_id', 'channel']).doNothing()).execute();
        }
        done += batch.length;
        await job.progress(done, done, 'resolving recipients');
      }
    }
    if (caller && channels.includes(PUSH_CHANNEL.sms)) await this.startSms(caller, push, smsRecipients);
    await db.updateTable(noticePushEntity.table).set({ recipients_resolved: 1 }).where('id', '=', String(push.id)).execute();
  }

  /** The values of each recipient besides the shared ones (a survey invitation's link), or none. */
  private async personalValues(tenantId: string, push: JsonRecord, base: string): Promise<(alumniId: string | null) => Record<string, string>> {
    return this.deps.recipientValues ? this.deps.recipientValues(tenantId, push, base) : () => ({});
  }

  /**
   * The SMS channel is carried out as an SMS push (DOMAIN 8.4) of the recipients it reaches, created
   * once: a rerun of the start job finds the push already linked (or, when the run died between
   * creating it and linking it, the SMS push naming this notice push) and creates nothing more.
   */
  private async startSms(caller: Caller, push: JsonRecord, recipients: NoticeSmsPush['recipients']): Promise<void> {
    const { db, repository, jobs } = this.deps;
    const pushId = String(push.id);
    const linked = await db.selectFrom(noticePushEntity.table).select('sms_push_id').where('id', '=', pushId).executeTakeFirst();
    if (linked?.sms_push_id) return;
    const made = await db.selectFrom(smsPushEntity.table).select('id').where('tenant_id', '=', caller.tenantId)
      .where('notice_push_id', '=', pushId).where('is_deleted', '=', 0).orderBy('id').executeTakeFirst();
    let smsPushId = made ? String(made.id) : null;
    // Made by a run that died before linking it: it may not have been started yet, and starting it twice is harmless.
    if (smsPushId !== null) await kickSmsPushes(jobs, caller.tenantId);
    else {
      const template = push.smsTemplateId ? await repository.findById(noticeTemplateEntity, scopeOf(caller.tenantId), String(push.smsTemplateId)) : null;
      const configured = await db.selectFrom('blade_sms').select('id').where('tenant_id', '=', caller.tenantId)
        .where('is_deleted', '=', 0).where('enabled', '=', 1).executeTakeFirst();
      if (!template || !configured) {
        // Nothing can carry the messages: each recipient is recorded as failed with the reason.
        await this.failSms(caller.tenantId, push, recipients, template ? NOTICE_PUSH_MSG.smsUnconfigured.zh : NOTICE_PUSH_MSG.smsTemplateRequired.zh);
        return;
      }
      // A text with a variable nothing fills is never sent (a push queued before its template changed).
      const unfilled = unfilledVariables([String(template.content ?? '')], sendingVariables(PUSH_CHANNEL.sms, Boolean(push.surveyId)));
      if (unfilled.length > 0) {
        await this.failSms(caller.tenantId, push, recipients, fill(NOTICE_PUSH_MSG.variablesUnfilled.zh, { names: variableList(unfilled) }).slice(0, 255));
        return;
      }
      const notice = push.noticeId ? await repository.findById(alumniNoticeEntity, scopeOf(caller.tenantId), String(push.noticeId)) : null;
      const { base, values: params } = await pushCommonValues(this.deps.params, caller.tenantId, push, notice);
      const personal = await this.personalValues(caller.tenantId, push, base);
      smsPushId = await createSmsPushForNoticePush({ db, sealing: repository.sealing ?? null, jobs, smsCode: null }, caller, {
        noticePushId: pushId, title: String(push.title ?? ''), template, sendNow: true, params,
        recipients: recipients.map((r) => ({ ...r, values: personal(r.alumniId) })),
      });
    }
    await db.updateTable(noticePushEntity.table).set({ sms_push_id: smsPushId }).where('id', '=', pushId).where('sms_push_id', 'is', null).execute();
  }

  private async failSms(tenantId: string, push: JsonRecord, recipients: NoticeSmsPush['recipients'], reason: string): Promise<void> {
    const { db, repository } = this.deps;
    for (let i = 0; i < recipients.length; i += SEND_BATCH) {
      const rows = recipients.slice(i, i + SEND_BATCH).map((r) => valuesToColumns(repository.sealing ? repository.sealing.sealValues(noticePushRecordEntity, {
        id: ids.next(), tenantId, pushId: String(push.id), alumniId: r.alumniId, alumniName: r.name, channel: PUSH_CHANNEL.sms, address: null,
        status: TARGET_STATUS.failed, failReason: reason, sendTime: now(), readTime: null, sendJob: null, orgDeptId: push.orgDeptId ?? null,
        createUser: push.createUser ?? null, createDept: push.createDept ?? null, createTime: now(), updateUser: push.createUser ?? null, updateTime: now(), isDeleted: 0,
      }) : {}));
      if (rows.length > 0) {
        await db.insertInto(noticePushRecordEntity.table).values(rows).onConflict((oc) => oc.columns(['push_id', 'alumni_id', 'channel']).doNothing()).execute();
      }
    }
  }

  /**
   * Resends the failed recipients of a push that was sent: its failed e-mail records (all, or those
   * listed) go back to waiting and are sent by new sending jobs, and — when no record is listed —
   * the failed recipients of its SMS push are resent as 8.5 resends them (at most `sms.push.maxRetry`
   * times each). The push is sending again and ends as any push ends. Failed records of the SMS
   * channel that never reached an SMS push (no template or configuration) are counted as skipped.
   */
  async resend(caller: Caller, push: JsonRecord, recordIds: readonly string[] | null): Promise<{ resent: number; skipped: number }> {
    const { db, jobs, params } = this.deps;
    const tenantId = caller.tenantId;
    const pushId = String(push.id);
    if (!RESENDABLE.includes(Number(push.pushStatus))) throw badRequest(NOTICE_PUSH_MSG.resendNotSent);
    const failed = await db.selectFrom(noticePushRecordEntity.table).select(['id', 'channel'])
      .where('tenant_id', '=', tenantId).where('push_id', '=', pushId).where('is_deleted', '=', 0).where('status', '=', TARGET_STATUS.failed)
      .$if(recordIds !== null, (q) => q.where('id', 'in', recordIds as string[])).execute();
    const mails = failed.filter((r) => String(r.channel) === PUSH_CHANNEL.email).map((r) => String(r.id));
    if (recordIds !== null && mails.length !== recordIds.length) throw badRequest(NOTICE_PUSH_MSG.resendNotFailed);
    let resent = mails.length;
    let skipped = failed.length - mails.length;
    if (mails.length > 0) {
      await db.transaction().execute(async (tx) => {
        for (let i = 0; i < mails.length; i += 500) {
          await tx.updateTable(noticePushRecordEntity.table).set({ status: TARGET_STATUS.waiting, fail_reason: null, send_time: null, send_job: null, update_time: now() })
            .where('id', 'in', mails.slice(i, i + 500)).where('status', '=', TARGET_STATUS.failed).execute();
        }
        await tx.updateTable(noticePushEntity.table).set({ push_status: PUSH_STATUS.sending, update_time: now() })
          .where('id', '=', pushId).where('push_status', 'in', RESENDABLE).execute();
      });
      for (let i = 0; i < Math.ceil(mails.length / SEND_BATCH); i += 1) {
        await jobs.send(NOTICE_PUSH_SEND_JOB, { data: { pushId }, tenantId, createdBy: caller.userId });
      }
    }
    if (recordIds === null && push.smsPushId) {
      const sms = await db.selectFrom(smsPushEntity.table).select(['id', 'push_status']).where('tenant_id', '=', tenantId)
        .where('id', '=', String(push.smsPushId)).where('is_deleted', '=', 0).executeTakeFirst();
      if (sms && Number(sms.push_status) !== PUSH_STATUS.cancelled) {
        const maxRetry = await params.number(tenantId, 'sms.push.maxRetry', 3);
        const answer = await resendSmsTargets({ db, jobs }, caller, { id: String(sms.id), noticePushId: pushId }, await failedTargets(db, String(sms.id)), maxRetry);
        resent += answer.resent;
        skipped += answer.skipped;
      }
    }
    await this.tallies.settle(tenantId, pushId);
    return { resent, skipped };
  }

  private async count(tenantId: string, pushId: string, status: number): Promise<number> {
    const row = await this.deps.db.selectFrom(noticePushRecordEntity.table).select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenantId).where('push_id', '=', pushId).where('status', '=', status).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  private async send(job: RunningJob<PushSendData>): Promise<unknown> {
    const { db, repository, resources, params, tokens } = this.deps;
    const tenantId = String(job.tenantId);
    const pushId = job.data.pushId;
    const push = await repository.findById(noticePushEntity, scopeOf(tenantId), pushId);
    if (!push || Number(push.pushStatus) !== PUSH_STATUS.sending) return { skipped: 'not sending' };
    const stamp = () => now();
    // What an earlier run of this job claimed and never settled: sent or not, it is not sent again.
    const interrupted = await db.updateTable(noticePushRecordEntity.table)
      .set({ status: TARGET_STATUS.failed, fail_reason: NOTICE_PUSH_MSG.interrupted.zh, send_time: stamp() })
      .where('push_id', '=', pushId).where('status', '=', TARGET_STATUS.sending).where('send_job', '=', job.id).executeTakeFirst();

    const template = push.templateId ? await repository.findById(noticeTemplateEntity, scopeOf(tenantId), String(push.templateId)) : null;
    const notice = push.noticeId ? await repository.findById(alumniNoticeEntity, scopeOf(tenantId), String(push.noticeId)) : null;
    const text = pushText(push, template);
    const { base, values: common } = await pushCommonValues(params, tenantId, push, notice);
    const personal = await this.personalValues(tenantId, push, base);
    const setting = String(push.channels).includes(PUSH_CHANNEL.email) ? await resources.mail.setting(tenantId, push.emailSettingId ? String(push.emailSettingId) : null) : null;
    const sender = { tenantId, userId: String(push.createUser ?? '') };
    // A text with a variable nothing fills is never sent: its records fail naming the variables.
    const unfilled = unfilledVariables([text.subject, text.content], sendingVariables(PUSH_CHANNEL.email, Boolean(push.surveyId)));
    const unfilledReason = unfilled.length > 0 ? fill(NOTICE_PUSH_MSG.variablesUnfilled.zh, { names: variableList(unfilled) }).slice(0, 255) : null;
    let handled = 0;
    // A round ends at its batch, or at its hand-over time however few it has sent (a slow SMTP
    // server, a busy machine): the rest goes to a job of its own before the lease runs out.
    const more = () => !job.signal.aborted && Date.now() < job.handOverAt;
    while (handled < SEND_BATCH && more()) {
      const batch = await db.selectFrom(noticePushRecordEntity.table).select(['id', 'channel', 'alumni_id', 'alumni_name', 'address'])
        .where('push_id', '=', pushId).where('status', '=', TARGET_STATUS.waiting).orderBy('id').limit(SEND_BATCH - handled).execute();
      if (batch.length === 0) break;
      const inApp = batch.filter((r) => String(r.channel) === PUSH_CHANNEL.inApp).map((r) => String(r.id));
      if (inApp.length > 0) {
        const delivered = await db.updateTable(noticePushRecordEntity.table).set({ status: TARGET_STATUS.delivered, send_time: stamp(), send_job: job.id })
          .where('id', 'in', inApp).where('status', '=', TARGET_STATUS.waiting).executeTakeFirst();
        handled += Number(delivered.numUpdatedRows);
      }
      for (const record of batch.filter((r) => String(r.channel) === PUSH_CHANNEL.email)) {
        if (!more()) break;
        const id = String(record.id);
        const claimed = await db.updateTable(noticePushRecordEntity.table).set({ status: TARGET_STATUS.sending, send_job: job.id })
          .where('id', '=', id).where('status', '=', TARGET_STATUS.waiting).executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) continue;
        handled += 1;
        const to = repository.sealing ? repository.sealing.openColumn(noticePushRecordEntity, 'address', record.address) : String(record.address ?? '');
        const outcome = unfilledReason !== null ? { ok: false as const, reason: unfilledReason }
          : setting && to
          ? await resources.mail.send(sender, setting, {
            to, ...pushMail(text, { ...common, name: String(record.alumni_name ?? ''), ...personal(record.alumni_id === null ? null : String(record.alumni_id)) }, {
              unsubscribeUrl: `${base}${UNSUBSCRIBE_PATH}?token=${tokens.sign('unsubscribe', id)}`,
              pixelUrl: `${base}${READ_PIXEL_PATH}?token=${tokens.sign('read', id)}`,
              clickUrl: clickThrough(base, tokens.sign('click', id)),
            }),
          })
          : { ok: false as const, reason: NOTICE_PUSH_MSG.emailSettingRequired.zh };
        const failReason = outcome.ok ? null : 'limited' in outcome ? NOTICE_PUSH_MSG.dailyLimit.zh : outcome.reason.slice(0, 255);
        await db.updateTable(noticePushRecordEntity.table)
          .set({ status: outcome.ok ? TARGET_STATUS.delivered : TARGET_STATUS.failed, fail_reason: failReason, send_time: stamp() })
          .where('id', '=', id).where('status', '=', TARGET_STATUS.sending).execute();
      }
      await job.progress(handled, SEND_BATCH, 'sending');
    }
    // Work left over (a batch cut short by the hand-over time) gets a job of its own.
    if (!job.signal.aborted && (await this.count(tenantId, pushId, TARGET_STATUS.waiting)) > 0) {
      await this.deps.jobs.send(NOTICE_PUSH_SEND_JOB, { data: { pushId }, tenantId, createdBy: sender.userId || null });
    }
    await this.tallies.settle(tenantId, pushId);
    return { handled, interrupted: Number(interrupted.numUpdatedRows) };
  }
}
