import { BASIC_INFO_MSG, EXAMINE_MSG, STATUS_SOURCE } from '@alumni/domain';
import { badRequest } from '../../core/errors.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { WriteContext } from '../../engine/entity-hooks.js';
import { addStudyRecord } from './study-records.js';
import { studyRecordTwin } from './student-status-hooks.js';

/**
 * The study records of a staff save of an alumnus (`studentStatuses` of the body, DOMAIN 4.3.3):
 * all of them when the alumnus is added; on an imported row that updates an alumnus, its record
 * unless the alumnus already has the same one (department and speciality, level, enrollment year).
 * They are approved when the caller may examine study records, and say whether staff typed or
 * imported them.
 */
export async function addAlumnusStudyRecords(ctx: WriteContext, record: JsonRecord, existing: JsonRecord | null): Promise<void> {
  if (existing && ctx.via !== 'import') return;
  const statuses = ctx.body?.studentStatuses;
  if (existing && !Array.isArray(statuses)) return;
  const examiner = ctx.codes?.has('studentstatus_examine') ?? false;
  const source = ctx.via === 'import' ? STATUS_SOURCE.import : STATUS_SOURCE.staff;
  for (const status of statuses as unknown[]) {
    if (!status || typeof status !== 'object') throw badRequest(BASIC_INFO_MSG.needsStatus);
    const body = { ...(status as Record<string, unknown>), alumniId: String(record.id) };
    if (existing && await twinOf(ctx, body)) continue;
    await addStudyRecord(ctx, body, { source }, examiner ? EXAMINE_MSG.approvedOnCreate.zh : null);
  }
}

/** Whether the alumnus already has this study record (not rejected); a record missing a value is checked by its own rules. */
async function twinOf(ctx: WriteContext, body: Record<string, unknown>): Promise<boolean> {
  const { alumniId, educationLevel, specialityId, enrollmentYear } = body;
  if ([educationLevel, specialityId, enrollmentYear].some((v) => v === undefined || v === null || v === '')) return false;
  const year = Number(enrollmentYear);
  if (!Number.isInteger(year)) return false;
  return (await studyRecordTwin(ctx.db, ctx.caller.tenantId, {
    alumniId: String(alumniId), educationLevel: String(educationLevel), specialityId: String(specialityId), enrollmentYear: year,
  })) !== null;
}
