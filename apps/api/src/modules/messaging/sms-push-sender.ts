import {
  PUSH_STATUS, TARGET_STATUS, basicInfoEntity, smsParts, smsPushEntity, smsPushTargetEntity, smsText,
} from '@alumni/domain';
import type { Params } from '../../access/params.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { FieldSealing } from '../../db/field-sealing.js';
import type { JobQueue, RunningJob } from '../../jobs/job-queue.js';
import type { SmsService } from '../resource/sms/sms-service.js';
import { SEND_RECORD_TABLE, SEND_STATUS, maskedTarget } from '../resource/send-records.js';
import { SKIP_REASON } from './audience.js';
import { PushTallies } from './notice-push-tallies.js';

/** Finds the SMS pushes due to start and splits each into send jobs. */
export const SMS_PUSH_DISPATCH_JOB = 'sms-push-dispatch';
/** Sends one slice of a push's recipients (a range of target ids). */
export const SMS_PUSH_SEND_JOB = 'sms-push-send';

/** Recipients per send job: short enough for one lease, many enough to keep the queue small. */
export const TARGETS_PER_JOB = 500;
const MAX_BATCH = 100;
const UNKNOWN_CODE = 'UNKNOWN';
const UNKNOWN_REASON = '发送结果未知（发送时进程中断），请核实后重发';
const SKIPPED_CODE = 'SKIPPED';

export interface DispatchData { reason?: string }
export interface SendSliceData { pushId: string; fromId: string; toId: string; userId: string | null }

const push = smsPushEntity.table;
const targets = smsPushTargetEntity.table;

/**
 * Asks the queue to look for due pushes now, and once more at `at` (a scheduled push's time); with
 * `transaction`, the ask is written in it, so it exists exactly when the push it is for commits.
 */
export async function kickSmsPushes(jobs: JobQueue, tenantId: string, at?: Date, transaction?: Db): Promise<void> {
  await jobs.send<DispatchData>(SMS_PUSH_DISPATCH_JOB, { data: { reason: 'submit' }, tenantId }, { ...(at ? { startAfter: at } : {}), ...(transaction ? { transaction } : {}) });
}

/** Sending pace per process: at most `ratePerSecond` messages each second, shared by its jobs. */
class Pace {
  private next = 0;

  async take(count: number, ratePerSecond: number, signal: AbortSignal): Promise<void> {
    const start = Math.max(Date.now(), this.next);
    this.next = start + (count * 1000) / Math.max(1, ratePerSecond);
    const wait = start - Date.now();
    if (wait > 0) await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
    });
  }
}

/** The push's counts from its targets, and its final state once none is waiting or sending. */
export async function recountSmsPush(db: Db, pushId: string): Promise<void> {
  const rows = await db.selectFrom(targets).select(['push_status', (eb) => eb.fn.countAll().as('n')])
    .where('sms_push_id', '=', pushId).where('is_deleted', '=', 0).groupBy('push_status').execute() as { push_status: unknown; n: unknown }[];
  const count = (status: number) => Number(rows.find((r) => Number(r.push_status) === status)?.n ?? 0);
  const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
  const delivered = count(TARGET_STATUS.delivered);
  const failed = count(TARGET_STATUS.failed);
  const open = count(TARGET_STATUS.waiting) + count(TARGET_STATUS.sending);
  const values: Record<string, unknown> = {
    target_count: total, success_count: delivered, fail_count: failed, skip_count: count(TARGET_STATUS.skipped), update_time: now(),
  };
  let query = db.updateTable(push).set(values).where('id', '=', pushId);
  if (open === 0) {
    const final = failed === 0 ? PUSH_STATUS.done : delivered === 0 ? PUSH_STATUS.failed : PUSH_STATUS.partlyFailed;
    query = db.updateTable(push).set({ ...values, push_status: final }).where('id', '=', pushId).where('push_status', '=', PUSH_STATUS.sending);
    const ended = await query.executeTakeFirst();
    await db.updateTable(push).set(values).where('id', '=', pushId).execute();
    // The SMS channel of a notice push ended: the notice push takes its figures and may end too.
    if (Number(ended.numUpdatedRows) > 0) {
      const owner = await db.selectFrom(push).select(['tenant_id', 'notice_push_id']).where('id', '=', pushId).executeTakeFirst();
      if (owner?.notice_push_id) await new PushTallies(db).settle(String(owner.tenant_id), String(owner.notice_push_id));
    }
    return;
  }
  await query.execute();
}

