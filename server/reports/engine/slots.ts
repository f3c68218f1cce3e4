import { REPORT_LIMITS, type ReportGrain } from '@shared/reports/constants';
import { REPORT_RULES } from '@shared/reports/spec';
import { addDays, addMonthsTo, lastDayOfMonth, weekdayOf } from '@shared/reports/periods';
import { AppError } from '../../http/appError';
import { localDayStartOf } from '../../tariffs/recomputeJobs';
import type { ReportSlot } from './reportContext';
import { fill, type ReportTexts } from './labels';

export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Days from `from` to `to`, both included. */
export const dayCount = (range: DayRange): number => Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1;

const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);

/** ISO 8601 week-numbering year and week of a Monday (the week's Thursday decides the year). */
export function isoWeek(monday: string): { year: number; week: number } {
  const thursday = addDays(monday, 3);
  const year = Number(thursday.slice(0, 4));
  const firstThursdayOrdinal = Math.floor((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${year}-01-01T00:00:00Z`)) / DAY_MS);
  return { year, week: Math.floor(firstThursdayOrdinal / 7) + 1 };
}

/** A slot of local days [from, to] with the instants they span in `timeZone`. */
export function daySlot(key: string, label: string, range: DayRange, timeZone: string): ReportSlot {
  return { key, label, from: range.from, to: range.to, startMs: localDayStartOf(range.from, timeZone), endMs: localDayStartOf(addDays(range.to, 1), timeZone) };
}

/** The report's whole period as one slot, key 'all'. */
export const wholeSlot = (period: DayRange, timeZone: string, texts: ReportTexts): ReportSlot => daySlot('all', texts.wholePeriod, period, timeZone);

/** Refuses a period longer than any report may cover. */
export function assertPeriodLength(period: DayRange): void {
  if (dayCount(period) > REPORT_LIMITS.days) throw new AppError('REPORT_TOO_LARGE', { message: REPORT_RULES.tooLong });
}

/**
 * The slots of `grain` covering the period in TIME_ZONE, in order; the first and last week, month or year are
 * clipped to the period. Hours need a period of at most REPORT_LIMITS.hourDays days.
 */
export function periodSlots(period: DayRange, grain: ReportGrain, timeZone: string, texts: ReportTexts): ReportSlot[] {
  assertPeriodLength(period);
  const slots: ReportSlot[] = [];
  switch (grain) {
    case 'hour': {
      if (dayCount(period) > REPORT_LIMITS.hourDays) throw new AppError('REPORT_TOO_LARGE', { message: REPORT_RULES.hourDays });
      for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
        const start = localDayStartOf(day, timeZone);
        const end = localDayStartOf(addDays(day, 1), timeZone);
        // A daylight-saving day has 23 or 25 hours: slots follow the instants, the label the local clock.
        for (let hourStart = start, index = 0; hourStart < end; hourStart += HOUR_MS, index++) {
          const hour = localHour(hourStart, timeZone);
          const repeated = slots.some((slot) => slot.key === `${day} ${hour}:00`);
          const key = `${day} ${hour}:00${repeated ? "'" : ''}`;
          const label = fill(texts.hourLabel, { month: day.slice(5, 7), day: day.slice(8, 10), hour }) + (repeated ? "'" : '');
          slots.push({ key, label, from: day, to: day, startMs: hourStart, endMs: Math.min(hourStart + HOUR_MS, end) });
        }
      }
      return slots;
    }
    case 'day':
      for (let day = period.from; day <= period.to; day = addDays(day, 1)) slots.push(daySlot(day, day, { from: day, to: day }, timeZone));
      return slots;
    case 'week': {
      for (let monday = addDays(period.from, 1 - weekdayOf(period.from)); monday <= period.to; monday = addDays(monday, 7)) {
        const { year, week } = isoWeek(monday);
        const range = { from: maxDay(monday, period.from), to: minDay(addDays(monday, 6), period.to) };
        slots.push(daySlot(monday, fill(texts.weekLabel, { year, week: String(week).padStart(2, '0') }), range, timeZone));
      }
      return slots;
    }
    case 'month':
      for (let month = period.from.slice(0, 7); month <= period.to.slice(0, 7); month = addMonthsTo(month, 1)) {
        const range = { from: maxDay(`${month}-01`, period.from), to: minDay(lastDayOfMonth(month), period.to) };
        slots.push(daySlot(month, month, range, timeZone));
      }
      return slots;
    case 'year':
      for (let year = Number(period.from.slice(0, 4)); year <= Number(period.to.slice(0, 4)); year++) {
        const range = { from: maxDay(`${year}-01-01`, period.from), to: minDay(`${year}-12-31`, period.to) };
        slots.push(daySlot(String(year), String(year), range, timeZone));
      }
      return slots;
  }
}

const hourFormatters = new Map<string, Intl.DateTimeFormat>();
function localHour(instant: number, timeZone: string): string {
  let formatter = hourFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant).padStart(2, '0');
}

/** Whether [from, to] is made of whole calendar months (a month compare shifts by months, not days). */
export function wholeMonths(range: DayRange): number | null {
  if (!range.from.endsWith('-01') || lastDayOfMonth(range.to.slice(0, 7)) !== range.to) return null;
  const [fy, fm] = range.from.split('-').map(Number) as [number, number];
  const [ty, tm] = range.to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** `day` moved by whole months, clamped to the last day of the target month (31 Mar − 1 month = 28/29 Feb). */
export function shiftDayByMonths(day: string, months: number): string {
  const month = addMonthsTo(day.slice(0, 7), months);
  const last = lastDayOfMonth(month);
  const candidate = `${month}-${day.slice(8, 10)}`;
  return candidate > last ? last : candidate;
}
