import { defineEntity } from '../../entity.js';
import { date, dict, flag, fk, integer, text, textarea } from '../../fields.js';
import { t } from '../../text.js';
import { regionFields } from '../people/people-fields.js';
import { associationPick, fileList } from './relation-fields.js';

export const ASSOCIATION_MSG = {
  nameTaken: t('校友会名称已存在', 'An association of this name already exists'),
  generalExists: t('已存在校友总会', 'The general alumni association already exists'),
  generalHasNoParent: t('校友总会不能有上级校友会', 'The general association has no parent'),
  badParent: t('上级校友会不能是自身或其下级', 'The parent cannot be the association itself or one of its branches'),
  departmentRequired: t('院系校友会请选择所属院系', 'Please select the college of a college association'),
  provinceRequired: t('地方校友会请选择省份', 'Please select the province of a regional association'),
  creditCodeRequired: t('在国内登记注册的校友会请填写统一社会信用代码', 'Please enter the unified social credit code of an association registered in China'),
  badCreditCode: t('统一社会信用代码格式不正确', 'The unified social credit code is not valid'),
  badState: t('校友会运行状态不能由{from}变为{to}', 'The state cannot change from {from} to {to}'),
  inUse: t('该校友会下存在分会、成员或活动，不能删除，可改为已撤销', 'The association has branches, members or activities and cannot be removed; set it to dissolved instead'),
  tooManyCharters: t('章程最多3个文件', 'At most 3 charter files'),
} as const;

/** Dictionary `association_type`: 1 is the general association. */
export const ASSOCIATION_TYPE = { general: '1', regional: '2', overseas: '3', college: '4', industry: '5', club: '6' } as const;
/** Dictionary `association_state`. */
export const ASSOCIATION_STATE = { founding: '1', running: '2', dissolved: '3' } as const;

/**
 * An alumni association 校友会 (DOMAIN 5.1): the general association and its branches, a tree by
 * `parentId`, each tied to the unit of the organisation tree whose staff run it (`orgDeptId`).
 */
export const associationEntity = defineEntity({
  name: 'association',
  label: t('校友会', 'Alumni association'),
  table: 'alumni_association',
  scope: 'tenant',
  permission: 'association',
  api: { base: '/blade-association/association' },
  fields: {
    associationName: text(t('校友会名称', 'Name'), { required: true, max: 100, list: true, search: 'like', width: 180 }),
    shortName: text(t('简称', 'Short name'), { max: 32 }),
    associationType: dict(t('类型', 'Type'), 'association_type', { source: 'biz', required: true, list: true, search: 'equal', width: 110 }),
    parentId: associationPick(t('上级校友会', 'Parent'), { list: true, search: 'equal' }),
    departmentId: fk(t('所属院系', 'College'), {
      ref: 'department', search: 'equal',
      options: { url: '/blade-department/department/select', shape: 'list', labelKey: 'departmentName', valueKey: 'id' },
    }),
    country: text(t('国家/地区', 'Country/region'), { required: true, max: 64, default: '中国', list: true, search: 'like', width: 100 }),
    provinceCode: { ...regionFields().provinceCode, list: true, width: 100 },
    cityCode: { ...regionFields().cityCode, list: true, width: 100 },
    overseasCity: text(t('城市（海外）', 'City (abroad)'), { max: 64, search: 'like' }),
    foundDate: date(t('成立日期', 'Founded'), { list: true, search: 'range', width: 110 }),
    isRegistered: flag(t('已登记注册', 'Registered'), { list: true, search: 'equal', width: 100 }),
    creditCode: text(t('统一社会信用代码', 'Unified social credit code'), { max: 18 }),
    contactName: text(t('联系人', 'Contact'), { max: 32, list: true, width: 90 }),
    contactPhone: text(t('联系电话', 'Contact phone'), { max: 20, list: true, width: 130, check: 'telephone' }),
    email: text(t('电子邮箱', 'E-mail'), { max: 100, check: 'email' }),
    address: text(t('办公地址', 'Office address'), { max: 255, wide: true }),
    logo: text(t('会徽', 'Logo'), { max: 1000, image: true }),
    introduction: textarea(t('简介', 'Introduction'), { max: 100_000, richText: true }),
    charterFiles: fileList(t('章程', 'Charter'), 3),
    orgDeptId: fk(t('对应组织机构', 'Organisation unit'), {
      ref: 'dept', list: true, search: 'equal', width: 150,
      options: { url: '/blade-system/dept/tree', shape: 'tree', labelKey: 'title', valueKey: 'value' },
    }),
    associationState: dict(t('运行状态', 'State'), 'association_state', { source: 'biz', required: true, default: '2', list: true, search: 'equal', width: 100 }),
    sort: integer(t('排序', 'Order'), { required: true, default: 0, min: 0, max: 99_999 }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
  },
  defaultSort: [{ field: 'sort' }, { field: 'createTime' }],
  unique: [{ fields: ['associationName'], message: ASSOCIATION_MSG.nameTaken }],
  titleField: 'associationName',
  excel: { export: true },
});
