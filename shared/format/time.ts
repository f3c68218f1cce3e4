import dayjs from 'dayjs';

/** Spec §9: the default date format, year-month-day hour:minute:second. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Spec §9: a 10-digit timestamp is seconds. */
export const toMillis = (ts: number): number => (String(Math.trunc(Math.abs(ts))).length === 10 ? ts * 1000 : ts);

export const formatDateTime = (ts: number | null | undefined): string => (ts === null || ts === undefined ? '–' : dayjs(toMillis(ts)).format(DATE_TIME_FORMAT));

export type AgoUnit = 'justNow' | 'minutes' | 'hours' | 'oneDay' | 'date';

/**
 * Spec §9, the second reading of time-ago: under 30 s 'just now', under 1 h minutes ago, under 24 h hours
 * ago, under 48 h '1 day ago', otherwise the date. Returns the unit and count so each language words it.
 */
export function timeAgo(ts: number, now = Date.now()): { unit: AgoUnit; count: number } {
  const seconds = (now - toMillis(ts)) / 1000;
  if (seconds < 30) return { unit: 'justNow', count: 0 };
  if (seconds < 3600) return { unit: 'minutes', count: Math.max(1, Math.floor(seconds / 60)) };
  if (seconds < 86_400) return { unit: 'hours', count: Math.floor(seconds / 3600) };
  if (seconds < 172_800) return { unit: 'oneDay', count: 1 };
  return { unit: 'date', count: 0 };
}

/** Spec §9 date-range shortcuts: today, last week (6 days back), last month (30 days), last three months (90 days). */
export const RANGE_SHORTCUTS = [
  { key: 'today', daysBack: 0 },
  { key: 'lastWeek', daysBack: 6 },
  { key: 'lastMonth', daysBack: 30 },
  { key: 'lastThreeMonths', daysBack: 90 },
] as const;

/** [start of the day `daysBack` days ago, now]. */
export const shortcutRange = (daysBack: number, now = Date.now()): [number, number] => [dayjs(now).subtract(daysBack, 'day').startOf('day').valueOf(), now];
