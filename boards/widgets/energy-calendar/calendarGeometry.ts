import { scaleLinear } from 'd3-scale';
import { interpolateRgb } from 'd3-interpolate';
import { abbreviateNumber } from '@shared/format';
import type { EnergySeriesData } from '@shared/board/channels';
import type { ChartPalette } from '../../charts/palette';
import { scaledFont } from '../../charts/textStyles';
import { textWidth } from '../../charts/svg/textFit';
import type { EnergyCalendarOptions } from './options';

const DAY_MS = 86_400_000;

/** [YYYY-MM-DD, energy]: every series summed per day, in the payload's period order (float noise rounded off at 1e-6). */
export function dailyTotals(data: EnergySeriesData): [string, number][] {
  const sums = new Map<string, number>(data.periods.map((period) => [period, 0]));
  for (const series of data.series) {
    for (const point of series.points) sums.set(point.period, (sums.get(point.period) ?? 0) + point.energy);
  }
  return [...sums].map(([day, energy]) => [day, Math.round(energy * 1e6) / 1e6]);
}

const dayTime = (day: string): number => Date.parse(`${day}T00:00:00Z`);
/** The weekday row of a day: 0 is the week's first day. */
const weekdayRow = (time: number, firstDay: EnergyCalendarOptions['firstDay']): number => {
  const weekday = new Date(time).getUTCDay();
  return firstDay === 'monday' ? (weekday + 6) % 7 : weekday;
};

/** Week columns the calendar needs for the days from `first` to `last` (YYYY-MM-DD), weeks starting on `firstDay`. */
export function weekColumns(first: string, last: string, firstDay: EnergyCalendarOptions['firstDay']): number {
  const start = dayTime(first);
  const days = Math.round((dayTime(last) - start) / DAY_MS) + 1;
  return Math.ceil((weekdayRow(start, firstDay) + days) / 7);
}

/** A figure of the colour scale or of a day: "1.2k kWh" (the unit left off for the figures inside cells). */
export const energyLabel = (value: number, digits: number, unit = ''): string => `${abbreviateNumber(value, digits)} ${unit}`.trimEnd();

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

export interface CalendarCell {
  day: string;
  /** The coloured square, inset by the gap between cells. */
  x: number;
  y: number;
  size: number;
  fill: string;
  /** The day's energy; null for a day of the range the payload has no figure for (drawn empty). */
  value: number | null;
  /** The figure written in the cell when the cell is large enough for it. */
  figure?: { text: string; colour: string };
}

export interface CalendarText {
  x: number;
  y: number;
  text: string;
}

export interface CalendarLegend {
  /** The gradient bar from the empty colour to the accent, 0 … the busiest day. */
  bar: { x: number; y: number; width: number; height: number; from: string; to: string };
  min: CalendarText;
  max: CalendarText;
}

export interface CalendarGeometry {
  cell: number;
  left: number;
  top: number;
  weeks: number;
  /** The colour scale's top: the busiest day (1 when every day is zero, so the scale stays a scale). */
  max: number;
  cells: CalendarCell[];
  /** Right-aligned before the rows, vertically centred on them. */
  dayLabels: CalendarText[];
  /** Above the column where each month starts. */
  monthLabels: CalendarText[];
  legend: CalendarLegend | null;
  fonts: { day: number; month: number; figure: number };
}

/**
 * The heatmap: weeks as columns, weekdays as rows, square cells as large as the tile allows (the legend's
 * band kept below), centred in the tile. Each day of the range is coloured from the empty-day track colour to the
 * accent over 0 … the busiest day; days without a figure stay in the track colour.
 */
