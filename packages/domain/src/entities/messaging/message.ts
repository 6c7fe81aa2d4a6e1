import { defineEntity } from '../../entity.js';
import { datetime, dict, fk, flag, text, textarea } from '../../fields.js';
import { t } from '../../text.js';

/** Dictionary `reply_status`. */
export const REPLY_STATUS = { waiting: 0, answered: 1, closed: 2 } as const;

/** Dictionary `message_source`: 3 is a message staff took by phone or at the counter. */
export const MESSAGE_SOURCE = { web: '1', miniProgram: '2', staff: '3' } as const;

export const MESSAGE_MSG = {
  closed: t('已关闭的留言不能修改或回复', 'A closed message cannot be changed or answered'),
  closeNeedsRemark: t('关闭留言须填写备注', 'Closing a message needs a remark'),
  answerLength: t('回复内容须为2–2000个字', 'The answer holds 2 to 2000 characters'),
  titleLength: t('主题须为2–100个字', 'The subject holds 2 to 100 characters'),
  tooManyImages: t('图片最多9张', 'At most 9 images'),
} as const;

/**
 * The message board 留言 (DOMAIN 8.8): alumni ask, suggest, complain, look for classmates or correct
 * their data, and staff answer; an answer may be shown on the portal board. Tenant-wide.
 */
export const messageEntity = defineEntity({
  name: 'message',
  label: t('留言', 'Message'),
  table: 'alumni_message',
  scope: 'tenant',
  permission: 'message',
  api: { base: '/blade-message/message' },
  fields: {
    title: text(t('主题', 'Subject'), { required: true, max: 100, list: true, search: 'like', width: 200 }),
    messageType: dict(t('留言类型', 'Type'), 'message_type', { source: 'biz', required: true, list: true, search: 'equal', width: 100 }),
    name: text(t('留言人', 'Name'), { required: true, max: 30, list: true, search: 'like', width: 100 }),
    areaCode: text(t('国际区号', 'Country code'), { max: 6, default: '+86' }),
    phone: text(t('联系电话', 'Phone'), { max: 20, list: true, search: 'equal', width: 130, sensitive: 'phone' }),
    email: text(t('电子邮箱', 'E-mail'), { max: 100, check: 'email', sensitive: 'email' }),
    alumniId: fk(t('校友', 'Alumnus'), {
      ref: 'basicInfo', list: true, width: 120,
      options: { url: '/blade-basicInfo/basicInfo/select', shape: 'list', labelKey: 'label', valueKey: 'id', search: 'keyword' },
    }),
    content: textarea(t('留言内容', 'Message'), { required: true, max: 2000, search: 'like' }),
    images: textarea(t('图片', 'Images'), { max: 10000 }),
    messageSource: dict(t('来源', 'Source'), 'message_source', { source: 'biz', form: 'readonly', list: true, search: 'equal', width: 110 }),
    isPublic: flag(t('公开', 'Public'), { list: true, search: 'equal', width: 70 }),
    replyStatus: dict(t('回复状态', 'Status'), 'reply_status', { source: 'biz', numeric: true, form: 'readonly', list: true, search: 'equal', width: 90 }),
    answerContent: textarea(t('回复内容', 'Answer'), { max: 2000, form: 'readonly' }),
    answerUser: fk(t('回复人', 'Answered by'), { ref: 'user', form: 'readonly', list: true, width: 100 }),
    answerTime: datetime(t('回复时间', 'Answered at'), { form: 'readonly', list: true, search: 'range', width: 170 }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
  },
  defaultSort: [{ field: 'replyStatus' }, { field: 'createTime', desc: true }],
  titleField: 'title',
  showCreateTime: true,
  excel: { export: true },
});
