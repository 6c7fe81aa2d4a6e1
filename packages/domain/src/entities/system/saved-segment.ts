import { defineEntity } from '../../entity.js';
import { flag, text, textarea } from '../../fields.js';
import { SEGMENT_MENU, SEGMENT_NAME_MAX } from '../../segment-wire.js';
import { t } from '../../text.js';

/**
 * A saved segment 分群 (decisions 311–313): a named search of an entity's list that declares
 * `segments`, kept as the list call's own filter parameters (JSON), private to the person who saved it
 * or shared with the tenant. Read and written through `/blade-segment/segment` rather than the generic
 * calls: who sees a row is its owner or, when shared, every user of the tenant who reads the entity.
 */
export const savedSegmentEntity = defineEntity({
  name: 'savedSegment',
  label: t('分群', 'Segment'),
  table: 'app_saved_segment',
  scope: 'tenant',
  permission: SEGMENT_MENU,
  fields: {
    entityName: text(t('数据对象', 'Data object'), { required: true, max: 64 }),
    name: text(t('分群名称', 'Segment name'), { required: true, max: SEGMENT_NAME_MAX, list: true, search: 'like' }),
    queryText: textarea(t('筛选条件', 'Filters'), { max: 8000 }),
    shared: flag(t('共享', 'Shared'), { default: 0, list: true }),
  },
});
