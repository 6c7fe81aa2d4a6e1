import {
  displayNameKey, englishEntryLabel, groupedColumns, groupKey, groupLabel, measureKey, measureLabel, REPORT_LIMITS, reportField, sensitiveFields, t,
  type CheckedReport, type Field, type Lang, type ReportDefinition, type ReportGroup, type ReportPreview,
} from '@alumni/domain';
import type { Caller } from '../../core/caller.js';
import { badRequest } from '../../core/errors.js';
import type { Db } from '../../db/database.js';
import type { JsonRecord } from '../../db/row-mapping.js';
import type { DictionaryLabels } from '../../engine/dictionary-labels.js';
import type { EntityOperations } from '../../engine/entity-operations.js';
import type { AggregateRow } from '../../engine/entity-repository.js';
import { cellText } from '../../engine/excel/cell-text.js';
import { addReferenceNames } from '../../engine/reference-names.js';

export const REPORT_RUN_MSG = {
  tooManyGroups: t('分组结果超过{max}组，请增加筛选条件或减少分组字段', 'More than {max} groups: add filters or group by fewer fields'),
  tooManyPdfRows: t('PDF 最多{max}行，请缩小筛选范围或导出 Excel', 'A PDF holds at most {max} rows: narrow the filters or export to Excel'),
} as const;

const EMPTY: Record<Lang, string> = { zh: '（空）', en: '(empty)' };
const YES_NO: Record<Lang, [string, string]> = { zh: ['否', '是'], en: ['No', 'Yes'] };
/** Rows read per page when a listing report is read whole (a PDF). */
const CHUNK = 1000;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A report's measure values of one group (or of all), from the sums and counts the aggregate answers. */
function measureValues(def: ReportDefinition, sums: readonly number[], counts: readonly number[]): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  def.measures.forEach((m, i) => {
    const sum = sums[i] ?? 0;
    const count = counts[i] ?? 0;
    out[measureKey(m)] = m.fn === 'count' ? count : m.fn === 'sum' ? round2(sum) : count === 0 ? null : round2(sum / count);
  });
  return out;
}

/**
 * Runs report definitions for a caller: a grouped report through the engine's aggregate (the source's
 * menu, its data scope, its filters), a listing report through the source's own list (scope,
 * masking of sensitive fields, display names). Cells are written as the exported sheets write them.
 */
export class ReportRunner {
  constructor(
    private readonly ops: EntityOperations,
    private readonly labels: DictionaryLabels,
    private readonly db: Db,
  ) {}

  async preview(caller: Caller, checked: CheckedReport, lang: Lang, name: string | null, page: { current: number; size: number }): Promise<ReportPreview> {
    const { definition: def, entity } = checked;
    if (def.groupBy.length > 0) {
      const { rows, totals } = await this.grouped(caller, checked, lang);
      const columns = groupedColumns(def).map((key) => {
        const group = def.groupBy.find((g) => groupKey(g) === key);
        if (group) return { key, label: groupLabel(entity, group, lang), role: 'group' as const, numeric: false };
        const measure = def.measures.find((m) => measureKey(m) === key);
        return { key, label: measure ? measureLabel(entity, measure, lang) : key, role: 'measure' as const, numeric: true };
      });
      return { name, source: def.source, mode: 'group', chart: def.chart, columns, rows, totals, total: rows.length, current: 1, size: Math.max(rows.length, 1) };
    }
    const list = await this.ops.list(entity, caller, { current: page.current, size: page.size, conditions: checked.conditions, sorts: [] }, [], null);
    await this.recordShown(caller, checked, list.records);
    return {
      name, source: def.source, mode: 'list', chart: 'none', columns: this.listColumns(checked, lang),
      rows: list.records.map((r) => this.listCells(checked, r, lang)), totals: null, total: list.total, current: page.current, size: page.size,
    };
  }

  /**
   * A listing report's rows answered with sensitive columns unmasked are one event of the
   * personal-data access report (decision 302): the rows' ids, or with `count` (a whole file) their
   * number when the first page does not hold them all.
   */
  private async recordShown(caller: Caller, checked: CheckedReport, records: readonly Record<string, unknown>[], count?: number): Promise<void> {
    const shown = sensitiveFields(checked.entity).map(([field]) => field).filter((field) => checked.definition.columns.includes(field));
    if (shown.length === 0 || records.length === 0 || !(await this.ops.seesSensitive(checked.entity, caller))) return;
    await this.ops.recordAccess(checked.entity, caller, records as JsonRecord[], { kind: 'report', ...(count !== undefined ? { count } : {}) }, shown);
  }

