import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef } from 'react';
import { useReducedMotion } from '../../lib/use-reduced-motion';

/** What a click on a chart element tells: the series' and the data item's index and name. */
export interface ChartClick { seriesIndex?: number; dataIndex: number; name: string }

interface Props {
  option: EChartsCoreOption;
  height: number;
  /** The chart's accessible name (a canvas has no text of its own). */
  label: string;
  onClick?: (click: ChartClick) => void;
  /** SVG where the chart's texts should be texts (the pies' shares); canvas otherwise. */
  renderer?: 'canvas' | 'svg';
}

/** ECharts, loaded with the first chart drawn (its own chunk), sized to its box and resized with it. */
const loadEcharts = () => import('./echarts-setup');

/**
 * One chart: drawn once ECharts has loaded, redrawn when its option changes, freed when it leaves.
 * Drawn without its growing and fading animation when the system asks for reduced motion.
 */
export function EChart({ option: given, height, label, onClick, renderer = 'canvas' }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const reducedMotion = useReducedMotion();
  const option = useMemo(() => (reducedMotion ? { ...given, animation: false } : given), [given, reducedMotion]);
  const latest = useRef({ option, onClick });
  latest.current = { option, onClick };

  useEffect(() => {
    let gone = false;
    let observer: ResizeObserver | undefined;
    void loadEcharts().then(({ echarts }) => {
      if (gone || !box.current) return;
      const drawn = echarts.init(box.current, undefined, { renderer });
      drawn.setOption(latest.current.option);
      drawn.on('click', (p) => {
        const click = p as { seriesIndex?: number; dataIndex: number; name: string };
        latest.current.onClick?.({ seriesIndex: click.seriesIndex, dataIndex: click.dataIndex, name: click.name });
      });
      observer = new ResizeObserver(() => drawn.resize());
      observer.observe(box.current);
      chart.current = drawn;
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height, cursor: onClick ? 'pointer' : undefined }} />;
}
