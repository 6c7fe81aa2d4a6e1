import { PUSH_STATUS, TARGET_STATUS, noticePushEntity, smsPushEntity, smsPushTargetEntity } from '@alumni/domain';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { queueSlices, recountSmsPush } from './sms-push-sender.js';

/** A failed recipient of an SMS push and how often it was resent. */
export interface FailedTarget { id: string; retry: number }

/** The failed recipients of an SMS push, all of them or those listed. */
export async function failedTargets(db: Db, smsPushId: string): Promise<FailedTarget[]> {
  const rows = await db.selectFrom(smsPushTargetEntity.table).select(['id', 'retry_count']).where('sms_push_id', '=', smsPushId)
    .where('is_deleted', '=', 0).where('push_status', '=', TARGET_STATUS.failed).execute();
  return rows.map((r) => ({ id: String(r.id), retry: Number(r.retry_count ?? 0) }));
}

/**
 * Resends failed recipients of an SMS push (DOMAIN 8.5 `pushFail`): those resent fewer than
 * `maxRetry` times go back to 0 with one retry more, the push back to 2 发送中, and slices are
 * queued for them. A notice push whose SMS channel this push carries is sending again too, so its
 * figures and state follow the resend (it ends again when this push does).
 */
export async function resendSmsTargets(
  deps: { db: Db; jobs: JobQueue },
  caller: { tenantId: string; userId: string | null },
  smsPush: { id: string; noticePushId?: unknown },
  failed: readonly FailedTarget[],
  maxRetry: number,
): Promise<{ resent: number; skipped: number }> {
  const { db, jobs } = deps;
  const resend = failed.filter((f) => f.retry < maxRetry);
  if (resend.length > 0) {
    await db.transaction().execute(async (tx) => {
      const at = now();
      for (let i = 0; i < resend.length; i += 500) {
        await tx.updateTable(smsPushTargetEntity.table)
          .set((eb) => ({ push_status: TARGET_STATUS.waiting, retry_count: eb('retry_count', '+', 1), fail_code: null, fail_reason: null, update_time: at }))
          .where('id', 'in', resend.slice(i, i + 500).map((r) => r.id)).where('push_status', '=', TARGET_STATUS.failed).execute();
      }
      await tx.updateTable(smsPushEntity.table).set({ push_status: PUSH_STATUS.sending, update_time: at }).where('id', '=', smsPush.id).execute();
      const noticePushId = smsPush.noticePushId;
      if (noticePushId !== null && noticePushId !== undefined && noticePushId !== '') {
        await tx.updateTable(noticePushEntity.table).set({ push_status: PUSH_STATUS.sending, update_time: at })
          .where('tenant_id', '=', caller.tenantId).where('id', '=', String(noticePushId))
          .where('push_status', 'in', [PUSH_STATUS.done, PUSH_STATUS.partlyFailed, PUSH_STATUS.failed]).execute();
      }
    });
    await recountSmsPush(db, smsPush.id);
    await queueSlices(db, jobs, smsPush.id, caller.tenantId, caller.userId);
  }
  return { resent: resend.length, skipped: failed.length - resend.length };
}
