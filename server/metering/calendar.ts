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
