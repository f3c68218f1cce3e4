import { energyChannel, type EnergySeriesData } from '@shared/board/channels';
import type { Binding } from '@shared/board/document';
import { DEFAULT_ENERGY_TYPE, channelIds } from '../../charts/energyBinding';

/** The grains the widget draws: an hour binding is drawn per day (a year earlier of an hour says little). */
export type PeriodGrain = 'day' | 'month';

/** Periods drawn when the binding names none: a month of days, a year of months. */
export const DEFAULT_PERIODS: Record<PeriodGrain, number> = { day: 30, month: 12 };
/**
 * The most periods one tile draws. The series channel covers at most 400 periods and a day rollup at most 367 days,
 * a month rollup 3660 days (shared/schemas/energy MAX_ROLLUP_RANGE_MS): 100 months plus the 12 before them stay
 * inside 118 months, 366 days inside 367.
 */
export const MAX_PERIODS: Record<PeriodGrain, number> = { month: 100, day: 366 };
/** Periods between a period and the same period a year earlier. */
export const YEAR_EARLIER: Record<PeriodGrain, number> = { month: 12, day: 365 };

export interface PeriodWindow {
  grain: PeriodGrain;
  /** Periods drawn, the current (still running) one last. */
  periods: number;
  /** Whether the channel also carries the year before (month grain only: N + 365 days is past the day rollup's 367). */
  compare: boolean;
}

/** What the binding and options ask for, clamped to what the series channel can answer. */
export function periodWindow(binding: Binding, compareYearEarlier: boolean): PeriodWindow {
  // Day unless the binding says month, like the other energy widgets (an hour binding is drawn per day).
  const grain: PeriodGrain = binding.grain === 'month' ? 'month' : 'day';
  const periods = Math.min(binding.periods ?? DEFAULT_PERIODS[grain], MAX_PERIODS[grain]);
  const compare = compareYearEarlier && grain === 'month';
  return { grain, periods, compare };
}

/** The series channel: the bound departments, else sub-items, else meters (summed), over N (+ a year) periods. */
export function periodsChannel(binding: Binding, window: PeriodWindow): string | undefined {
  const scopes = [
    ['department', channelIds(binding.departmentIds)],
    ['subitem', channelIds(binding.subitemIds)],
    ['meter', channelIds(binding.meterIds)],
  ] as const;
  const bound = scopes.find(([, ids]) => ids.length > 0);
  if (!bound) return undefined;
  const periods = window.periods + (window.compare ? YEAR_EARLIER[window.grain] : 0);
  return energyChannel({ kind: 'series', scope: bound[0], ids: bound[1], energyType: binding.energyType ?? DEFAULT_ENERGY_TYPE, grain: window.grain, periods });
}

export interface PeriodSeries {
  unit: string;
  /** The drawn periods (YYYY-MM or YYYY-MM-DD, local to the server's TIME_ZONE), oldest first. */
  periods: string[];
  current: number[];
  /** The same periods a year earlier, null where the payload does not reach back; absent without the comparison. */
  earlier?: (number | null)[];
  /** The year-earlier period of each drawn one (for the change figure's label). */
  earlierPeriods?: (string | null)[];
}

/** Every bound series summed per period (float noise rounded off at 1e-6), then split into the last N and the year before. */
export function splitYearEarlier(data: EnergySeriesData, window: PeriodWindow): PeriodSeries {
  const sums = new Map<string, number>(data.periods.map((period) => [period, 0]));
  for (const series of data.series) for (const point of series.points) sums.set(point.period, (sums.get(point.period) ?? 0) + point.energy);
  const all = [...sums].map(([period, energy]) => [period, Math.round(energy * 1e6) / 1e6] as const);
  const first = Math.max(0, all.length - window.periods);
  const drawn = all.slice(first);
  const result: PeriodSeries = { unit: data.unit, periods: drawn.map(([period]) => period), current: drawn.map(([, energy]) => energy) };
  if (!window.compare) return result;
  const back = YEAR_EARLIER[window.grain];
  const earlier = drawn.map((_, index) => all[first + index - back] ?? null);
  return { ...result, earlier: earlier.map((entry) => (entry ? entry[1] : null)), earlierPeriods: earlier.map((entry) => (entry ? entry[0] : null)) };
}

export interface PeriodChange {
  /** Index of the latest complete period (the one before the running one). */
  index: number;
  /** (current − earlier) ÷ earlier × 100. */
  percent: number;
}

/** The change of the latest complete period against its year-earlier value; none without one or when that was 0. */
export function latestChange(series: PeriodSeries): PeriodChange | undefined {
  const index = series.periods.length - 2;
  const before = series.earlier?.[index];
  if (index < 0 || before === undefined || before === null || before <= 0) return undefined;
  return { index, percent: ((series.current[index]! - before) / before) * 100 };
}
