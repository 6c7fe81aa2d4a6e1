import { z } from 'zod';
import { BASE_FIELDS, type EntityDef } from './entity.js';
import { entityByName } from './entities/registry.js';
import type { Field, FieldKind } from './fields.js';
import { FILTER_OPS, parseListQuery, QueryError, type Condition } from './list-query.js';
import { fill, t, type Lang, type Text } from './text.js';

/**
 * A report's definition (the JSON in `content`): what the built-in designer saves and the viewer
 * runs. Rows come from one source entity through its list machinery: its declared filters, the
 * viewer's data scope on its menu, its masking. A report either groups the rows (`groupBy`, with
 * `measures`) or lists them (`columns`, no groups).
 */
export interface ReportDefinition {
  version: 1;
  /** Registry name of the source entity (one of `REPORT_SOURCES`). */
  source: string;
  /** The source list's own filter parameters (`paymentStatus_equal: '2'`), declared searchable fields only. */
  filters: Record<string, string>;
  groupBy: ReportGroup[];
  measures: ReportMeasure[];
  chart: ReportChart;
  /** Listing: the fields shown; grouping: the order of group and measure columns (all when empty). */
  columns: string[];
  /**
   * A saved segment of the source (one whose list keeps segments): the report covers its members as
   * the viewer reads them, besides the filters.
   */
  segmentId?: string;
}

export interface ReportGroup {
  field: string;
  /** Dates by year, month or day; whole numbers (years) by decade. */
  unit?: ReportUnit;
}

export interface ReportMeasure {
  fn: 'count' | 'sum' | 'avg';
  /** The numeric field summed or averaged; none for count. */
  field?: string;
  /** A heading of the report's own. */
  label?: string;
}

export const REPORT_UNITS = ['year', 'month', 'day', 'decade'] as const;
export type ReportUnit = (typeof REPORT_UNITS)[number];
export const REPORT_CHARTS = ['none', 'column', 'bar', 'line', 'pie'] as const;
export type ReportChart = (typeof REPORT_CHARTS)[number];

/** The entities a report may read: the alumni office's own records (not the platform's). */
export const REPORT_SOURCES = [
  'basicInfo', 'studentStatus', 'registInfo', 'student', 'honor', 'association', 'visitRecord', 'careList', 'docQuery',
  'activity', 'actApplist', 'activityCost', 'donation', 'message',
] as const;

export const REPORT_LIMITS = { groups: 2, measures: 6, columns: 30, filters: 20, groupRows: 2000, pdfRows: 2000 } as const;

export const REPORT_DEF_MSG = {
  notJson: t('报表定义不是有效的 JSON', 'The report definition is not valid JSON'),
  badShape: t('报表定义格式不正确：{detail}', 'The report definition is not valid: {detail}'),
  badSource: t('不支持的数据来源：{name}', 'Unsupported data source: {name}'),
  noSegments: t('“{source}”不能按分群统计', 'A report of “{source}” cannot cover a segment'),
  badFilter: t('筛选条件 {name} 不是“{source}”可查询的字段', 'Filter {name} is not a searchable field of “{source}”'),
  badGroup: t('字段“{name}”不能用于分组', 'Field “{name}” cannot be grouped by'),
  sensitiveGroup: t('敏感字段“{label}”不能用于分组', 'The sensitive field “{label}” cannot be grouped by'),
  badUnit: t('字段“{label}”不能按{unit}分组', 'Field “{label}” cannot be grouped by {unit}'),
  unitRequired: t('日期字段“{label}”须选择按年、月或日分组', 'Choose year, month or day to group the date field “{label}”'),
  repeatedGroup: t('字段“{label}”重复分组', 'Field “{label}” is grouped twice'),
  badMeasure: t('字段“{name}”不是可求和或求平均的数值字段', 'Field “{name}” is not a number that can be summed or averaged'),
  measureField: t('求和与平均须选择数值字段', 'Sum and average need a numeric field'),
  repeatedMeasure: t('统计指标“{key}”重复', 'The measure “{key}” appears twice'),
  measuresRequired: t('分组报表至少需要一个统计指标', 'A grouped report needs at least one measure'),
  measuresWithoutGroups: t('统计指标须与分组字段一起使用；明细报表请选择显示列', 'Measures need a group field; a listing report chooses columns instead'),
  columnsRequired: t('明细报表至少需要一个显示列', 'A listing report needs at least one column'),
  badColumn: t('显示列“{name}”不是该报表的字段或指标', 'Column “{name}” is not a field or measure of this report'),
  chartNeedsGroups: t('图表需要分组字段和统计指标', 'A chart needs a group field and a measure'),
  tooMany: t('{what}最多{max}个', 'At most {max} {what}'),
} as const;

