import type { EChartsCoreOption } from 'echarts/core';
import { abbreviateNumber } from '@shared/format';
import type { EnergySeriesData } from '@shared/board/channels';
import type { ChartPalette } from '../../charts/palette';
import { scaledFont } from '../../charts/textStyles';
import type { EnergyCalendarOptions } from './descriptor';

const DAY_MS = 86_400_000;

/** [YYYY-MM-DD, energy]: every series summed per day, in the payload's period order (float noise rounded off at 1e-6). */
export function dailyTotals(data: EnergySeriesData): [string, number][] {
  const sums = new Map<string, number>(data.periods.map((period) => [period, 0]));
  for (const series of data.series) {
    for (const point of series.points) sums.set(point.period, (sums.get(point.period) ?? 0) + point.energy);
  }
  return [...sums].map(([day, energy]) => [day, Math.round(energy * 1e6) / 1e6]);
}

/** Week columns the calendar needs for the days from `first` to `last` (YYYY-MM-DD), weeks starting on `firstDay`. */
export function weekColumns(first: string, last: string, firstDay: EnergyCalendarOptions['firstDay']): number {
  const start = Date.parse(`${first}T00:00:00Z`);
  const days = Math.round((Date.parse(`${last}T00:00:00Z`) - start) / DAY_MS) + 1;
  const weekday = new Date(start).getUTCDay();
  const offset = firstDay === 'monday' ? (weekday + 6) % 7 : weekday;
  return Math.ceil((offset + days) / 7);
}

export interface CalendarInput {
  days: [string, number][];
  unit: string;
  options: EnergyCalendarOptions;
  palette: ChartPalette;
  width: number;
  height: number;
  scale: number;
  /** Seven day names from Sunday and twelve month names, in the wall's language. */
  dayNames: string[];
  monthNames: string[];
}

/**
 * The heatmap: square cells as large as the tile allows for the weeks shown, coloured from the empty-day
 * track colour to the accent over 0 … the busiest day. The colour scale is a hidden continuous visualMap.
 */
export function calendarOption({ days, unit, options, palette, width, height, scale, dayNames, monthNames }: CalendarInput): EChartsCoreOption {
  const first = days[0]![0];
  const last = days.at(-1)![0];
  const weeks = weekColumns(first, last, options.firstDay);
  const labelLeft = Math.round(28 * scale);
  const labelTop = Math.round(22 * scale);
  const pad = Math.round(8 * scale);
  const cell = Math.max(4, Math.floor(Math.min((width - labelLeft - 2 * pad) / weeks, (height - labelTop - 2 * pad) / 7)));
  const left = Math.max(labelLeft + pad, Math.round((width - weeks * cell) / 2));
  const busiest = days.reduce((max, [, energy]) => Math.max(max, energy), 0);
  return {
    animation: false,
    visualMap: {
      type: 'continuous',
      show: false,
      min: 0,
      max: busiest > 0 ? busiest : 1,
      inRange: { color: [palette.track, palette.series[0]] },
      // Keeps the figures meaningful if the scale is ever shown: "1.2k kWh".
      formatter: (value: number) => `${abbreviateNumber(value, options.digits)} ${unit}`.trimEnd(),
    },
    calendar: {
      range: [first, last],
      left,
      top: labelTop + pad,
      cellSize: [cell, cell],
      orient: 'horizontal',
      splitLine: { show: false },
      itemStyle: { color: palette.track, borderColor: palette.surface, borderWidth: Math.max(1, Math.round(scale)) },
      yearLabel: { show: false },
      dayLabel: { firstDay: options.firstDay === 'monday' ? 1 : 0, nameMap: dayNames, color: palette.subtleText, fontSize: scaledFont(10, scale) },
      monthLabel: { nameMap: monthNames, color: palette.subtleText, fontSize: scaledFont(11, scale) },
    },
    series: [{ id: 'days', type: 'heatmap', coordinateSystem: 'calendar', silent: true, data: days }],
  };
}
