import type { EChartsCoreOption } from 'echarts/core';
import { abbreviateNumber } from '@shared/format';
import type { ChartPalette } from '../../charts/palette';
import { scaledFont } from '../../charts/textStyles';
import type { GaugeOptions } from './descriptor';

export type GaugeState = 'normal' | 'warning' | 'alarm';
type Bands = Pick<GaugeOptions, 'min' | 'max' | 'warning' | 'alarm' | 'direction'>;

/** Where a value stands against the bands: at a threshold counts as inside its band. */
export function gaugeState(value: number, { warning, alarm, direction }: Bands): GaugeState {
  const beyond = (threshold: number | null) => threshold !== null && (direction === 'above' ? value >= threshold : value <= threshold);
  if (beyond(alarm)) return 'alarm';
  if (beyond(warning)) return 'warning';
  return 'normal';
}

/** The dial's colour stops (echarts axisLine: [fraction of the range where the colour ends, colour]). */
export function gaugeBands(options: Bands, palette: ChartPalette): [number, string][] {
  const { min, max, warning, alarm, direction } = options;
  const at = (value: number) => Math.round(Math.min(Math.max((value - min) / (max - min), 0), 1) * 10_000) / 10_000;
  if (warning === null && alarm === null) return [[1, palette.series[0]!]];
  if (direction === 'above') {
    const stops: [number, string][] = [[at((warning ?? alarm)!), palette.good]];
    if (warning !== null && alarm !== null) stops.push([at(alarm), palette.warning]);
    stops.push([1, alarm !== null ? palette.alarm : palette.warning]);
    return stops;
  }
  const stops: [number, string][] = [[at((alarm ?? warning)!), alarm !== null ? palette.alarm : palette.warning]];
  if (warning !== null && alarm !== null) stops.push([at(warning), palette.warning]);
  stops.push([1, palette.good]);
  return stops;
}

export interface GaugeInput {
  value: number;
  /** The figure as printed under the dial, unit included. */
  text: string;
  options: GaugeOptions;
  palette: ChartPalette;
  width: number;
  height: number;
  scale: number;
}

/** The echarts option of the dial. The pointer stops at the ends of the range; the figure shows the real value. */
export function gaugeOption({ value, text, options, palette, width, height, scale }: GaugeInput): EChartsCoreOption {
  const side = Math.min(width, height);
  const line = Math.max(4, Math.round(side * 0.07));
  const state = gaugeState(value, options);
  const stateColour = state === 'alarm' ? palette.alarm : state === 'warning' ? palette.warning : palette.text;
  return {
    animation: false,
    series: [
      {
        type: 'gauge',
        min: options.min,
        max: options.max,
        startAngle: 220,
        endAngle: -40,
        radius: '90%',
        center: ['50%', '55%'],
        splitNumber: 5,
        silent: true,
        axisLine: { lineStyle: { width: line, color: gaugeBands(options, palette) } },
        pointer: { width: Math.max(3, Math.round(line * 0.4)), length: '60%', itemStyle: { color: palette.text } },
        anchor: { show: true, size: Math.round(line * 1.2), itemStyle: { color: palette.text } },
        axisTick: { show: false },
        splitLine: { length: line, distance: -line, lineStyle: { color: palette.track, width: Math.max(1, Math.round(scale)) } },
        axisLabel: { color: palette.subtleText, fontSize: scaledFont(11, scale), distance: line + Math.round(4 * scale), formatter: (tick: number) => abbreviateNumber(tick, 1) },
        title: { show: false },
        detail: { valueAnimation: false, offsetCenter: [0, '70%'], fontSize: Math.min(scaledFont(26, scale), Math.round(side * 0.13)), fontWeight: 600, color: stateColour, formatter: text },
        data: [{ value: Math.min(Math.max(value, options.min), options.max) }],
      },
    ],
  };
}