const WHAT: Record<'groups' | 'measures' | 'columns' | 'filters', Text> = {
  groups: t('分组字段', 'group fields'),
  measures: t('统计指标', 'measures'),
  columns: t('显示列', 'columns'),
  filters: t('筛选条件', 'filters'),
};

export const UNIT_TEXT: Record<ReportUnit, Text> = {
  year: t('年', 'year'), month: t('月', 'month'), day: t('日', 'day'), decade: t('年代', 'decade'),
};

/** A report problem: the message and the part of the definition it concerns. */
export class ReportDefinitionError extends Error {
  constructor(readonly text: Text, readonly values: Record<string, string | number | Text> = {}) {
    super(fill(text.en, valuesIn(values, 'en')));
  }
  message_(lang: Lang): string {
    return fill(this.text[lang], valuesIn(this.values, lang));
  }
}

/** Placeholder values in one language: a label carries both. */
const valuesIn = (values: Record<string, string | number | Text>, lang: Lang): Record<string, string | number> =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'object' ? v[lang] : v]));

const NAME_RE = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

const shape = z.object({
  version: z.literal(1).default(1),
  source: z.string().regex(NAME_RE),
  filters: z.record(z.string().max(80), z.union([z.string().max(500), z.number()]).transform(String)).default({}),
  groupBy: z.array(z.object({ field: z.string().regex(NAME_RE), unit: z.enum(REPORT_UNITS).optional() }).strict()).default([]),
  measures: z.array(z.object({
    fn: z.enum(['count', 'sum', 'avg']),
    field: z.string().regex(NAME_RE).optional(),
    label: z.string().trim().max(30).optional(),
  }).strict()).default([]),
  chart: z.enum(REPORT_CHARTS).default('none'),
  columns: z.array(z.string().max(80)).default([]),
  segmentId: z.string().regex(/^\d{1,20}$/).optional(),
}).strict();

/** The base columns a report may group or list besides the entity's fields. */
const BASE_REPORT_FIELDS = ['createTime', 'updateTime'] as const;

/** A field of the source by name, its base create/update time included. */
export function reportField(entity: EntityDef, name: string): Field | null {
  const own = entity.fields[name];
  if (own) return own;
  if ((BASE_REPORT_FIELDS as readonly string[]).includes(name)) {
    const base = BASE_FIELDS[name as (typeof BASE_REPORT_FIELDS)[number]];
    return { kind: base.kind, label: base.label } as Field;
  }
  return null;
}

/** How a field may be grouped: null when it may not, else the units it takes ([] = by value). */
export function groupUnits(field: Field): readonly ReportUnit[] | null {
  if (field.sensitive || field.secret) return null;
  const byKind: Record<FieldKind, readonly ReportUnit[] | null> = {
    text: [], textarea: null, integer: ['decade'], money: null, flag: [], dict: field.kind === 'dict' && field.multiple ? null : [],
    date: ['year', 'month', 'day'], datetime: ['year', 'month', 'day'], fk: [], ids: null,
  };
  if (field.kind === 'text' && field.image) return null;
  return byKind[field.kind];
}

/** Whether sums and averages of a field mean something: whole numbers, money, yes/no (sum = how many). */
export const isMeasurable = (field: Field): boolean =>
  !field.sensitive && (field.kind === 'integer' || field.kind === 'money' || field.kind === 'flag');

