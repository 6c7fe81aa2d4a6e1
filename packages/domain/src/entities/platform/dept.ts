import { defineEntity } from '../../entity.js';
import { fk, integer, text } from '../../fields.js';
import { t } from '../../text.js';

/** The organisation tree of a tenant. */
export const deptEntity = defineEntity({
  name: 'dept',
  label: t('部门', 'Department'),
  table: 'blade_dept',
  scope: 'tenant',
  permission: 'dept',
  api: { base: '/blade-system/dept', listShape: 'tree' },
  fields: {
    parentId: fk(t('上级部门', 'Parent'), { default: '0', options: { url: '/blade-system/dept/tree', shape: 'tree' } }),
    ancestors: text(t('祖级列表', 'Ancestors'), { max: 2000, form: 'hidden' }),
    deptCategory: integer(t('机构类型', 'Category'), { default: 1 }),
    deptName: text(t('部门名称', 'Name'), { required: true, max: 45, list: true, search: 'like' }),
    fullName: text(t('部门全称', 'Full name'), { max: 45, list: true, search: 'like' }),
    sort: integer(t('排序', 'Sort'), { default: 1, list: true }),
    remark: text(t('备注', 'Remark'), { max: 255 }),
  },
  defaultSort: [{ field: 'sort' }],
  titleField: 'deptName',
});
