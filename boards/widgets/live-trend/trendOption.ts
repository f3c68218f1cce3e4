import type { EChartsCoreOption } from 'echarts/core';
import { abbreviateNumber } from '@shared/format';
import type { ChartPalette } from '../../charts/palette';
import { axisStyle, scaledFont } from '../../charts/textStyles';

export interface TrendLine {
  /** Stable per meter, so echarts updates a line in place instead of redrawing it. */
  id: string;
  name: string;
  points: [number, number][];
}

export interface TrendInput {
  lines: TrendLine[];
  /** The right edge of the window: the newest reading of any line (not the clock: no timer needed). */
  end: number;
  windowMs: number;
  area: boolean;
  smooth: boolean;
  digits: number;
  unit: string;
  palette: ChartPalette;
  scale: number;
}

/** The newest of the lines' newest timestamps, or undefined when no line has a point yet. */
export function trendEnd(newest: readonly (number | undefined)[]): number | undefined {
  let end: number | undefined;
  for (const ts of newest) if (ts !== undefined && (end === undefined || ts > end)) end = ts;
  return end;
}

/** The echarts option of the live trend: a time axis over [end − window, end], one line per meter, a legend only for several. */
export function trendOption({ lines, end, windowMs, area, smooth, digits, unit, palette, scale }: TrendInput): EChartsCoreOption {
  const axis = axisStyle(palette, scale);
  const legend = lines.length > 1;
  const gap = (px: number) => Math.round(px * scale);
  return {
    animation: false,
    color: palette.series,
    grid: { left: gap(8), right: gap(16), top: gap(legend ? 34 : 24), bottom: gap(8), containLabel: true },
    ...(legend
      ? { legend: { top: 0, icon: 'roundRect', itemWidth: gap(14), itemHeight: gap(6), textStyle: { color: palette.text, fontSize: scaledFont(12, scale) }, selectedMode: false } }
      : {}),
    xAxis: {
      type: 'time',
      min: end - windowMs,
      max: end,
      ...axis,
      splitLine: { show: false },
      axisLabel: { ...axis.axisLabel, formatter: '{HH}:{mm}', hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      scale: true,
      name: unit,
      ...axis,
      axisLabel: { ...axis.axisLabel, formatter: (value: number) => abbreviateNumber(value, digits) },
    },
    series: lines.map((line) => ({
      id: line.id,
      name: line.name,
      type: 'line',
      data: line.points,
      showSymbol: false,
      smooth,
      silent: true,
      lineStyle: { width: Math.max(1, 2 * scale) },
      ...(area ? { areaStyle: { opacity: 0.18 } } : {}),
    })),
  };
}