/** The fields a listing report may show (any field but secrets and pictures). */
export const isListable = (field: Field): boolean => !field.secret && !(field.kind === 'text' && field.image);

/** The source's fields by use, for the designer. */
export function reportFields(entity: EntityDef): { name: string; field: Field }[] {
  return [...Object.keys(entity.fields), ...BASE_REPORT_FIELDS]
    .filter((name) => !['orgDeptId', 'tenantId'].includes(name))
    .map((name) => ({ name, field: reportField(entity, name) as Field }));
}

/** The key of a group column (its field) and of a measure column (`count`, `sum_amount`, `avg_companions`). */
export const groupKey = (g: ReportGroup): string => g.field;
export const measureKey = (m: ReportMeasure): string => (m.fn === 'count' ? 'count' : `${m.fn}_${m.field ?? ''}`);

const MEASURE_TEXT: Record<ReportMeasure['fn'], Text> = {
  count: t('数量', 'Count'), sum: t('{label}合计', 'Total {label}'), avg: t('{label}平均', 'Average {label}'),
};

/** A group column's heading: the field's label, with its unit (捐赠时间（年）). */
export function groupLabel(entity: EntityDef, g: ReportGroup, lang: Lang): string {
  const label = reportField(entity, g.field)?.label[lang] ?? g.field;
  if (!g.unit) return label;
  return lang === 'zh' ? `${label}（${UNIT_TEXT[g.unit].zh}）` : `${label} (${UNIT_TEXT[g.unit].en})`;
}

/** A measure column's heading: its own, else 数量 / {field}合计 / {field}平均. */
export function measureLabel(entity: EntityDef, m: ReportMeasure, lang: Lang): string {
  if (m.label) return m.label;
  const field = m.field ? reportField(entity, m.field) : null;
  return fill(MEASURE_TEXT[m.fn][lang], { label: field?.label[lang] ?? m.field ?? '' });
}

/** Whether a filter parameter names a field the source declares searchable (or its create/update time). */
function declaredFilter(entity: EntityDef, key: string): boolean {
  const cut = key.lastIndexOf('_');
  const suffix = cut > 0 ? key.slice(cut + 1) : '';
  const name = (FILTER_OPS as readonly string[]).includes(suffix) ? key.slice(0, cut) : key;
  if ((BASE_REPORT_FIELDS as readonly string[]).includes(name)) return true;
  return !!entity.fields[name]?.search;
}

export interface CheckedReport {
  definition: ReportDefinition;
  entity: EntityDef;
  conditions: Condition[];
}

/**
 * Reads and checks a definition (its JSON text or the object): the shape, then every name against
 * the source entity. Throws a `ReportDefinitionError` naming the first problem in the caller's words.
 */