/** Reads a provider's answer text for its failure code and message id (Alibaba, Tencent and the development provider). */
function answerFields(answer: string): { code: string | null; bizId: string | null; message: string } {
  try {
    const json = JSON.parse(answer) as Record<string, unknown>;
    const code = json.Code ?? json.code ?? null;
    const bizId = json.BizId ?? json.SerialNo ?? null;
    return { code: code === null ? null : String(code), bizId: bizId === null ? null : String(bizId), message: String(json.Message ?? json.message ?? answer) };
  } catch {
    return { code: null, bizId: null, message: answer };
  }
}

interface Deps {
  db: Db;
  jobs: JobQueue;
  sms: SmsService;
  params: Params;
  sealing: FieldSealing | null;
}

/**
 * The two jobs of SMS pushes (DOMAIN 8.4). Dispatch turns each due push (1 待发送, now or past its
 * scheduled time) into send jobs of at most `TARGETS_PER_JOB` targets by id range, then marks it
 * 2 发送中, all in one write (decision 177; on pg-boss too, which writes the slices through the same
 * transaction, decision 274); a dispatch that dies before that write leaves the push 1 待发送 with no
 * slices and runs again (a slice queued twice would be harmless: it only takes targets still waiting). A slice claims up to `sms.push.batchSize`
 * (≤ 100) waiting targets at a time by marking them 1 发送中 (an update that only a waiting target
 * passes), re-checks consent, sends them in one provider call and records each outcome.
 */
export async function registerSmsPushJobs(deps: Deps): Promise<void> {
  const { db, jobs, sms, params } = deps;
  const pace = new Pace();

  await jobs.work<DispatchData>(SMS_PUSH_DISPATCH_JOB, async (job) => {
    const tenantId = job.tenantId;
    let query = db.selectFrom(push).select(['id', 'tenant_id', 'create_user']).where('is_deleted', '=', 0)
      .where('push_status', '=', PUSH_STATUS.queued)
      .where((eb) => eb.or([eb('send_type', '=', '1'), eb('plan_send_time', '<=', now())]));
    if (tenantId) query = query.where('tenant_id', '=', tenantId);
    const due = await query.execute() as { id: unknown; tenant_id: string; create_user: unknown }[];
    let slices = 0;
    for (const row of due) {
      const pushId = String(row.id);
      // The slices and the push's 2 发送中 are written together in one
      // transaction, so a dispatch that dies leaves the push 1 待发送 with no slices, to be queued again.
      await db.transaction().execute(async (tx) => {
        slices += await queueSlices(tx, jobs, pushId, row.tenant_id, row.create_user === null ? null : String(row.create_user));
        await tx.updateTable(push).set({ push_status: PUSH_STATUS.sending, send_time: now(), update_time: now() })
          .where('id', '=', pushId).where('push_status', '=', PUSH_STATUS.queued).execute();
      });
      await recountSmsPush(db, pushId);
    }
    return { pushes: due.length, slices };
  });

  await jobs.work<SendSliceData>(SMS_PUSH_SEND_JOB, async (job: RunningJob<SendSliceData>) => {
    const { pushId, fromId, toId } = job.data;
    const row = await db.selectFrom(push).selectAll().where('id', '=', pushId).where('is_deleted', '=', 0).executeTakeFirst() as Record<string, unknown> | undefined;
    if (!row || Number(row.push_status) === PUSH_STATUS.cancelled) return { skipped: 'push removed or cancelled' };
    const tenantId = String(row.tenant_id);
    const sender = { tenantId, userId: job.data.userId ?? String(row.create_user ?? '') };
    // Only a run after one that died finds targets it left 1 发送中 (a first run finds none of its own).
    const inDoubt = job.retryCount > 0 ? await settleInDoubt(db, deps.sealing, pushId, fromId, toId) : 0;
    const batchSize = Math.min(MAX_BATCH, Math.max(1, await params.number(tenantId, 'sms.push.batchSize', MAX_BATCH)));
    const common = parseParams(row.template_params);
    const signName = String(row.sign_name ?? '');
    const content = String(row.content ?? '');
    const total = Number((await db.selectFrom(targets).select((eb) => eb.fn.countAll().as('n')).where('sms_push_id', '=', pushId)
      .where('id', '>=', fromId).where('id', '<=', toId).where('is_deleted', '=', 0).executeTakeFirst() as { n: unknown }).n);
    let done = 0;
    let sent = 0;
    for (;;) {
      if (job.signal.aborted) throw new Error('stopped');
      if (Date.now() >= job.handOverAt) {
        // Slower than its lease foresaw (a slow provider, a busy machine): the range's waiting
        // targets go to a job of their own before pg-boss would take this run's job from it.
        await queueSlices(db, jobs, pushId, tenantId, sender.userId || null, { fromId, toId });
        break;
      }
      const claimed = await claim(db, pushId, fromId, toId, batchSize);
      if (claimed.length === 0) break;
      const opened = claimed.map((t) => ({ ...t, phone: deps.sealing ? deps.sealing.openColumn(smsPushTargetEntity, 'phone', t.phone) ?? '' : String(t.phone) }));
      const withdrawn = await withdrawnAlumni(db, opened.map((t) => t.alumni_id).filter((id): id is string => id !== null));
      const sendable = opened.filter((t) => t.alumni_id === null || !withdrawn.has(t.alumni_id));
      const skipped = opened.filter((t) => t.alumni_id !== null && withdrawn.has(t.alumni_id));
      const texts = sendable.map((t) => ({ phone: t.phone, params: { ...common, ...(t.name ? { name: t.name } : {}), ...parseParams(t.params) } }));
      const rate = await params.number(tenantId, 'sms.push.ratePerSecond', 20);
      await pace.take(texts.length, rate, job.signal);
      const outcomes = texts.length ? await sms.sendEach(sender, 'zh', String(row.sms_code), texts, { templateId: String(row.provider_template_id ?? ''), signName }) : [];
      const at = now();
      let parts = 0;
      await db.transaction().execute(async (tx) => {
        for (const target of skipped) {
          await tx.updateTable(targets).set({ push_status: TARGET_STATUS.skipped, fail_code: SKIPPED_CODE, fail_reason: withdrawn.get(target.alumni_id as string), send_time: at, update_time: at })
            .where('id', '=', target.id).execute();
        }
        for (const [i, target] of sendable.entries()) {
          const outcome = outcomes[i];
          const answer = answerFields(outcome?.message ?? '');
          if (outcome?.ok) parts += smsParts([...smsText(signName, content, texts[i]?.params ?? {})].length);
          await tx.updateTable(targets).set(outcome?.ok
            ? { push_status: TARGET_STATUS.delivered, biz_id: answer.bizId, fail_code: null, fail_reason: null, send_time: at, update_time: at }
            : { push_status: TARGET_STATUS.failed, fail_code: (answer.code ?? 'FAILED').slice(0, 64), fail_reason: answer.message.slice(0, 255), send_time: at, update_time: at })
            .where('id', '=', target.id).execute();
        }
        if (parts > 0) await tx.updateTable(push).set((eb) => ({ segment_count: eb('segment_count', '+', parts) })).where('id', '=', pushId).execute();
      });
      done += claimed.length;
      sent += outcomes.filter((o) => o.ok).length;
      await job.progress(done, total, `短信推送 ${pushId}`);
    }
    await recountSmsPush(db, pushId);
    return { pushId, processed: done, delivered: sent, inDoubt };
  }, { concurrency: 2 });
}

