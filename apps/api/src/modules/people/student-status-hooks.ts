import {
  ACADEMIC_MSG, EXAMINE_STATUS, STATUS_SOURCE, STUDENT_STATUS_MSG, basicInfoEntity, hasChinese, studentStatusEntity, type SubmitValues,
} from '@alumni/domain';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { EntityHooks, WriteContext } from '../../engine/entity-hooks.js';
import { after } from '../academic/academic-rules.js';
import { refreshAlumnus } from './alumni-derived.js';
import { checkUnits, checkYears, refuse } from './study-rules.js';

const NO_CHINESE = ['studentNo', 'diplomaNo', 'degreeCertificateNo'] as const;
const NOT_FOUND = { zh: '所选校友不存在', en: 'The alumnus does not exist' };

/** The rules of a study record (DOMAIN 4.4) beyond its fields and the shared examination model. */
export function studentStatusHooks(): EntityHooks {
  return {
    async beforeSave(ctx, values, existing) {
      // Typed in by staff or imported, unless the server makes it (from a registration or the roster).
      if (!existing && !ctx.system) values.source = ctx.via === 'import' ? STATUS_SOURCE.import : STATUS_SOURCE.staff;
      for (const name of NO_CHINESE) {
        const v = values[name];
        if (typeof v === 'string' && hasChinese(v)) {
          const label = studentStatusEntity.fields[name].label[ctx.lang];
          throw badRequest(ACADEMIC_MSG.noChinese, { label }, { errors: { [name]: ACADEMIC_MSG.noChinese[ctx.lang].replace('{label}', label) } });
        }
      }
      const alumniId = String(after(values, existing, 'alumniId'));
      const alumnus = await ctx.db.selectFrom(basicInfoEntity.table).select('id')
        .where('id', '=', alumniId).where('tenant_id', '=', ctx.caller.tenantId).where('is_deleted', '=', 0).executeTakeFirst();
      if (!alumnus) throw refuse(ctx, 'alumniId', NOT_FOUND);
      checkYears(ctx, values, existing);
      await checkUnits(ctx, values, existing, true);
      await refuseTwin(ctx, values, existing);
    },
    async afterSave(ctx, record, existing) {
      if (isApproved(record) || (existing && isApproved(existing))) await refreshAlumnus(ctx.db, ctx.caller.tenantId, String(record.alumniId));
    },
    async afterExamine(ctx, row, status) {
      if (status === EXAMINE_STATUS.approved) await refreshAlumnus(ctx.db, ctx.caller.tenantId, String(row.alumniId));
    },
    async beforeRemove(ctx, rows) {
      const leaving = rows.map((r) => String(r.id));
      for (const alumniId of new Set(rows.filter(isApproved).map((r) => String(r.alumniId)))) {
        const kept = await ctx.db.selectFrom(studentStatusEntity.table).select('id')
          .where('tenant_id', '=', ctx.caller.tenantId).where('alumni_id', '=', alumniId)
          .where('examine_status', '=', EXAMINE_STATUS.approved).where('is_deleted', '=', 0)
          .where('id', 'not in', leaving).executeTakeFirst();
        if (!kept) throw badRequest(STUDENT_STATUS_MSG.keepOneApproved);
        await refreshAlumnus(ctx.db, ctx.caller.tenantId, alumniId, leaving);
      }
    },
  };
}

const isApproved = (row: JsonRecord) => Number(row.examineStatus) === EXAMINE_STATUS.approved;

/** One record per alumnus, level, speciality and enrollment year among those not rejected. */
async function refuseTwin(ctx: WriteContext, values: SubmitValues, existing: JsonRecord | null): Promise<void> {
  const twin = await studyRecordTwin(ctx.db, ctx.caller.tenantId, {
    alumniId: String(after(values, existing, 'alumniId')), educationLevel: String(after(values, existing, 'educationLevel')),
    specialityId: String(after(values, existing, 'specialityId')), enrollmentYear: Number(after(values, existing, 'enrollmentYear')),
  }, existing ? String(existing.id) : null);
  if (twin) throw badRequest(STUDENT_STATUS_MSG.duplicate);
}

/** The id of a study record, not rejected, of the same alumnus, level, speciality and enrollment year (other than `except`). */
export async function studyRecordTwin(db: Db, tenantId: string,
  record: { alumniId: string; educationLevel: string; specialityId: string; enrollmentYear: number }, except: string | null = null): Promise<string | null> {
  let query = db.selectFrom(studentStatusEntity.table).select('id')
    .where('tenant_id', '=', tenantId).where('is_deleted', '=', 0)
    .where('alumni_id', '=', record.alumniId).where('education_level', '=', record.educationLevel)
    .where('speciality_id', '=', record.specialityId).where('enrollment_year', '=', record.enrollmentYear)
    .where('examine_status', '!=', EXAMINE_STATUS.rejected);
  if (except) query = query.where('id', '!=', except);
  const row = await query.executeTakeFirst();
  return row ? String(row.id) : null;
}
