import { defineEntity } from '../../entity.js';
import { fk, integer, text } from '../../fields.js';
import { t } from '../../text.js';

/** Stored files: one row per upload through put-file, naming where the object lives. */
export const attachEntity = defineEntity({
  name: 'attach',
  label: t('附件', 'Attachment'),
  table: 'blade_attach',
  scope: 'tenant',
  permission: 'attach',
  api: { base: '/blade-resource/attach' },
  fields: {
    link: text(t('附件地址', 'Link'), { required: true, max: 1000, list: true, wide: true }),
    domainUrl: text(t('附件域名', 'Domain'), { max: 500 }),
    name: text(t('附件名称', 'Stored name'), { required: true, max: 500, list: true, search: 'like' }),
    originalName: text(t('附件原名', 'Original name'), { max: 500, list: true, search: 'like' }),
    extension: text(t('附件拓展名', 'Extension'), { max: 32, list: true, search: 'equal' }),
    attachSize: integer(t('附件大小', 'Size (bytes)'), { min: 0, max: 2147483647, list: true }),
    ossId: fk(t('存储配置', 'Storage'), { form: 'hidden' }),
  },
  titleField: 'originalName',
  // Rows come from uploads; writing one by hand (or correcting it) is the upload button's right.
  buttonCodes: { add: 'attach_upload', edit: 'attach_upload' },
});
