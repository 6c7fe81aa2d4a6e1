import { EXAMINE_STATUS, basicInfoEntity, studentStatusEntity } from '@alumni/domain';
import type { Db } from '../../db/database.js';

/**
 * Recomputes the fields of an alumni record that its approved study records drive (DOMAIN 4.3.2):
 * the primary department and speciality and the first enrollment year (the earliest record, by
 * enrollment year then level), the levels held, and the owning unit (the primary department's).
 * `leaving` names records being removed, left out of the count.
 */
export async function refreshAlumnus(db: Db, tenantId: string, alumniId: string, leaving: readonly string[] = []): Promise<void> {
  let query = db.selectFrom(studentStatusEntity.table)
    .select(['department_id', 'speciality_id', 'enrollment_year', 'education_level', 'org_dept_id'])
    .where('tenant_id', '=', tenantId).where('alumni_id', '=', alumniId)
    .where('examine_status', '=', EXAMINE_STATUS.approved).where('is_deleted', '=', 0)
    .orderBy('enrollment_year').orderBy('education_level');
  if (leaving.length > 0) query = query.where('id', 'not in', [...leaving]);
  const approved = await query.execute();
  const first = approved[0];
  const levels = [...new Set(approved.map((s) => String(s.education_level)))].sort();
  await db.updateTable(basicInfoEntity.table).set({
    department_id: first ? first.department_id : null,
    speciality_id: first ? first.speciality_id : null,
    first_enrollment_year: first ? first.enrollment_year : null,
    education_levels: levels.length > 0 ? levels.join(',') : null,
    ...(first ? { org_dept_id: first.org_dept_id } : {}),
  }).where('id', '=', alumniId).where('tenant_id', '=', tenantId).execute();
}
