import { CARE_MSG, CARE_STATUS, CARE_TRANSITIONS, careListEntity, departmentEntity, type SubmitValues } from '@alumni/domain';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import { after } from '../academic/academic-rules.js';
import { alumniNameFilter, alumniNames, alumnusOf, checkDates, checkFiles, dayFromToday, namesOf, refuse } from './relation-rules.js';

const OPEN = [CARE_STATUS.waiting, CARE_STATUS.following];
const STATUS_NAMES: Record<string, { zh: string; en: string }> = {
  '0': { zh: '待关怀', en: 'waiting' }, '1': { zh: '已关怀', en: 'cared for' }, '2': { zh: '持续关注', en: 'following' }, '3': { zh: '已结束', en: 'closed' },
};
const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/** Whole years from a birthday to today. */
export function ageOn(birthday: string | null, today: string): number | null {
  if (!birthday || !/^\d{4}-\d{2}-\d{2}/.test(birthday)) return null;
  const years = Number(today.slice(0, 4)) - Number(birthday.slice(0, 4));
  return today.slice(5, 10) < birthday.slice(5, 10) ? years - 1 : years;
}

/** The rules of a care entry (DOMAIN 5.3): one open entry per alumnus and type, the status steps and what each needs. */
export function careListHooks(db: () => Db): EntityHooks {
  return {
    listParams: { alumniName: alumniNameFilter(db) },
    async beforeSave(ctx, values, existing) {
      const alumnus = await alumnusOf(ctx, values, existing);
      values.orgDeptId = alumnus?.orgDeptId ?? null;
      if (!existing && blank(values.responsibleUserId)) values.responsibleUserId = ctx.caller.userId;
      if ('responsibleUserId' in values && !blank(values.responsibleUserId)) {
        const user = await ctx.db.selectFrom('blade_user').select('id').where('id', '=', String(values.responsibleUserId))
          .where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
        if (!user) throw refuse(ctx, 'responsibleUserId', CARE_MSG.userMissing);
      }
      checkStatus(ctx, values, existing);
      await refuseSecondOpen(ctx, values, existing);
      checkAmount(ctx, values);
      checkDates(ctx, values, ['careDate'], 'nextCareDate' in values && (!existing || values.nextCareDate !== existing.nextCareDate) ? ['nextCareDate'] : []);
      checkFiles(ctx, values, { photos: 9 });
    },
    async withRelated(records, caller) {
      const alumni = await alumniNames(db(), caller.tenantId, records.map((r) => String(r.alumniId ?? '')));
      const departments = await namesOf(db(), departmentEntity.table, 'department_name', caller.tenantId, [...alumni.values()].map((a) => a.departmentId ?? ''));
      const today = dayFromToday(0);
      for (const r of records) {
        const a = alumni.get(String(r.alumniId ?? ''));
        r.alumniCode = a?.alumniCode ?? null;
        r.age = ageOn(a?.birthday ?? null, today);
        r.departmentName = a?.departmentId ? (departments.get(a.departmentId) ?? null) : null;
        r.activityTitle = null;
      }
    },
  };
}

function checkStatus(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): void {
  const from = existing ? String(existing.careStatus) : null;
  const to = String(after(values, existing, 'careStatus') ?? CARE_STATUS.waiting);
  if (from === CARE_STATUS.closed) throw refuse(ctx, 'careStatus', CARE_MSG.closed);
  if (from !== null && from !== to && !(CARE_TRANSITIONS[from] ?? []).includes(to)) {
    throw refuse(ctx, 'careStatus', CARE_MSG.badTransition, { from: STATUS_NAMES[from]?.[ctx.lang] ?? from, to: STATUS_NAMES[to]?.[ctx.lang] ?? to });
  }
  if (to === CARE_STATUS.done && ['careMethod', 'careDate', 'careContent'].some((f) => blank(after(values, existing, f)))) {
    const field = ['careMethod', 'careDate', 'careContent'].find((f) => blank(after(values, existing, f))) as string;
    throw refuse(ctx, field, CARE_MSG.doneNeeds);
  }
  if (to === CARE_STATUS.following && blank(after(values, existing, 'nextCareDate'))) throw refuse(ctx, 'nextCareDate', CARE_MSG.followNeeds);
  if (to === CARE_STATUS.closed && from !== CARE_STATUS.closed && blank(after(values, existing, 'remark'))) throw refuse(ctx, 'remark', CARE_MSG.closeNeeds);
}

async function refuseSecondOpen(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const status = String(after(values, existing, 'careStatus') ?? CARE_STATUS.waiting);
  if (!OPEN.includes(status as '0' | '2')) return;
  let query = ctx.db.selectFrom(careListEntity.table).select('id').where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0)
    .where('alumni_id', '=', String(after(values, existing, 'alumniId'))).where('care_type', '=', String(after(values, existing, 'careType')))
    .where('care_status', 'in', OPEN);
  if (existing) query = query.where('id', '<>', String(existing.id));
  if (await query.executeTakeFirst()) throw refuse(ctx, 'alumniId', CARE_MSG.alreadyListed);
}

/** The allowance: money from 0 to 999,999.99, stored with two decimals (DOMAIN 1.3). */
function checkAmount(ctx: WriteContext, values: SubmitValues): void {
  const v = values.amount;
  if (blank(v)) return;
  const n = Number(String(v).replace(/,/g, ''));
  if (!/^\d+(\.\d{1,2})?$/.test(String(v).replace(/,/g, '').trim()) || !Number.isFinite(n) || n < 0 || n > 999_999.99) throw refuse(ctx, 'amount', CARE_MSG.badAmount);
  values.amount = n.toFixed(2);
}