/** Queues the push's waiting targets (of one range, when given) as send jobs of `TARGETS_PER_JOB` ids each; answers how many. */
export async function queueSlices(db: Db, jobs: JobQueue, pushId: string, tenantId: string, userId: string | null, range?: { fromId: string; toId: string }): Promise<number> {
  // A slice holds its job for twice the time its messages take at the configured pace, plus a
  // margin: a living run is never taken over, and a dead one is taken again after that long.
  const rate = Number((await db.selectFrom('blade_param').select('param_value').where('param_key', '=', 'sms.push.ratePerSecond')
    .where('is_deleted', '=', 0).where('tenant_id', 'in', [tenantId, '000000']).orderBy('tenant_id', 'desc').executeTakeFirst())?.param_value ?? 20);
  const lease = Math.ceil((2 * TARGETS_PER_JOB) / (Number.isFinite(rate) && rate > 0 ? rate : 20)) + 30;
  let waiting = db.selectFrom(targets).select('id').where('sms_push_id', '=', pushId).where('is_deleted', '=', 0)
    .where('push_status', '=', TARGET_STATUS.waiting);
  if (range) waiting = waiting.where('id', '>=', range.fromId).where('id', '<=', range.toId);
  const ids = (await waiting.orderBy('id').execute()).map((r) => String(r.id));
  const requests = [];
  for (let i = 0; i < ids.length; i += TARGETS_PER_JOB) {
    const slice = ids.slice(i, i + TARGETS_PER_JOB);
    requests.push({ data: { pushId, fromId: slice[0] as string, toId: slice[slice.length - 1] as string, userId }, tenantId, createdBy: userId });
  }
  await jobs.sendMany<SendSliceData>(SMS_PUSH_SEND_JOB, requests, { retryLimit: 5, retryDelay: 1, expireInSeconds: lease, transaction: db });
  return requests.length;
}

interface ClaimedTarget { id: string; alumni_id: string | null; name: string | null; phone: unknown; params: unknown }