  /** A listing report's every row (at most `max`, else a 400), for a PDF. */
  async allListRows(caller: Caller, checked: CheckedReport, lang: Lang, max: number): Promise<{ rows: Record<string, string | number | null>[]; total: number }> {
    const rows: Record<string, string | number | null>[] = [];
    for (let current = 1; ; current += 1) {
      const page = await this.ops.list(checked.entity, caller, { current, size: CHUNK, conditions: checked.conditions, sorts: [] }, [], null);
      if (page.total > max) throw badRequest(REPORT_RUN_MSG.tooManyPdfRows, { max });
      if (current === 1) await this.recordShown(caller, checked, page.records, page.total);
      rows.push(...page.records.map((r) => this.listCells(checked, r, lang)));
      if (current * CHUNK >= page.total || page.records.length === 0) return { rows, total: page.total };
    }
  }

  listColumns(checked: CheckedReport, lang: Lang): ReportPreview['columns'] {
    return checked.definition.columns.map((key) => {
      const field = reportField(checked.entity, key) as Field;
      return { key, label: field.label[lang], role: 'field' as const, numeric: field.kind === 'integer' || field.kind === 'money' };
    });
  }

  /** The fields of a listing report's columns, by name (the base times included). */
  listFields(checked: CheckedReport): Record<string, Field> {
    return Object.fromEntries(checked.definition.columns.map((key) => [key, reportField(checked.entity, key) as Field]));
  }

  private listCells(checked: CheckedReport, record: JsonRecord, lang: Lang): Record<string, string | number | null> {
    return Object.fromEntries(checked.definition.columns.map((key) => [key, cellText(key, reportField(checked.entity, key) as Field, record, lang)]));
  }

  /** A grouped report's rows (groups named in the caller's language) and its totals. */
  private async grouped(caller: Caller, checked: CheckedReport, lang: Lang) {
    const { definition: def, entity } = checked;
    const found = await this.ops.aggregate(entity, caller, checked.conditions, def.groupBy, def.measures, REPORT_LIMITS.groupRows + 1);
    if (found.length > REPORT_LIMITS.groupRows) throw badRequest(REPORT_RUN_MSG.tooManyGroups, { max: REPORT_LIMITS.groupRows });
    const names = await Promise.all(def.groupBy.map((g, i) => this.groupNames(caller, checked, g, found.map((r) => r.groups[i] ?? null), lang)));
    const rows = found.map((r: AggregateRow) => {
      const cells: Record<string, string | number | null> = {};
      def.groupBy.forEach((g, i) => {
        const key = r.groups[i] ?? null;
        cells[groupKey(g)] = key === null ? EMPTY[lang] : (names[i]?.get(String(key)) ?? String(key));
      });
      return { ...cells, ...measureValues(def, r.sums, r.counts) };
    });
    const sums = def.measures.map((_, i) => found.reduce((s, r) => s + (r.sums[i] ?? 0), 0));
    const counts = def.measures.map((_, i) => found.reduce((s, r) => s + (r.counts[i] ?? 0), 0));
    const totals = Object.fromEntries(Object.entries(measureValues(def, sums, counts)).map(([k, v]) => [k, v ?? 0]));
    return { rows, totals };
  }

  /** The names of one group's values: dictionary labels, referenced rows' titles, yes/no, decades. */
  private async groupNames(caller: Caller, checked: CheckedReport, group: ReportGroup, values: (string | number | null)[], lang: Lang): Promise<Map<string, string>> {
    const field = reportField(checked.entity, group.field) as Field;
    const keys = [...new Set(values.filter((v): v is string | number => v !== null).map(String))];
    const out = new Map<string, string>();
    if (group.unit === 'decade') {
      for (const k of keys) out.set(k, lang === 'zh' ? `${k}年代` : `${k}s`);
      return out;
    }
    if (field.kind === 'flag') {
      for (const k of keys) out.set(k, YES_NO[lang][Number(k) === 1 ? 1 : 0]);
      return out;
    }
    if (field.kind === 'dict') {
      const labels = await this.labels.labels(field.source, caller.tenantId, field.dict);
      for (const k of keys) out.set(k, (lang === 'en' ? englishEntryLabel(field.dict, k) : undefined) ?? labels.get(k) ?? k);
      return out;
    }
    if ((field.kind === 'fk' || field.kind === 'text') && 'ref' in field && field.ref) {
      const records: JsonRecord[] = keys.map((k) => ({ [group.field]: k }));
      await addReferenceNames(this.db, { ...checked.entity, fields: { [group.field]: field } }, caller.tenantId, records);
      const nameKey = displayNameKey(group.field);
      for (const r of records) if (typeof r[nameKey] === 'string' && r[nameKey] !== '') out.set(String(r[group.field]), String(r[nameKey]));
    }
    return out;
  }
}
