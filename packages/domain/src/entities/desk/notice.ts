import { defineEntity } from '../../entity.js';
import { datetime, dict, text, textarea } from '../../fields.js';
import { t } from '../../text.js';

/** Desk notices for staff (工作台 → 通知公告); the body is HTML, sanitised by the server on save, and may be empty as in BladeX. */
export const noticeEntity = defineEntity({
  name: 'notice',
  label: t('通知公告', 'Notice'),
  table: 'blade_notice',
  scope: 'tenant',
  permission: 'notice',
  api: { base: '/blade-desk/notice' },
  fields: {
    title: text(t('通知标题', 'Title'), { required: true, max: 255, list: true, search: 'like' }),
    category: dict(t('通知类型', 'Category'), 'notice', { required: true, list: true, search: 'equal' }),
    releaseTime: datetime(t('通知日期', 'Release time'), { required: true, list: true, search: 'range' }),
    content: textarea(t('通知内容', 'Content'), { max: 100000, richText: true }),
  },
  defaultSort: [{ field: 'releaseTime', desc: true }],
  titleField: 'title',
});
