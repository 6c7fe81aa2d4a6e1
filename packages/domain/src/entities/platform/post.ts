import { defineEntity } from '../../entity.js';
import { integer, text } from '../../fields.js';
import { t } from '../../text.js';

/** Posts (job positions) of a tenant. */
export const postEntity = defineEntity({
  name: 'post',
  label: t('岗位', 'Post'),
  table: 'blade_post',
  scope: 'tenant',
  permission: 'post',
  api: { base: '/blade-system/post' },
  fields: {
    category: integer(t('岗位类型', 'Category'), { default: 1 }),
    postCode: text(t('岗位编号', 'Code'), { required: true, max: 32, list: true, search: 'like' }),
    postName: text(t('岗位名称', 'Name'), { required: true, max: 64, list: true, search: 'like' }),
    sort: integer(t('排序', 'Sort'), { default: 1, list: true }),
    remark: text(t('备注', 'Remark'), { max: 255 }),
  },
  titleField: 'postName',
});
