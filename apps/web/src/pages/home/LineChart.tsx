import { useMemo } from 'react';
import { EChart } from './EChart';

interface Props {
  points: readonly { label: string; value: number }[];
  series: string;
  label: string;
}

/** One line over categories (the last twelve months). */
export function LineChart({ points, series, label }: Props) {
  const option = useMemo(() => ({
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 24, bottom: 32 },
    xAxis: { type: 'category', data: points.map((p) => p.label), boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: series, type: 'line', smooth: true, areaStyle: { opacity: 0.15 }, data: points.map((p) => p.value) }],
  }), [points, series]);
  return <EChart option={option} height={280} label={label} />;
}
