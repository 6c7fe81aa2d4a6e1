import { defineEntity } from '../../entity.js';
import { dict, fk, text } from '../../fields.js';
import { t } from '../../text.js';

/**
 * API scopes (BladeX `blade_scope_api`): a path pattern of a menu's calls. Granting one to a role
 * takes those calls away from the role (`/blade-system/user/**`, `/blade-user/page`, `*` for one
 * path segment, `**` for any rest). Platform-wide, like the menus they belong to.
 */
export const apiScopeEntity = defineEntity({
  name: 'api-scope',
  label: t('接口权限', 'API scope'),
  table: 'blade_scope_api',
  scope: 'platform',
  permission: 'apiscope',
  api: { base: '/blade-system/api-scope' },
  fields: {
    menuId: fk(t('所属菜单', 'Menu'), { required: true, search: 'equal', form: 'create-only', options: { url: '/blade-system/menu/tree', shape: 'tree' } }),
    resourceCode: text(t('资源编号', 'Resource code'), { max: 255, list: true, form: 'readonly' }),
    scopeName: text(t('接口名称', 'Scope name'), { required: true, max: 255, list: true, search: 'like' }),
    scopePath: text(t('接口地址', 'Path'), { required: true, max: 255, list: true, search: 'like' }),
    scopeType: dict(t('接口类型', 'Scope type'), 'api_scope_type', { required: true, list: true, search: 'equal' }),
    remark: text(t('备注', 'Remark'), { max: 255 }),
  },
  titleField: 'scopeName',
});
