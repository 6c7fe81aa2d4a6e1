import { useMemo } from 'react';
import type { Column } from './ColumnChart';
import { EChart } from './EChart';

/** The ten largest groups, then one bar for the rest (its key empty: it leads nowhere). */
export function topTen(bars: readonly Column[], others: string): Column[] {
  const sorted = [...bars].sort((a, b) => b.value - a.value);
  const rest = sorted.slice(10).reduce((sum, b) => sum + b.value, 0);
  return rest > 0 ? [...sorted.slice(0, 10), { key: '', label: others, value: rest }] : sorted.slice(0, 10);
}

interface Props {
  bars: readonly Column[];
  series: string;
  label: string;
  onBar?: (bar: Column) => void;
}

/** Horizontal bars, the largest on top. */
export function BarChart({ bars, series, label, onBar }: Props) {
  const option = useMemo(() => ({
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', inverse: true, data: bars.map((b) => b.label), axisLabel: { width: 120, overflow: 'truncate' } },
    series: [{ name: series, type: 'bar', data: bars.map((b) => b.value), label: { show: true, position: 'right' } }],
  }), [bars, series]);
  return <EChart option={option} height={Math.max(200, bars.length * 28 + 24)} label={label} onClick={onBar ? (c) => { const b = bars[c.dataIndex]; if (b && b.key) onBar(b); } : undefined} />;
}
