import { defineEntity } from '../../entity.js';
import { dict, fk, integer, text } from '../../fields.js';
import { t } from '../../text.js';

/** Menus (category 1) and buttons (category 2), one tree; platform-wide. */
export const menuEntity = defineEntity({
  name: 'menu',
  label: t('菜单', 'Menu'),
  table: 'blade_menu',
  scope: 'platform',
  permission: 'menu',
  api: { base: '/blade-system/menu', listShape: 'tree' },
  fields: {
    parentId: fk(t('上级菜单', 'Parent menu'), { default: '0', options: { url: '/blade-system/menu/tree', shape: 'tree' } }),
    code: text(t('菜单编号', 'Code'), { required: true, max: 255, list: true, search: 'like' }),
    name: text(t('菜单名称', 'Name'), { required: true, max: 255, list: true, search: 'like' }),
    nameEn: text(t('英文名称', 'English name'), { max: 255 }),
    alias: text(t('菜单别名', 'Alias'), { max: 255 }),
    path: text(t('路由地址', 'Path'), { max: 255, list: true }),
    source: text(t('菜单图标', 'Icon'), { max: 255 }),
    sort: integer(t('排序', 'Sort'), { default: 1 }),
    category: dict(t('菜单类型', 'Category'), 'menu_category', { numeric: true, default: '1', list: true }),
    action: dict(t('按钮功能', 'Button action'), 'button_func', { numeric: true, default: '0' }),
    isOpen: integer(t('新窗口', 'New window'), { default: 1 }),
    component: text(t('组件地址', 'Component'), { max: 255 }),
    remark: text(t('备注', 'Remark'), { max: 255 }),
  },
  defaultSort: [{ field: 'sort' }],
  titleField: 'name',
});
