import { defineEntity } from '../../entity.js';
import { dict, fk, text } from '../../fields.js';
import { t } from '../../text.js';

/**
 * Data scopes (BladeX `blade_scope_data`): one way of narrowing the rows of a menu's entity. A
 * role granted scopes of a menu sees the rows any of them allows; `scopeColumn` is the column the
 * condition tests, `scopeValue` the values of a custom scope (type 5, may name `${userId}`,
 * `${deptId}`, `${roleId}`, `${tenantId}`). Platform-wide, like the menus they belong to.
 */
export const dataScopeEntity = defineEntity({
  name: 'data-scope',
  label: t('数据权限', 'Data scope'),
  table: 'blade_scope_data',
  scope: 'platform',
  permission: 'datascope',
  api: { base: '/blade-system/data-scope' },
  fields: {
    menuId: fk(t('所属菜单', 'Menu'), { required: true, search: 'equal', form: 'create-only', options: { url: '/blade-system/menu/tree', shape: 'tree' } }),
    resourceCode: text(t('资源编号', 'Resource code'), { max: 255, list: true, form: 'readonly' }),
    scopeName: text(t('权限名称', 'Scope name'), { required: true, max: 255, list: true, search: 'like' }),
    scopeColumn: text(t('权限字段', 'Column'), { required: true, max: 255, list: true }),
    scopeType: dict(t('规则类型', 'Scope type'), 'data_scope_type', { required: true, list: true, search: 'equal' }),
    scopeValue: text(t('规则值', 'Custom values'), { max: 2000, list: true }),
    remark: text(t('备注', 'Remark'), { max: 255 }),
  },
  titleField: 'scopeName',
});
