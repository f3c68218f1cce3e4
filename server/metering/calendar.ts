/**
 * Which local hour, day and month an interval belongs to, in the site's time zone (daylight saving
 * included). Rollups are keyed by these, so a "day" is the control room's day, not UTC's.
 */
export interface LocalPeriods {
  /** Epoch ms at which the local hour containing the instant starts. */
  hourStart: number;
  /** Local calendar day, `YYYY-MM-DD`. */
  day: string;
  /** Local calendar month, `YYYY-MM`. */
  month: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Throws a RangeError naming the zone when it is not an IANA zone this runtime knows. */
export function assertTimeZone(timeZone: string): void {
  formatterFor(timeZone);
}

export function localPeriods(instant: number, timeZone: string): LocalPeriods {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  const millis = ((instant % 1000) + 1000) % 1000;
  return {
    hourStart: instant - minute * 60_000 - second * 1000 - millis,
    day: `${parts.year}-${parts.month}-${parts.day}`,
    month: `${parts.year}-${parts.month}`,
  };
}

const HOUR_MS = 3_600_000;

/** Epoch ms at which the local day containing `instant` starts (daylight-saving days included). */
export function localDayStart(instant: number, timeZone: string): number {
  const day = localPeriods(instant, timeZone).day;
  let start = localPeriods(instant, timeZone).hourStart;
  // Walk back hour by hour while still on the same local day: at most 25 steps, exact on DST days.
  while (localPeriods(start - 1, timeZone).day === day) start = localPeriods(start - 1, timeZone).hourStart;
  return start;
}

/** YYYY-MM-DD plus n days, on the calendar (no time zone involved). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** YYYY-MM plus n months. */
export function addMonths(month: string, n: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The rollup period keys between two instants, both ends included, in order: hour keys are the local
 * hour starts (epoch ms as text), days YYYY-MM-DD, months YYYY-MM.
 */
export function periodsBetween(from: number, to: number, grain: 'hour' | 'day' | 'month', timeZone: string): string[] {
  if (to < from) return [];
  const first = localPeriods(from, timeZone);
  const last = localPeriods(to, timeZone);
  const keys: string[] = [];
  if (grain === 'hour') {
    for (let start = first.hourStart; start <= last.hourStart; start += HOUR_MS) keys.push(String(start));
  } else if (grain === 'day') {
    for (let day = first.day; day <= last.day; day = addDays(day, 1)) keys.push(day);
  } else {
    for (let month = first.month; month <= last.month; month = addMonths(month, 1)) keys.push(month);
  }
  return keys;
}

/** The same shape as shared/tariffs LocalClock. */
export interface LocalClockParts {
  day: string;
  month: number;
  minuteOfDay: number;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The local wall clock at an instant (tariff band lookup): day `YYYY-MM-DD`, month 1–12 and minutes after
 * local midnight, read from the instant itself, so daylight-saving days are right (a repeated hour maps to
 * the same wall-clock minutes both times, a skipped hour never occurs).
 */
export function localClock(instant: number, timeZone: string): LocalClockParts {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    clockFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(instant)) parts[part.type] = part.value;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, month: Number(parts.month), minuteOfDay: Number(parts.hour) * 60 + Number(parts.minute) };
}
