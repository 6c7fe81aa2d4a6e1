import { ACADEMIC_MSG, EXAMINE_STATUS, departmentEntity, specialityEntity, type SubmitValues } from '@alumni/domain';
import type { Params } from '../../access/params.js';
import { badRequest } from '../../core/errors.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import { after, checkHistory, keepFormerName } from './academic-rules.js';

/** National catalogue codes: `080901`, `080910T`, postgraduate `0812`. */
const CODE_RE = /^[0-9]{4,6}[A-Z]{0,2}$/;
const DURATION_RE = /^\d(\.\d)?$/;

/** The rules of specialities (DOMAIN 3.2) beyond their fields and the shared examination. */
export function specialityHooks(params: Params): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      await checkHistory(ctx, params, values, existing);
      const code = after(values, existing, 'specialityCode');
      if (code === null || code === '') {
        if (values.isHistorical !== 1) throw badRequest(ACADEMIC_MSG.specialityCodeRequired, {}, { errors: { specialityCode: ACADEMIC_MSG.specialityCodeRequired[ctx.lang] } });
      } else if (!CODE_RE.test(String(code))) {
        throw badRequest(ACADEMIC_MSG.specialityCodeFormat);
      }
      const duration = values.duration;
      if (typeof duration === 'string' && duration !== '' && (!DURATION_RE.test(duration) || Number(duration) < 1 || Number(duration) > 8)) {
        throw badRequest(ACADEMIC_MSG.badDuration);
      }
      await deriveFromDepartment(ctx, values, existing);
      await checkName(ctx, values, existing);
      keepFormerName(values, existing, 'specialityName');
    },
  };
}

/** The department must be approved; the speciality belongs to the department's organisation unit. */
async function deriveFromDepartment(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const departmentId = after(values, existing, 'departmentId');
  if (departmentId === null) return;
  const department = await ctx.db.selectFrom(departmentEntity.table).select(['examine_status', 'org_dept_id'])
    .where('id', '=', String(departmentId)).where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!department || Number(department.examine_status) !== EXAMINE_STATUS.approved) {
    throw badRequest(ACADEMIC_MSG.departmentNotApproved, {}, { errors: { departmentId: ACADEMIC_MSG.departmentNotApproved[ctx.lang] } });
  }
  values.orgDeptId = department.org_dept_id === null ? null : String(department.org_dept_id);
}

/** Unique per department, level and name among specialities that are not rejected. */
async function checkName(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  if (!['specialityName', 'departmentId', 'educationLevel'].some((f) => f in values)) return;
  let query = ctx.db.selectFrom(specialityEntity.table).select('id')
    .where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0)
    .where('speciality_name', '=', String(after(values, existing, 'specialityName')))
    .where('department_id', '=', String(after(values, existing, 'departmentId')))
    .where('education_level', '=', String(after(values, existing, 'educationLevel')))
    .where('examine_status', '<>', EXAMINE_STATUS.rejected);
  if (existing) query = query.where('id', '<>', String(existing.id));
  if (await query.limit(1).executeTakeFirst()) throw badRequest(ACADEMIC_MSG.specialityNameTaken);
}
