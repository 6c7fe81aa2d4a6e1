import type { ReportPreview } from '@alumni/domain';
import { Empty, Table, type TableColumnType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../home/BarChart';
import { ColumnChart } from '../home/ColumnChart';
import { EChart } from '../home/EChart';
import { LineChart } from '../home/LineChart';
import { PieChart } from '../home/PieChart';
import './report.css';

type Cells = Record<string, string | number | null>;

const number = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('en-US', { maximumFractionDigits: 2 }) : v === null || v === undefined ? '' : String(v));

/**
 * A grouped report's chart, from the home dashboard's charts: one group and the first measure draw
 * the chosen kind as it is; a second group makes one series per value (stacked columns or lines).
 */
export function ReportChart({ report, title }: { report: ReportPreview; title: string }) {
  const groups = report.columns.filter((c) => c.role === 'group');
  const measure = report.columns.find((c) => c.role === 'measure');
  const twoGroups = groups.length > 1;
  const series = useMemo(() => {
    if (!twoGroups || !measure) return null;
    const [outer, inner] = groups as [typeof groups[number], typeof groups[number]];
    const categories = [...new Set(report.rows.map((r) => String(r[outer.key])))];
    const names = [...new Set(report.rows.map((r) => String(r[inner.key])))];
    return {
      categories,
      series: names.map((name) => ({
        name, data: categories.map((c) => Number(report.rows.find((r) => String(r[outer.key]) === c && String(r[inner.key]) === name)?.[measure.key] ?? 0)),
      })),
    };
  }, [groups, measure, report.rows, twoGroups]);
  const option = useMemo(() => (series ? {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 48, right: 16, top: 24, bottom: 56 },
    xAxis: { type: 'category', data: series.categories },
    yAxis: { type: 'value' },
    series: series.series.map((s) => ({ ...s, type: report.chart === 'line' ? 'line' : 'bar', stack: report.chart === 'line' ? undefined : 'total' })),
  } : null), [series, report.chart]);
  if (report.mode !== 'group' || report.chart === 'none' || !measure || groups.length === 0) return null;
  const label = `${title} - ${measure.label}`;
  if (option) return <EChart option={option} height={320} label={label} />;
  const first = groups[0]!;
  const points = report.rows.map((r, i) => ({ key: String(i), label: String(r[first.key]), value: Number(r[measure.key] ?? 0) }));
  switch (report.chart) {
    case 'pie': return <PieChart slices={points} label={label} text={number} />;
    case 'line': return <LineChart points={points} series={measure.label} label={label} />;
    case 'bar': return <BarChart bars={points} series={measure.label} label={label} />;
    default: return <ColumnChart columns={points} series={measure.label} label={label} zoom={points.length > 24} />;
  }
}

interface TableProps {
  report: ReportPreview;
  /** A listing's pages are the server's; a grouped report's are all here. */
  onPage?: (current: number, size: number) => void;
  loading?: boolean;
}

/** A report's table: numbers to the right, a grouped report's totals as its last row. */
export function ReportTable({ report, onPage, loading }: TableProps) {
  const { t } = useTranslation();
  const columns: TableColumnType<Cells>[] = report.columns.map((c) => ({
    key: c.key, dataIndex: c.key, title: c.label, align: c.numeric ? 'right' : 'left',
    render: (v: unknown) => (c.numeric ? number(v) : v === null || v === undefined ? '' : String(v)),
  }));
  const rows = report.rows.map((r, i) => ({ ...r, _row: String(i) }));
  const totals = report.totals;
  const firstGroup = report.columns.findIndex((c) => c.role === 'group');
  return (
    <Table<Cells>
      className="report-table"
      size="small"
      bordered
      rowKey="_row"
      loading={loading}
      columns={columns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('report.empty')} /> }}
      pagination={report.mode === 'list'
        ? { current: report.current, pageSize: report.size, total: report.total, showSizeChanger: true, showTotal: (total) => t('report.rows', { total }), onChange: (c, s) => onPage?.(c, s) }
        : { defaultPageSize: 50, hideOnSinglePage: true, showTotal: (total) => t('report.rows', { total }) }}
      summary={() => (totals ? (
        <Table.Summary.Row className="report-totals">
          {report.columns.map((c, i) => (
            <Table.Summary.Cell key={c.key} index={i} align={c.numeric ? 'right' : 'left'}>
              {c.role === 'measure' ? number(totals[c.key]) : i === Math.max(firstGroup, 0) ? t('report.total') : ''}
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      ) : null)}
    />
  );
}
