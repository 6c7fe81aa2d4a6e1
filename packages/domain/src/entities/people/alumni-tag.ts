import { defineEntity } from '../../entity.js';
import { fk, integer, text } from '../../fields.js';
import { t } from '../../text.js';

export const ALUMNI_TAG_MSG = {
  groupNameTaken: t('标签分组名称已存在', 'A tag group of this name already exists'),
  tagNameTaken: t('该分组下已存在同名标签', 'This group already has a tag of this name'),
  groupInUse: t('该分组下还有标签，不能删除', 'The group still holds tags and cannot be removed'),
} as const;

/** The picker of a tenant's tags (`[{id, tagName, color, groupId, groupName}]`, by group and order). */
export const ALUMNI_TAG_PICKER = '/blade-alumniTag/tag/select';

/** A group of alumni tags 标签分组 (行业、关系、志愿…): a tenant's taxonomy is its groups and their tags. */
export const alumniTagGroupEntity = defineEntity({
  name: 'alumniTagGroup',
  label: t('标签分组', 'Tag group'),
  table: 'alumni_tag_group',
  scope: 'tenant',
  permission: 'alumnitag',
  readMenus: ['basicinfo'],
  api: { base: '/blade-alumniTag/tagGroup' },
  fields: {
    groupName: text(t('分组名称', 'Group'), { required: true, max: 32, list: true, search: 'like', width: 160 }),
    sort: integer(t('排序', 'Order'), { min: 0, max: 9999, default: 0, list: true, width: 80 }),
    remark: text(t('备注', 'Remark'), { max: 255, list: true, wide: true }),
  },
  defaultSort: [{ field: 'sort' }, { field: 'createTime' }],
  unique: [{ fields: ['groupName'], message: ALUMNI_TAG_MSG.groupNameTaken }],
  titleField: 'groupName',
});

/**
 * An alumni tag 校友标签, in one group, with a colour (`#RRGGBB`); alumni records carry tags in
 * their `tags` field (ids), set by hand, from a list selection or by import.
 */
export const alumniTagEntity = defineEntity({
  name: 'alumniTag',
  label: t('校友标签', 'Alumni tag'),
  table: 'alumni_tag',
  scope: 'tenant',
  permission: 'alumnitag',
  readMenus: ['basicinfo'],
  api: { base: '/blade-alumniTag/tag' },
  fields: {
    groupId: fk(t('标签分组', 'Tag group'), {
      ref: 'alumniTagGroup', required: true, list: true, search: 'equal', width: 140,
      options: { url: '/blade-alumniTag/tagGroup/select', shape: 'list', labelKey: 'groupName', valueKey: 'id' },
    }),
    tagName: text(t('标签名称', 'Tag'), { required: true, max: 32, list: true, search: 'like', width: 160 }),
    color: text(t('颜色', 'Colour'), { required: true, max: 7, default: '#1677ff', check: 'color', list: true, width: 100 }),
    sort: integer(t('排序', 'Order'), { min: 0, max: 9999, default: 0, list: true, width: 80 }),
    remark: text(t('备注', 'Remark'), { max: 255, wide: true }),
  },
  defaultSort: [{ field: 'sort' }, { field: 'createTime' }],
  unique: [{ fields: ['groupId', 'tagName'], message: ALUMNI_TAG_MSG.tagNameTaken }],
  titleField: 'tagName',
});
