import dayjs from 'dayjs';
import type { RollupGrain } from '@shared/schemas/energy';

/**
 * Rollup periods as the server names them: an hour is the epoch ms of its local start (as text), a day
 * `YYYY-MM-DD`, a month `YYYY-MM`. These turn them into what a table column or an axis shows.
 */

/** The full label for a table: `2026-03-04 07:00`, `2026-03-04`, `2026-03`. */
export function periodLabel(period: string, grain: RollupGrain): string {
  if (grain !== 'hour') return period;
  const start = Number(period);
  return Number.isFinite(start) ? dayjs(start).format('YYYY-MM-DD HH:00') : period;
}

/** A short axis label: hours `07:00` (with `MM-DD` when the range spans days), days `MM-DD` (with the year when it spans years). */
export function periodAxisLabel(period: string, grain: RollupGrain, spansSeveral = true): string {
  if (grain === 'month') return period;
  if (grain === 'day') return spansSeveral ? period : period.slice(5);
  const start = Number(period);
  if (!Number.isFinite(start)) return period;
  return dayjs(start).format(spansSeveral ? 'MM-DD HH:00' : 'HH:00');
}

/**
 * Whether the axis labels need the wider part: hours over more than one day, days over more than one
 * year. Keeps `07:00` and `03-04` short where nothing is ambiguous.
 */
export function periodsSpanSeveral(periods: readonly string[], grain: RollupGrain): boolean {
  if (periods.length < 2 || grain === 'month') return false;
  const first = periods[0]!;
  const last = periods[periods.length - 1]!;
  if (grain === 'day') return first.slice(0, 4) !== last.slice(0, 4);
  return dayjs(Number(first)).format('YYYY-MM-DD') !== dayjs(Number(last)).format('YYYY-MM-DD');
}

/** Axis labels for a whole period list, each as short as the list allows. */
export const axisLabels = (periods: readonly string[], grain: RollupGrain): string[] => {
  const several = periodsSpanSeveral(periods, grain);
  return periods.map((period) => periodAxisLabel(period, grain, several));
};
