import { dict, flag, integer, text } from '../../fields.js';
import { t } from '../../text.js';

/** The history of an academic unit: founded, abolished (which makes it historical) and former names. */
export const historyFields = (founded: string, foundedEn: string, abolished: string, abolishedEn: string, historical: string, historicalEn: string) => ({
  foundYear: integer(t(founded, foundedEn), { min: 1000, max: 9999, list: true, width: 100 }),
  abolishYear: integer(t(abolished, abolishedEn), { min: 1000, max: 9999, list: true, width: 100 }),
  isHistorical: flag(t(historical, historicalEn), { form: 'hidden', search: 'equal' }),
  formerNames: text(t('曾用名', 'Former names'), { max: 255, wide: true }),
});

/** Enabled (1) or disabled (2): a disabled unit leaves every picker but keeps its data. */
export const enableStatusField = () =>
  dict(t('状态', 'Status'), 'enable_status', { source: 'biz', numeric: true, required: true, default: '1', list: true, search: 'equal', width: 90 });

export const ACADEMIC_MSG = {
  departmentNameTaken: t('院系名称已存在', 'This department name already exists'),
  departmentCodeTaken: t('院系代码已存在', 'This department code already exists'),
  departmentCodeFormat: t('院系代码只能包含字母、数字、下划线和短横线，最多16位', 'The code may hold letters, digits, _ and -, at most 16'),
  noChinese: t('{label}不能包含中文', '{label} must not contain Chinese characters'),
  badYear: t('{label}应在{min}年到{max}年之间', '{label} must be between {min} and {max}'),
  abolishBeforeFound: t('{label}不能早于成立年份', '{label} cannot be before the founding year'),
  mergedIntoNeedsAbolish: t('只有已撤销的院系才能并入其他院系', 'Only an abolished department can be merged into another'),
  mergedIntoCurrent: t('并入院系应为现有院系且不能是本院系', 'Merge into a current department other than this one'),
  orgDeptRequired: t('请选择对应组织机构', 'Please select the organisation unit'),
  approvedDepartmentLocked: t('已审核通过的院系只能由审核人员修改其他信息', 'Only examiners may change more than the contact, phone, order and remark of an approved department'),
  departmentInUse: t('该院系下存在专业或校友数据，不能删除，可停用', 'This department still has specialities or alumni: disable it instead of deleting it'),
  specialityNameTaken: t('该院系下已存在同名同层次专业', 'This department already has a speciality of this name at this level'),
  specialityCodeFormat: t('专业代码应为4到6位数字，可带最多2个大写字母', 'The code is 4 to 6 digits, optionally followed by up to 2 capital letters'),
  specialityCodeRequired: t('请输入专业代码', 'Please enter the code'),
  departmentNotApproved: t('所属院系尚未审核通过', 'The department has not been approved yet'),
  badDuration: t('学制应在1.0到8.0年之间', 'The length must be between 1.0 and 8.0 years'),
  approvedSpecialityLocked: t('已审核通过的专业只能由审核人员修改其他信息', 'Only examiners may change more than the order and remark of an approved speciality'),
  specialityInUse: t('该专业下存在校友数据，不能删除，可停用', 'This speciality still has alumni: disable it instead of deleting it'),
} as const;
