import { defineEntity } from '../../entity.js';
import { fk, integer, text } from '../../fields.js';
import { t } from '../../text.js';

/** Roles: a tree; the alias `administrator` is the super administrator. */
export const roleEntity = defineEntity({
  name: 'role',
  label: t('角色', 'Role'),
  table: 'blade_role',
  scope: 'tenant',
  permission: 'role',
  api: { base: '/blade-system/role', listShape: 'tree' },
  fields: {
    parentId: fk(t('上级角色', 'Parent role'), { default: '0', options: { url: '/blade-system/role/tree', shape: 'tree' } }),
    roleName: text(t('角色名称', 'Role name'), { required: true, max: 255, list: true, search: 'like' }),
    sort: integer(t('角色排序', 'Sort'), { required: true, list: true }),
    roleAlias: text(t('角色别名', 'Role alias'), { required: true, max: 255, list: true, search: 'like' }),
  },
  titleField: 'roleName',
});

/** The alias of the role that holds every permission and bypasses data scopes. */
export const SUPER_ADMIN_ALIAS = 'administrator';
