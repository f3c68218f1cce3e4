/**
 * Strict calendar parsing. Date.parse and new Date() quietly move impossible dates (2026-02-30 becomes
 * 2 March) and accept years no meter was installed in; here the parsed parts must exist as written.
 */

/** The install-date and other date-only range: wide enough for any real asset, narrow enough to catch typos. */
export const DATE_RANGE = { min: '1900-01-01', max: '2100-12-31' } as const;

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME_SHAPE = 'is not ISO 8601 (YYYY-MM-DDThh:mm[:ss[.fff]][Z|±hh:mm])';

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether year-month-day names a day of the Gregorian calendar. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= days;
}

/**
 * Epoch milliseconds of an ISO 8601 date-time (`T` separator; `Z`, `±hh:mm`, `±hhmm` or no zone = local
 * time, as Date.parse reads it), or the reason it is not one: shape, calendar date, time of day, offset.
 */
export function parseIsoDateTime(value: string): number | { reason: string } {
  const match = ISO_DATE_TIME.exec(value);
  if (!match) return { reason: ISO_DATE_TIME_SHAPE };
  const [, y, mo, d, h, mi, s = '00', fraction = '', zone] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string | undefined,
    string | undefined,
    string | undefined,
  ];
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (!isCalendarDay(year, month, day)) return { reason: `${y}-${mo}-${d} is not a calendar date` };
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (hour > 23 || minute > 59 || second > 59) return { reason: `${h}:${mi}:${s} is not a time of day` };
  const ms = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  if (zone === undefined) {
    const local = new Date(2000, 0, 1, hour, minute, second, ms);
    local.setFullYear(year, month - 1, day);
    return local.getTime();
  }
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const digits = zone.replace(':', '');
    const offsetHours = Number(digits.slice(1, 3));
    const offsetMins = Number(digits.slice(3, 5));
    if (offsetHours > 23 || offsetMins > 59) return { reason: `${zone} is not a UTC offset` };
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const utc = new Date(Date.UTC(2000, 0, 1, hour, minute, second, ms));
  utc.setUTCFullYear(year, month - 1, day);
  return utc.getTime() - offsetMinutes * 60_000;
}

/** Which rule a date-only text breaks: its shape (YYYY-MM-DD), the calendar, or DATE_RANGE; null when none. */
export function calendarDateIssue(value: string): 'shape' | 'calendar' | 'range' | null {
  const match = ISO_DATE.exec(value);
  if (!match) return 'shape';
  if (!isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))) return 'calendar';
  if (value < DATE_RANGE.min || value > DATE_RANGE.max) return 'range';
  return null;
}
