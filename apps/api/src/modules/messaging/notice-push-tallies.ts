import { ENTITIES, PUSH_CHANNEL, PUSH_STATUS, TARGET_STATUS, noticePushEntity, noticePushRecordEntity } from '@alumni/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';

/** One channel's figures of a push (DOMAIN 8.3 `channelStats`). */
export interface ChannelStat {
  channel: string;
  targetCount: number;
  successCount: number;
  failCount: number;
  skipCount: number;
  readCount: number;
  /** Recipients who followed a link of the e-mail (its click-through). */
  clickCount: number;
  /** Recipients not yet settled (waiting or being sent). */
  openCount: number;
}

/** The SMS push and its targets, when the SMS push module (8.4, 8.5) is part of the product. */
const SMS_PUSH = ENTITIES.find((e) => e.table === 'alumni_sms_push');
const SMS_TARGET = ENTITIES.find((e) => e.table === 'alumni_sms_push_target');
const FINAL: readonly number[] = [PUSH_STATUS.done, PUSH_STATUS.partlyFailed, PUSH_STATUS.failed, PUSH_STATUS.cancelled];

const empty = (channel: string): ChannelStat => ({ channel, targetCount: 0, successCount: 0, failCount: 0, skipCount: 0, readCount: 0, clickCount: 0, openCount: 0 });

function add(stat: ChannelStat, status: number, count: number, read: number, clicked = 0): void {
  stat.targetCount += count;
  stat.readCount += read;
  stat.clickCount += clicked;
  if (status === TARGET_STATUS.delivered) stat.successCount += count;
  else if (status === TARGET_STATUS.failed) stat.failCount += count;
  else if (status === TARGET_STATUS.skipped) stat.skipCount += count;
  else stat.openCount += count;
}

/**
 * The figures of notice pushes, counted from their records (and the SMS push's targets for the SMS
 * channel), and the end of a push: once every recipient is settled, 3 已完成 when nothing failed,
 * 5 发送失败 when nothing was delivered, else 4 部分失败.
 */
export class PushTallies {
  constructor(private readonly db: Db) {}

  async channelStats(tenantId: string, push: JsonRecord): Promise<ChannelStat[]> {
    const channels = String(push.channels ?? '').split(',').filter(Boolean);
    const stats = new Map(channels.map((c) => [c, empty(c)]));
    const rows = await this.db.selectFrom(noticePushRecordEntity.table)
      .select(['channel', 'status', sql<number>`count(*)`.as('n'), sql<number>`count(read_time)`.as('read'), sql<number>`count(click_time)`.as('clicked')])
      .where('tenant_id', '=', tenantId).where('push_id', '=', String(push.id)).where('is_deleted', '=', 0)
      .groupBy(['channel', 'status']).execute();
    for (const r of rows) {
      const channel = String(r.channel);
      if (!stats.has(channel)) stats.set(channel, empty(channel));
      add(stats.get(channel) as ChannelStat, Number(r.status), Number(r.n), Number(r.read), Number(r.clicked));
    }
    const smsPushId = push.smsPushId;
    if (SMS_TARGET && smsPushId !== null && smsPushId !== undefined && smsPushId !== '') {
      const sms = stats.get(PUSH_CHANNEL.sms) ?? empty(PUSH_CHANNEL.sms);
      stats.set(PUSH_CHANNEL.sms, sms);
      const targets = await this.db.selectFrom(SMS_TARGET.table).select(['push_status', sql<number>`count(*)`.as('n')])
        .where('tenant_id', '=', tenantId).where('sms_push_id', '=', String(smsPushId)).where('is_deleted', '=', 0)
        .groupBy('push_status').execute();
      for (const r of targets) add(sms, Number(r.push_status), Number(r.n), 0);
    }
    return [...stats.values()];
  }

  /**
   * Writes a sending push's totals and, when every recipient is settled (and its SMS push has
   * ended), its final status; answers the fields written.
   */
  async settle(tenantId: string, pushId: string): Promise<Record<string, number>> {
    const push = await this.db.selectFrom(noticePushEntity.table).select(['id', 'channels', 'sms_push_id', 'push_status', 'recipients_resolved'])
      .where('tenant_id', '=', tenantId).where('id', '=', pushId).executeTakeFirst();
    if (!push || Number(push.push_status) !== PUSH_STATUS.sending) return {};
    const stats = await this.channelStats(tenantId, { id: pushId, channels: push.channels, smsPushId: push.sms_push_id });
    const sum = (key: keyof ChannelStat) => stats.reduce((total, s) => total + Number(s[key]), 0);
    const totals: Record<string, number> = {
      targetCount: sum('targetCount'), successCount: sum('successCount'), failCount: sum('failCount'), skipCount: sum('skipCount'), readCount: sum('readCount'),
    };
    const smsEnded = await this.smsPushEnded(tenantId, push.sms_push_id);
    const waitingForChannels = String(push.channels).includes(PUSH_CHANNEL.sms) && SMS_PUSH && push.sms_push_id === null;
    if (sum('openCount') === 0 && smsEnded && !waitingForChannels && Number(push.recipients_resolved) === 1) {
      totals.pushStatus = totals.failCount === 0 ? PUSH_STATUS.done : totals.successCount === 0 ? PUSH_STATUS.failed : PUSH_STATUS.partlyFailed;
    }
    await this.db.updateTable(noticePushEntity.table).set({
      target_count: totals.targetCount, success_count: totals.successCount, fail_count: totals.failCount, skip_count: totals.skipCount,
      read_count: totals.readCount, ...(totals.pushStatus === undefined ? {} : { push_status: totals.pushStatus }),
    }).where('id', '=', pushId).where('push_status', '=', PUSH_STATUS.sending).execute();
    return totals;
  }

  private async smsPushEnded(tenantId: string, smsPushId: unknown): Promise<boolean> {
    if (!SMS_PUSH || smsPushId === null || smsPushId === undefined) return true;
    const row = await this.db.selectFrom(SMS_PUSH.table).select('push_status').where('tenant_id', '=', tenantId).where('id', '=', String(smsPushId)).executeTakeFirst();
    return !row || FINAL.includes(Number(row.push_status));
  }
}

/**
 * Marks a delivered record read (the read pixel loaded, a link was followed) once, and writes its
 * push's read count again, so the read rate of a push that ended still rises.
 */
export async function markRecordRead(db: Db, recordId: string, at: string, clicked = false): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (clicked) {
      await tx.updateTable(noticePushRecordEntity.table).set({ click_time: at })
        .where('id', '=', recordId).where('status', '=', TARGET_STATUS.delivered).where('click_time', 'is', null).execute();
    }
    const marked = await tx.updateTable(noticePushRecordEntity.table).set({ read_time: at })
      .where('id', '=', recordId).where('status', '=', TARGET_STATUS.delivered).where('read_time', 'is', null).executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return;
    const record = await tx.selectFrom(noticePushRecordEntity.table).select('push_id').where('id', '=', recordId).executeTakeFirst();
    if (!record) return;
    const read = await tx.selectFrom(noticePushRecordEntity.table).select(sql<number>`count(read_time)`.as('n'))
      .where('push_id', '=', String(record.push_id)).where('is_deleted', '=', 0).executeTakeFirst();
    await tx.updateTable(noticePushEntity.table).set({ read_count: Number(read?.n ?? 0) }).where('id', '=', String(record.push_id)).execute();
  });
}
