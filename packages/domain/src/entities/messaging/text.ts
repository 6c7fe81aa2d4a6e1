import { defineEntity } from '../../entity.js';
import { date, dict, flag, text, textarea } from '../../fields.js';
import { t } from '../../text.js';
import { enableStatusField } from '../academic/academic-fields.js';
import { MESSAGING_MSG } from './messaging-fields.js';

/**
 * A versioned text 文本 shown to alumni — the registration agreement, the privacy policy, the giving
 * guide, the charter, "about us" (DOMAIN 8.7). A registration stores the version it accepted, so an
 * accepted version never changes: a new wording is a new version. Tenant-wide.
 */
export const textEntity = defineEntity({
  name: 'text',
  label: t('文本', 'Text'),
  table: 'alumni_text',
  scope: 'tenant',
  permission: 'text',
  api: { base: '/blade-text/text' },
  fields: {
    textCode: text(t('文本编码', 'Code'), { required: true, max: 32, list: true, search: 'like', form: 'create-only', width: 190 }),
    title: text(t('标题', 'Title'), { required: true, max: 100, list: true, search: 'like', width: 200 }),
    textType: dict(t('文本类别', 'Type'), 'text_type', { source: 'biz', required: true, list: true, search: 'equal', width: 100 }),
    version: text(t('版本号', 'Version'), { required: true, max: 16, list: true, form: 'create-only', width: 90 }),
    content: textarea(t('内容', 'Content'), { required: true, max: 100000, search: 'like', richText: true }),
    effectiveDate: date(t('生效日期', 'Effective from'), { required: true, list: true, search: 'range', width: 120 }),
    isCurrent: flag(t('当前版本', 'Current'), { list: true, search: 'equal', form: 'readonly', width: 90 }),
    status: enableStatusField(),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
  },
  defaultSort: [{ field: 'textCode' }, { field: 'effectiveDate', desc: true }],
  unique: [{ fields: ['textCode', 'version'], message: MESSAGING_MSG.textVersionTaken }],
  titleField: 'title',
});
