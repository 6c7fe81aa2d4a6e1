import { defineEntity } from '../../entity.js';
import { examineFields } from '../../examination.js';
import { fk, integer, text } from '../../fields.js';
import { t } from '../../text.js';
import { ACADEMIC_MSG, enableStatusField, historyFields } from './academic-fields.js';

/** A department 院系 of the school, current or historical (DOMAIN 3.1). */
export const departmentEntity = defineEntity({
  name: 'department',
  label: t('院系', 'Department'),
  table: 'alumni_department',
  scope: 'tenant',
  permission: 'department',
  api: { base: '/blade-department/department' },
  fields: {
    departmentName: text(t('院系名称', 'Department name'), { required: true, max: 64, list: true, search: 'like', width: 200 }),
    departmentCode: text(t('院系代码', 'Code'), { required: true, max: 16, list: true, search: 'like', width: 100 }),
    shortName: text(t('简称', 'Short name'), { max: 32, list: true, width: 120 }),
    englishName: text(t('英文名称', 'English name'), { max: 128 }),
    ...historyFields('成立年份', 'Founded', '撤销年份', 'Abolished', '历史院系', 'Historical'),
    mergedIntoId: fk(t('并入院系', 'Merged into'), { ref: 'department', options: { url: '/blade-department/department/select?includeHistorical=0', shape: 'list', labelKey: 'departmentName', valueKey: 'id' } }),
    orgDeptId: fk(t('对应组织机构', 'Organisation unit'), { ref: 'dept', list: true, search: 'equal', options: { url: '/blade-system/dept/tree', shape: 'tree' } }),
    contactName: text(t('联系人', 'Contact'), { max: 32, list: true, width: 100 }),
    contactPhone: text(t('联系电话', 'Contact phone'), { max: 20, list: true, width: 130, check: 'telephone' }),
    sort: integer(t('排序', 'Order'), { required: true, min: 0, max: 9999, default: 0, list: true, width: 80 }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
    ...examineFields(),
    status: enableStatusField(),
  },
  defaultSort: [{ field: 'sort' }, { field: 'createTime', desc: true }],
  unique: [{ fields: ['departmentCode'], message: ACADEMIC_MSG.departmentCodeTaken }],
  titleField: 'departmentName',
  excel: { export: true },
  examine: {
    bizType: 'department',
    menu: 'departmentexamine',
    path: '/blade-speciality/speciality/department/examine',
    approveOnCreate: true,
    approvedEditable: { fields: ['contactName', 'contactPhone', 'remark', 'sort'], message: ACADEMIC_MSG.approvedDepartmentLocked },
  },
});
