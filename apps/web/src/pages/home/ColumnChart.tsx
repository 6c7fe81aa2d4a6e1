import { useMemo } from 'react';
import { EChart } from './EChart';

/** A column: its key (for the click), its label and its value. */
export interface Column { key: string; label: string; value: number }

interface Props {
  columns: readonly Column[];
  series: string;
  label: string;
  /** A zoom slider under the axis (many years). */
  zoom?: boolean;
  height?: number;
  onColumn?: (column: Column) => void;
}

/** Vertical columns over categories (years, decades, months). */
export function ColumnChart({ columns, series, label, zoom = false, height = 280, onColumn }: Props) {
  const option = useMemo(() => ({
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 24, bottom: zoom ? 64 : 32 },
    xAxis: { type: 'category', data: columns.map((c) => c.label) },
    yAxis: { type: 'value', minInterval: 1 },
    dataZoom: zoom ? [{ type: 'slider', bottom: 8, start: columns.length > 30 ? 100 - (3000 / columns.length) : 0, end: 100 }] : [],
    series: [{ name: series, type: 'bar', data: columns.map((c) => c.value), itemStyle: { borderRadius: [3, 3, 0, 0] } }],
  }), [columns, series, zoom]);
  return <EChart option={option} height={height} label={label} onClick={onColumn ? (c) => { const col = columns[c.dataIndex]; if (col) onColumn(col); } : undefined} />;
}
