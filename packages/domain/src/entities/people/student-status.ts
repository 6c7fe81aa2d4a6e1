import { defineEntity } from '../../entity.js';
import { examineFields } from '../../examination.js';
import { dict, fk, text } from '../../fields.js';
import { t } from '../../text.js';
import { departmentPick, specialityPick, studyYears } from './people-fields.js';

export const STUDENT_STATUS_MSG = {
  duplicate: t('该校友已存在相同的学籍记录', 'This alumnus already has the same study record'),
  levelMismatch: t('学历层次与专业不符', 'The level does not match the speciality'),
  approvedLocked: t('已审核通过的学籍只能由审核人员修改', 'Only examiners may edit an approved study record'),
  keepOneApproved: t('该校友至少保留一条已审核学籍', 'The alumnus must keep at least one approved study record'),
  fromRoster: t('学生名册自动生成', 'Generated from the student roster'),
  examinerEdit: t('审核人修改', 'Edited by an examiner'),
} as const;

/** Where a study record came from (dictionary `status_source`). */
export const STATUS_SOURCE = { registration: '1', roster: '2', staff: '3', import: '4' } as const;

/**
 * A programme an alumnus attended 学籍 (DOMAIN 4.4): department, speciality, level, years and
 * outcome, examined under the shared model. Only approved records count in statistics and drive
 * the alumni record's derived fields.
 */
export const studentStatusEntity = defineEntity({
  name: 'studentStatus',
  label: t('学籍', 'Study record'),
  table: 'alumni_student_status',
  scope: 'tenant',
  permission: 'studentstatus',
  api: { base: '/blade-studentStatus/studentStatus' },
  fields: {
    alumniId: fk(t('校友', 'Alumnus'), {
      required: true, ref: 'basicInfo', list: true, search: 'equal', form: 'create-only', width: 120,
      importBy: { field: 'alumniCode', label: t('校友编号', 'Alumni code') },
      options: { url: '/blade-basicInfo/basicInfo/select', shape: 'list', labelKey: 'label', valueKey: 'id', search: 'keyword' },
    }),
    studentNo: text(t('学号', 'Student no.'), { max: 32, list: true, search: 'like', width: 130 }),
    departmentId: departmentPick(t('院系', 'Department'), { required: true }),
    specialityId: specialityPick(t('专业', 'Speciality'), { required: true }),
    educationLevel: dict(t('学历层次', 'Level'), 'education_level', { source: 'biz', required: true, list: true, search: 'equal', width: 100 }),
    degree: dict(t('学位', 'Degree'), 'degree', { source: 'biz', list: true, search: 'equal', width: 80 }),
    studyForm: dict(t('学习形式', 'Study mode'), 'study_form', { source: 'biz', required: true, default: '1', search: 'equal' }),
    ...studyYears(),
    className: text(t('班级', 'Class'), { max: 64, list: true, search: 'like', width: 120 }),
    graduationStatus: dict(t('学籍结论', 'Outcome'), 'study_status', { source: 'biz', required: true, default: '2', list: true, search: 'equal', width: 90 }),
    diplomaNo: text(t('毕业证书编号', 'Diploma no.'), { max: 32, search: 'equal' }),
    degreeCertificateNo: text(t('学位证书编号', 'Degree certificate no.'), { max: 32, search: 'equal' }),
    supervisor: text(t('导师', 'Supervisor'), { max: 32, search: 'like' }),
    studentId: fk(t('名册记录', 'Roster record'), { ref: 'student', form: 'readonly' }),
    source: dict(t('来源', 'Source'), 'status_source', { source: 'biz', form: 'readonly', list: true, search: 'equal', width: 100 }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
    ...examineFields(),
  },
  defaultSort: [{ field: 'createTime', desc: true }],
  titleField: 'studentNo',
  excel: { export: true, import: { key: ['alumniId', 'educationLevel', 'specialityId', 'enrollmentYear'] } },
  examine: {
    bizType: 'studentstatus',
    menu: 'studentstatus',
    path: '/blade-studentStatus/studentStatus/examine',
    method: 'PUT',
    approveOnCreate: true,
    approvedEditable: { fields: [], message: STUDENT_STATUS_MSG.approvedLocked },
  },
});
