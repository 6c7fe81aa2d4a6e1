import {
  ACADEMIC_MSG, EXAMINE_STATUS, ID_CARD_MSG, STUDENT_MSG, STUDENT_STATUS_MSG, departmentEntity, idCardFilledValues, isIdCard,
  specialityEntity, type SubmitValues,
} from '@alumni/domain';
import { badRequest } from '../../core/errors.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { WriteContext } from '../../engine/entity-hooks.js';
import { readOnce } from '../../engine/plan-reads.js';
import { after } from '../academic/academic-rules.js';

const RESIDENT_ID = '1';

/** A refusal naming the field, shown under it in the form. */
export const refuse = (ctx: WriteContext, field: string, text: { zh: string; en: string }) =>
  badRequest(text, {}, { errors: { [field]: text[ctx.lang] } });

/** A resident ID must be valid; it gives the date of birth and the gender. */
export function checkIdentity(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): void {
  const idCardNo = after(values, existing, 'idCardNo');
  if (String(after(values, existing, 'idType') ?? RESIDENT_ID) !== RESIDENT_ID || idCardNo === null || idCardNo === '') return;
  if (!('idCardNo' in values) && !('idType' in values)) return;
  if (!isIdCard(String(idCardNo))) throw refuse(ctx, 'idCardNo', ID_CARD_MSG);
  // The same values the form fills as the number is typed (the field's `idCardFills`).
  const fills = ctx.entity.fields.idCardNo;
  if (fills?.kind === 'text' && fills.idCardFills) {
    Object.assign(values, idCardFilledValues(fills.idCardFills, String(idCardNo), { [fills.idCardFills.typeField]: RESIDENT_ID }));
  }
}

/** The graduation year: not before enrollment, at most 8 years ahead (the expected year while enrolled). */
export function checkYears(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): void {
  const graduation = after(values, existing, 'graduationYear');
  if (graduation === null) return;
  const enrollment = Number(after(values, existing, 'enrollmentYear'));
  if (Number(graduation) < enrollment || Number(graduation) > new Date().getFullYear() + 8) throw refuse(ctx, 'graduationYear', STUDENT_MSG.badGraduationYear);
}

/**
 * The department must be approved and the speciality one of it (and, when `sameLevel`, of the
 * row's level); the row belongs to the department's unit (`orgDeptId`). Units are read once per
 * write plan: a roster file names the same few again and again.
 */
export async function checkUnits(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null, sameLevel = false): Promise<void> {
  if (!('departmentId' in values) && !('specialityId' in values) && !(sameLevel && 'educationLevel' in values)) return;
  const departmentId = String(after(values, existing, 'departmentId'));
  const tenantId = ctx.caller.tenantId;
  const department = await readOnce(ctx, `department:${tenantId}:${departmentId}`, () => ctx.db.selectFrom(departmentEntity.table)
    .select(['examine_status', 'org_dept_id']).where('id', '=', departmentId).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst());
  if (!department || Number(department.examine_status) !== EXAMINE_STATUS.approved) {
    throw refuse(ctx, 'departmentId', ACADEMIC_MSG.departmentNotApproved);
  }
  const specialityId = String(after(values, existing, 'specialityId'));
  const speciality = await readOnce(ctx, `speciality:${tenantId}:${specialityId}`, () => ctx.db.selectFrom(specialityEntity.table)
    .select(['department_id', 'education_level']).where('id', '=', specialityId).where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).executeTakeFirst());
  if (!speciality || String(speciality.department_id) !== departmentId) throw refuse(ctx, 'specialityId', STUDENT_MSG.specialityOutsideDepartment);
  if (sameLevel && String(speciality.education_level) !== String(after(values, existing, 'educationLevel'))) {
    throw refuse(ctx, 'educationLevel', STUDENT_STATUS_MSG.levelMismatch);
  }
  values.orgDeptId = department.org_dept_id === null ? null : String(department.org_dept_id);
}
