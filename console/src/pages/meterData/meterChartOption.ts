import { abbreviateNumber, formatDateTime, withThousands } from '@shared/format';
import type { ChartOption } from '../../charts/echartsCore';

export interface ChartSeriesInput {
  points: readonly [number, number][];
  /** The metric's translated name, shown in the tooltip. */
  label: string;
  unit: string;
  /** Interval energy reads as bars (an amount per interval); registers and samples as a line. */
  bars?: boolean;
  /** Point times holding an estimate (completed gaps): hatched bars, the tooltip says so. */
  estimated?: readonly number[];
  /** The tooltip's word for an estimated point. */
  estimatedLabel?: string;
}

/** Tooltip value: "1,234.567 kWh". */
export const formatReading = (value: number, unit: string): string => `${withThousands(value, 3)}${unit ? ` ${unit}` : ''}`;

/** Built as elements with textContent, so no text is ever parsed as HTML. */
function tooltipContent(ts: number, label: string, value: string, note?: string): HTMLElement {
  const box = document.createElement('div');
  const time = document.createElement('div');
  time.textContent = formatDateTime(ts);
  time.style.marginBottom = '4px';
  const line = document.createElement('div');
  const name = document.createElement('span');
  name.textContent = `${label}: `;
  const figure = document.createElement('strong');
  figure.textContent = value;
  line.append(name, figure);
  if (note) {
    const tag = document.createElement('span');
    tag.textContent = ` · ${note}`;
    line.append(tag);
  }
  box.append(time, line);
  return box;
}

/**
 * Decimals the abbreviated axis labels need so neighbouring ticks differ: a register near 6,000 that moves
 * by 10 in the range reads 5.992k … 6k, not 6k five times.
 */
export function axisDigits(points: readonly [number, number][]): number {
  if (points.length === 0) return 2;
  const values = points.map(([, value]) => value);
  const max = Math.max(...values.map(Math.abs));
  const span = Math.max(...values) - Math.min(...values);
  if (span === 0 || max === 0) return 2;
  const tier = 1000 ** Math.min(6, Math.max(0, Math.floor(Math.log10(max) / 3)));
  const step = span / 5 / tier;
  return Math.min(4, Math.max(0, Math.ceil(-Math.log10(step))));
}

/** Time-axis labels: the date where a day starts, the time of day otherwise. */
const TIME_LABELS = {
  year: '{yyyy}-{MM}-{dd}',
  month: '{MM}-{dd}',
  day: '{MM}-{dd}',
  hour: '{HH}:{mm}',
  minute: '{HH}:{mm}',
  second: '{HH}:{mm}:{ss}',
  millisecond: '{HH}:{mm}:{ss}',
};

interface AxisTooltipParam {
  value: [number, number];
  data?: { estimated?: boolean };
}

/** How an estimated bar looks: lighter, hatched. */
const ESTIMATED_STYLE = {
  opacity: 0.55,
  decal: { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [2, 4], rotation: -Math.PI / 4, color: 'rgba(0, 0, 0, 0.35)' },
};

/**
 * The history line: a time axis, values abbreviated on the axis (spec §9), zoom by wheel and slider, and a
 * tooltip with the exact value and the date. Many points draw without symbols and are thinned by lttb.
 */
export function meterChartOption({ points, label, unit, bars = false, estimated = [], estimatedLabel = '' }: ChartSeriesInput): ChartOption {
  const estimatedSet = new Set(estimated);
  const barData = estimatedSet.size
    ? points.map((point) => (estimatedSet.has(point[0]) ? { value: point, estimated: true, itemStyle: ESTIMATED_STYLE } : point))
    : points;
  const dense = points.length > 200;
  const digits = axisDigits(points);
  return {
    animation: false,
    grid: { left: 16, right: 24, top: 32, bottom: 64, containLabel: true },
    tooltip: {
      trigger: 'axis',
      formatter: (params: AxisTooltipParam[] | AxisTooltipParam) => {
        const first = Array.isArray(params) ? params[0] : params;
        if (!first) return '';
        const [ts, value] = first.value;
        return tooltipContent(ts, label, formatReading(value, unit), first.data?.estimated ? estimatedLabel : undefined);
      },
    },
    xAxis: { type: 'time', axisLabel: { formatter: TIME_LABELS, hideOverlap: true } },
    yAxis: {
      type: 'value',
      name: unit,
      scale: true,
      axisLabel: { formatter: (value: number) => abbreviateNumber(value, digits) },
    },
    dataZoom: [
      { type: 'inside', filterMode: 'none' },
      { type: 'slider', filterMode: 'none', bottom: 12, height: 24, labelFormatter: (value: number) => formatDateTime(value) },
    ],
    series: [
      bars
        ? { type: 'bar', name: label, data: barData, barMaxWidth: 24, large: dense && estimatedSet.size === 0 }
        : { type: 'line', name: label, data: points, showSymbol: !dense, sampling: 'lttb', lineStyle: { width: 1.5 }, areaStyle: { opacity: 0.08 } },
    ],
  };
}
