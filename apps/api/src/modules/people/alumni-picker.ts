import { basicInfoEntity, maskSensitive } from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import type { Db } from '../../db/database.js';
import { addReferenceNames } from '../../engine/reference-names.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { EntityRepository } from '../../engine/entity-repository.js';

/** The keyword without LIKE's wildcards: it matches as typed. */
const plain = (text: string) => text.replace(/[%_\\]/g, '');

/**
 * The alumni a picker offers (DOMAIN 4.3.1): the keyword in the name or former name, or a prefix of
 * the alumni code; newest first, within the caller's data scope. A phone or ID number matches
 * nothing here (a picker must not confirm that a person is an alumnus): the alumni list's own
 * exact filters serve callers holding its menu.
 */
export async function alumniChoices(ops: EntityOperations, repository: EntityRepository, db: Db, caller: Caller, keyword: string, size: number) {
  const scope = await ops.rowScope(basicInfoEntity, caller, undefined, 'read');
  const text = keyword.trim();
  let query = repository.scoped(basicInfoEntity, scope)
    .select(['id', 'alumni_code', 'name', 'gender', 'department_id', 'first_enrollment_year', 'phone']);
  if (text !== '') {
    const contains = `%${plain(text)}%`;
    query = query.where((eb) => eb.or([
      eb('name', 'like', contains), eb('former_name', 'like', contains), eb('alumni_code', 'like', `${plain(text)}%`),
    ]));
  }
  const rows = await query.orderBy('create_time', 'desc').orderBy('id', 'desc').limit(size).execute();
  const records = rows.map((r) => ({
    id: String(r.id), alumniCode: r.alumni_code, name: r.name, gender: r.gender,
    departmentId: r.department_id === null ? null : String(r.department_id),
    firstEnrollmentYear: r.first_enrollment_year === null ? null : Number(r.first_enrollment_year),
    // Pickers show a phone to tell two namesakes apart, always masked (DOMAIN 1.8).
    phone: r.phone ? maskSensitive('phone', repository.sealing?.openColumn(basicInfoEntity, 'phone', r.phone) ?? String(r.phone)) : null,
  }));
  await addReferenceNames(db, basicInfoEntity, caller.tenantId, records);
  return records.map(({ departmentId: _, ...r }) => {
    const departmentName = (r as Record<string, unknown>).departmentName as string | undefined ?? null;
    // The picker's label: name, code and first department.
    return { ...r, departmentName, label: [r.name, r.alumniCode, departmentName].filter(Boolean).join(' · ') };
  });
}
