import { useMemo } from 'react';
import { EChart } from './EChart';
import { percentOf } from './figures';

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

/** The slices' colours, the chart's and its legend's (ECharts' own palette). */
const COLORS = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc'];
const colorOf = (i: number) => COLORS[i % COLORS.length] as string;

/**
 * A pie or donut. The slices carry only their share, which fits beside any slice at any width;
 * the names with value and share are the legend below, which wraps (in both languages, on a
 * phone too); the tooltip says all three. Drawn as SVG, so its texts are texts.
 */
export function PieChart({ slices, donut = false, label, text = String, onSlice }: Props) {
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const option = useMemo(() => ({
    color: COLORS,
    tooltip: { trigger: 'item', formatter: (p: { name: string; value: number }) => `${p.name}: ${text(p.value)} (${percentOf(p.value, total)})` },
    series: [{
      type: 'pie',
      radius: donut ? ['42%', '70%'] : '70%',
      center: ['50%', '50%'],
      // The legend's share, to the same tenth.
      label: { formatter: (p: { value: number }) => percentOf(p.value, total) },
      labelLine: { length: 6, length2: 6 },
      data: slices.map((s) => ({ name: s.label, value: s.value })),
    }],
  }), [slices, donut, text, total]);
  return (
    <>
      <EChart option={option} height={220} label={label} renderer="svg"
        onClick={onSlice ? (c) => { const s = slices[c.dataIndex]; if (s) onSlice(s); } : undefined} />
      <ul className="dashboard-pie-legend" data-testid="pie-legend">
        {slices.map((s, i) => (
          <li key={s.key}>
            <button type="button" disabled={!onSlice} onClick={onSlice ? () => onSlice(s) : undefined}>
              <span className="dashboard-pie-swatch" style={{ background: colorOf(i) }} aria-hidden />
              <span>{s.label}</span> <span className="dashboard-pie-figure">{text(s.value)} ({percentOf(s.value, total)})</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