/** Marks up to `limit` waiting targets of the range 1 发送中 and answers them: only a waiting target passes the update, so two runs never take the same one. */
async function claim(db: Db, pushId: string, fromId: string, toId: string, limit: number): Promise<ClaimedTarget[]> {
  const waiting = db.selectFrom(targets).select('id').where('sms_push_id', '=', pushId).where('is_deleted', '=', 0)
    .where('push_status', '=', TARGET_STATUS.waiting).where('id', '>=', fromId).where('id', '<=', toId).orderBy('id').limit(limit);
  const at = now();
  const rows = await db.updateTable(targets).set({ push_status: TARGET_STATUS.sending, send_time: at, update_time: at })
    .where('id', 'in', waiting).where('push_status', '=', TARGET_STATUS.waiting)
    .returning(['id', 'alumni_id', 'name', 'phone', 'params']).execute() as Record<string, unknown>[];
  return rows.map((r) => ({ id: String(r.id), alumni_id: r.alumni_id === null ? null : String(r.alumni_id), name: r.name === null ? null : String(r.name), phone: r.phone, params: r.params }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

/**
 * Targets of the range left 1 发送中 by a run that died: the provider may or may not have had the
 * message. A send record of that number, made through the push's configuration since the target
 * was claimed, settles it (the service writes one as soon as the provider answers); without one
 * the target is failed with `UNKNOWN` and never sent again on its own, so nobody gets a message
 * twice — staff may resend it. Answers how many were settled.
 */
async function settleInDoubt(db: Db, sealing: FieldSealing | null, pushId: string, fromId: string, toId: string): Promise<number> {
  const stuck = await db.selectFrom(targets).select(['id', 'phone', 'send_time', 'tenant_id']).where('sms_push_id', '=', pushId)
    .where('is_deleted', '=', 0).where('push_status', '=', TARGET_STATUS.sending).where('id', '>=', fromId).where('id', '<=', toId)
    .execute() as Record<string, unknown>[];
  for (const target of stuck) {
    // The send records keep the recipient masked: its record is found by the keyed hash of the number.
    const phone = sealing ? sealing.openColumn(smsPushTargetEntity, 'phone', target.phone) ?? '' : String(target.phone);
    const record = await db.selectFrom(SEND_RECORD_TABLE).select(['status', 'answer']).where('tenant_id', '=', String(target.tenant_id))
      .where('channel', '=', 'sms')
      .where(sealing ? 'target_hash' : 'target', '=', sealing ? sealing.hash('phone', phone) : maskedTarget(phone))
      .where('create_time', '>=', String(target.send_time ?? ''))
      .orderBy('create_time', 'desc').executeTakeFirst() as { status: unknown; answer: unknown } | undefined;
    const at = now();
    const answer = answerFields(String(record?.answer ?? ''));
    const values = !record
      ? { push_status: TARGET_STATUS.failed, fail_code: UNKNOWN_CODE, fail_reason: UNKNOWN_REASON }
      : Number(record.status) === SEND_STATUS.sent
        ? { push_status: TARGET_STATUS.delivered, biz_id: answer.bizId, fail_code: null, fail_reason: null }
        : { push_status: TARGET_STATUS.failed, fail_code: (answer.code ?? 'FAILED').slice(0, 64), fail_reason: answer.message.slice(0, 255) };
    await db.updateTable(targets).set({ ...values, update_time: at }).where('id', '=', String(target.id)).where('push_status', '=', TARGET_STATUS.sending).execute();
  }
  return stuck.length;
}

/** Alumni among these who may no longer get SMS (consent withdrawn, frozen or deceased), with the reason recorded. */
async function withdrawnAlumni(db: Db, alumniIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (alumniIds.length === 0) return out;
  const rows = await db.selectFrom(basicInfoEntity.table).select(['id', 'allow_sms', 'status', 'is_deceased', 'is_deleted'])
    .where('id', 'in', [...new Set(alumniIds)]).execute() as Record<string, unknown>[];
  for (const r of rows) {
    if (Number(r.is_deleted) === 1) continue;
    if (Number(r.status) === 2 || Number(r.is_deceased) === 1) out.set(String(r.id), SKIP_REASON.frozenOrDeceased.zh);
    else if (Number(r.allow_sms) !== 1) out.set(String(r.id), SKIP_REASON.noConsent.zh);
  }
  return out;
}

/** A JSON object of template values (text or object); anything else is no values. */
export function parseParams(raw: unknown): Record<string, string> {
  if (raw === null || raw === undefined || raw === '') return {};
  try {
    const value = typeof raw === 'string' ? JSON.parse(raw) : raw;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v ?? '')]));
  } catch {
    return {};
  }
}

export { UNKNOWN_CODE, UNKNOWN_REASON };
