import type { PeriodPreset } from './constants';

/** Local-day arithmetic on YYYY-MM-DD texts (no time zone: a day is a day). */
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, count: number): string => fromUtc(toUtc(day) + count * 86_400_000);
export const lastDayOfMonth = (month: string): string => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return fromUtc(Date.UTC(year, m, 0));
};
export const addMonthsTo = (month: string, count: number): string => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};
/** ISO weekday: 1 Monday … 7 Sunday. */
export const weekdayOf = (day: string): number => ((new Date(toUtc(day)).getUTCDay() + 6) % 7) + 1;

/** Today's date in `timeZone`. */
export function localToday(timeZone: string, now = Date.now()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * The local days (inclusive) a preset covers when a report runs at `now` in `timeZone`. Weeks run Monday to
 * Sunday; "this week/month/year" end today; last7Days/last30Days end yesterday. A custom period is itself.
 */
export function resolvePeriod(
  period: { preset: PeriodPreset; from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now = Date.now(),
): { from: string; to: string } {
  const today = localToday(timeZone, now);
  const month = today.slice(0, 7);
  const monday = addDays(today, 1 - weekdayOf(today));
  const year = today.slice(0, 4);
  switch (period.preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'thisWeek':
      return { from: monday, to: today };
    case 'lastWeek':
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case 'thisMonth':
      return { from: `${month}-01`, to: today };
    case 'lastMonth': {
      const last = addMonthsTo(month, -1);
      return { from: `${last}-01`, to: lastDayOfMonth(last) };
    }
    case 'thisYear':
      return { from: `${year}-01-01`, to: today };
    case 'lastYear':
      return { from: `${Number(year) - 1}-01-01`, to: `${Number(year) - 1}-12-31` };
    case 'last7Days':
      return { from: addDays(today, -7), to: addDays(today, -1) };
    case 'last30Days':
      return { from: addDays(today, -30), to: addDays(today, -1) };
    case 'custom':
      if (!period.from || !period.to) throw new Error('A custom period needs from and to');
      return { from: period.from, to: period.to };
  }
}
