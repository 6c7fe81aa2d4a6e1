import { useMemo } from 'react';
import { EChart } from './EChart';

/** A slice: its key (for the click), its label and its value; `text` writes the value (money). */
export interface Slice { key: string; label: string; value: number }

interface Props {
  slices: readonly Slice[];
  /** A ring (登记审核状态) rather than a full pie (捐赠用途). */
  donut?: boolean;
  label: string;
  text?: (value: number) => string;
  onSlice?: (slice: Slice) => void;
}

/** A pie or donut whose slices show their value and share. */
export function PieChart({ slices, donut = false, label, text = String, onSlice }: Props) {
  const option = useMemo(() => ({
    tooltip: { trigger: 'item', formatter: (p: { name: string; value: number; percent: number }) => `${p.name}: ${text(p.value)} (${p.percent}%)` },
    legend: { bottom: 0, type: 'scroll' },
    series: [{
      type: 'pie',
      radius: donut ? ['42%', '68%'] : '68%',
      center: ['50%', '45%'],
      label: { formatter: (p: { name: string; value: number; percent: number }) => `${p.name}\n${text(p.value)} (${p.percent}%)` },
      data: slices.map((s) => ({ name: s.label, value: s.value })),
    }],
  }), [slices, donut, text]);
  return <EChart option={option} height={280} label={label} onClick={onSlice ? (c) => { const s = slices[c.dataIndex]; if (s) onSlice(s); } : undefined} />;
}