export function checkReportDefinition(input: unknown): CheckedReport {
  let raw = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch {
      throw new ReportDefinitionError(REPORT_DEF_MSG.notJson);
    }
  }
  const parsed = shape.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? [...issue.path].map(String).join('.') : '';
    throw new ReportDefinitionError(REPORT_DEF_MSG.badShape, { detail: where || (issue?.message ?? '') });
  }
  const def = parsed.data as ReportDefinition;
  const tooMany = (what: keyof typeof WHAT, count: number) => {
    const max = REPORT_LIMITS[what];
    if (count > max) throw new ReportDefinitionError(REPORT_DEF_MSG.tooMany, { what: WHAT[what], max });
  };
  tooMany('groups', def.groupBy.length);
  tooMany('measures', def.measures.length);
  tooMany('columns', def.columns.length);
  tooMany('filters', Object.keys(def.filters).length);
  if (!(REPORT_SOURCES as readonly string[]).includes(def.source)) throw new ReportDefinitionError(REPORT_DEF_MSG.badSource, { name: def.source });
  const entity = entityByName(def.source);
  const source = entity.label;

  if (def.segmentId !== undefined && entity.segments !== true) throw new ReportDefinitionError(REPORT_DEF_MSG.noSegments, { source });
  for (const key of Object.keys(def.filters)) {
    if (!declaredFilter(entity, key)) throw new ReportDefinitionError(REPORT_DEF_MSG.badFilter, { name: key, source });
  }
  let conditions: Condition[];
  try {
    conditions = parseListQuery(entity, def.filters).conditions;
  } catch (error) {
    if (error instanceof QueryError) throw new ReportDefinitionError(error.text, error.values);
    throw error;
  }

  const grouped = new Set<string>();
  for (const g of def.groupBy) {
    const field = reportField(entity, g.field);
    if (!field) throw new ReportDefinitionError(REPORT_DEF_MSG.badGroup, { name: g.field });
    if (field.sensitive) throw new ReportDefinitionError(REPORT_DEF_MSG.sensitiveGroup, { label: field.label });
    const units = groupUnits(field);
    if (!units) throw new ReportDefinitionError(REPORT_DEF_MSG.badGroup, { name: g.field });
    if (g.unit && !units.includes(g.unit)) throw new ReportDefinitionError(REPORT_DEF_MSG.badUnit, { label: field.label, unit: UNIT_TEXT[g.unit] });
    if (!g.unit && (field.kind === 'date' || field.kind === 'datetime')) throw new ReportDefinitionError(REPORT_DEF_MSG.unitRequired, { label: field.label });
    if (grouped.has(g.field)) throw new ReportDefinitionError(REPORT_DEF_MSG.repeatedGroup, { label: field.label });
    grouped.add(g.field);
  }
  const measured = new Set<string>();
  for (const m of def.measures) {
    if (m.fn === 'count') {
      delete m.field;
    } else {
      if (!m.field) throw new ReportDefinitionError(REPORT_DEF_MSG.measureField);
      const field = reportField(entity, m.field);
      if (!field || !isMeasurable(field)) throw new ReportDefinitionError(REPORT_DEF_MSG.badMeasure, { name: m.field });
    }
    const key = measureKey(m);
    if (measured.has(key)) throw new ReportDefinitionError(REPORT_DEF_MSG.repeatedMeasure, { key });
    measured.add(key);
  }

  if (def.groupBy.length > 0) {
    if (def.measures.length === 0) throw new ReportDefinitionError(REPORT_DEF_MSG.measuresRequired);
    const known = new Set([...grouped, ...measured]);
    for (const c of def.columns) if (!known.has(c)) throw new ReportDefinitionError(REPORT_DEF_MSG.badColumn, { name: c });
  } else {
    if (def.measures.length > 0) throw new ReportDefinitionError(REPORT_DEF_MSG.measuresWithoutGroups);
    if (def.columns.length === 0) throw new ReportDefinitionError(REPORT_DEF_MSG.columnsRequired);
    for (const c of def.columns) {
      const field = reportField(entity, c);
      if (!field || !isListable(field)) throw new ReportDefinitionError(REPORT_DEF_MSG.badColumn, { name: c });
    }
    if (def.chart !== 'none') throw new ReportDefinitionError(REPORT_DEF_MSG.chartNeedsGroups);
  }
  def.columns = [...new Set(def.columns)];
  return { definition: def, entity, conditions };
}

/** The column keys a grouped report shows, in order: its `columns`, else the groups then the measures. */
export function groupedColumns(def: ReportDefinition): string[] {
  const all = [...def.groupBy.map(groupKey), ...def.measures.map(measureKey)];
  return def.columns.length > 0 ? def.columns : all;
}

/** The wire shape of a preview (`GET|POST /blade-report/report/rest/preview`). */
export interface ReportPreview {
  name: string | null;
  source: string;
  mode: 'group' | 'list';
  chart: ReportChart;
  columns: { key: string; label: string; role: 'group' | 'measure' | 'field'; numeric: boolean }[];
  /** Cells as shown (names for groups, numbers for measures); `_keys` holds each group's raw value. */
  rows: Record<string, string | number | null>[];
  /** Measures over all the rows (grouped reports). */
  totals: Record<string, number> | null;
  total: number;
  current: number;
  size: number;
}
