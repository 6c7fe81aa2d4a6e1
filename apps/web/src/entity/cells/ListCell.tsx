import { listRows, shippedEntryLabel, englishEntryLabel, type Lang, type ListSpec } from '@alumni/domain';
import { Table } from 'antd';

const cellText = (spec: ListSpec, column: string, value: unknown, lang: Lang): string => {
  if (value === null || value === undefined || value === '') return '';
  const field = spec.columns[column];
  if (field?.kind === 'dict') return (lang === 'en' ? englishEntryLabel(field.dict, String(value)) : undefined) ?? shippedEntryLabel(field.dict, String(value), lang) ?? String(value);
  return String(value);
};

/**
 * A list field's rows: in a view a small table under the columns' labels, in a table one line per
 * row (its cells between ·).
 */
export function ListCell({ value, spec, lang, compact }: { value: unknown; spec: ListSpec; lang: Lang; compact?: boolean }) {
  const rows = listRows(value);
  if (rows.length === 0) return null;
  const columns = Object.keys(spec.columns);
  if (compact) {
    return <span className="list-cell">{rows.map((r) => columns.map((c) => cellText(spec, c, r[c], lang)).filter(Boolean).join(' · ')).join('；')}</span>;
  }
  return (
    <Table
      size="small"
      className="list-cell-table"
      pagination={false}
      rowKey={(_, i) => String(i)}
      dataSource={rows}
      columns={columns.map((c) => ({ key: c, title: spec.columns[c]?.label[lang], render: (_: unknown, r: Record<string, unknown>) => cellText(spec, c, r[c], lang) }))}
    />
  );
}
