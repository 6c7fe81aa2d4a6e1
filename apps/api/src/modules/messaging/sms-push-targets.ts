import { TARGET_STATUS, hashFieldOf, smsPushTargetEntity, snake } from '@alumni/domain';
import { ids } from '../../core/ids.js';
import { now } from '../../core/time.js';
import type { Db } from '../../db/database.js';
import type { FieldSealing } from '../../db/field-sealing.js';
import { valuesToColumns } from '../../db/row-mapping.js';

/** A recipient to add to a push: a mainland mobile (eleven digits) and its template values. */
export interface NewTarget {
  alumniId: string | null;
  name: string | null;
  phone: string;
  params: Record<string, string> | null;
}

export interface TargetOwner {
  pushId: string;
  tenantId: string;
  orgDeptId: string | null;
  userId: string | null;
  deptId: string | null;
}

const ROWS_PER_INSERT = 200;
const PHONE_HASH = snake(hashFieldOf('phone'));

/**
 * Adds recipients to a push in multi-row inserts, leaving out numbers it already has (compared by
 * the number's keyed hash, as the table keeps it sealed). Runs on the given connection (a
 * transaction's, for all-or-none). Answers how many were added and how many were already there.
 */
export async function insertTargets(db: Db, sealing: FieldSealing | null, owner: TargetOwner, source: string, list: Iterable<NewTarget>): Promise<{ added: number; duplicate: number }> {
  const keyOf = (phone: string) => (sealing ? sealing.hash('phone', phone) : phone);
  const taken = new Set((await db.selectFrom(smsPushTargetEntity.table).select(sealing ? PHONE_HASH : 'phone')
    .where('sms_push_id', '=', owner.pushId).where('is_deleted', '=', 0).execute()).map((r) => String(Object.values(r)[0])));
  let added = 0;
  let duplicate = 0;
  let pending: Record<string, unknown>[] = [];
  const at = now();
  const flush = async () => {
    if (pending.length === 0) return;
    await db.insertInto(smsPushTargetEntity.table).values(pending).execute();
    pending = [];
  };
  for (const target of list) {
    const key = keyOf(target.phone);
    if (taken.has(key)) {
      duplicate += 1;
      continue;
    }
    taken.add(key);
    const values = {
      smsPushId: owner.pushId, alumniId: target.alumniId, name: target.name?.slice(0, 30) ?? null, phone: target.phone,
      params: target.params ? JSON.stringify(target.params) : null, source, pushStatus: TARGET_STATUS.waiting, retryCount: 0, orgDeptId: owner.orgDeptId,
    };
    pending.push({
      ...valuesToColumns(sealing ? sealing.sealValues(smsPushTargetEntity, values) : values),
      id: ids.next(), tenant_id: owner.tenantId, create_user: owner.userId, create_dept: owner.deptId, create_time: at,
      update_user: owner.userId, update_time: at, status: 1, is_deleted: 0,
    });
    added += 1;
    if (pending.length >= ROWS_PER_INSERT) await flush();
  }
  await flush();
  return { added, duplicate };
}
