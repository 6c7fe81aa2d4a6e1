import { defineEntity } from '../../entity.js';
import { date, dict, flag, fk, integer, text, textarea } from '../../fields.js';
import { t } from '../../text.js';
import { alumnusPick, fileList } from './relation-fields.js';

export const HONOR_MSG = {
  badYear: t('获得年份应在1900年至今年之间', 'The year must be from 1900 to this year'),
  dateOutsideYear: t('获得日期应在获得年份之内', 'The date must fall within the year'),
} as const;

/**
 * An honour of an alumnus 荣誉 (DOMAIN 5.2). One conferred by the school (category 1) or of level
 * 1–3 (international, national, provincial) marks the alumnus as a key alumnus.
 */
export const honorEntity = defineEntity({
  name: 'honor',
  label: t('荣誉', 'Honour'),
  table: 'alumni_honor',
  scope: 'tenant',
  permission: 'honor',
  api: { base: '/blade-honor/honor', detail: 'detail/:id', save: true, update: true },
  fields: {
    alumniId: alumnusPick(t('校友', 'Alumnus'), { required: true }),
    honorName: text(t('荣誉名称', 'Honour'), { required: true, max: 128, list: true, search: 'like', width: 180 }),
    honorType: dict(t('荣誉类别', 'Category'), 'honor_type', { source: 'biz', required: true, list: true, search: 'equal', width: 120 }),
    honorLevel: dict(t('荣誉级别', 'Level'), 'honor_level', { source: 'biz', required: true, list: true, search: 'equal', width: 90 }),
    awardingBody: text(t('授予单位', 'Awarded by'), { required: true, max: 128, list: true, search: 'like', width: 160 }),
    awardYear: integer(t('获得年份', 'Year'), { required: true, min: 1900, max: 2100, list: true, search: 'range', width: 90 }),
    awardDate: date(t('获得日期', 'Date')),
    description: textarea(t('事迹简介', 'Citation'), { max: 2000 }),
    certificateImages: fileList(t('证书图片', 'Certificate'), 6, 'image'),
    isPublic: flag(t('对外展示', 'Show publicly'), { list: true, search: 'equal', width: 90 }),
    sort: integer(t('排序', 'Order'), { default: 0, min: 0, max: 99_999 }),
    orgDeptId: fk(t('归属机构', 'Owning unit'), { ref: 'dept', form: 'hidden' }),
    remark: text(t('备注', 'Remark'), { max: 500, wide: true }),
  },
  defaultSort: [{ field: 'awardYear', desc: true }, { field: 'sort' }],
  titleField: 'honorName',
  excel: { export: true },
});
