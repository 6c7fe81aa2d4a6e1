import {
  EXAMINE_STATUS, STATUS_SOURCE, STUDENT_STATUS_MSG, basicInfoEntity, formDefaults, parseSubmit, studentEntity, studentStatusEntity,
} from '@alumni/domain';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { WriteContext } from '../../engine/entity-hooks.js';
import { studyRecordTwin } from './student-status-hooks.js';
import { addStudyRecord } from './study-records.js';

/** Study statuses that end a student's time at the school: 毕业, 结业, 肄业. */
const LEAVING = new Set(['2', '3', '4']);
/** `regist_source` 5: made from the student roster. */
const FROM_ROSTER = '5';

/**
 * Graduation makes an alumnus (DOMAIN 4.1): when a roster row's study status becomes one that
 * ends the studies and it has no alumni record yet, the record with the same ID number is linked,
 * or a new one is made from the roster's identity and contact fields; an approved study record is
 * added from the roster row, and the row points to the alumnus. All inside the roster write.
 * Duplicate detection beyond the ID number (name with phone or e-mail) comes with the identity work.
 */
export class Graduation {
  async onSaved(ctx: WriteContext, student: JsonRecord): Promise<void> {
    if (!LEAVING.has(String(student.studyStatus)) || student.alumniId || !ctx.operations) return;
    const alumniId = (await this.sameIdNumber(ctx, student)) ?? (await this.newAlumnus(ctx, student));
    await this.addStudyRecord(ctx, student, alumniId);
    await ctx.db.updateTable(studentEntity.table).set({ alumni_id: alumniId }).where('id', '=', String(student.id)).execute();
    student.alumniId = alumniId;
  }

  private async sameIdNumber(ctx: WriteContext, student: JsonRecord): Promise<string | null> {
    if (!student.idCardNo) return null;
    return ctx.repository.idBy(basicInfoEntity, { tenantId: ctx.caller.tenantId }, { idType: String(student.idType), idCardNo: String(student.idCardNo) }, ctx.db);
  }

  private async newAlumnus(ctx: WriteContext, student: JsonRecord): Promise<string> {
    const ops = ctx.operations!;
    const body = {
      name: student.name, gender: student.gender, idType: student.idType, idCardNo: student.idCardNo, birthday: student.birthday,
      nation: student.nation, politicalStatus: student.politicalStatus, nativePlace: student.nativePlace,
      phone: student.phone, email: student.email, address: student.homeAddress,
    };
    const parsed = parseSubmit(basicInfoEntity, { ...formDefaults(basicInfoEntity), ...body }, ctx.lang);
    const values = { ...parsed.values, source: FROM_ROSTER, orgDeptId: student.orgDeptId ?? null };
    const plan = ops.systemPlan(basicInfoEntity, ctx);
    const record = await ops.writeRow(plan, ctx.db, { id: null, values }, body);
    return String(record.id);
  }

  /** The roster row as an approved study record, unless the alumnus already has that record. */
  private async addStudyRecord(ctx: WriteContext, student: JsonRecord, alumniId: string): Promise<void> {
    if (await studyRecordTwin(ctx.db, ctx.caller.tenantId, {
      alumniId, educationLevel: String(student.educationLevel), specialityId: String(student.specialityId), enrollmentYear: Number(student.enrollmentYear),
    })) return;
    const body = {
      alumniId, studentNo: student.studentNo, departmentId: student.departmentId, specialityId: student.specialityId,
      educationLevel: student.educationLevel, studyForm: student.studyForm, enrollmentYear: student.enrollmentYear,
      graduationYear: student.graduationYear, className: student.className, graduationStatus: student.studyStatus,
    };
    await addStudyRecord(ctx, body, { studentId: String(student.id), source: STATUS_SOURCE.roster }, STUDENT_STATUS_MSG.fromRoster.zh);
  }
}