export function calendarGeometry({ days, unit, options, palette, width, height, scale, dayNames, monthNames }: CalendarInput): CalendarGeometry {
  const px = (design: number) => Math.round(design * scale);
  const fonts = { day: scaledFont(10, scale), month: scaledFont(11, scale), figure: scaledFont(10, scale) };
  const first = days[0]![0];
  const last = days.at(-1)![0];
  const weeks = weekColumns(first, last, options.firstDay);
  const [labelLeft, labelTop, pad, legendBand] = [px(28), px(22), px(8), px(20)];
  const cell = Math.max(4, Math.floor(Math.min((width - labelLeft - 2 * pad) / weeks, (height - labelTop - legendBand - 2 * pad) / 7)));
  const left = Math.max(labelLeft + pad, Math.round((width - weeks * cell) / 2));
  // Centred down too when the width limits the cells (a year on a wide tile).
  const top = labelTop + pad + Math.floor(Math.max(0, height - labelTop - legendBand - 2 * pad - 7 * cell) / 2);
  const gap = Math.max(1, Math.round(scale));
  const busiest = days.reduce((max, [, energy]) => Math.max(max, energy), 0);
  const max = busiest > 0 ? busiest : 1;
  const colour = scaleLinear<string>().domain([0, max]).range([palette.track, palette.series[0]!]).interpolate(interpolateRgb).clamp(true);

  const energyOf = new Map(days);
  const start = dayTime(first);
  const offset = weekdayRow(start, options.firstDay);
  const count = Math.round((dayTime(last) - start) / DAY_MS) + 1;
  const cells: CalendarCell[] = [];
  const monthLabels: CalendarText[] = [];
  let lastLabelEnd = -Infinity;
  for (let index = 0; index < count; index += 1) {
    const time = start + index * DAY_MS;
    const date = new Date(time);
    const day = date.toISOString().slice(0, 10);
    const [column, row] = [Math.floor((offset + index) / 7), (offset + index) % 7];
    const x = left + column * cell;
    const value = energyOf.get(day) ?? null;
    const fill = value === null ? palette.track : colour(value);
    const size = cell - gap;
    const text = value === null ? '' : energyLabel(value, options.digits);
    // A figure only in squares large enough to stay calm (not a year of digits) and where it fits;
    // dark text on bright cells, else light.
    const fits = text !== '' && fonts.figure * 2.8 <= size && textWidth(text, fonts.figure) <= size - 4 * gap;
    const figure = fits ? { text, colour: value! / max >= 0.5 ? palette.surface : palette.text } : undefined;
    cells.push({ day, x: x + gap / 2, y: top + row * cell + gap / 2, size, fill, value, ...(figure ? { figure } : {}) });
    if (index === 0 || date.getUTCDate() === 1) {
      const name = monthNames[date.getUTCMonth()] ?? '';
      const label = { x, y: top - px(6), text: name };
      const end = x + textWidth(name, fonts.month);
      // A month starting a column or two after the range's first (partial) month takes its place.
      if (x < lastLabelEnd + px(4)) monthLabels.pop();
      if (end <= width - pad) {
        monthLabels.push(label);
        lastLabelEnd = end;
      }
    }
  }

  // Every weekday when the rows are tall enough for the text, else every other one (Mon, Wed, Fri, Sun).
  const everyOther = cell < fonts.day * 1.2;
  const dayLabels = Array.from({ length: 7 }, (_, row) => row)
    .filter((row) => !everyOther || row % 2 === 0)
    .map((row) => ({ x: left - px(6), y: top + (row + 0.5) * cell, text: dayNames[(row + (options.firstDay === 'monday' ? 1 : 0)) % 7] ?? '' }));

  return { cell, left, top, weeks, max, cells, dayLabels, monthLabels, legend: legendOf(), fonts };

  /** "0 ▭ 50 kWh" under the grid, ending at its right edge (kept inside the tile); none when the tile is too small. */
  function legendOf(): CalendarLegend | null {
    const barWidth = px(80);
    const barHeight = px(8);
    const textGap = px(4);
    const minText = energyLabel(0, options.digits);
    const maxText = energyLabel(max, options.digits, unit);
    const total = textWidth(minText, fonts.day) + textGap + barWidth + textGap + textWidth(maxText, fonts.day);
    const y = top + 7 * cell + px(6);
    if (total > width - 2 * pad || y + barHeight > height) return null;
    const end = Math.min(width - pad, Math.max(left + weeks * cell, pad + total));
    const barX = Math.round(end - textWidth(maxText, fonts.day) - textGap - barWidth);
    const middle = y + barHeight / 2;
    return {
      bar: { x: barX, y, width: barWidth, height: barHeight, from: palette.track, to: palette.series[0]! },
      min: { x: barX - textGap, y: middle, text: minText },
      max: { x: barX + barWidth + textGap, y: middle, text: maxText },
    };
  }
}
