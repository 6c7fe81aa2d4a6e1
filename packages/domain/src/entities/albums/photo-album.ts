import { defineEntity } from '../../entity.js';
import { date, datetime, flag, fk, integer, text } from '../../fields.js';
import { t } from '../../text.js';
import { activityPick, associationPick } from '../relation/relation-fields.js';

export const ALBUM_MSG = {
  future: t('{label}不能晚于今天', '{label} cannot be later than today'),
  nameLength: t('相册名称长度应为2到64个字符', 'The album name has 2 to 64 characters'),
  notOwnCover: t('封面必须是本相册的照片', 'The cover must be a photo of this album'),
  tooMany: t('照片过多，请分批下载', 'Too many photos: please download them in batches'),
  shareExpired: t('分享链接已失效', 'The share link has expired'),
  badExpireDays: t('有效期只能是1、7、30天或0（永久）', 'The validity is 1, 7 or 30 days, or 0 (no expiry)'),
  filesPerUpload: t('每次上传1到20张照片', 'Upload 1 to 20 photos at a time'),
  badPhoto: t('无法识别的图片：{name}', 'Not a readable picture: {name}'),
  idsOrPhotoIds: t('请选择要删除的相册或照片', 'Please select the albums or photos to remove'),
  albumRequired: t('请选择相册', 'Please select the album'),
  photoCaption: t('照片说明不能超过255个字符', 'A caption has at most 255 characters'),
} as const;

/** The share validities an album may be given, in days (0: no expiry). */
export const SHARE_DAYS = [0, 1, 7, 30] as const;

/**
 * A photo album 相册 (DOMAIN 6.4) of an activity or an association, shared by link and downloaded
 * whole as a zip. Its photos are `photo` rows; the album keeps their count and its cover.
 */
export const photoAlbumEntity = defineEntity({
  name: 'photoAlbum',
  label: t('相册', 'Photo album'),
  table: 'alumni_photo_album',
  scope: 'tenant',
  permission: 'photo',
  // `addAlbum` only adds and `update` only edits (the module's calls); `submit` is the engine's own.
  api: { base: '/photo', list: 'list', detail: 'detail', submit: 'submit', remove: 'remove' },
  fields: {
    albumName: text(t('相册名称', 'Album'), { required: true, max: 64, list: true, search: 'like', width: 200 }),
    activityId: activityPick(t('关联活动', 'Activity'), { list: true, search: 'equal', width: 180 }),
    associationId: associationPick(t('所属校友会', 'Association'), { list: true, search: 'equal' }),
    description: text(t('相册描述', 'Description'), { max: 500, wide: true }),
    photoDate: date(t('拍摄日期', 'Taken on'), { list: true, search: 'range', width: 110 }),
    coverPhotoId: fk(t('封面', 'Cover'), { form: 'hidden' }),
    isPublic: flag(t('公开', 'Public'), { default: 1, list: true, search: 'equal', width: 70 }),
    photoCount: integer(t('照片数', 'Photos'), { form: 'readonly', list: true, width: 80 }),
    shareCode: text(t('分享码', 'Share code'), { max: 8, form: 'readonly' }),
    shareExpireTime: datetime(t('分享有效期', 'Share expiry'), { form: 'readonly' }),
    sort: integer(t('排序', 'Order'), { default: 0, min: 0, max: 999999 }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
  },
  defaultSort: [{ field: 'photoDate', desc: true }],
  titleField: 'albumName',
  numbers: { shareCode: { kind: 'random', alphabet: 'alphanumeric', length: 8, onDemand: true } },
});
