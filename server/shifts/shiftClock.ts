/**
 * Shift times on the wall clock of TIME_ZONE. A template's start and end are HH:MM; a shift whose end is not after
 * its start crosses midnight and belongs to the production day it STARTS on (22:00–06:00 of 3 March runs from
 * 3 March 22:00 to 4 March 06:00). Daylight saving: a wall time that occurs twice is taken at its first occurrence,
 * one that does not occur (the skipped hour) with the offset before the jump (02:30 is read as 03:30), so a shift
 * over a change is one hour shorter or longer, as the people on it worked.
 */
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
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock at `instant` read as if it were UTC (epoch ms of the same digits). */
function wallAsUtc(instant: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

const offsetAt = (instant: number, timeZone: string): number => wallAsUtc(instant - (instant % 1000), timeZone) - (instant - (instant % 1000));

export const minutesOfClock = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Epoch ms of local day `day` (YYYY-MM-DD) plus `minutes` after its wall-clock midnight (may exceed 1440: the next day). */
export function wallTime(day: string, minutes: number, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  const before = offsetAt(wall - 12 * 3_600_000, timeZone);
  const after = offsetAt(wall + 12 * 3_600_000, timeZone);
  const candidates = [wall - before, wall - after].filter((instant) => wallAsUtc(instant, timeZone) === wall);
  // Both real (a repeated hour, or no change at all): the first. Neither (a skipped hour): the offset before the jump.
  return candidates.length ? Math.min(...candidates) : wall - before;
}

/** The production day's window of a shift [from, to): end ≤ start ends on the next day. */
export function shiftWindow(day: string, start: string, end: string, timeZone: string): { from: number; to: number } {
  const startMinutes = minutesOfClock(start);
  let endMinutes = minutesOfClock(end);
  if (endMinutes <= startMinutes) endMinutes += 1440;
  return { from: wallTime(day, startMinutes, timeZone), to: wallTime(day, endMinutes, timeZone) };
}

/** Length of a template in minutes on a day without a clock change (1–1440). */
export function shiftMinutes(start: string, end: string): number {
  const length = minutesOfClock(end) - minutesOfClock(start);
  return length <= 0 ? length + 1440 : length;
}

/** YYYY-MM-DD plus n days, on the calendar. */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** Days from..to inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The local day of an instant. */
export function localDay(instant: number, timeZone: string): string {
  return new Date(wallAsUtc(instant, timeZone)).toISOString().slice(0, 10);
}
