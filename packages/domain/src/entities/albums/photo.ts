import { defineEntity } from '../../entity.js';
import { datetime, fk, integer, text } from '../../fields.js';
import { t } from '../../text.js';

/**
 * A photo 照片 of an album (DOMAIN 6.4): the stored original and its thumbnail (long edge 400 px,
 * made on upload), their attachment rows, size, dimensions and the EXIF time. Written by the
 * album's upload call and read through the album's calls; it follows its album's unit.
 */
export const photoEntity = defineEntity({
  name: 'photo',
  label: t('照片', 'Photo'),
  table: 'alumni_photo',
  scope: 'tenant',
  permission: 'photo',
  buttonCodes: { add: 'photo_upload' },
  fields: {
    albumId: fk(t('相册', 'Album'), { required: true, ref: 'photoAlbum', search: 'equal' }),
    name: text(t('文件名', 'File name'), { max: 255, form: 'readonly', list: true }),
    link: text(t('链接', 'Link'), { max: 1000, form: 'readonly' }),
    thumbnailLink: text(t('缩略图', 'Thumbnail'), { max: 1000, form: 'readonly', image: true }),
    attachId: fk(t('附件', 'Attachment'), { form: 'readonly' }),
    thumbnailAttachId: fk(t('缩略图附件', 'Thumbnail attachment'), { form: 'readonly' }),
    size: integer(t('大小', 'Size'), { form: 'readonly', list: true }),
    width: integer(t('宽度', 'Width'), { form: 'readonly' }),
    height: integer(t('高度', 'Height'), { form: 'readonly' }),
    takenTime: datetime(t('拍摄时间', 'Taken at'), { form: 'readonly', list: true }),
    description: text(t('说明', 'Caption'), { max: 255 }),
    sort: integer(t('排序', 'Order'), { default: 0, min: 0, max: 999999 }),
    downloadCount: integer(t('下载次数', 'Downloads'), { form: 'readonly', list: true }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
  },
  defaultSort: [{ field: 'sort' }, { field: 'takenTime' }, { field: 'id' }],
  titleField: 'name',
});
