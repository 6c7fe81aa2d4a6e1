import { t } from './text.js';

/** Where the saved segments are kept and read (`GET …/list`, `POST …/submit`, `POST …/remove`, …). */
export const SEGMENT_BASE = '/blade-segment/segment';

/** The menu of 分群管理; the segments themselves are read and used with the segment's entity's menu. */
export const SEGMENT_MENU = 'segment';

/** The longest segment name, in characters. */
export const SEGMENT_NAME_MAX = 64;

/** The most filter parameters one segment keeps (a list's search form has a few dozen at most). */
export const SEGMENT_QUERY_MAX_KEYS = 60;

/** `target_scope` key of a push whose recipients are a saved segment (`targetValue` `{"segmentId": "…"}`). */
export const SEGMENT_TARGET_SCOPE = '8';

/**
 * One saved segment as the lists answer it: the list call's own filters (`query`, the parameters the
 * entity's list takes), private to its owner or shared with the tenant, and its live member count
 * for the caller (their data scope applied).
 */
export interface SegmentView {
  id: string;
  /** The entity whose list the segment searches (`basicInfo`). */
  entity: string;
  name: string;
  query: Record<string, string>;
  shared: boolean;
  /** Saved by the caller: only the owner renames, shares or removes it. */
  mine: boolean;
  ownerName: string | null;
  createTime: string;
  updateTime: string | null;
  /** The rows of the entity's list for the segment's filters, in the caller's data scope (absent when not asked). */
  memberCount?: number;
}

export const SEGMENT_MSG = {
  nameRequired: t('请输入分群名称', 'Please give the segment a name'),
  nameTooLong: t('分群名称不能超过 {max} 个字符', 'A segment name has at most {max} characters'),
  nameTaken: t('已有同名分群：{name}', 'A segment of this name already exists: {name}'),
  noSegments: t('该列表不支持保存分群', 'This list cannot be saved as a segment'),
  badQuery: t('分群的筛选条件不正确', 'The segment\'s filters are not valid'),
  notOwner: t('只有分群的创建人可以修改或删除它', 'Only the person who saved a segment may change or remove it'),
  notFound: t('分群不存在或无权使用', 'The segment does not exist or is not yours to use'),
  badSegment: t('请选择分群', 'Please choose a segment'),
} as const;
