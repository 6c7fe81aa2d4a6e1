import { ACADEMIC_MSG, EXAMINE_STATUS, departmentEntity, specialityEntity, type SubmitValues } from '@alumni/domain';
import type { Params } from '../../access/params.js';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import { after, checkHistory, checkNoChinese, keepFormerName } from './academic-rules.js';

const CODE_RE = /^[A-Za-z0-9_-]{1,16}$/;

/** The rules of departments (DOMAIN 3.1) beyond their fields and the shared examination. */
export function departmentHooks(db: Db, params: Params): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      const code = values.departmentCode;
      if (typeof code === 'string' && !CODE_RE.test(code)) throw badRequest(ACADEMIC_MSG.departmentCodeFormat);
      checkNoChinese(ctx, values, 'englishName');
      await checkHistory(ctx, params, values, existing);
      await checkName(ctx, values, existing);
      await checkMergedInto(ctx, values, existing);
      keepFormerName(values, existing, 'departmentName');
    },
    async withRelated(records, caller) {
      const counts = await db.selectFrom(specialityEntity.table).select(['department_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('tenant_id', '=', caller.tenantId).where('is_deleted', '=', 0)
        .where('department_id', 'in', records.map((r) => String(r.id))).groupBy('department_id').execute();
      const byDepartment = new Map(counts.map((c) => [String(c.department_id), Number(c.n)]));
      for (const r of records) r.specialityCount = byDepartment.get(String(r.id)) ?? 0;
    },
    async beforeRemove(ctx, rows) {
      const used = await ctx.db.selectFrom(specialityEntity.table).select('id')
        .where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0)
        .where('department_id', 'in', rows.map((r) => String(r.id))).limit(1).executeTakeFirst();
      if (used) throw badRequest(ACADEMIC_MSG.departmentInUse);
    },
  };
}

/** Names are unique in the tenant among departments that are not rejected. */
async function checkName(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const name = after(values, existing, 'departmentName');
  if (name === null || !('departmentName' in values)) return;
  let query = ctx.db.selectFrom(departmentEntity.table).select('id')
    .where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0)
    .where('department_name', '=', String(name)).where('examine_status', '<>', EXAMINE_STATUS.rejected);
  if (existing) query = query.where('id', '<>', String(existing.id));
  if (await query.limit(1).executeTakeFirst()) throw badRequest(ACADEMIC_MSG.departmentNameTaken);
}

/**
 * Only an abolished department is merged, into a current one other than itself; a current
 * department names its organisation unit, a historical one inherits it from where it merged.
 */
async function checkMergedInto(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const abolished = after(values, existing, 'abolishYear') !== null;
  const mergedInto = after(values, existing, 'mergedIntoId');
  if (mergedInto !== null && !abolished) throw badRequest(ACADEMIC_MSG.mergedIntoNeedsAbolish);
  if (mergedInto !== null) {
    const target = await ctx.db.selectFrom(departmentEntity.table).select(['id', 'abolish_year', 'org_dept_id'])
      .where('id', '=', String(mergedInto)).where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!target || target.abolish_year !== null || String(target.id) === String(existing?.id ?? '')) {
      throw badRequest(ACADEMIC_MSG.mergedIntoCurrent);
    }
    if (after(values, existing, 'orgDeptId') === null && target.org_dept_id !== null) values.orgDeptId = String(target.org_dept_id);
  }
  if (!abolished && after(values, existing, 'orgDeptId') === null) {
    throw badRequest(ACADEMIC_MSG.orgDeptRequired, {}, { errors: { orgDeptId: ACADEMIC_MSG.orgDeptRequired[ctx.lang] } });
  }
}
