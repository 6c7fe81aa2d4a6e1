import { useMemo } from 'react';
import { EChart } from './EChart';

/** A category with its amount (columns) and its count (line). */
export interface ComboPoint { key: string; label: string; amount: number; count: number }

interface Props {
  points: readonly ComboPoint[];
  amountName: string;
  countName: string;
  label: string;
  amountText: (value: number) => string;
  onPoint?: (point: ComboPoint) => void;
}

/** Amounts as columns on the left axis and counts as a line on the right one. */
export function ComboChart({ points, amountName, countName, label, amountText, onPoint }: Props) {
  const option = useMemo(() => ({
    tooltip: { trigger: 'axis', valueFormatter: undefined },
    legend: { top: 0 },
    grid: { left: 64, right: 40, top: 32, bottom: 32 },
    xAxis: { type: 'category', data: points.map((p) => p.label) },
    yAxis: [
      { type: 'value', name: amountName, axisLabel: { formatter: (v: number) => amountText(v) } },
      { type: 'value', name: countName, minInterval: 1, splitLine: { show: false } },
    ],
    series: [
      { name: amountName, type: 'bar', data: points.map((p) => p.amount), tooltip: { valueFormatter: (v: number) => amountText(v) } },
      { name: countName, type: 'line', yAxisIndex: 1, smooth: true, data: points.map((p) => p.count) },
    ],
  }), [points, amountName, countName, amountText]);
  return <EChart option={option} height={300} label={label} onClick={onPoint ? (c) => { const p = points[c.dataIndex]; if (p) onPoint(p); } : undefined} />;
}
