import { defineEntity } from '../../entity.js';
import { integer, text } from '../../fields.js';
import { t } from '../../text.js';

/** Top menus: groups of menus offered in the top bar. */
export const topMenuEntity = defineEntity({
  name: 'top-menu',
  label: t('顶部菜单', 'Top menu'),
  table: 'blade_top_menu',
  scope: 'tenant',
  permission: 'topmenu',
  api: { base: '/blade-system/topmenu' },
  fields: {
    code: text(t('顶部菜单编号', 'Code'), { required: true, max: 255, list: true, search: 'like' }),
    name: text(t('顶部菜单名', 'Name'), { required: true, max: 255, list: true, search: 'like' }),
    nameEn: text(t('英文名称', 'English name'), { max: 255 }),
    source: text(t('顶部菜单图标', 'Icon'), { max: 255 }),
    sort: integer(t('顶部菜单排序', 'Sort'), { default: 1, list: true }),
  },
  defaultSort: [{ field: 'sort' }],
  titleField: 'name',
});
