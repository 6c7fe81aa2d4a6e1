import { defineEntity } from '../../entity.js';
import { examineFields } from '../../examination.js';
import { dict, fk, integer, text } from '../../fields.js';
import { t } from '../../text.js';
import { ACADEMIC_MSG, enableStatusField, historyFields } from './academic-fields.js';

/** A programme at one level 专业 (DOMAIN 3.2): 计算机科学与技术 (本科) and (硕士) are two rows. */
export const specialityEntity = defineEntity({
  name: 'speciality',
  label: t('专业', 'Speciality'),
  table: 'alumni_speciality',
  scope: 'tenant',
  permission: 'speciality',
  api: { base: '/blade-speciality/speciality' },
  fields: {
    specialityName: text(t('专业名称', 'Speciality'), { required: true, max: 64, list: true, search: 'like', width: 200 }),
    specialityCode: text(t('专业代码', 'Code'), { max: 16, list: true, search: 'like', width: 100 }),
    departmentId: fk(t('所属院系', 'Department'), {
      required: true, ref: 'department', list: true, search: 'equal',
      options: { url: '/blade-department/department/select', shape: 'list', labelKey: 'departmentName', valueKey: 'id' },
    }),
    educationLevel: dict(t('学历层次', 'Education level'), 'education_level', { source: 'biz', required: true, list: true, search: 'equal', width: 110 }),
    discipline: dict(t('学科门类', 'Discipline'), 'discipline', { source: 'biz', list: true, search: 'equal', width: 100 }),
    duration: text(t('学制（年）', 'Length (years)'), { max: 4, list: true, width: 90 }),
    degreeAwarded: dict(t('授予学位', 'Degree awarded'), 'degree', { source: 'biz' }),
    ...historyFields('设立年份', 'Established', '停招年份', 'Discontinued', '历史专业', 'Historical'),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
    sort: integer(t('排序', 'Order'), { required: true, min: 0, max: 9999, default: 0 }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
    ...examineFields(),
    status: enableStatusField(),
  },
  defaultSort: [{ field: 'departmentId' }, { field: 'sort' }, { field: 'createTime', desc: true }],
  titleField: 'specialityName',
  excel: { export: true },
  examine: {
    bizType: 'speciality',
    menu: 'specialityexamine',
    path: '/blade-speciality/speciality/examine',
    approveOnCreate: true,
    approvedEditable: { fields: ['remark', 'sort'], message: ACADEMIC_MSG.approvedSpecialityLocked },
  },
});
