import { defineEntity } from '../../entity.js';
import { text, textarea } from '../../fields.js';
import { t } from '../../text.js';

export const REPORT_MSG = {
  nameTaken: t('报表名称“{value}”已存在', 'A report named “{value}” already exists'),
} as const;

/**
 * A report 报表 (DOMAIN 10.1, `blade_report_file`): a saved definition made in the built-in designer —
 * its source entity, filters, groups, measures, chart and columns (`content`, the JSON of a
 * `ReportDefinition`) — previewed, printed and exported by staff. Tenant-wide: reports have only 全部可见;
 * the rows a report shows follow the viewer's data scope on the source entity's menu.
 */
export const reportEntity = defineEntity({
  name: 'report',
  label: t('报表', 'Report'),
  table: 'blade_report_file',
  scope: 'tenant',
  permission: 'reportlist',
  api: { base: '/blade-report/report/rest' },
  // A preview or design address names the report by its name (`?_u=blade-{name}`).
  detailKey: 'name',
  fields: {
    name: text(t('报表名称', 'Report name'), { required: true, max: 100, list: true, search: 'like', width: 260 }),
    content: textarea(t('报表定义', 'Definition'), { required: true, max: 20000 }),
  },
  defaultSort: [{ field: 'updateTime', desc: true }],
  unique: [{ fields: ['name'], message: REPORT_MSG.nameTaken }],
  titleField: 'name',
  // Designing (新增 and 修改) is the designer's button; 预览 is the view button.
  buttonCodes: { add: 'reportlist_design', edit: 'reportlist_design' },
  viewButton: false,
});
