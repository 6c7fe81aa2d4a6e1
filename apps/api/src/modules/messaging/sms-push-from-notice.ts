import { PUSH_STATUS, SEND_TYPE, TARGET_SOURCE, smsPushEntity } from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { ids } from '../../core/ids.js';
import { now, parseDateTime } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { FieldSealing } from '../../db/field-sealing.js';
import { valuesToColumns, type JsonRecord } from '../../db/row-mapping.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { mainlandMobile } from './audience.js';
import { kickSmsPushes, recountSmsPush } from './sms-push-sender.js';
import { insertTargets } from './sms-push-targets.js';

export interface NoticeSmsPush {
  noticePushId: string;
  title: string;
  /** The SMS notice template row (channel 2): its provider id, signature and text are copied. */
  template: JsonRecord;
  /** Each recipient, with `values` filled for it alone (a survey invitation's signed link). */
  recipients: Array<{ alumniId: string; name: string; phone: string; values?: Record<string, string> }>;
  sendNow: boolean;
  /** `yyyy-MM-dd HH:mm:ss`, for a scheduled push. */
  planSendTime?: string;
  /** Values every recipient shares (the school, the notice's title and address): the SMS push's common parameters. */
  params?: Record<string, string>;
}

export interface NoticeSmsDeps {
  /** A connection outside any open write transaction: the push is written in its own, then the queue is told. */
  db: Db;
  sealing: FieldSealing | null;
  jobs: JobQueue;
  /** The enabled SMS configuration's code (the tenant's enabled one when null). */
  smsCode: string | null;
  /** The signature when the template has none (the configuration's). */
  defaultSignName?: string | null;
}

/**
 * The SMS channel of a notice push (DOMAIN 8.3): an SMS push of the recipients (source 4 通知推送),
 * each a mainland mobile (others are left out: the notice push records them as skipped), started as
 * a submit with `pushStatus` 1 would start it — now, or at `planSendTime`. Answers the push's id.
 */
export async function createSmsPushForNoticePush(deps: NoticeSmsDeps, caller: Pick<Caller, 'tenantId' | 'userId' | 'deptId'>, input: NoticeSmsPush): Promise<string> {
  const pushId = await deps.db.transaction().execute((tx) => writeNoticeSmsPush(tx, deps, caller, input));
  const planned = !input.sendNow && input.planSendTime ? input.planSendTime : null;
  await kickSmsPushes(deps.jobs, caller.tenantId, planned ? parseDateTime(planned) : undefined);
  return pushId;
}

/**
 * Writes that SMS push, 1 待发送 with its targets, through `tx` (the caller's transaction) and
 * answers its id; the dispatch job starts it once the queue is told (`kickSmsPushes`).
 */
export async function writeNoticeSmsPush(
  tx: Db, deps: Pick<NoticeSmsDeps, 'sealing' | 'smsCode' | 'defaultSignName'>, caller: { tenantId: string; userId: string | null; deptId: string | null }, input: NoticeSmsPush,
): Promise<string> {
  const { sealing } = deps;
  const config = await tx.selectFrom('blade_sms').select(['sms_code', 'sign_name']).where('tenant_id', '=', caller.tenantId)
    .where('is_deleted', '=', 0).where('enabled', '=', 1).$if(deps.smsCode !== null, (q) => q.where('sms_code', '=', deps.smsCode as string))
    .orderBy('update_time', 'desc').executeTakeFirst() as { sms_code: string; sign_name: string | null } | undefined;
  if (!config) throw new Error('no enabled SMS configuration');
  const pushId = ids.next();
  const at = now();
  const planned = !input.sendNow && input.planSendTime ? input.planSendTime : null;
  const values = {
    title: input.title.slice(0, 100), smsCode: config.sms_code, templateId: input.template.id ?? null,
    providerTemplateId: String(input.template.providerTemplateId ?? ''), signName: String(input.template.smsSignName ?? deps.defaultSignName ?? config.sign_name ?? '').slice(0, 32),
    content: String(input.template.content ?? '').slice(0, 500), templateParams: input.params ? JSON.stringify(input.params) : null, noticePushId: input.noticePushId,
    sendType: planned ? SEND_TYPE.scheduled : SEND_TYPE.now, planSendTime: planned, pushStatus: PUSH_STATUS.queued,
    targetCount: 0, successCount: 0, failCount: 0, skipCount: 0, segmentCount: 0, orgDeptId: caller.deptId,
  };
  await tx.insertInto(smsPushEntity.table).values({
    ...valuesToColumns(values), id: pushId, tenant_id: caller.tenantId, create_user: caller.userId, create_dept: caller.deptId,
    create_time: at, update_user: caller.userId, update_time: at, status: 1, is_deleted: 0,
  }).execute();
  const targets = input.recipients.flatMap((r) => {
    const phone = mainlandMobile('+86', r.phone);
    return phone ? [{ alumniId: r.alumniId, name: r.name, phone, params: { ...r.values, name: r.name } }] : [];
  });
  await insertTargets(tx, sealing, { pushId, tenantId: caller.tenantId, orgDeptId: caller.deptId, userId: caller.userId, deptId: caller.deptId }, TARGET_SOURCE.noticePush, targets);
  await recountSmsPush(tx, pushId);
  return pushId;
}
