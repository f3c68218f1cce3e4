import dayjs, { type Dayjs } from 'dayjs';
import { RANGE_SHORTCUTS, shortcutRange } from '@shared/format';
import { MAX_ROLLUP_RANGE_MS, type RollupGrain } from '@shared/schemas/energy';

/** What the toolbar holds: the grain and the chosen first and last day (or month). */
export interface AnalysisPeriod {
  grain: RollupGrain;
  start: Dayjs;
  end: Dayjs;
}

/** The query range of a period: whole days (hour, day grain) or whole months, `to` the last millisecond. */
export interface QueryRange {
  from: number;
  to: number;
}

export function queryRange({ grain, start, end }: AnalysisPeriod): QueryRange {
  const unit = grain === 'month' ? 'month' : 'day';
  return { from: start.startOf(unit).valueOf(), to: end.endOf(unit).valueOf() };
}

/** MAX_ROLLUP_RANGE_MS per grain: the server answers 20003 "Time out of range!" beyond it. */
export const rangeTooLong = (grain: RollupGrain, range: QueryRange): boolean => range.to - range.from > MAX_ROLLUP_RANGE_MS[grain];

/** The longest allowed range of a grain in whole days (hour: 32, day: 367) or months (month: 120), for the notice. */
export function maxRangeSpan(grain: RollupGrain): { count: number; unit: 'days' | 'months' } {
  const days = Math.floor(MAX_ROLLUP_RANGE_MS[grain] / 86_400_000);
  return grain === 'month' ? { count: Math.floor(days / 30.5), unit: 'months' } : { count: days, unit: 'days' };
}

/** Spec §9 shortcuts (today, last week, last month, last three months) as [first day, last day]. */
export function shortcutDays(daysBack: number, now = Date.now()): [Dayjs, Dayjs] {
  const [from, to] = shortcutRange(daysBack, now);
  return [dayjs(from), dayjs(to)];
}

export type ShortcutKey = (typeof RANGE_SHORTCUTS)[number]['key'];

/** A period starting `daysBack` days ago and ending today. */
export const periodFromShortcut = (grain: RollupGrain, daysBack: number, now = Date.now()): AnalysisPeriod => {
  const [start, end] = shortcutDays(daysBack, now);
  return { grain, start, end };
};

/** The current month so far, or the current year for the month grain: the usual opening view of a record. */
export const currentPeriod = (grain: RollupGrain, now = Date.now()): AnalysisPeriod => {
  const today = dayjs(now);
  return { grain, start: today.startOf(grain === 'month' ? 'year' : 'month'), end: today };
};
