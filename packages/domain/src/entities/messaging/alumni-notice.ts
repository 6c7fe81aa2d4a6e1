import { defineEntity } from '../../entity.js';
import { datetime, dict, flag, fk, integer, text, textarea } from '../../fields.js';
import { t } from '../../text.js';
import { associationPick, fileList } from '../relation/relation-fields.js';

/** Dictionary `publish_status` (DOMAIN 8.1). */
export const PUBLISH_STATUS = { draft: 0, published: 1, withdrawn: 2 } as const;

/** How many characters of the body's text make the default summary. */
export const SUMMARY_LENGTH = 200;
/** Attachments a notice carries at most. */
export const NOTICE_MAX_ATTACHMENTS = 5;

export const ALUMNI_NOTICE_MSG = {
  titleLength: t('标题长度应为2到100个字', 'The title holds 2 to 100 characters'),
  publishedRemove: t('已发布的通知请先撤回', 'Withdraw a published notice before removing it'),
  badStatus: t('发布状态只能是草稿、已发布或已撤回', 'The status must be draft, published or withdrawn'),
  backToDraft: t('已发布或撤回的通知不能改回草稿', 'A published or withdrawn notice cannot go back to draft'),
  publishNeeded: t('发布、撤回或修改已发布的通知需要“发布/撤回”权限', 'Publishing, withdrawing or editing a published notice needs the publish permission'),
  associationMissing: t('所选校友会不存在', 'The association does not exist'),
} as const;

/**
 * A notice 通知 for alumni (DOMAIN 8.1): news and announcements published on the portal, drafted,
 * published, withdrawn and published again. Not the desk notices for staff (`/blade-desk/notice`).
 */
export const alumniNoticeEntity = defineEntity({
  name: 'alumniNotice',
  label: t('通知', 'Notice'),
  table: 'alumni_notice',
  scope: 'tenant',
  permission: 'alumninotice',
  api: { base: '/blade-notice/notice' },
  fields: {
    title: text(t('标题', 'Title'), { required: true, max: 100, list: true, search: 'like', width: 240 }),
    category: dict(t('通知类别', 'Category'), 'alumni_notice_category', { source: 'biz', required: true, list: true, search: 'equal', width: 110 }),
    coverImage: text(t('封面图', 'Cover'), { max: 1000, image: true }),
    summary: text(t('摘要', 'Summary'), { max: SUMMARY_LENGTH, wide: true }),
    content: textarea(t('正文', 'Body'), { required: true, max: 200_000, search: 'like', richText: true }),
    author: text(t('作者', 'Author'), { max: 32, list: true, search: 'like', width: 100 }),
    sourceName: text(t('来源', 'Source'), { max: 64 }),
    associationId: associationPick(t('发布校友会', 'Association'), { search: 'equal' }),
    attachments: fileList(t('附件', 'Attachments'), NOTICE_MAX_ATTACHMENTS),
    publishStatus: dict(t('发布状态', 'Status'), 'publish_status', { source: 'biz', numeric: true, form: 'readonly', list: true, search: 'equal', width: 90 }),
    publishTime: datetime(t('发布时间', 'Published at'), { list: true, search: 'range', width: 170 }),
    isTop: flag(t('置顶', 'Pinned'), { list: true, search: 'equal', sortable: true, width: 70 }),
    viewCount: integer(t('阅读量', 'Views'), { form: 'readonly', list: true, default: 0, width: 80 }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
  },
  defaultSort: [{ field: 'isTop', desc: true }, { field: 'publishTime', desc: true }],
  titleField: 'title',
  buttonCodes: { view: 'alumninotice_view' },
  excel: { export: true },
});
