import { studentEntity } from '@alumni/domain';
import type { Db } from '../../db/database.js';
import type { FieldSealing } from '../../db/field-sealing.js';

/** Dictionary `roster_match`: 1 一致, 2 部分一致, 3 未找到. */
export const ROSTER_MATCH = { matched: '1', partly: '2', notFound: '3' } as const;

export interface RosterClaim {
  studentNo?: string | null;
  name: string;
  idType?: string | null;
  idCardNo?: string | null;
  departmentId?: string | null;
  enrollmentYear?: number | null;
}

/**
 * The roster check of a registration (DOMAIN 4.1): the same student number and name, or the same
 * ID number, is 一致 (with the roster row); the same name, department and enrollment year only is
 * 部分一致; nothing is 未找到.
 */
export async function rosterMatch(sealing: FieldSealing | null, db: Db, tenantId: string, claim: RosterClaim): Promise<{ rosterMatch: string; matchedStudentId: string | null }> {
  const roster = () => db.selectFrom(studentEntity.table).select('id').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
  const { studentNo, idCardNo } = claim;
  const exact = studentNo || idCardNo ? await roster().where((eb) => eb.or([
    ...(studentNo ? [eb.and([eb('student_no', '=', studentNo), eb('name', '=', claim.name)])] : []),
    // An ID number is found by its keyed hash when the roster's are sealed (see `FieldSealing`).
    ...(idCardNo ? [eb.and([eb('id_type', '=', claim.idType ?? '1'),
      sealing ? eb('id_card_no_hash', '=', sealing.hash('idCard', idCardNo)) : eb('id_card_no', '=', idCardNo)])] : []),
  ])).orderBy('id').executeTakeFirst() : undefined;
  if (exact) return { rosterMatch: ROSTER_MATCH.matched, matchedStudentId: String(exact.id) };
  if (claim.departmentId && claim.enrollmentYear) {
    const partly = await roster().where('name', '=', claim.name).where('department_id', '=', claim.departmentId)
      .where('enrollment_year', '=', claim.enrollmentYear).executeTakeFirst();
    if (partly) return { rosterMatch: ROSTER_MATCH.partly, matchedStudentId: null };
  }
  return { rosterMatch: ROSTER_MATCH.notFound, matchedStudentId: null };
}
