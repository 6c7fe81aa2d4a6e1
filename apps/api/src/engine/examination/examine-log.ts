import { maskPersonalData, maskPersonalText, type ExamineAction, type ExamineBizType } from '@alumni/domain';
import { ids } from '../../core/ids.js';
import type { Db } from '../../db/database.js';

export interface ExamineLogEntry {
  tenantId: string;
  bizType: ExamineBizType;
  bizId: string;
  action: ExamineAction;
  fromStatus: number | null;
  toStatus: number | null;
  opinion: string | null;
  examineUser: string;
  examineUserName: string;
  examineTime: string;
  /**
   * For a merge: the fields overwritten, with their old and new values; personal data masked
   * (`maskPersonalField` by the field's name, and `append` masks whatever is left).
   */
  snapshot?: unknown;
}

/**
 * `alumni_examine_log`: appended to by every examine action, never edited or deleted. Its opinion
 * and snapshot keep no personal data in clear (`maskPersonalData`).
 */
export class ExamineLog {
  async append(db: Db, entry: ExamineLogEntry): Promise<void> {
    await db.insertInto('alumni_examine_log').values({
      id: ids.next(),
      tenant_id: entry.tenantId,
      biz_type: entry.bizType,
      biz_id: entry.bizId,
      action: entry.action,
      from_status: entry.fromStatus,
      to_status: entry.toStatus,
      opinion: entry.opinion === null ? null : maskPersonalText(entry.opinion),
      examine_user: entry.examineUser,
      examine_user_name: entry.examineUserName,
      examine_time: entry.examineTime,
      snapshot: entry.snapshot === undefined ? null : JSON.stringify(maskPersonalData(entry.snapshot)),
    }).execute();
  }

  /** A record's log, newest first, as `detail` answers it in `examineLogs`. */
  async of(db: Db, tenantId: string, bizType: ExamineBizType, bizId: string): Promise<Record<string, unknown>[]> {
    return (await this.ofEach(db, tenantId, bizType, [bizId])).get(bizId) ?? [];
  }

  /** The logs of several records of one kind in one query, each newest first, by record id. */
  async ofEach(db: Db, tenantId: string, bizType: ExamineBizType, bizIds: readonly string[]): Promise<Map<string, Record<string, unknown>[]>> {
    const logs = new Map<string, Record<string, unknown>[]>(bizIds.map((id) => [id, []]));
    if (bizIds.length === 0) return logs;
    const rows = await db.selectFrom('alumni_examine_log').selectAll()
      .where('tenant_id', '=', tenantId).where('biz_type', '=', bizType).where('biz_id', 'in', [...bizIds])
      .orderBy('examine_time', 'desc').orderBy('id', 'desc').execute();
    for (const r of rows) {
      logs.get(String(r.biz_id))?.push({
        id: String(r.id),
        bizType: r.biz_type,
        bizId: String(r.biz_id),
        action: r.action,
        fromStatus: r.from_status === null ? null : Number(r.from_status),
        toStatus: r.to_status === null ? null : Number(r.to_status),
        opinion: r.opinion,
        examineUser: r.examine_user === null ? null : String(r.examine_user),
        examineUserName: r.examine_user_name,
        examineTime: String(r.examine_time),
        snapshot: r.snapshot ? JSON.parse(String(r.snapshot)) as unknown : null,
      });
    }
    return logs;
  }
}
